package bots

import (
	"math/rand/v2"
	"testing"

	"nimmt/engine"
)

// playoutWorld returns the search world of seat 0 at the first decision of a fresh game.
func playoutWorld(tb testing.TB, seats int) (*world, []candidate) {
	g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: 1}, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		tb.Fatal(err)
	}
	v := g.View(0)
	w := newWorld(&v)
	return w, w.candidates(&v, true)
}

func benchPlayout(b *testing.B, seats int, pol playPolicy) {
	w, cands := playoutWorld(b, seats)
	r := newRNG(1)
	ln := new(lane)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ln.st = w.base
		w.deal(&ln.st, &r)
		w.playout(&ln.st, cands[i%len(cands)], pol, &r, &ln.fix)
	}
}

// BenchmarkPlayoutExpert4 is one Expert playout (deal and rest of the round) at 4 seats; it must
// not allocate.
func BenchmarkPlayoutExpert4(b *testing.B) {
	benchPlayout(b, 4, playPolicy{opp: policyRisk, self: policyRisk, noise: 0.3})
}

// BenchmarkPlayoutExpert10 is the same at 10 seats.
func BenchmarkPlayoutExpert10(b *testing.B) {
	benchPlayout(b, 10, playPolicy{opp: policyRisk, self: policyRisk, noise: 0.3})
}

// BenchmarkPlayoutRandom4 is one MC100 playout at 4 seats.
func BenchmarkPlayoutRandom4(b *testing.B) { benchPlayout(b, 4, playPolicy{}) }

func TestPlayoutAllocatesNothing(t *testing.T) {
	for _, seats := range []int{2, 4, 10} {
		w, cands := playoutWorld(t, seats)
		r := newRNG(3)
		ln := new(lane)
		for _, pol := range []playPolicy{{}, {opp: policyRisk, self: policyRisk, noise: 0.3}} {
			allocs := testing.AllocsPerRun(200, func() {
				ln.st = w.base
				w.deal(&ln.st, &r)
				w.playout(&ln.st, cands[0], pol, &r, &ln.fix)
			})
			if allocs != 0 {
				t.Errorf("%d seats, policy %+v: %v allocations per playout", seats, pol, allocs)
			}
		}
	}
}

func TestDealConsistent(t *testing.T) {
	// A deal gives each other seat its hand size from the unseen cards, no card twice.
	for _, seats := range []int{2, 5, 10} {
		w, _ := playoutWorld(t, seats)
		r := newRNG(uint64(seats))
		st := w.base
		w.deal(&st, &r)
		var seen engine.Hand
		for s := 0; s < seats; s++ {
			if got := st.Hands[s].Len(); got != engine.DefaultHandSize {
				t.Errorf("%d seats: seat %d holds %d cards", seats, s, got)
			}
			for _, c := range st.Hands[s].Cards(nil) {
				if !seen.Add(c) {
					t.Errorf("card %d dealt twice", c)
				}
				for i := range st.Rows {
					if st.Rows[i].Last() == c {
						t.Errorf("card %d is on the table", c)
					}
				}
			}
		}
	}
}
