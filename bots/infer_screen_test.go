//go:build screen

package bots

import (
	"context"
	"math/rand/v2"
	"testing"

	"nimmt/engine"
)

// inferBot is the Expert with its deals weighed by the other seats' plays this round
// (infer_knob_test.go), told them by the screen through the game's events (the view does not say who played what).
type inferBot struct {
	e        *Expert
	tau, eps float64
	model    bool
	// sim and alpha: inference.sim and alpha (the tables built at the bot's own decisions).
	sim   bool
	alpha float64
}

// Name implements Bot.
func (b *inferBot) Name() string { return b.e.Name() }

// Decide implements Bot: without the plays it plays as the Expert.
func (b *inferBot) Decide(v *engine.View) engine.Action { return b.e.Decide(v) }

// playLog rebuilds the round's earlier turns from a game's events and views.
type playLog struct {
	nev   int
	turns []pastTurn
	at    [][2]int // each turn's round and turn
	done  int      // turns whose cards are known
}

// see brings the log up to the game's events and, on the first card decision of a turn, records
// the table before it from v.
func (l *playLog) see(g *engine.Game, v *engine.View) {
	evs := g.EventsSince(l.nev)
	l.nev += len(evs)
	for _, ev := range evs {
		switch ev := ev.(type) {
		case engine.RoundDealt:
			l.turns, l.at, l.done = l.turns[:0], l.at[:0], 0
		case engine.CardsRevealed:
			for i, a := range l.at {
				if a == [2]int{ev.Round, ev.Turn} {
					for _, p := range ev.Plays {
						l.turns[i].cards[p.Seat] = p.Card
					}
					l.done = i + 1
				}
			}
		}
	}
	if v.Decision == nil || v.Decision.Kind != engine.DecidePlay {
		return
	}
	if n := len(l.at); n > 0 && l.at[n-1] == [2]int{v.Round, v.Turn} {
		return
	}
	pt := pastTurn{st: v.Table()}
	pt.st.Hands[v.Seat].Clear()
	for _, c := range v.Revealed {
		pt.seen.add(c)
	}
	l.turns = append(l.turns, pt)
	l.at = append(l.at, [2]int{v.Round, v.Turn})
}

// decide answers v as b, told the round's earlier turns.
func (b *inferBot) decide(v *engine.View, l *playLog) engine.Action {
	if b.sim && v.Decision != nil && v.Decision.Kind == engine.DecidePlay && len(v.Hand) > 0 && v.Config.Variant == engine.Basic {
		for i, a := range l.at {
			if a == [2]int{v.Round, v.Turn} && l.turns[i].sim == nil {
				// The table the search builds at this decision, from this seat's own view.
				w := newWorld(v)
				m := new(mcTable)
				r := newRNG(mix(viewSeed(b.e.seed, v), simSalt))
				m.build(w, simNow, simLater/w.seats, &r)
				l.turns[i].sim = m
			}
		}
	}
	return b.e.decideInferring(v, l.turns[:l.done], b.tau, b.eps, b.model, b.sim, b.alpha)
}

// benchInfer times, at seat 0's last-but-one card decision of a seats-seat round played by
// MC100, a deal and its weight (BenchmarkPlayoutExpert4 and 10 time a deal and a playout).
func benchInfer(b *testing.B, seats int) {
	g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: 1}, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		b.Fatal(err)
	}
	var lg playLog
	for {
		s := g.Waiting()[0]
		v := g.View(s)
		lg.see(g, &v)
		if s == 0 && v.Decision.Kind == engine.DecidePlay && len(v.Hand) == 2 {
			w := newWorld(&v)
			in := &inference{turns: lg.turns[:lg.done], tau: 1, eps: 0.1}
			r := newRNG(1)
			var st engine.State
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				st = w.base
				w.deal(&st, &r)
				in.weight(w, &st)
			}
			return
		}
		if err := g.Act(s, (&MC100{seed: uint64(s), Playouts: 10}).Decide(&v)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInferWeight4 and 10: a deal and its weight with 8 earlier turns, at 4 and 10 seats
// (go test -tags screen -bench BenchmarkInfer ./bots).
func BenchmarkInferWeight4(b *testing.B)  { benchInfer(b, 4) }
func BenchmarkInferWeight10(b *testing.B) { benchInfer(b, 10) }

// decideInferring answers v's decision as the Expert, its deals weighed by the other seats' plays
// this round (turns, the round's earlier turns; a side channel of the screen until the view
// carries them).
func (e *Expert) decideInferring(v *engine.View, turns []pastTurn, tau, eps float64, model, sim bool, alpha float64) engine.Action {
	if v.Config.Variant != engine.Basic || v.Decision == nil ||
		(v.Decision.Kind != engine.DecidePlay && v.Decision.Kind != engine.DecideRow) ||
		(v.Decision.Kind == engine.DecidePlay && len(v.Hand) == 0) || len(turns) == 0 {
		return e.Decide(v)
	}
	w := newWorld(v)
	in := &inference{turns: turns, tau: tau, eps: eps, model: model, sim: sim, alpha: alpha}
	w.weigh = func(st *engine.State) float64 { return in.weight(w, st) }
	return e.decideIn(context.Background(), v, w)
}
