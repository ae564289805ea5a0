package engine_test

import (
	"fmt"
	"runtime"
	"testing"

	"nimmt/engine"
)

// benchRound deals and plays whole rounds on the fast path with random legal play and rule 4
// answered by the cheapest row, reporting rounds per second.
func benchRound(b *testing.B, seats int) {
	r := engine.NewRandSeed(1)
	var s engine.State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.DealRandom(r, seats, engine.DefaultHandSize)
		s.PlayRandomRound(r, nil)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rounds/s")
}

// BenchmarkRound4 is a full 4-seat round: deal, 10 turns of random play.
func BenchmarkRound4(b *testing.B) { benchRound(b, 4) }

// BenchmarkRound10 is a full 10-seat round.
func BenchmarkRound10(b *testing.B) { benchRound(b, 10) }

var sink engine.State

// BenchmarkCopyState copies a mid-round 10-seat state, as a search does before each playout.
func BenchmarkCopyState(b *testing.B) {
	var s engine.State
	s.DealRandom(engine.NewRandSeed(2), 10, engine.DefaultHandSize)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink = s
		s.Penalty[0] = int16(i)
	}
}

// BenchmarkGameRound4 is the event-emitting engine for comparison: a 4-seat round through
// Game.Act with views, as the UI and arena drive it.
func BenchmarkGameRound4(b *testing.B) {
	r := rng(3)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g, _ := engine.NewGame(engine.Config{Seats: 4, Rounds: 1}, r)
		for !g.Over() {
			seat, a := randomAction(g, r)
			_ = g.Act(seat, a)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rounds/s")
}

// BenchmarkGameMemory is the heap a game holds in the middle of a game to 66 (round 3 dealt, so
// two rounds of history behind it: the size a server's room keeps per game), reported as
// bytes/game, at 4 and 10 seats, after random play through Game.Act.
func BenchmarkGameMemory(b *testing.B) {
	for _, seats := range []int{4, 10} {
		b.Run(fmt.Sprintf("seats=%d", seats), func(b *testing.B) {
			const n = 200
			r := rng(5)
			games := make([]*engine.Game, n)
			var before, after runtime.MemStats
			for i := 0; i < b.N; i++ {
				clear(games)
				runtime.GC()
				runtime.ReadMemStats(&before)
				for k := range games {
					g, _ := engine.NewGame(engine.Config{Seats: seats, EndScore: 66}, r)
					for !g.Over() && g.Round() < 3 {
						seat, a := randomAction(g, r)
						_ = g.Act(seat, a)
					}
					games[k] = g
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
			}
			b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/n, "bytes/game")
			runtime.KeepAlive(games)
		})
	}
}
