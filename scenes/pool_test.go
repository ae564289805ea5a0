package scenes

import (
	"fmt"
	"testing"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestDraftPoolFits: the draft's face-up pool (Logic, Tournament) of every size a deal gives —
// 1 to 104 cards, for 2, 4 and 10 seats — at every size of issue 12 in every language: every
// card inside the screen (lifted under the pointer too), no two cards over each other, and none
// over a text of the table drawn during the draft: the status line, the warning's line, the
// score bar, a seat's plate, a button or a row's sum where the sums are shown.
func TestDraftPoolFits(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	for _, seats := range []int{2, 4, 10} {
		g.Settings.Seats = seats
		tb, err := table.NewTable(g.host, 5)
		if err != nil {
			t.Fatal(err)
		}
		eachLangSize(t, g, issueSizes, func(at string) {
			tb.Relayout()
			tb.Disp.Phase = engine.PhaseDraft
			l := &tb.Lay
			texts := map[string]layout.Rect{"status": l.Status, "warning": l.Warn, "score bar": l.ScoreBar}
			for r, row := range l.Rows {
				if tb.SumsShown() {
					texts[fmt.Sprintf("row %d's sum", r+1)] = row.Sum
				}
			}
			for s, seat := range l.Seats {
				texts[fmt.Sprintf("seat %d's plate", s)] = seat.Plate
			}
			for b, r := range l.Buttons {
				texts[layout.ButtonIDs[b]] = r
			}
			full := seats*10 + engine.NumRows
			for n := 1; n <= full; n++ {
				tb.Disp.Pool = tb.Disp.Pool[:0]
				for c := 1; c <= n; c++ {
					tb.Disp.Pool = append(tb.Disp.Pool, engine.Card(c))
				}
				rs := tb.PoolRects()
				name := fmt.Sprintf("%s %d seats pool of %d", at, seats, n)
				if len(rs) != n {
					t.Fatalf("%s: %d rectangles", name, len(rs))
				}
				for i, r := range rs {
					lifted := r
					lifted.Y -= r.H * table.PoolLift
					if r.Empty() || !r.Inside(g.W, g.H) || !lifted.Inside(g.W, g.H) {
						t.Errorf("%s: card %d %+v (lifted %+v) off the screen", name, i, r, lifted)
					}
					for j := range i {
						if r.Overlaps(rs[j]) {
							t.Errorf("%s: cards %d %+v and %d %+v overlap", name, j, rs[j], i, r)
						}
					}
					for k, x := range texts {
						if !x.Empty() && r.Overlaps(x) {
							t.Errorf("%s: card %d %+v over the %s %+v", name, i, r, k, x)
						}
					}
				}
			}
		})
	}
}

// TestDraftStatusAndEmptyRows: during Logic's draft, which follows the deal in the table's
// deal phase, the status says who drafts, not "Dealing…", and no row shows a sum (the rows are
// empty; the pool lies where they are).
func TestDraftStatusAndEmptyRows(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.Settings.Variant = "logic"
	tb, err := table.NewTable(g.host, 4)
	if err != nil {
		t.Fatal(err)
	}
	tb.FastForward()
	if tb.Disp.Phase != engine.PhaseDraft || tb.Phase != table.PhaseDeal {
		t.Fatalf("engine phase %v, table phase %v: want the draft in the deal phase", tb.Disp.Phase, tb.Phase)
	}
	switch id := tb.StatusText().ID; id {
	case msg.StatusDraftYou, msg.StatusDraftYouMouse, msg.StatusDrafting:
	default:
		t.Errorf("status during the draft: %q", tb.StatusText().String())
	}
	for r := range engine.NumRows {
		if tb.RowLaid(r) {
			t.Errorf("row %d counts as laid during the draft", r+1)
		}
	}
}

// TestRowSumsWaitForTheDeal: while the deal brings the rows' first cards, no row counts as laid
// (its sum is not drawn); once they lie in their places, every row does.
func TestRowSumsWaitForTheDeal(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "normal")
	tb, err := table.NewTable(g.host, 4)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := tb.Update(&ui.Input{}); err != nil {
			t.Fatal(err)
		}
	}
	if tb.Phase != table.PhaseDeal {
		t.Fatalf("table phase %v, want the deal", tb.Phase)
	}
	for r := range engine.NumRows {
		if tb.RowLaid(r) {
			t.Errorf("row %d counts as laid while the deal brings its card", r+1)
		}
	}
	tb.Tl.Skip()
	tb.StepSprites()
	for r := range engine.NumRows {
		if !tb.RowLaid(r) {
			t.Errorf("row %d does not count as laid after the deal", r+1)
		}
	}
}
