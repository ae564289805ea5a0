//go:build screen

package bots

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"nimmt/engine"
)

// TestInferLL measures how much the other seats' earlier plays this round tell about the card
// each plays next (a measurement for docs/BOTS.md, #28): at seat 0's card decisions of 4-seat
// rounds played by MC100 at every seat, the mean log-chance of each other seat's actual card
// under the Expert's simulated model of MC100 (mcTable.pick's chances) over deals of the unseen
// cards drawn uniformly (what the Expert plays on), over the same deals weighed by the plays
// (inference in its sim mode with the uniform share INFERLL_EPS, 0.2 by default, each factor
// raised to 1, 0.5 and 0.25), and on the seat's true hand (what the clairvoyant knows).
//
//	INFERLL_GAMES=20 INFERLL_DEALS=3000 go test -tags screen -run '^TestInferLL$' -v ./bots
func TestInferLL(t *testing.T) {
	games := envInt("INFERLL_GAMES", 0)
	if games == 0 {
		t.Skip()
	}
	deals := envInt("INFERLL_DEALS", 3000)
	ieps := 0.2
	if v := os.Getenv("INFERLL_EPS"); v != "" {
		ieps, _ = strconv.ParseFloat(v, 64)
	}
	alphas := []float64{1, 0.5, 0.25}
	const seats = 4
	type acc struct {
		uni, true_, n float64
		w             [3]float64
	}
	var byTurn [engine.MaxHand + 1]acc
	var tot acc
	for gi := 0; gi < games; gi++ {
		g, _ := engine.NewGame(engine.Config{Seats: seats, Rounds: 10}, rand.New(rand.NewPCG(31, uint64(gi))))
		ps := make([]Bot, seats)
		for s := range ps {
			ps[s] = &MC100{seed: mix(33, uint64(gi*10+s)), Playouts: 100}
		}
		var lg playLog
		var pend *engine.View
		var pendSim *mcTable
		var pendTurns []pastTurn
		for !g.Over() {
			s := g.Waiting()[0]
			v := g.View(s)
			lg.see(g, &v)
			if s == 0 && v.Decision.Kind == engine.DecidePlay && len(v.Hand) >= 2 {
				w := newWorld(&v)
				m := new(mcTable)
				r := newRNG(mix(uint64(gi), uint64(v.Round*16+v.Turn)))
				m.build(w, simNow, simLater/w.seats, &r)
				m.eps = 0.2
				for i, a := range lg.at {
					if a == [2]int{v.Round, v.Turn} {
						lg.turns[i].sim = m
					}
				}
				vc := v
				pend, pendSim, pendTurns = &vc, m, append([]pastTurn(nil), lg.turns[:lg.done]...)
			}
			a := ps[s].Decide(&v)
			if err := g.Act(s, a); err != nil {
				t.Fatal(err)
			}
			if pend == nil {
				continue
			}
			// Once the turn is revealed, score it.
			evs := g.EventsSince(lg.nev)
			var plays []engine.Play
			for _, ev := range evs {
				if cr, ok := ev.(engine.CardsRevealed); ok && cr.Round == pend.Round && cr.Turn == pend.Turn {
					plays = cr.Plays
				}
			}
			if plays == nil {
				continue
			}
			v0 := pend
			pend = nil
			w := newWorld(v0)
			hands := make([]engine.Hand, seats)
			for _, p := range plays {
				hands[p.Seat].Add(p.Card)
			}
			// The true hands before the turn: the cards still held plus the card played.
			for q := 1; q < seats; q++ {
				tv := g.View(q)
				for _, c := range tv.Hand {
					hands[q].Add(c)
				}
			}
			chance := func(h *engine.Hand, c engine.Card) float64 {
				if !h.Has(c) {
					return 0
				}
				var buf [engine.MaxHand]engine.Card
				cards := h.Cards(buf[:0])
				if len(cards) == 1 {
					return 1
				}
				return (1-pendSim.eps)*simChance(pendSim, cards, c) + pendSim.eps/float64(len(cards))
			}
			ins := make([]*inference, len(alphas))
			for i, al := range alphas {
				ins[i] = &inference{turns: pendTurns, eps: ieps, sim: true, alpha: al}
			}
			var uni [seats]float64
			var wn [3][seats]float64
			var wsum [3]float64
			r := newRNG(mix(uint64(gi), 77+uint64(v0.Round*16+v0.Turn)))
			st := w.base
			for d := 0; d < deals; d++ {
				st = w.base
				w.deal(&st, &r)
				var q [seats]float64
				for _, p := range plays {
					if p.Seat != 0 {
						q[p.Seat] = chance(&st.Hands[p.Seat], p.Card)
					}
				}
				for i, in := range ins {
					wt := 1.0
					if len(pendTurns) > 0 {
						wt = in.weight(w, &st)
					}
					wsum[i] += wt
					for s := 1; s < seats; s++ {
						wn[i][s] += wt * q[s]
					}
				}
				for s := 1; s < seats; s++ {
					uni[s] += q[s]
				}
			}
			turn := len(v0.Hand)
			for _, p := range plays {
				if p.Seat == 0 {
					continue
				}
				lu := math.Log(max(uni[p.Seat]/float64(deals), 1e-6))
				lt := math.Log(max(chance(&hands[p.Seat], p.Card), 1e-6))
				for _, a := range []*acc{&byTurn[turn], &tot} {
					a.uni += lu
					a.true_ += lt
					a.n++
					for i := range ins {
						a.w[i] += math.Log(max(wn[i][p.Seat]/wsum[i], 1e-6))
					}
				}
			}
		}
	}
	pr := func(name string, a acc) {
		t.Logf("%-8s n %5.0f  uniform deals %.3f  weighed a=1 %.3f a=0.5 %.3f a=0.25 %.3f  true hand %.3f (mean log-chance of the card played)",
			name, a.n, a.uni/a.n, a.w[0]/a.n, a.w[1]/a.n, a.w[2]/a.n, a.true_/a.n)
	}
	for h := engine.MaxHand; h >= 2; h-- {
		if byTurn[h].n > 0 {
			pr("hand "+strconv.Itoa(h), byTurn[h])
		}
	}
	pr("all", tot)
}
