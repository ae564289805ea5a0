//go:build imit

package bots

// The imitation fit: how well models of MC100 predict its card choices, and the fit of the
// learned model (modelFeatures, modelW). A measuring tool for docs/BOTS.md, not a test (built
// only with -tags imit). It plays IMIT_GAMES4 games of 4 MC100 and IMIT_GAMES10 of 10 (IMIT_ROUNDS
// rounds each; deals and seeds from IMIT_SEED), records every card decision with more than one
// card in hand, fits the conditional logit on the 4-seat games of even number and scores every
// model on the others by the mean log-likelihood of MC100's choice and its top-1 accuracy:
//
//	IMIT_GAMES4=40 IMIT_GAMES10=4 IMIT_SEED=141 go test -tags imit -run '^TestImitate$' -v ./bots
//
// It prints the fitted weights as a Go array for modelW.
//
// With IMIT_PLAYER=expert it fits the Expert's decisions instead (selfW): each game seats the
// Expert (its default, one worker) at seat 0 among MC100s, only its decisions are recorded, and
// IMIT_GAMES10 is ignored; IMIT_SEATS (4) sets the table size, IMIT_SELF (a selfGen, bots/model.go)
// makes that Expert play the model of its own decisions with those weights in its playouts (the
// next step of the distillation), IMIT_SELFGEN the committed weights the fit is scored against:
//
//	IMIT_PLAYER=expert IMIT_GAMES4=80 IMIT_SEED=151 go test -tags imit -run '^TestImitate$' -v ./bots

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"nimmt/engine"
)

type imitDecision struct {
	seats, game int
	f           [][modelK]float64
	blunder     []bool
	chosen      int
}

func imitPlay(t *testing.T, seats, game, rounds int, seed uint64, expert bool) []imitDecision {
	g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: rounds}, rand.New(rand.NewPCG(seed, uint64(seats*1000+game))))
	if err != nil {
		t.Fatal(err)
	}
	players := make([]Bot, seats)
	for s := range players {
		players[s] = &MC100{seed: mix(seed, uint64(seats*100000+game*100+s)), Playouts: 100}
	}
	if expert {
		e := NewExpert(mix(seed, uint64(seats*100000+game*100)), ExpertOptions{Workers: 1})
		if gen := imitEnv("IMIT_SELF", -1); gen >= 0 {
			e.pol.self, e.pol.selfGen = policyModel, gen
		}
		players[0] = e
	}
	var out []imitDecision
	for !g.Over() {
		s := g.Waiting()[0]
		v := g.View(s)
		a := players[s].Decide(&v)
		if v.Decision != nil && v.Decision.Kind == engine.DecidePlay && len(v.Hand) > 1 && (!expert || s == 0) {
			w := newWorld(&v)
			d := imitDecision{seats: seats, game: game, chosen: -1}
			for i, c := range v.Hand {
				var f [modelK]float64
				modelFeatures(&w.base, c, &w.seen, i, len(v.Hand), &f)
				d.f = append(d.f, f)
				row := w.base.Target(c)
				d.blunder = append(d.blunder, row < 0 || w.base.Rows[row].Len() >= engine.RowLimit)
				if c == a.Cards[0] {
					d.chosen = i
				}
			}
			if d.chosen < 0 {
				t.Fatalf("seat %d played %d, not in its hand %v", s, a.Cards[0], v.Hand)
			}
			out = append(out, d)
		}
		if err := g.Act(s, a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// logit returns the log-probabilities of a decision's cards under the softmax of w · f over mask
// (features k with mask[k]).
func imitLogit(d *imitDecision, w *[modelK]float64, lp []float64) {
	hi := math.Inf(-1)
	for i := range d.f {
		s := 0.0
		for k := range w {
			s += w[k] * d.f[i][k]
		}
		lp[i] = s
		hi = max(hi, s)
	}
	sum := 0.0
	for i := range lp {
		sum += math.Exp(lp[i] - hi)
	}
	z := hi + math.Log(sum)
	for i := range lp {
		lp[i] -= z
	}
}

// imitFit fits w (only the features in use) by Adam on the mean negative log-likelihood.
func imitFit(data []imitDecision, use []int, iters int) [modelK]float64 {
	var w, m, v [modelK]float64
	lp := make([]float64, engine.MaxHand)
	const lr, b1, b2 = 0.05, 0.9, 0.999
	for it := 1; it <= iters; it++ {
		var g [modelK]float64
		for i := range data {
			d := &data[i]
			l := lp[:len(d.f)]
			imitLogit(d, &w, l)
			for j := range d.f {
				p := math.Exp(l[j])
				if j == d.chosen {
					p--
				}
				for _, k := range use {
					g[k] += p * d.f[j][k]
				}
			}
		}
		for _, k := range use {
			gk := g[k] / float64(len(data))
			m[k] = b1*m[k] + (1-b1)*gk
			v[k] = b2*v[k] + (1-b2)*gk*gk
			mh := m[k] / (1 - math.Pow(b1, float64(it)))
			vh := v[k] / (1 - math.Pow(b2, float64(it)))
			w[k] -= lr * mh / (math.Sqrt(vh) + 1e-8)
		}
	}
	return w
}

// imitScore returns a model's mean log-likelihood of MC100's choices and its top-1 accuracy
// (ties split); prob fills the decision's card probabilities.
func imitScore(data []imitDecision, prob func(d *imitDecision, p []float64)) (ll, acc float64) {
	p := make([]float64, engine.MaxHand)
	for i := range data {
		d := &data[i]
		q := p[:len(d.f)]
		prob(d, q)
		ll += math.Log(max(q[d.chosen], 1e-12))
		best, nb := 0.0, 0
		for _, x := range q {
			if x > best+1e-12 {
				best, nb = x, 1
			} else if math.Abs(x-best) <= 1e-12 {
				nb++
			}
		}
		if math.Abs(q[d.chosen]-best) <= 1e-12 {
			acc += 1 / float64(nb)
		}
	}
	return ll / float64(len(data)), acc / float64(len(data))
}

func TestImitate(t *testing.T) {
	g4, g10 := imitEnv("IMIT_GAMES4", 0), imitEnv("IMIT_GAMES10", 0)
	if g4 == 0 {
		t.Skip()
	}
	seed := uint64(imitEnv("IMIT_SEED", 1))
	rounds := imitEnv("IMIT_ROUNDS", 10)
	expert := os.Getenv("IMIT_PLAYER") == "expert"
	committed, name := modelW, "modelW"
	if expert {
		g10, committed, name = 0, *selfWeights(imitEnv("IMIT_SELFGEN", 0)), "selfW"
	}
	seats4 := 4
	if expert {
		seats4 = imitEnv("IMIT_SEATS", 4)
	}
	var train, test4, test10 []imitDecision
	for g := 0; g < g4; g++ {
		d := imitPlay(t, seats4, g, rounds, seed, expert)
		if g%2 == 0 {
			train = append(train, d...)
		} else {
			test4 = append(test4, d...)
		}
	}
	for g := 0; g < g10; g++ {
		test10 = append(test10, imitPlay(t, 10, g, rounds, seed, expert)...)
	}
	fmt.Printf("decisions: train %d (%d seats), test %d (%d seats), %d (10 seats)\n", len(train), seats4, len(test4), seats4, len(test10))
	all := []int{}
	for k := 0; k < modelK; k++ {
		all = append(all, k)
	}
	risk := imitFit(train, []int{0}, 300)
	full := imitFit(train, all, 600)
	softmax := func(w [modelK]float64) func(d *imitDecision, p []float64) {
		return func(d *imitDecision, p []float64) {
			imitLogit(d, &w, p)
			for i := range p {
				p[i] = math.Exp(p[i])
			}
		}
	}
	models := []struct {
		name string
		prob func(d *imitDecision, p []float64)
	}{
		{"uniform random", func(d *imitDecision, p []float64) {
			for i := range p {
				p[i] = 1 / float64(len(p))
			}
		}},
		{"policySafe, 3 draws", func(d *imitDecision, p []float64) {
			n, b := float64(len(p)), 0.0
			for _, x := range d.blunder {
				if x {
					b++
				}
			}
			q := b / n
			for i := range p {
				if d.blunder[i] {
					p[i] = q * q / n
				} else {
					p[i] = (1 + q + q*q) / n
				}
			}
		}},
		{fmt.Sprintf("softmax of -riskCost, temperature %.3f", -1/risk[0]), softmax(risk)},
		{"conditional logit (modelFeatures)", softmax(full)},
		{"conditional logit, " + name + " as committed", softmax(committed)},
	}
	fmt.Printf("%-44s %22s %22s %22s\n", "model", "train ll / top-1", "test 4 seats", "test 10 seats")
	for _, m := range models {
		a, b := imitScore(train, m.prob)
		c, d := imitScore(test4, m.prob)
		e, f := 0.0, 0.0
		if len(test10) > 0 {
			e, f = imitScore(test10, m.prob)
		}
		fmt.Printf("%-44s %12.4f / %5.3f %12.4f / %5.3f %12.4f / %5.3f\n", m.name, a, b, c, d, e, f)
	}
	fmt.Printf("var %s = [modelK]float64{", name)
	for k, w := range full {
		if k > 0 {
			fmt.Print(", ")
		}
		fmt.Printf("%.4f", w)
	}
	fmt.Println("}")
}

func imitEnv(k string, d int) int {
	if n, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return n
	}
	return d
}
