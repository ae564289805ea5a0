package scenes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"nimmt/engine"
	"nimmt/scenes/menu"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestEveryMenuVariantPlayable picks each variant the menu offers, plays a short game of it from
// the menu to game over through the real scenes (taps for the person, the real bots), and checks
// the engine ran that variant.
func TestEveryMenuVariantPlayable(t *testing.T) {
	// The menu's entries: every variant, Double twice (two decks; one deck and the doublets).
	entries := menu.VariantEntries()
	if len(entries) != len(engine.Variants())+1 {
		t.Fatalf("the menu offers %d entries for %d variants", len(entries), len(engine.Variants()))
	}
	for _, e := range entries {
		v := e.V
		t.Run(e.Key(), func(t *testing.T) {
			// Double is played animated: twins' sprites must keep their identity while moving.
			speed := "instant"
			if v == engine.Double {
				speed = "fast"
			}
			g := newTestGame(t, &storage.Memory{}, speed)
			g.InjectInput(func(in *ui.Input) {})
			runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
			tapButton(t, g, "new-game")
			chooseVariant(t, g, e.Key())
			if got := g.Settings.EngineVariant(); got != v || g.Settings.Doublets != e.Doublets {
				t.Fatalf("menu selected %v (doublets %v), want %v (doublets %v)", got, g.Settings.Doublets, v, e.Doublets)
			}
			tapButton(t, g, "end-mode") // at a score
			tapButton(t, g, "end-mode") // after rounds
			for i := 0; i < 4; i++ {
				tapButton(t, g, "end-minus") // 1 round
			}
			tapButton(t, g, "start")
			runUntil(t, g, 50, func(ui.TestState) bool { _, ok := g.cur.(*table.Table); return ok })
			tb, ok := g.cur.(*table.Table)
			if !ok || engineOf(tb).Config().Variant != v || engineOf(tb).Config().Doublets != e.Doublets {
				t.Fatalf("no table of %v (doublets %v)", v, e.Doublets)
			}
			taps, drafts, orders, keeps := 0, 0, 0, 0
			stacked, handTwins := 0, 0
			g.InjectInput(func(in *ui.Input) {
				ts := g.TestState()
				if !ts.Input && ts.Scene != "score" {
					return
				}
				// Every card of the view has its own sprite at rest at its place.
				if err := checkHomes(tb); err != nil {
					t.Fatal(err)
				}
				for i := range tb.Homes {
					if h := &tb.Homes[i]; h.Top {
						stacked++
					} else if h.At == table.AtHand && h.Pos > 0 && tb.HandCard(int(h.Pos)-1) == table.SpriteCard(i) {
						handTwins++
					}
				}
				switch {
				case ts.Scene == "score":
					for _, b := range ts.Buttons {
						if b.ID == "continue" && b.Enabled {
							in.Tap, in.TapX, in.TapY = true, b.Rect.X+b.Rect.W/2, b.Rect.Y+b.Rect.H/2
						}
					}
				case ts.Decision == "play" && ts.Chosen == 0 && len(ts.HandRects) > 0:
					// Tap each card twice (select, play), moving on to the next card after.
					r := ts.HandRects[(taps/2)%len(ts.HandRects)]
					in.Tap, in.TapX, in.TapY = true, r.X+r.W/2, r.Y+r.H/2
					in.X, in.Y = in.TapX, in.TapY
					taps++
				case ts.Decision == "draft" && len(ts.PoolRects) > 0:
					r := ts.PoolRects[len(ts.PoolRects)/2]
					in.Tap, in.TapX, in.TapY = true, r.X+r.W/2, r.Y+r.H/2
					drafts++
				case ts.Decision == "order" && len(ts.ChoiceRects) == 2:
					r := ts.ChoiceRects[taps%2]
					in.Tap, in.TapX, in.TapY = true, r.X+r.W/2, r.Y+r.H/2
					taps++
					orders++
				case ts.Decision == "keep" && len(ts.ChoiceRects) > 0:
					r := ts.ChoiceButton
					if keeps%2 == 0 {
						r = ts.ChoiceRects[0] // select the first taken card, then Keep
					}
					in.Tap, in.TapX, in.TapY = true, r.X+r.W/2, r.Y+r.H/2
					keeps++
				case ts.Decision == "row":
					r := ts.RowRects[0]
					in.Tap, in.TapX, in.TapY = true, r.X+r.W/2, r.Y+r.H/2
				}
			})
			runUntil(t, g, 300000, func(ts ui.TestState) bool { return ts.Scene == "gameover" && ts.Input })
			if !engineOf(tb).Over() {
				t.Fatal("the engine's game is not over")
			}
			if (v == engine.Logic || v == engine.Tournament) && drafts == 0 {
				t.Error("the person drafted nothing by tapping")
			}
			if v == engine.Nifty && orders == 0 {
				t.Error("the person chose no order by tapping")
			}
			if v == engine.HandVariant {
				t.Logf("keep taps: %d", keeps)
			}
			if v == engine.Double {
				t.Logf("frames with stacked twins: %d, with twins in hand: %d", stacked, handTwins)
			}
		})
	}
}

// TestMenuVariantSeats: choosing a variant keeps the players within what it allows, and the "?"
// page shows its paragraph.
func TestMenuVariantSeats(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "new-game")
	for i := 0; i < 6; i++ {
		tapButton(t, g, "seats-plus")
	}
	if g.Settings.Seats != 10 {
		t.Fatalf("seats %d", g.Settings.Seats)
	}
	chooseVariant(t, g, "tournament")
	if g.Settings.Seats != 5 {
		t.Errorf("Tournament with %d seats", g.Settings.Seats)
	}
	tapButton(t, g, "seats-plus")
	if g.Settings.Seats != 5 {
		t.Errorf("seats-plus went to %d in a Tournament", g.Settings.Seats)
	}
	tapButton(t, g, "about-tournament")
	m := g.cur.(*menu.Menu).Form
	if m.Name() != "variant" || m.Title != "Tournament" {
		t.Fatalf("page %q title %q", m.Name(), m.Title)
	}
	text := ""
	for _, w := range m.Widgets {
		text += w.Label + " "
	}
	if !containsAll(text, "passed", "2–5 players") {
		t.Errorf("the page shows %q", text)
	}
	tapButton(t, g, "back-newgame")
	if m.Name() != "newgame" {
		t.Errorf("back went to %q", m.Name())
	}
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		found := false
		for i := 0; i+len(sub) <= len(s); i++ {
			if s[i:i+len(sub)] == sub {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// TestHandVariantTwoCards: in Hand the person plays one card (the same card twice) or two.
func TestHandVariantTwoCards(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.Settings.Variant = "hand"
	g.Settings.Seats = 3
	tb, err := table.NewTable(g.host, 5)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 2000, func(ts ui.TestState) bool { return ts.Decision == "play" && ts.Input })
	h := engineOf(tb).View(0).Hand
	tb.Play(h[0])
	tb.Play(h[1])
	if n := len(engineOf(tb).View(0).Hand); n != 12 && engineOf(tb).View(0).Decision == nil {
		// a keep may have added cards; the two cards left the hand either way
		t.Logf("hand now %d cards", n)
	}
	if slices.Contains(engineOf(tb).View(0).Hand, h[0]) || slices.Contains(engineOf(tb).View(0).Hand, h[1]) {
		t.Fatalf("two cards not played: hand %v", engineOf(tb).View(0).Hand)
	}
	for {
		ts := runUntil(t, g, 20000, func(ts ui.TestState) bool {
			return (ts.Decision == "play" || ts.Decision == "row" || ts.Decision == "keep") && ts.Input
		})
		if ts.Decision == "play" {
			break
		}
		if ts.Decision == "keep" {
			_ = engineOf(tb).Keep(0, nil)
			continue
		}
		tb.ChooseRow(0)
	}
	h = engineOf(tb).View(0).Hand
	size := len(h)
	tb.Play(h[0])
	tb.Play(h[0])
	if slices.Contains(engineOf(tb).View(0).Hand, h[0]) || len(engineOf(tb).View(0).Hand) > size-1+5 {
		t.Fatalf("one card not played: hand %v", engineOf(tb).View(0).Hand)
	}
}

// checkHomes reports a card of the displayed view without a sprite at rest at its place, two
// places sharing a sprite, or a visible sprite with no place (the screen is caught up).
func checkHomes(tb *table.Table) error {
	want := 0
	for _, row := range tb.Disp.Rows {
		want += min(len(row), 100)
	}
	for i := 0; ; i++ {
		if tb.HandCard(i) == 0 {
			break
		}
		if i < len(tb.Lay.Hand) {
			want++
		}
	}
	if tb.Disp.MyChoice != 0 {
		want++
	}
	want += len(tb.Disp.Pending) + len(tb.Disp.FaceUp)
	got := 0
	for i := range tb.Cards {
		sp, h := &tb.Cards[i], &tb.Homes[i]
		switch {
		case h.At == table.AtNone && sp.Vis:
			return fmt.Errorf("sprite %d (card %v) is visible with no place", i, table.SpriteCard(i))
		case h.At == table.AtNone:
		case !sp.Vis || sp.X != h.R.X || sp.Y != h.R.Y:
			return fmt.Errorf("sprite %d (card %v) is not at its place (%v at %d,%d): vis %v at %.0f,%.0f",
				i, table.SpriteCard(i), h.At, h.Row, h.Pos, sp.Vis, sp.X, sp.Y)
		default:
			got++
		}
	}
	if got != want {
		return fmt.Errorf("%d sprites at rest for %d cards on the table and in hand", got, want)
	}
	return nil
}

// TestOptionsVariant: -variant and -doublets set a new game's rules (seats kept within what the
// variant allows); an unknown name or doublets without Double is an error naming it.
func TestOptionsVariant(t *testing.T) {
	tests := []struct {
		opts     ui.Options
		variant  string
		doublets bool
		seats    int
		err      string
	}{
		{ui.Options{Variant: "nifty", Seats: 10}, "nifty", false, 7, ""},
		{ui.Options{Variant: "double", Doublets: true, Seats: 4}, "double", true, 4, ""},
		{ui.Options{Variant: "tournament", Seats: 9}, "tournament", false, 5, ""},
		{ui.Options{Variant: "grand"}, "", false, 0, "grand"},
		{ui.Options{Variant: "basic", Doublets: true}, "", false, 0, "doublets"},
	}
	for _, tc := range tests {
		g, err := NewGame(tc.opts)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%+v: error %v, want one naming %q", tc.opts, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%+v: %v", tc.opts, err)
		}
		if st := g.Settings; st.Variant != tc.variant || st.Doublets != tc.doublets || st.Seats != tc.seats {
			t.Errorf("%+v: settings variant %q doublets %v seats %d, want %q %v %d", tc.opts, st.Variant, st.Doublets, st.Seats, tc.variant, tc.doublets, tc.seats)
		}
	}
}
