package scenes

import (
	"slices"
	"testing"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// scoreTable plays a table of seats seats on a w×h screen to its first round's score.
func scoreTable(t *testing.T, w, h float64, seats int) (*Game, *table.Table) {
	t.Helper()
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.Settings.Seats = seats
	g.LayoutF(w, h)
	tb, err := table.NewTable(g.host, 4)
	if err != nil {
		t.Fatal(err)
	}
	g.cur = tb
	tb.Relayout()
	for i := 0; tb.Phase != table.PhaseScore || !tb.Tl.Idle(); i++ {
		if i == 2000 {
			t.Fatal("no round score in 2000 ticks")
		}
		autopilot(tb, false)
		if err := tb.Update(&ui.Input{}); err != nil {
			t.Fatal(err)
		}
	}
	return g, tb
}

// TestResultPanelClearOfLiveButtons: on a phone on its side (844×390), upright with 10 seats and
// on the desktop, the round's score panel and the game-over panel lie clear of every button that
// is live under them (menu, tracker, advisor, log, replay), which the score panel used to cover
// at 844×390 (issue 25, items 3 and 4).
func TestResultPanelClearOfLiveButtons(t *testing.T) {
	for _, c := range []struct {
		w, h  float64
		seats int
	}{{844, 390, 4}, {844, 390, 10}, {390, 844, 10}, {1280, 720, 10}} {
		_, tb := scoreTable(t, c.w, c.h, c.seats)
		p, ok := tb.ResultPanel()
		if !ok {
			t.Fatal("no result panel at the round's score")
		}
		over := table.NewOverLayout(c.w, c.h, c.seats, 6)
		for _, b := range []int{layout.BtnMenu, layout.BtnTracker, layout.BtnAdvisor, layout.BtnLog, layout.BtnReplay} {
			if r := tb.Lay.Buttons[b]; r.Overlaps(p) || r.Overlaps(over.Panel) {
				t.Errorf("%gx%g %d seats: the %s button %+v under the score panel %+v or the game-over panel %+v",
					c.w, c.h, c.seats, layout.ButtonIDs[b], r, p, over.Panel)
			}
		}
	}
}

// TestScoreRanked: the round's score panel lists the seats by place, fewest bullheads first,
// with ties sharing a place ("1st, 2nd, 2nd, 4th"), and says the person's place in a line of its
// own ("You are 2nd after this round.").
func TestScoreRanked(t *testing.T) {
	_, tb := scoreTable(t, 844, 390, 4)
	tb.LastRound = engine.RoundScored{Round: 3, Penalties: []int{1, 2, 3, 4}, Totals: []int{16, 30, 0, 16}}
	bs := tb.ScoreTexts()
	var texts []string
	for _, b := range bs {
		texts = append(texts, b.S)
	}
	first, second, fourth := msg.PlaceFirst.Text(), msg.PlaceSecond.Text(), msg.New(msg.PlaceNth, 4).String()
	you := msg.New(msg.ScoreYouPlace, second).String()
	name := func(s int) string { return tb.Seats[s].Name }
	want := []string{msg.New(msg.ScoreTitle, 3).String(), you, msg.ScoreThisRound.Text(), msg.ScoreTotal.Text(),
		first, name(2), "+3", "0",
		second, name(0), "+1", "16",
		second, name(3), "+4", "16",
		fourth, name(1), "+2", "30"}
	if !slices.Equal(texts, want) {
		t.Errorf("score panel reads\n%q\nwant\n%q", texts, want)
	}
}
