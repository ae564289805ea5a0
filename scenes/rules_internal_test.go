package scenes

import (
	"slices"
	"testing"

	"nimmt/engine"
)

// TestRulebookEvents: the walkthrough's steps are the engine's own events for the rulebook's
// example, so what it shows (rows, bullheads taken) is what the rules say.
func TestRulebookEvents(t *testing.T) {
	steps, err := rulebookEvents()
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 4 || len(tutorialCaptions) != 5 {
		t.Fatalf("%d event steps, %d captions", len(steps), len(tutorialCaptions))
	}
	find := func(step int, pred func(engine.Event) bool) bool { return slices.ContainsFunc(steps[step], pred) }
	if !find(2, func(e engine.Event) bool {
		rt, ok := e.(engine.RowTaken)
		return ok && rt.Reason == engine.TakeFull && rt.Bullheads == 6 && slices.Equal(rt.Cards, []engine.Card{12, 14, 15, 21, 26})
	}) {
		t.Errorf("rule 3 step: no row of 12 14 15 21 26 taken for 6 bullheads: %v", steps[2])
	}
	if !find(3, func(e engine.Event) bool {
		rc, ok := e.(engine.RowChoiceRequired)
		return ok && rc.Seat == 3 && rc.Card == 3
	}) || !find(3, func(e engine.Event) bool {
		rt, ok := e.(engine.RowTaken)
		return ok && rt.Reason == engine.TakeTooLow && rt.Row == 1 && rt.Bullheads == 1
	}) {
		t.Errorf("rule 4 step: %v", steps[3])
	}
	for i, st := range steps {
		for _, e := range st {
			if d, ok := e.(engine.RoundDealt); ok && slices.ContainsFunc(d.Hands, func(h []engine.Card) bool { return h != nil }) {
				t.Errorf("step %d shows a hand", i)
			}
		}
	}
}
