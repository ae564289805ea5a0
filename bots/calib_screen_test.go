//go:build screen

package bots

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"nimmt/engine"
)

// TestCalib compares what the Expert's playouts expect of its chosen card with what it then takes
// (a measurement for docs/BOTS.md, #28): 4-seat rounds of the Expert at seat 0 and MC100 at the
// others; at each of its card decisions with a choice, CALIB_PLAYOUTS playouts of the card it
// chose, dealt and played as its search does (the simulated model for the others' present
// cards, then random; its own later cards by the risk policy with its noise), against the
// bullheads it takes from that decision to the end of the round, by cards in hand. The chosen
// card is re-scored on fresh deals, so the search's choice among noisy means does not flatter it.
//
//	CALIB_GAMES=30 CALIB_PLAYOUTS=1000 CALIB_SEED=41 go test -tags screen -run '^TestCalib$' -v ./bots
func TestCalib(t *testing.T) {
	games := envInt("CALIB_GAMES", 0)
	if games == 0 {
		t.Skip()
	}
	n := envInt("CALIB_PLAYOUTS", 2000)
	seed := uint64(envInt("CALIB_SEED", 41))
	const seats = 4
	type rec struct {
		hand     int
		est      float64
		at       int // the Expert's bullheads this round at the decision
		round    int
		realized float64
		kind     int // the chosen card: 0 on a row it leaves at 4 cards or fewer, 1 the fifth card of its row, 2 too low for every row
	}
	var recs []rec
	for gi := 0; gi < games; gi++ {
		g, _ := engine.NewGame(engine.Config{Seats: seats, Rounds: 10}, rand.New(rand.NewPCG(seed, uint64(gi))))
		ps := make([]Bot, seats)
		ex := NewExpert(mix(seed+2, uint64(gi)), ExpertOptions{Workers: 1})
		ps[0] = ex
		for s := 1; s < seats; s++ {
			ps[s] = &MC100{seed: mix(seed+6, uint64(gi*10+s)), Playouts: 100}
		}
		open := []int{} // indices of recs still waiting for their round's end
		nev := 0
		for !g.Over() {
			s := g.Waiting()[0]
			v := g.View(s)
			a := ps[s].Decide(&v)
			if s == 0 && v.Decision.Kind == engine.DecidePlay && len(v.Hand) >= 2 {
				// The chosen card alone, on the search's own lanes (Expert.runLanes): dealt and
				// played as in its search, on fresh deals.
				w := newWorld(&v)
				seed := mix(uint64(gi), uint64(v.Round*16+v.Turn))
				w.sim = new(mcTable)
				r := newRNG(mix(seed, simSalt))
				w.sim.build(w, simNow, simLater/w.seats, &r)
				w.sim.eps = ex.simEps
				lanes := make([]lane, expertLanes)
				for i := range lanes {
					lanes[i].sums = make([]float64, 1)
				}
				ex.runLanes(context.Background(), w, []candidate{{a.Cards[0], -1}}, []int{0}, lanes, n, seed)
				sum := 0.0
				for _, ln := range lanes {
					sum += ln.sums[0]
				}
				kind := 0
				if row := w.base.Target(a.Cards[0]); row < 0 {
					kind = 2
				} else if w.base.Rows[row].Len() == engine.RowLimit-1 {
					kind = 1
				}
				open = append(open, len(recs))
				recs = append(recs, rec{hand: len(v.Hand), est: sum / float64(n) / 100, at: v.Penalties[0], round: v.Round, kind: kind})
			}
			if err := g.Act(s, a); err != nil {
				t.Fatal(err)
			}
			// At a round's end every open decision of that round is realized.
			evs := g.EventsSince(nev)
			nev += len(evs)
			for _, ev := range evs {
				if rs, ok := ev.(engine.RoundScored); ok {
					for _, i := range open {
						if recs[i].round == rs.Round {
							recs[i].realized = float64(rs.Penalties[0] - recs[i].at)
						}
					}
					open = open[:0]
				}
			}
		}
	}
	var by [engine.MaxHand + 1][4]float64 // n, est, realized, realized²
	var byKind [3][4]float64
	var all [4]float64
	var sxy, sxx float64
	for _, r := range recs {
		for _, b := range []*[4]float64{&by[r.hand], &byKind[r.kind], &all} {
			b[0]++
			b[1] += r.est
			b[2] += r.realized
			b[3] += r.realized * r.realized
		}
		sxy += r.est * r.realized
		sxx += r.est * r.est
	}
	for h := engine.MaxHand; h >= 2; h-- {
		b := by[h]
		if b[0] == 0 {
			continue
		}
		sd := math.Sqrt(max(0, b[3]/b[0]-(b[2]/b[0])*(b[2]/b[0])))
		t.Logf("hand %2d  n %4.0f  playouts expect %.3f  taken %.3f ± %.3f", h, b[0], b[1]/b[0], b[2]/b[0], 1.96*sd/math.Sqrt(b[0]))
	}
	for k, name := range []string{"onto a row left at 4 or fewer", "the fifth card of its row", "too low for every row"} {
		b := byKind[k]
		if b[0] == 0 {
			continue
		}
		sd := math.Sqrt(max(0, b[3]/b[0]-(b[2]/b[0])*(b[2]/b[0])))
		t.Logf("%-30s n %4.0f  playouts expect %.3f  taken %.3f ± %.3f", name, b[0], b[1]/b[0], b[2]/b[0], 1.96*sd/math.Sqrt(b[0]))
	}
	m := all[0]
	cov := sxy/m - (all[1]/m)*(all[2]/m)
	vx := sxx/m - (all[1]/m)*(all[1]/m)
	vy := all[3]/m - (all[2]/m)*(all[2]/m)
	t.Logf("all      n %4.0f  playouts expect %.3f  taken %.3f; correlation %.3f", m, all[1]/m, all[2]/m, cov/math.Sqrt(vx*vy))
}
