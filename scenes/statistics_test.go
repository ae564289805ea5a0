package scenes

import (
	"errors"
	"testing"

	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/ui"
	"nimmt/stats"
	"nimmt/storage"
)

// TestStatisticsRecordAGame plays a whole game through the real scenes to game over and checks
// it is in the statistics, on the statistics page and in the file, once.
func TestStatisticsRecordAGame(t *testing.T) {
	mem := &storage.Memory{}
	g := newTestGame(t, mem, "instant")
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "new-game")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "newgame" })
	tapButton(t, g, "start")
	d := &driver{g: g}
	g.InjectInput(d.step)
	ts := runUntil(t, g, 200000, func(ts ui.TestState) bool { return ts.Scene == "gameover" && ts.Input })
	s := g.Stats.Stats().Local
	won := false
	for _, w := range ts.Winners {
		won = won || w == 0
	}
	if s.Played != 1 || (s.Won == 1) != won || s.Rounds == 0 || s.Best == nil || s.Best.Total != ts.Scores[0] {
		t.Fatalf("after one game (scores %v winners %v): %+v", ts.Scores, ts.Winners, s)
	}
	if s.ByLevel["intermediate"].Played != 1 || s.ByVariant["basic"].Played != 1 {
		t.Errorf("by level %v, by variant %v", s.ByLevel, s.ByVariant)
	}
	k, err := stats.Open(mem)
	if err != nil || k.Stats().Local.Played != 1 {
		t.Fatalf("the statistics file holds %+v (%v)", k.Stats().Local.Tally, err)
	}
	g.InjectInput(func(in *ui.Input) {})
	tapButton(t, g, "menu-gameover")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "stats")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "stats" })
	if !hasLabel(g, msg.New(msg.StatsTally, s.ByLevel["intermediate"].Won, 1).String()) {
		t.Error("the statistics page does not show the game against intermediate bots")
	}
}

func hasLabel(g *Game, label string) bool {
	for _, w := range g.cur.(*menu.Menu).Widgets {
		if w.Label == label {
			return true
		}
	}
	return false
}

// TestStatisticsReset checks that Reset asks first: keeping them changes nothing, confirming
// forgets them (in the file too).
func TestStatisticsReset(t *testing.T) {
	mem := &storage.Memory{}
	g := newTestGame(t, mem, "instant")
	if err := sampleStats(g, 3); err != nil {
		t.Fatal(err)
	}
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "stats")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "stats" })
	tapButton(t, g, "stats-reset")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "stats-reset" })
	tapButton(t, g, "stats-reset-no")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "stats" })
	if g.Stats.Stats().Local.Played != 16 {
		t.Fatalf("keeping the statistics changed them: %+v", g.Stats.Stats().Local.Tally)
	}
	tapButton(t, g, "stats-reset")
	tapButton(t, g, "stats-reset-yes")
	if g.Stats.Stats().Local.Played != 0 {
		t.Fatalf("confirmed reset kept %+v", g.Stats.Stats().Local.Tally)
	}
	if k, _ := stats.Open(mem); k.Stats().Local.Played != 0 {
		t.Error("the file still holds the statistics after a reset")
	}
	for _, b := range g.TestState().Buttons {
		if b.ID == "stats-reset" && b.Enabled {
			t.Error("Reset is offered with nothing to reset")
		}
	}
}

// TestStatisticsDamaged opens the game over a damaged statistics file: the menu says so, the
// file is replaced and the old bytes are kept.
func TestStatisticsDamaged(t *testing.T) {
	mem := &storage.Memory{}
	if err := mem.Save(stats.File, []byte(`{"version":1,"local":`)); err != nil {
		t.Fatal(err)
	}
	g := newTestGame(t, mem, "instant")
	if g.Notice.ID != msg.NoticeStatsDamaged {
		t.Errorf("notice %q, want the damaged statistics notice", g.Notice.String())
	}
	if _, err := stats.Open(mem); err != nil {
		var d *stats.DamagedError
		t.Errorf("the damaged file was not replaced: %v (damaged: %v)", err, errors.As(err, &d))
	}
	if b, err := mem.Load(stats.DamagedFile); err != nil || len(b) == 0 {
		t.Errorf("the damaged bytes were not kept: %v", err)
	}
}

// TestStatisticsPage: the tallies' column is written as large as the summary's, and a page with
// no game yet says so in a sentence instead of showing the tallies' headings over nothing
// (issue 26).
func TestStatisticsPage(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.LayoutF(1280, 720)
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "stats")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "stats" })
	if !hasLabel(g, msg.StatsEmpty.Text()) || hasLabel(g, msg.StatsByLevel.Text()) || hasLabel(g, msg.StatsByVariant.Text()) {
		t.Error("the page without a game shows the tallies' headings, or not the sentence that says why they are empty")
	}
	if err := sampleStats(g, 3); err != nil {
		t.Fatal(err)
	}
	m := g.cur.(*menu.Menu)
	m.Build()
	size := func(label string) float64 {
		for i := range m.Widgets {
			if w := &m.Widgets[i]; w.Label == label {
				texts, _ := g.host.WidgetTexts(w)
				return texts[0].Style.Size
			}
		}
		t.Fatalf("no %q on the page", label)
		return 0
	}
	left := size(msg.StatsPlayed.Text())
	for _, label := range []string{msg.StatsByLevel.Text(), msg.StatsByVariant.Text(), ui.LevelName("expert").Text()} {
		if right := size(label); right != left {
			t.Errorf("%q at %.1f px beside the summary's %.1f px", label, right, left)
		}
	}
}
