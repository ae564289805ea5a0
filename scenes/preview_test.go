package scenes

import (
	"testing"

	"nimmt/engine"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestLandingPreviewFollowsVariant: the landing preview glows where the engine says the card
// goes — beside the row's first card when it goes to the left end (Professional), the sixth
// place when it takes the row, after the last card otherwise.
func TestLandingPreviewFollowsVariant(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.Settings.Variant = "professional"
	tb, err := table.NewTable(g.host, 5)
	if err != nil {
		t.Fatal(err)
	}
	tb.FastForward()
	rows := [4][]engine.Card{{20, 30}, {40}, {60}, {80, 81, 82, 83, 84}}
	show(tb, rows, []engine.Card{15, 50, 85}, 0, nil)
	first := tb.Lay.Rows[0].Slots[0]
	cases := []struct {
		card      engine.Card
		row       int
		left      bool
		takes     bool
		rect      ui.Rect
		rectWhere string
	}{
		{15, 0, true, false, tb.Lay.Rows[0].Front, "in front of row 1"},
		{50, 1, false, false, tb.Lay.Rows[1].Slots[1], "after row 2's card"},
		{85, 3, false, true, tb.Lay.Rows[3].Slots[5], "the sixth place of row 4"},
	}
	for _, c := range cases {
		land := tb.Disp.Land(c.card)
		if land.Row != c.row || land.Left != c.left || land.Takes != c.takes {
			t.Fatalf("card %d lands %+v", c.card, land)
		}
		r, ok := tb.LandingRect(land)
		if !ok || r != c.rect {
			t.Errorf("card %d: preview at %+v, want %s %+v", c.card, r, c.rectWhere, c.rect)
		}
	}
	if r, _ := tb.LandingRect(tb.Disp.Land(15)); r.X+r.W > first.X+0.01 || r.X < 0 || r.W < tb.Lay.CardW/2-0.01 {
		t.Errorf("the left-end preview at x %.1f–%.1f is not a place of its own (half a card or more) in front of the first card at %.1f", r.X, r.X+r.W, first.X)
	}
	// A left-end card that would be the sixth takes the row there.
	show(tb, [4][]engine.Card{{20, 30, 31, 32, 33}, {40}, {60}, {80}}, []engine.Card{15}, 0, nil)
	land := tb.Disp.Land(15)
	if r, _ := tb.LandingRect(land); !land.Takes || !land.Left || r != tb.Lay.Rows[0].Front {
		t.Errorf("a sixth card at the left end: %+v at %+v", land, r)
	}
}
