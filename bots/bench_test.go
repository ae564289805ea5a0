package bots_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"nimmt/bots"
	"nimmt/engine"
)

// firstTurn returns the view of seat 0 at the first card decision of a game with seats seats.
func firstTurn(b *testing.B, seats int, seed uint64) []engine.View {
	var out []engine.View
	for i := uint64(0); len(out) < 16; i++ {
		for _, v := range views(b, seats, 40, seed+i) {
			if v.Decision.Kind == engine.DecidePlay && len(v.Hand) >= 8 {
				out = append(out, v)
			}
		}
	}
	return out[:16]
}

// benchDecide times bot's card decisions early in rounds at seats seats and reports the median
// and the 95th percentile as ms-p50 and ms-p95 besides the mean.
func benchDecide(b *testing.B, bot bots.Bot, seats int) { benchViews(b, bot, firstTurn(b, seats, 1)) }

// benchViews times bot's decisions of the views vs, in turn, and reports the median and the 95th
// percentile of their wall-clock time as ms-p50 and ms-p95 besides the mean, and, where the
// platform tells it (processCPU), of the process's CPU time as cpu-ms-p50 and cpu-ms-p95: on a
// machine shared with other work the wall clock measures the load, the CPU time the decision.
func benchViews(b *testing.B, bot bots.Bot, vs []engine.View) {
	wall := make([]time.Duration, 0, b.N)
	cpu := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := vs[i%len(vs)]
		c0, ok := processCPU()
		t0 := time.Now()
		bot.Decide(&v)
		wall = append(wall, time.Since(t0))
		if c1, _ := processCPU(); ok {
			cpu = append(cpu, c1-c0)
		}
	}
	b.StopTimer()
	reportQuantiles(b, wall, "ms")
	reportQuantiles(b, cpu, "cpu-ms")
}

// reportQuantiles reports the median and the 95th percentile of ds, in milliseconds, as
// unit-p50 and unit-p95 (nothing when ds is empty).
func reportQuantiles(b *testing.B, ds []time.Duration, unit string) {
	if len(ds) == 0 {
		return
	}
	slices.Sort(ds)
	p50 := ds[len(ds)/2]
	p95 := ds[min(len(ds)-1, len(ds)*95/100)]
	b.ReportMetric(float64(p50.Nanoseconds())/1e6, unit+"-p50")
	b.ReportMetric(float64(p95.Nanoseconds())/1e6, unit+"-p95")
}

// BenchmarkLevels is one card decision early in a round for every level as the players get it
// (bots.New: the Expert and Hard on all cores natively, on one goroutine in the browser) and for
// MC100, at 4 and 10 seats: the decision-time table of docs/BOTS.md.
func BenchmarkLevels(b *testing.B) {
	for _, seats := range []int{4, 10} {
		for _, level := range bots.AllLevels() {
			b.Run(fmt.Sprintf("seats=%d/%s", seats, level), func(b *testing.B) {
				bot, err := bots.New(level, 1)
				if err != nil {
					b.Fatal(err)
				}
				benchDecide(b, bot, seats)
			})
		}
	}
}

// BenchmarkExpert4 is one Expert card decision early in a 4-seat round, at the default budget,
// on all cores.
func BenchmarkExpert4(b *testing.B) { benchDecide(b, bots.NewExpert(1, bots.ExpertOptions{}), 4) }

// BenchmarkExpert5 is the same at 5 seats, the fewest where the others' later cards are
// safe-random in the playouts.
func BenchmarkExpert5(b *testing.B) { benchDecide(b, bots.NewExpert(1, bots.ExpertOptions{}), 5) }

// BenchmarkExpert5OneCore is BenchmarkExpert5 on one goroutine, as in the browser.
func BenchmarkExpert5OneCore(b *testing.B) {
	benchDecide(b, bots.NewExpert(1, bots.ExpertOptions{Workers: 1}), 5)
}

// BenchmarkExpert10 is the same at 10 seats.
func BenchmarkExpert10(b *testing.B) { benchDecide(b, bots.NewExpert(1, bots.ExpertOptions{}), 10) }

// BenchmarkExpert4OneCore is BenchmarkExpert4 on one goroutine, as in the browser.
func BenchmarkExpert4OneCore(b *testing.B) {
	benchDecide(b, bots.NewExpert(1, bots.ExpertOptions{Workers: 1}), 4)
}

// BenchmarkExpert10OneCore is BenchmarkExpert10 on one goroutine, as in the browser.
func BenchmarkExpert10OneCore(b *testing.B) {
	benchDecide(b, bots.NewExpert(1, bots.ExpertOptions{Workers: 1}), 10)
}

// BenchmarkHard4 is one Hard card decision early in a 4-seat round, on one goroutine (as on a
// phone's browser).
func BenchmarkHard4(b *testing.B) { benchDecide(b, bots.NewHard(1, bots.ExpertOptions{Workers: 1}), 4) }

// BenchmarkHard10 is the same at 10 seats.
func BenchmarkHard10(b *testing.B) {
	benchDecide(b, bots.NewHard(1, bots.ExpertOptions{Workers: 1}), 10)
}

// BenchmarkMC100At4 is one MC100 card decision at 4 seats.
func BenchmarkMC100At4(b *testing.B) {
	m, _ := bots.New(bots.LevelMC100, 1)
	benchDecide(b, m, 4)
}

// BenchmarkIntermediate4 is one Intermediate card decision at 4 seats.
func BenchmarkIntermediate4(b *testing.B) {
	m, _ := bots.New(bots.LevelIntermediate, 1)
	benchDecide(b, m, 4)
}

// BenchmarkIntermediate10 is one Intermediate card decision at 10 seats.
func BenchmarkIntermediate10(b *testing.B) {
	m, _ := bots.New(bots.LevelIntermediate, 1)
	benchDecide(b, m, 10)
}

// BenchmarkIntermediate2 is one Intermediate card decision at 2 seats (the heads-up search).
func BenchmarkIntermediate2(b *testing.B) {
	m, _ := bots.New(bots.LevelIntermediate, 1)
	benchDecide(b, m, 2)
}

// handTurn returns 16 views of card decisions with hand cards in hand at seats seats.
func handTurn(b *testing.B, seats, hand int, seed uint64) []engine.View {
	var out []engine.View
	for i := uint64(0); len(out) < 16; i++ {
		for _, v := range views(b, seats, 40, seed+i) {
			if v.Decision.Kind == engine.DecidePlay && len(v.Hand) == hand && len(out) < 16 {
				out = append(out, v)
			}
		}
	}
	return out
}

// BenchmarkExpertNest is the Expert's card decision (all cores) with 10 and with 3 cards in hand,
// without (off) and with the nested search of its own later cards (nest=2, nestn=8, nestx=2: at
// 3 cards it searches twice the CPU of a plain 3-card decision, still below a 10-card one).
func BenchmarkExpertNest(b *testing.B) {
	for _, seats := range []int{4, 10} {
		for _, hand := range []int{10, 3} {
			vs := handTurn(b, seats, hand, 1)
			b.Run(fmt.Sprintf("seats=%d/hand=%d/off", seats, hand), func(b *testing.B) {
				benchViews(b, bots.NewExpert(1, bots.ExpertOptions{}), vs)
			})
			b.Run(fmt.Sprintf("seats=%d/hand=%d/nest", seats, hand), func(b *testing.B) {
				benchViews(b, bots.NewExpertNested(1, 2, 8, 2), vs)
			})
		}
	}
}
