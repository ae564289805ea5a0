//go:build screen

package bots

// The screen: paired duplicate comparisons of Expert settings against MC100, a measuring tool
// for docs/BOTS.md, not a test (built only with -tags screen). Every deal set is played once with
// the bot under test at each seat and MC100 at the others, for each setting on the same deals,
// the same seat and the same MC100 seeds, so the settings compare round by round:
//
//	go test -tags screen -run '^TestScreen$' -v ./bots    with
//	SCREEN_A='default' SCREEN_B='oppnoise=3;hz=3,leaf=1' SCREEN_SEATS=10 SCREEN_DEALS=4 \
//	SCREEN_ROUNDS=10 SCREEN_SEED=82 [SCREEN_WORKERS=2]
//
// A setting is comma-separated key=value pairs (applyScreen); settings are separated by ';'.
// Per setting it prints the bot's and MC100's bullheads per round, the ratio, their difference
// with its 95 % interval, and the paired difference from the first setting with its interval;
// on stderr, after each (deal, seat) task, the running figures (bot/MC100 bullheads a round).

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"nimmt/engine"
)

func envInt(k string, d int) int {
	if s := os.Getenv(k); s != "" {
		n, _ := strconv.Atoi(s)
		return n
	}
	return d
}

type expCfg map[string]string

func parseCfg(s string) expCfg {
	c := expCfg{}
	for _, kv := range strings.Split(s, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			c[k] = v
		}
	}
	return c
}

func (c expCfg) f(k string, d float64) float64 {
	if s, ok := c[k]; ok {
		x, _ := strconv.ParseFloat(s, 64)
		return x
	}
	return d
}

func makeExp(c expCfg, seed uint64) Bot {
	if c["bot"] == "mc100" {
		return &MC100{seed: seed, Playouts: 100}
	}
	if b := c["bot"]; b == "oracle" || b == "oracle1" {
		e := NewExpert(seed, ExpertOptions{Workers: 1, Playouts: int(c.f("budget", 0))})
		applyScreen(e, c)
		return &oracleBot{e: e, hands: b == "oracle"}
	}
	if c["bot"] == "flat" {
		e := NewExpert(seed, ExpertOptions{Workers: 1})
		applyScreen(e, c)
		return &flatBot{e: e, exact: c["src"] == "exact", k: int(c.f("fk", 10)), budget: int(c.f("fb", 6000))}
	}
	if c["bot"] == "clair" {
		cl := NewClairvoyant(seed, ExpertOptions{Workers: 1, Playouts: int(c.f("budget", 0))})
		applyScreen(cl.e, c)
		return cl
	}
	e := NewExpert(seed, ExpertOptions{Workers: 1, Playouts: int(c.f("budget", 0))})
	applyScreen(e, c)
	if t := c.f("infer", 0); t > 0 {
		return &inferBot{e: e, tau: t, eps: c.f("ieps", 0.1), model: c["inferm"] == "1", sim: c["inferm"] == "sim", alpha: c.f("ia", 0)}
	}
	return e
}

// screenOpp is the player at the other seats of a screen (SCREEN_OPP): MC100 (empty), the
// Expert without the simulated model of MC100 (expert0: the Expert of the sixth #28 session),
// Intermediate (intermediate), Hard (hard) or Random (random).
func screenOpp(name string, seed uint64) Bot {
	switch name {
	case "expert0":
		e := NewExpert(seed, ExpertOptions{Workers: 1})
		e.pol.simFirst = false
		return e
	case "intermediate":
		return &Intermediate{}
	case "random":
		return &Random{seed: seed}
	case "hard":
		return NewHard(seed, ExpertOptions{Workers: 1})
	case "", "mc100":
		return &MC100{seed: seed, Playouts: 100}
	}
	panic("screen: unknown SCREEN_OPP " + name)
}

func TestScreen(t *testing.T) {
	A, B := os.Getenv("SCREEN_A"), os.Getenv("SCREEN_B")
	if A == "" {
		t.Skip()
	}
	seats := envInt("SCREEN_SEATS", 10)
	deals := envInt("SCREEN_DEALS", 4)
	rounds := envInt("SCREEN_ROUNDS", 10)
	seed := uint64(envInt("SCREEN_SEED", 1))
	opp := os.Getenv("SCREEN_OPP")
	// SCREEN_VARIANT: the rules (the basic game when unset).
	variant := engine.Basic
	if vn := os.Getenv("SCREEN_VARIANT"); vn != "" {
		var err error
		if variant, err = engine.ParseVariant(vn); err != nil {
			t.Fatal(err)
		}
	}
	var cfgs []expCfg
	names := []string{A}
	cfgs = append(cfgs, parseCfg(A))
	if B != "" {
		for _, b := range strings.Split(B, ";") {
			names = append(names, b)
			cfgs = append(cfgs, parseCfg(b))
		}
	}
	type task struct{ d, p int }
	var tasks []task
	for d := 0; d < deals; d++ {
		for p := 0; p < seats; p++ {
			tasks = append(tasks, task{d, p})
		}
	}
	// per variant, per round: expert penalty, others' mean
	type res struct{ e, o [][]float64 }
	out := make([]res, len(tasks))
	play := func(c expCfg, tk task) (ex, oth []float64) {
		cfg := engine.Config{Seats: seats, Rounds: rounds, Variant: variant}
		g, err := engine.NewGame(cfg, rand.New(rand.NewPCG(seed, uint64(tk.d))))
		if err != nil {
			panic(err)
		}
		players := make([]Bot, seats)
		for s := range players {
			if s == tk.p {
				players[s] = makeExp(c, mix(seed, uint64(tk.d*100+99)))
			} else {
				// SCREEN_OPP may name one player for every other seat or several, separated by
				// "/": the seat k places after the bot's plays name k mod their number
				// (intermediate/random at 3 seats: Random next, then Intermediate).
				names := strings.Split(opp, "/")
				players[s] = screenOpp(names[(s-tk.p+seats)%seats%len(names)], mix(seed, uint64(tk.d*100+s)))
			}
		}
		var lg playLog
		orc, _ := players[tk.p].(*oracleBot)
		pending := map[int]engine.Action{}
		for !g.Over() {
			ws := g.Waiting()
			s := ws[0]
			if orc != nil && slices.Contains(ws, tk.p) {
				s = tk.p
			}
			v := g.View(s)
			lg.see(g, &v)
			var a engine.Action
			if pa, ok := pending[s]; ok {
				a = pa
				delete(pending, s)
			} else if orc != nil && s == tk.p {
				a = orc.decide(g, &v, ws, players, pending)
			} else if ib, ok := players[s].(*inferBot); ok {
				a = ib.decide(&v, &lg)
			} else if cl, ok := players[s].(*Clairvoyant); ok {
				hs := make([][]engine.Card, seats)
				for t := range hs {
					tv := g.View(t)
					hs[t] = tv.Hand
				}
				a = cl.DecideSeeing(&v, hs)
			} else {
				a = players[s].Decide(&v)
			}
			if err := g.Act(s, a); err != nil {
				panic(err)
			}
		}
		for _, e := range g.Events() {
			if rs, ok := e.(engine.RoundScored); ok {
				sum := 0.0
				for s, x := range rs.Penalties {
					if s != tk.p {
						sum += float64(x)
					}
				}
				ex = append(ex, float64(rs.Penalties[tk.p]))
				oth = append(oth, sum/float64(seats-1))
			}
		}
		return
	}
	var next, done atomic.Int64
	var mu sync.Mutex
	var fin []int
	var wg sync.WaitGroup
	for w := 0; w < envInt("SCREEN_WORKERS", 2); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				r := &out[i]
				for _, c := range cfgs {
					e, o := play(c, tasks[i])
					r.e, r.o = append(r.e, e), append(r.o, o)
				}
				mu.Lock()
				fin = append(fin, i)
				line := fmt.Sprintf("%d/%d", done.Add(1), len(tasks))
				for k := range cfgs {
					var e, o, d, dd stat
					for _, j := range fin {
						r := &out[j]
						for x := range r.e[k] {
							e.add(r.e[k][x])
							o.add(r.o[k][x])
							d.add(r.e[k][x] - r.o[k][x])
							dd.add((r.e[k][x] - r.o[k][x]) - (r.e[0][x] - r.o[0][x]))
						}
					}
					line += fmt.Sprintf(" | %s: %.3f/%.3f e-mc %s", names[k], e.mean(), o.mean(), d)
					if k > 0 {
						line += fmt.Sprintf(" vs first %s", dd)
					}
				}
				fmt.Fprintln(os.Stderr, line)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Printf("seats %d deals %d rounds %d seed %d variant %s\n", seats, deals, rounds, seed, variant)
	for k := range cfgs {
		var e, o, d, dd, dl stat
		for _, r := range out {
			for i := range r.e[k] {
				e.add(r.e[k][i])
				o.add(r.o[k][i])
				d.add(r.e[k][i] - r.o[k][i])
				dd.add((r.e[k][i] - r.o[k][i]) - (r.e[0][i] - r.o[0][i]))
				dl.add((r.e[k][i] - ratioGoal*r.o[k][i]) - (r.e[0][i] - ratioGoal*r.o[0][i]))
			}
		}
		fmt.Printf("%-44s n %d expert %6.3f mc100 %6.3f ratio %.3f  e-mc %s", names[k], e.n, e.mean(), o.mean(), e.mean()/o.mean(), d)
		if k > 0 {
			// e − 0.65 mc: the 4-seat goal's ratio made linear (ratio ≤ 0.65 ⇔ e − 0.65 mc ≤ 0),
			// for settings that move the others' bullheads as well as the bot's.
			fmt.Printf("  vs first (paired): %s  e-.65mc %s", dd, dl)
		}
		fmt.Println()
	}
}

// ratioGoal is #28's ratio at 4 seats, for the screen's linear measure e − ratioGoal × mc.
const ratioGoal = 0.65

type stat struct {
	n       int
	sum, sq float64
}

func (s *stat) add(x float64) { s.n++; s.sum += x; s.sq += x * x }
func (s stat) mean() float64  { return s.sum / float64(max(1, s.n)) }
func (s stat) String() string {
	m := s.mean()
	v := (s.sq/float64(s.n) - m*m) * float64(s.n) / float64(max(1, s.n-1))
	return fmt.Sprintf("%+.3f ± %.3f", m, 1.96*math.Sqrt(v/float64(s.n)))
}

// applyScreen sets e's knobs from a setting: crowd (the seats from which the others play the risk
// policy; 0 never), oppnoise (its noise), own (1: the others count cards as they see them), hz
// and leaf (the playout horizon and the weight of the hand left there), safe (the others play
// policySafe with that many draws at every table size when not by the risk policy; 0 at random),
// model (1: the others play the learned model of MC100, policyModel, at every table size),
// nest, nestn and nestx (the nested search of the Expert's own later cards, bots/nested.go);
// in makeExp, infer (above 0: the Expert weighs its deals by the others' plays this round at that
// temperature, inferBot) and ieps (the uniform share of that model, 0.1); rel (a playout scores the bot's
// bullheads less rel × the others' mean); self (model: the Expert's own later cards in a playout
// are drawn from the learned model of its own decisions, selfW, instead of its risk policy).
func applyScreen(e *Expert, c expCfg) {
	if v, ok := c["crowd"]; ok {
		e.crowdFrom, _ = strconv.Atoi(v)
	}
	e.crowdNoise = c.f("oppnoise", e.crowdNoise)
	e.crowdOwn = c["own"] == "1"
	e.pol.horizon = int(c.f("hz", 0))
	e.pol.leaf = c.f("leaf", 0)
	if _, ok := c["safe"]; ok {
		e.safeFrom, e.safeTries = 2, int(c.f("safe", 0))
	}
	if c["model"] == "1" {
		e.modelFrom = 2
	}
	// model1: the others' first cards by the learned model of MC100 (1, the Expert's default
	// since the sixth #28 session) or at random (0).
	if v, ok := c["model1"]; ok {
		e.pol.modelFirst = v == "1"
	}
	// sim1: those cards from the simulated model of MC100 (1, the Expert's default since the
	// seventh #28 session; mcTable) or from the learned one (0).
	if v, ok := c["sim1"]; ok {
		e.pol.simFirst = v == "1"
	}
	// nest, nestn and nestx: the nested search of this seat's later cards (bots/nested.go) when
	// at most nest turns follow the decision's, nestn playouts a card, the root budget × nestx.
	e.pol.nest = int(c.f("nest", float64(e.pol.nest)))
	e.pol.nestN = int(c.f("nestn", float64(e.pol.nestN)))
	e.pol.nestX = c.f("nestx", e.pol.nestX)
	e.pol.rel = c.f("rel", e.pol.rel)
	// simeps: the chance of a uniform draw instead of the simulated model's (up to 4 seats).
	e.simEps = c.f("simeps", e.simEps)
	// snoise: the noise on this seat's own risk policy in its later turns (ExpertOptions.Noise;
	// expertNoise by default, 0.02 before the tenth #28 session).
	e.pol.noise = c.f("snoise", e.pol.noise)
	// lt: the others' cards in the first lt later turns by the simulated model of MC100 carried
	// on (playPolicy.simTurns).
	e.pol.simTurns = int(c.f("lt", float64(e.pol.simTurns)))
	// slat: this seat's later cards by its risk policy less slat × the simulated model's later
	// bullheads of each card (playPolicy.selfLat).
	e.pol.selfLat = c.f("slat", e.pol.selfLat)
	if c["self"] == "model" {
		e.pol.self = policyModel
		e.pol.selfGen = int(c.f("selfgen", 0))
	}
}

// oracleBot is a ceiling, never a player: the Expert's search told the cards the other seats play
// this turn (their real MC100 decisions, made first and then played as made) and, with hands, every
// seat's hand (the clairvoyant's). It measures how much a perfect model of the others' present
// turn could give the search (the screen's bot=oracle1, and bot=oracle with the hands).
type oracleBot struct {
	e     *Expert
	hands bool
}

func (o *oracleBot) Name() string                        { return "oracle" }
func (o *oracleBot) Decide(v *engine.View) engine.Action { return o.e.Decide(v) }

// decide answers seat v.Seat's decision; on a card decision with a choice it first makes the
// waiting others' decisions (kept in pending, to be played as made) and searches knowing them.
func (o *oracleBot) decide(g *engine.Game, v *engine.View, ws []int, players []Bot, pending map[int]engine.Action) engine.Action {
	if v.Decision == nil || v.Decision.Kind != engine.DecidePlay || len(v.Hand) < 2 || v.Config.Variant != engine.Basic {
		return o.e.Decide(v)
	}
	w := newWorld(v)
	if o.hands {
		hs := make([][]engine.Card, w.seats)
		for t := range hs {
			tv := g.View(t)
			hs[t] = tv.Hand
		}
		w.know(hs)
	}
	for _, t := range ws {
		if t == v.Seat {
			continue
		}
		tv := g.View(t)
		a := players[t].Decide(&tv)
		pending[t] = a
		c := a.Cards[0]
		w.fixed[t] = c
		w.sizes[t]--
		w.seen.add(c)
		for i := 0; i < w.nU; i++ {
			if w.unseen[i] == c {
				w.nU--
				w.unseen[i] = w.unseen[w.nU]
				break
			}
		}
	}
	return o.e.decideIn(context.Background(), v, w)
}
