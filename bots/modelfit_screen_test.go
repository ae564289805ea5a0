//go:build screen

package bots

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"nimmt/engine"
)

// TestModelVsMC100 measures how close the models of MC100 are to MC100's own choice
// distribution: at card decisions of MC100 games (MFIT_GAMES games of 1 round at MFIT_SEATS
// seats, every MFIT_EVERY-th decision) MC100 decides MFIT_K times with different seeds (or,
// with MFIT_PLAYER, Intermediate, expert0 — the Expert without the simulated model — or the
// Expert); per hand size it prints the entropy of that empirical distribution, the learned
// model's cross-entropy on it, MC100's agreement with itself (Σp²), the best possible top-1 (max
// p) and the learned model's top-1, then the simulated model's (mcTable, built with MFIT_NOW and
// MFIT_LATER draws, its temperature × MFIT_TEMPX/100) cross-entropy and top-1, and the
// cross-entropy of their geometric mean. With MFIT_DUMP it writes each decision to that file as
// a line of JSON (rows, hand, the table's d and temperature, MC100's p) for scripts/mc100-fit.py.
func TestModelVsMC100(t *testing.T) {
	if os.Getenv("MFIT_GAMES") == "" {
		t.Skip()
	}
	games, seats, k, every := envInt("MFIT_GAMES", 10), envInt("MFIT_SEATS", 4), envInt("MFIT_K", 100), envInt("MFIT_EVERY", 3)
	type acc struct{ n, h, ce, agree, best, top1, unif, ce2, top2, ce3 float64 }
	nowN, laterN := envInt("MFIT_NOW", 100), envInt("MFIT_LATER", 300)
	tx := float64(envInt("MFIT_TEMPX", 100)) / 100
	res := make([]acc, engine.MaxHand+1)
	dec := 0
	var dump *os.File // MFIT_DUMP: each decision as a line of JSON (rows, hand, d, temp, MC100's p)
	if f := os.Getenv("MFIT_DUMP"); f != "" {
		var err error
		if dump, err = os.Create(f); err != nil {
			t.Fatal(err)
		}
		defer func() {
			if err := dump.Close(); err != nil {
				t.Errorf("MFIT_DUMP: %v", err)
			}
		}()
	}
	for gi := 0; gi < games; gi++ {
		g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: 1}, rand.New(rand.NewPCG(uint64(gi), 11)))
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			s := g.Waiting()[0]
			v := g.View(s)
			if v.Decision.Kind == engine.DecidePlay && len(v.Hand) >= 2 {
				dec++
				if dec%every == 0 {
					cnt := map[engine.Card]float64{}
					for j := 0; j < k; j++ {
						var a engine.Action
						switch os.Getenv("MFIT_PLAYER") {
						case "intermediate":
							a = (&Intermediate{}).Decide(&v)
						case "expert0":
							e := NewExpert(uint64(1000+j), ExpertOptions{Workers: 1})
							e.pol.simFirst = false
							a = e.Decide(&v)
						case "expert":
							a = NewExpert(uint64(1000+j), ExpertOptions{Workers: 1}).Decide(&v)
						default:
							a = (&MC100{seed: uint64(1000 + j), Playouts: 100}).Decide(&v)
						}
						cnt[a.Cards[0]]++
					}
					st := v.Table()
					var seen cardSet
					for _, c := range v.Revealed {
						seen.add(c)
					}
					for _, c := range v.Hand {
						seen.add(c)
					}
					// the model's distribution over the hand
					n := len(v.Hand)
					q := make([]float64, n)
					hi := math.Inf(-1)
					var f [modelK]float64
					for i, c := range v.Hand {
						modelFeatures(&st, c, &seen, i, n, &f)
						for kk, wk := range modelW {
							q[i] += wk * f[kk]
						}
						hi = max(hi, q[i])
					}
					z := 0.0
					for i := range q {
						q[i] = math.Exp(q[i] - hi)
						z += q[i]
					}
					mi := 0
					for i := range q {
						q[i] /= z
						if q[i] > q[mi] {
							mi = i
						}
					}
					var mt mcTable
					w := newWorld(&v)
					rr := newRNG(uint64(dec))
					mt.build(w, nowN, laterN, &rr)
					q2 := make([]float64, n)
					lo := math.Inf(1)
					for _, c := range v.Hand {
						lo = min(lo, mt.d[c])
					}
					z2, m2 := 0.0, 0
					for i, c := range v.Hand {
						q2[i] = math.Exp(-(mt.d[c] - lo) / (mt.temp * tx))
						z2 += q2[i]
						if q2[i] > q2[m2] {
							m2 = i
						}
					}
					for i := range q2 {
						q2[i] /= z2
					}
					q3 := make([]float64, n)
					z3 := 0.0
					for i := range q3 {
						q3[i] = math.Sqrt(q[i] * q2[i])
						z3 += q3[i]
					}
					if dump != nil {
						var rows [engine.NumRows][]engine.Card
						for ri := range rows {
							rows[ri] = st.Rows[ri].Cards(nil)
						}
						ds, ps := make([]float64, n), make([]float64, n)
						for i, c := range v.Hand {
							ds[i], ps[i] = mt.d[c], cnt[c]/float64(k)
						}
						b, err := json.Marshal(map[string]any{"game": gi, "seats": seats, "rows": rows, "hand": v.Hand, "d": ds, "temp": mt.temp, "p": ps})
						if err == nil {
							_, err = fmt.Fprintf(dump, "%s\n", b)
						}
						if err != nil {
							t.Fatalf("MFIT_DUMP: %v", err)
						}
					}
					a := &res[n]
					a.top2 += cnt[v.Hand[m2]] / float64(k)
					a.n++
					best := 0.0
					for i, c := range v.Hand {
						p := cnt[c] / float64(k)
						if p > 0 {
							a.h -= p * math.Log(p)
							a.ce -= p * math.Log(q[i])
							a.ce2 -= p * math.Log(max(q2[i], 1e-9))
							a.ce3 -= p * math.Log(max(q3[i]/z3, 1e-9))
						}
						a.agree += p * p
						best = max(best, p)
					}
					a.best += best
					a.top1 += cnt[v.Hand[mi]] / float64(k)
					a.unif += math.Log(float64(n))
				}
			}
			if err := g.Act(s, (&MC100{seed: uint64(gi*10 + s), Playouts: 100}).Decide(&v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	var tot acc
	for h := engine.MaxHand; h >= 2; h-- {
		a := res[h]
		if a.n == 0 {
			continue
		}
		tot.n += a.n
		tot.h += a.h
		tot.ce += a.ce
		tot.agree += a.agree
		tot.best += a.best
		tot.top1 += a.top1
		tot.unif += a.unif
		tot.ce2 += a.ce2
		tot.ce3 += a.ce3
		tot.top2 += a.top2
		fmt.Printf("hand %2d n %4.0f  H %.3f  CE(model) %.3f  log n %.3f  agree %.3f  best top1 %.3f  model top1 %.3f  CE(sim) %.3f  sim top1 %.3f  CE(mix) %.3f\n",
			h, a.n, a.h/a.n, a.ce/a.n, a.unif/a.n, a.agree/a.n, a.best/a.n, a.top1/a.n, a.ce2/a.n, a.top2/a.n, a.ce3/a.n)
	}
	a := tot
	fmt.Printf("all     n %4.0f  H %.3f  CE(model) %.3f  log n %.3f  agree %.3f  best top1 %.3f  model top1 %.3f  CE(sim) %.3f  sim top1 %.3f  CE(mix) %.3f\n",
		a.n, a.h/a.n, a.ce/a.n, a.unif/a.n, a.agree/a.n, a.best/a.n, a.top1/a.n, a.ce2/a.n, a.top2/a.n, a.ce3/a.n)
}

// TestInferInfo measures what the others' plays this round tell about their hands: at seat 0's
// card decisions of MC100 games, for each power of the inference's weights, the effective share
// of the sampled deals ((Σw)²/(N Σw²)) and the mean log loss, per unseen card and other seat, of
// the weighted chance that the card is in that seat's hand against the truth (pow 0: the
// uniform deal). INFO_GAMES games of 1 round at INFO_SEATS seats, INFO_DEALS deals a decision.
func TestInferInfo(t *testing.T) {
	if os.Getenv("INFO_GAMES") == "" {
		t.Skip()
	}
	games, seats, deals := envInt("INFO_GAMES", 20), envInt("INFO_SEATS", 4), envInt("INFO_DEALS", 2000)
	pows := []float64{0, 0.25, 0.5, 1}
	type acc struct{ ess, loss, n, k float64 }
	res := make([][]acc, engine.MaxHand+1) // by cards in hand
	for i := range res {
		res[i] = make([]acc, len(pows))
	}
	for gi := 0; gi < games; gi++ {
		g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: 1}, rand.New(rand.NewPCG(uint64(gi), 7)))
		if err != nil {
			t.Fatal(err)
		}
		var lg playLog
		for !g.Over() {
			s := g.Waiting()[0]
			v := g.View(s)
			lg.see(g, &v)
			if s == 0 && v.Decision.Kind == engine.DecidePlay && lg.done > 0 && len(v.Hand) >= 2 {
				w := newWorld(&v)
				var truth [engine.MaxSeats]engine.Hand
				for o := 1; o < seats; o++ {
					for _, c := range g.View(o).Hand {
						truth[o].Add(c)
					}
				}
				in := &inference{turns: lg.turns[:lg.done], tau: 1, eps: 0.1, model: true}
				r := newRNG(uint64(gi*100 + len(v.Hand)))
				lw := make([]float64, deals)
				sts := make([]engine.State, deals)
				for d := range sts {
					sts[d] = w.base
					w.deal(&sts[d], &r)
					lw[d] = math.Log(in.weight(w, &sts[d]))
				}
				for pi, p := range pows {
					var sw, sw2 float64
					var prob [engine.MaxSeats][engine.DeckSize + 1]float64
					for d := range sts {
						x := math.Exp(p * lw[d])
						sw += x
						sw2 += x * x
						for o := 1; o < seats; o++ {
							var buf [engine.MaxHand]engine.Card
							for _, c := range sts[d].Hands[o].Cards(buf[:0]) {
								prob[o][c] += x
							}
						}
					}
					a := &res[len(v.Hand)][pi]
					a.ess += sw * sw / sw2 / float64(deals)
					a.n++
					for i := 0; i < w.nU; i++ {
						c := w.unseen[i]
						for o := 1; o < seats; o++ {
							q := min(max(prob[o][c]/sw, 1e-6), 1-1e-6)
							if truth[o].Has(c) {
								a.loss -= math.Log(q)
							} else {
								a.loss -= math.Log(1 - q)
							}
							a.k++
						}
					}
				}
			}
			if err := g.Act(s, (&MC100{seed: uint64(gi*10 + s), Playouts: 100}).Decide(&v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for h := engine.MaxHand; h >= 2; h-- {
		line := fmt.Sprintf("hand %2d:", h)
		for pi, p := range pows {
			a := res[h][pi]
			if a.n == 0 {
				continue
			}
			line += fmt.Sprintf("  pow %.2f ess %.3f loss %.4f", p, a.ess/a.n, a.loss/a.k)
		}
		fmt.Println(line)
	}
}
