//go:build !js

package bots

import (
	"math"
	"testing"

	"nimmt/engine"
)

// TestInferenceWeight: a deal in which a seat held a safe card when it played one below every row
// weighs less than a deal in which it had no better card, a seat's plays weigh 1 when they tell
// nothing, and no weight falls below the uniform share; weighing allocates nothing.
func TestInferenceWeight(t *testing.T) {
	w := &world{me: 0, seats: 3}
	pt := pastTurn{st: engine.State{Seats: 3}}
	pt.st.SetRows([engine.NumRows]engine.Card{10, 20, 30, 40})
	for _, c := range []engine.Card{10, 20, 30, 40} {
		pt.seen.add(c)
	}
	pt.cards[1] = 5 // below every row: it takes one
	in := &inference{turns: []pastTurn{pt}, tau: 1, eps: 0.1}
	deal := func(hand1 ...engine.Card) *engine.State {
		st := &engine.State{Seats: 3}
		st.SetHand(1, hand1)
		st.SetHand(2, []engine.Card{60})
		return st
	}
	safe, stuck := deal(50), deal(3)
	ws, wk := in.weight(w, safe), in.weight(w, stuck)
	if !(ws < 0.5 && ws >= in.eps && wk > 0.9) {
		t.Fatalf("weights: kept a safe card %.3f, had none %.3f; want < 0.5 (and ≥ %.1f), > 0.9", ws, wk, in.eps)
	}
	if got := (&inference{tau: 1, eps: 0.1}).weight(w, safe); got != 1 {
		t.Fatalf("no earlier turns: weight %.3f, want 1", got)
	}
	if a := testing.AllocsPerRun(100, func() { in.weight(w, safe) }); a != 0 {
		t.Fatalf("weight allocates %.0f times", a)
	}
	// The sim mode: the chance of the card played is the turn's simulated model's softmax.
	pt.sim = &mcTable{temp: 1}
	pt.sim.d[5], pt.sim.d[50], pt.sim.d[3] = 3, 0, 3.5
	in = &inference{turns: []pastTurn{pt}, eps: 0.1, sim: true}
	ws, wk = in.weight(w, safe), in.weight(w, stuck)
	if !(ws < 0.5 && ws >= in.eps && wk > 0.9) {
		t.Fatalf("sim weights: kept a safe card %.3f, had none %.3f; want < 0.5 (and ≥ %.1f), > 0.9", ws, wk, in.eps)
	}
	in.alpha = 0.5
	if got := in.weight(w, safe); math.Abs(got-math.Sqrt(ws)) > 1e-9 {
		t.Fatalf("tempered weight %.4f, want √%.4f", got, ws)
	}
}
