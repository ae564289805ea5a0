package scenes

import (
	"fmt"
	"strings"
	"testing"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
	"nimmt/text"
)

// playedTable plays a whole game of the given number of seats through the real Update, the
// person's moves by the tests' driver, and returns the table at the end: its log holds every
// line of the game.
func playedTable(t *testing.T, g *Game, seats int) *table.Table {
	t.Helper()
	g.Settings.Seats = seats
	g.cur = menu.NewMenu(g.host)
	g.cur.(*menu.Menu).Activate("new-game")
	g.cur.(*menu.Menu).Start()
	d := &driver{g: g}
	g.InjectInput(d.step)
	defer g.InjectInput(nil)
	for i := 0; ; i++ {
		if i > 100000 {
			t.Fatal("the game did not end")
		}
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if ts := g.TestState(); ts.Scene == "gameover" && ts.Input {
			tb, ok := g.cur.(*table.Table)
			if !ok {
				t.Fatalf("scene %T at game over", g.cur)
			}
			return tb
		}
	}
}

// checkBoxTexts reports a text of a panel that is wider than its box or smaller than
// minPanelText, lies outside the panel, overlaps another, or is not whole: whole(i) is the
// i-th text as it should read, or "" where it may be shortened (a name).
func checkBoxTexts(t *testing.T, g *Game, name string, panel layout.Rect, bs []ui.BoxText, whole func(i int) string) {
	t.Helper()
	for i, b := range bs {
		tw, _ := g.Txt.Measure(b.S, text.Style{Size: b.Size, Bold: b.Bold})
		if tw > b.Box.W+0.01 || b.Size < ui.MinPanelText {
			t.Errorf("%s: %q %.0f px wide in a box of %.0f at %.1f px", name, b.S, tw, b.Box.W, b.Size)
		}
		if w := whole(i); w != "" && b.S != w {
			t.Errorf("%s: %q cut short to %q in a box of %.0f", name, w, b.S, b.Box.W)
		}
		if !b.Box.Within(panel) {
			t.Errorf("%s: %q's box %+v outside the panel %+v", name, b.S, b.Box, panel)
		}
		for j := range i {
			if b.Box.Inset(0.01).Overlaps(bs[j].Box) {
				t.Errorf("%s: %q %+v overlaps %q %+v", name, b.S, b.Box, bs[j].S, bs[j].Box)
			}
		}
	}
}

// TestPanelTextsFitEveryLanguage: the table's panels in every language at every size of
// fitSizes, with 4 and 10 seats — the round score (three-digit totals, round 20), the card
// tracker, every line of the log of a whole game, the Nifty order and Hand keep panels (their
// title and the Keep button) and the status lines of the draft, order and keep steps: every text
// fits its box at minPanelText (9 px) or more, inside its panel, none over another, and only a
// name is ever shortened. The game-over panel has its own test (TestOverTextsEveryLanguage).
func TestPanelTextsFitEveryLanguage(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	for _, seats := range []int{4, 10} {
		tb := playedTable(t, g, seats)
		log := tb.Log
		if len(log) < 20 {
			t.Fatalf("%d seats: only %d log lines", seats, len(log))
		}
		tb.LastRound = engine.RoundScored{Round: 20, Penalties: make([]int, seats), Totals: make([]int, seats)}
		for s := range seats {
			tb.LastRound.Penalties[s], tb.LastRound.Totals[s] = 104, 188
		}
		eachLangSize(t, g, fitSizes, func(at string) {
			tb.Relayout()
			name := fmt.Sprintf("%s %d seats", at, seats)
			screen := layout.Rect{W: g.W, H: g.H}
			// The round score: names may be shortened, nothing else.
			p := tb.OverlayPanel()
			if !p.Within(screen) {
				t.Errorf("%s: score panel %+v off the screen", name, p)
			}
			bs := tb.ScoreTexts()
			want := []string{msg.New(msg.ScoreTitle, 20).String()}
			if tb.People() == 1 {
				want = append(want, msg.New(msg.ScoreYouPlace, msg.PlaceFirst.Text()).String())
			}
			want = append(want, msg.ScoreThisRound.Text(), msg.ScoreTotal.Text())
			for range seats {
				want = append(want, msg.PlaceFirst.Text(), "", "+104", "188")
			}
			checkBoxTexts(t, g, name+" score", p, bs, func(i int) string { return want[i] })
			btn := tb.OverlayButton(0)
			for _, b := range bs {
				if b.Box.Inset(0.01).Overlaps(btn) {
					t.Errorf("%s score: %q %+v over the Continue button %+v", name, b.S, b.Box, btn)
				}
			}
			checkWidgetText(t, g, name+" score", &ui.Widget{R: btn, Label: msg.ButtonContinue.Text(), Enabled: true})
			// The tracker, of each variant's heading: the heading whole, in one or two lines at
			// a name's size or more (layout.MinNameSize, MinNameSizePhone on a phone).
			lo := float64(layout.MinNameSize)
			if min(g.W, g.H) < 600 {
				lo = layout.MinNameSizePhone
			}
			for _, v := range []engine.Variant{engine.Basic, engine.Double} {
				tb.Disp.Config.Variant = v
				head := msg.TrackerHead.Text()
				if v == engine.Double {
					head = msg.TrackerHeadDouble.Text()
				}
				bs := tb.TrackerTexts()
				lines := len(bs) - engine.DeckSize
				var got []string
				for _, b := range bs[:lines] {
					got = append(got, b.S)
					if b.Size < lo {
						t.Errorf("%s tracker: heading %q at %.1f px, under %.0f", name, b.S, b.Size, lo)
					}
				}
				if lines < 1 || lines > 2 || strings.Join(got, " ") != head {
					t.Errorf("%s tracker: heading %q drawn as %q", name, head, got)
				}
				checkBoxTexts(t, g, name+" tracker", tb.Lay.Panel, bs, func(i int) string {
					if i < lines {
						return got[i]
					}
					return table.Num(i - lines + 1)
				})
			}
			tb.Disp.Config.Variant = engine.Basic
			// Every line of the log, one at a time in the panel.
			for _, e := range log {
				tb.Log = []table.LogEntry{{M: e.M, Private: -1}}
				line := e.M.String()
				bs := tb.LogView.Texts() // a turn's header over a played card
				checkBoxTexts(t, g, name+" log", tb.Lay.Panel, bs, func(i int) string { return [2]string{msg.New(msg.LogTurn, 1).String(), line}[i+2-len(bs)] })
			}
			tb.Log = log
			// The choice panels: Nifty's order of two cards, Hand's keep of a row of five.
			for _, d := range []engine.Decision{
				{Kind: engine.DecideOrder, Cards: []engine.Card{12, 104}},
				{Kind: engine.DecideKeep, Cards: []engine.Card{12, 23, 34, 45, 104}},
			} {
				panel, cards, button := tb.ChoiceLayout(d)
				if !panel.Within(screen) {
					t.Errorf("%s: choice panel %+v off the screen", name, panel)
				}
				title := tb.ChoiceTitleText(d, panel)
				checkBoxTexts(t, g, name+" choice", panel, []ui.BoxText{title}, func(int) string { return tb.ChoiceTitle(d) })
				for i, c := range cards {
					if !c.Within(panel) || c.Overlaps(title.Box) {
						t.Errorf("%s: choice card %d %+v outside the panel %+v or over its title", name, i, c, panel)
					}
				}
				if d.Kind == engine.DecideKeep {
					for _, n := range []int{0, 2, 5} {
						checkWidgetText(t, g, name+" keep", &ui.Widget{R: button, Label: msg.New(msg.ButtonKeep, n, len(d.Cards)-n).String(), Enabled: true})
					}
				}
			}
		})
	}
}
