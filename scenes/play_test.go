package scenes

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"nimmt/engine"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// driver plays the person's part through the real input path: taps on the rectangles that
// TestState reports, as a player would.
type driver struct {
	g     *Game
	taps  int
	ticks int
}

func (d *driver) tapRect(in *ui.Input, r ui.Rect) {
	x, y := r.Center()
	in.Tap, in.TapX, in.TapY = true, x, y
	in.X, in.Y = x, y
	d.taps++
}

func (d *driver) button(ts *ui.TestState, id string) (ui.Rect, bool) {
	for _, b := range ts.Buttons {
		if b.ID == id && b.Enabled {
			return b.Rect, true
		}
	}
	return ui.Rect{}, false
}

// step decides this tick's input from the visible state.
func (d *driver) step(in *ui.Input) {
	d.ticks++
	ts := d.g.TestState()
	if !ts.Input && ts.Scene != "score" {
		return
	}
	switch {
	case ts.Scene == "score":
		if r, ok := d.button(&ts, "continue"); ok {
			d.tapRect(in, r)
		}
	case ts.Decision == "play" && ts.Chosen == 0 && len(ts.HandRects) > 0:
		// Tap the middle card twice: select, then play.
		i := len(ts.HandRects) / 2
		d.tapRect(in, ts.HandRects[i])
	case ts.Decision == "row":
		best, bi := 1<<30, 0
		for r, row := range ts.Rows {
			if len(row) < best {
				best, bi = len(row), r
			}
		}
		d.tapRect(in, ts.RowRects[bi])
	}
}

func newTestGame(t *testing.T, st ui.Storage, speed string) *Game {
	t.Helper()
	g, err := NewGame(ui.Options{Storage: st, Speed: speed, Seed: 7, InlineBots: true})
	if err != nil {
		t.Fatal(err)
	}
	g.LayoutF(1280, 720)
	return g
}

// runUntil ticks the game (Update only) until cond holds or the tick budget runs out. The bots
// run inline (Options.InlineBots): a tick count is the same on any machine.
func runUntil(t *testing.T, g *Game, budget int, cond func(ts ui.TestState) bool) ui.TestState {
	t.Helper()
	for i := 0; i < budget; i++ {
		if err := g.Update(); err != nil {
			t.Fatalf("Update: %v", err)
		}
		if ts := g.TestState(); cond(ts) {
			return ts
		}
	}
	ts := g.TestState()
	if tb, ok := g.cur.(*table.Table); ok && tb.Tutorial == nil {
		eg := engineOf(tb)
		t.Logf("consumed %d/%d idle %v phase %s disp.MyChoice %d eg.Waiting %v disp.Waiting %v", tb.Consumed, eg.EventCount(), tb.Tl.Idle(), tb.Phase, tb.Disp.MyChoice, eg.Waiting(), tb.Disp.Waiting)
	}
	t.Fatalf("condition not reached in %d ticks; scene %s round %d turn %d decision %q waiting %v", budget, ts.Scene, ts.Round, ts.Turn, ts.Decision, ts.Waiting)
	return ts
}

// engineOf returns the engine of a table's local game (tests look behind the session).
func engineOf(tb *table.Table) *engine.Game { return tb.Sess.(*session.LocalSession).Engine }

func tapButton(t *testing.T, g *Game, id string) {
	t.Helper()
	ts := g.TestState()
	for _, b := range ts.Buttons {
		if b.ID == id {
			x, y := b.Rect.Center()
			g.InjectInput(func(in *ui.Input) { in.Tap, in.TapX, in.TapY = true, x, y })
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
			g.InjectInput(func(in *ui.Input) {})
			return
		}
	}
	t.Fatalf("no button %q on scene %s (have %v)", id, ts.Scene, ts.Buttons)
}

// TestWholeGame plays a whole game from the menu to game over through the real scenes, with
// injected taps for the person and the real bots, at instant speed.
func TestWholeGame(t *testing.T) {
	mem := &storage.Memory{}
	g := newTestGame(t, mem, "instant")
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "new-game")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "newgame" })
	tapButton(t, g, "seats-plus") // 5 seats
	tapButton(t, g, "start")
	d := &driver{g: g}
	g.InjectInput(d.step)
	var u updateTimes
	var ts ui.TestState
	for {
		u.Update(t, g)
		if ts = g.TestState(); ts.Scene == "gameover" && ts.Input {
			break
		}
		if u.ticks > 200000 {
			t.Fatalf("no game over; scene %s", ts.Scene)
		}
	}
	t.Logf("Update over a whole game at instant speed: %v", &u)
	if len(ts.Scores) != 5 || len(ts.Winners) == 0 {
		t.Fatalf("game over with scores %v winners %v", ts.Scores, ts.Winners)
	}
	max := 0
	for _, s := range ts.Scores {
		if s > max {
			max = s
		}
	}
	if max < 66 {
		t.Errorf("game ended with top score %d < 66", max)
	}
	t.Logf("game over after %d ticks, %d taps: scores %v winners %v", d.ticks, d.taps, ts.Scores, ts.Winners)
	g.FlushSaves()
	b, err := mem.Load(ui.SaveFile)
	if err != nil || !strings.Contains(string(b), `"over":true`) {
		t.Errorf("save after game over: %v %.80s", err, b)
	}
	if session.HasSave(g.Env) {
		t.Error("a finished game can be continued")
	}
}

// TestContinue saves mid-game, loads it into a new Game and checks it resumes exactly there.
func TestContinue(t *testing.T) {
	mem := &storage.Memory{}
	g := newTestGame(t, mem, "instant")
	g.Settings.Seats = 3
	tb, err := table.NewTable(g.host, 99)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	d := &driver{g: g}
	g.InjectInput(d.step)
	before := runUntil(t, g, 20000, func(ts ui.TestState) bool { return ts.Turn >= 4 && ts.Decision == "play" && ts.Input })
	g.FlushSaves()
	g2 := newTestGame(t, mem, "instant")
	g2.InjectInput(func(in *ui.Input) {})
	runUntil(t, g2, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g2, "continue")
	after := runUntil(t, g2, 50, func(ts ui.TestState) bool { return ts.Scene == "choose" })
	bj, _ := json.Marshal([]any{before.Hand, before.Rows, before.Scores, before.Round, before.Turn})
	aj, _ := json.Marshal([]any{after.Hand, after.Rows, after.Scores, after.Round, after.Turn})
	if string(bj) != string(aj) {
		t.Fatalf("resumed state differs:\nbefore %s\nafter  %s", bj, aj)
	}
}

// TestDamagedFiles checks that corrupt or missing files say so and start clean.
func TestDamagedFiles(t *testing.T) {
	tests := []struct {
		name, settings, save string
		notice               string
		canContinue          bool
	}{
		{"missing", "", "", "", false},
		{"corrupt settings", "{not json", "", "Settings file was damaged", false},
		{"corrupt save", "", `{"version":1,"record":{"format":"nope"}}`, "", true},
		{"garbage save", "", "\x00\x01garbage", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mem := &storage.Memory{}
			if tc.settings != "" {
				mem.Save(ui.SettingsFile, []byte(tc.settings))
			}
			if tc.save != "" {
				mem.Save(ui.SaveFile, []byte(tc.save))
			}
			g := newTestGame(t, mem, "instant")
			g.InjectInput(func(in *ui.Input) {})
			ts := runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
			if tc.notice != "" && !strings.Contains(ts.Notice, tc.notice) {
				t.Errorf("notice %q, want %q", ts.Notice, tc.notice)
			}
			enabled := false
			for _, b := range ts.Buttons {
				if b.ID == "continue" {
					enabled = b.Enabled
				}
			}
			if enabled != tc.canContinue {
				t.Fatalf("continue enabled = %v", enabled)
			}
			if enabled {
				tapButton(t, g, "continue")
				ts = runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
				if !strings.Contains(ts.Notice, "damaged") {
					t.Errorf("notice %q after continuing a damaged save", ts.Notice)
				}
			}
			// A new game still starts.
			tapButton(t, g, "new-game")
			tapButton(t, g, "start")
			runUntil(t, g, 50, func(ts ui.TestState) bool { return ts.Scene == "choose" })
		})
	}
}

// TestKeyboard plays turns with the keyboard alone: digits select, Enter plays.
func TestKeyboard(t *testing.T) {
	g := newTestGame(t, nil, "instant")
	tb, err := table.NewTable(g.host, 5)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	g.InjectInput(func(in *ui.Input) {})
	for turn := 1; turn <= 3; turn++ {
		ts := runUntil(t, g, 2000, func(ts ui.TestState) bool { return ts.Decision == "play" && ts.Input && ts.Chosen == 0 })
		want := ts.Hand[1]
		g.InjectInput(func(in *ui.Input) { in.AddKey(ui.KeyDigit); in.Digit = 2 })
		g.Update()
		g.InjectInput(func(in *ui.Input) { in.AddKey(ui.KeyEnter) })
		g.Update()
		g.InjectInput(func(in *ui.Input) {})
		ts = runUntil(t, g, 2000, func(ts ui.TestState) bool { return ts.Chosen != 0 || ts.Turn > turn || ts.Decision == "row" })
		for _, c := range ts.Hand {
			if c == want {
				t.Fatalf("turn %d: %d still in hand %v (chosen %d)", turn, want, ts.Hand, ts.Chosen)
			}
		}
		runUntil(t, g, 2000, func(ts ui.TestState) bool { return ts.Turn > turn || ts.Decision == "row" })
		if g.TestState().Decision == "row" {
			g.InjectInput(func(in *ui.Input) { in.AddKey(ui.KeyDigit); in.Digit = 1 })
			g.Update()
			g.InjectInput(func(in *ui.Input) {})
		}
	}
}

// TestRulesWalkthrough steps through the rules walkthrough with taps on Next and checks the
// rows after each rulebook example (figures 2–4).
func TestRulesWalkthrough(t *testing.T) {
	g := newTestGame(t, nil, "fast")
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "rules")
	want := [][4][]int{
		{{12}, {37}, {43}, {58}},
		{{12, 14, 15}, {37}, {43, 44}, {58, 61}},
		{{30, 36}, {37}, {43, 44}, {58, 61}},
		{{30, 36}, {3, 9}, {43, 44}, {58, 61, 68, 93}},
		{{30, 36}, {3, 9}, {43, 44}, {58, 61, 68, 93}},
	}
	for step, rows := range want {
		ts := runUntil(t, g, 3000, func(ts ui.TestState) bool {
			for _, b := range ts.Buttons {
				if b.ID == "rules-next" && b.Enabled {
					return true
				}
			}
			return false
		})
		if ts.Scene != "rules" {
			t.Fatalf("step %d: scene %s", step, ts.Scene)
		}
		gotJSON, _ := json.Marshal(ts.Rows)
		wantJSON, _ := json.Marshal(rows)
		if string(gotJSON) != string(wantJSON) {
			t.Fatalf("step %d: rows %s, want %s", step+1, gotJSON, wantJSON)
		}
		tapButton(t, g, "rules-next")
	}
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
}

// TestUpdateTime plays a whole game at normal speed through the real scenes and reports the
// mean and worst Update time (the figure in docs/PERFORMANCE.md).
func TestUpdateTime(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game at normal speed")
	}
	g := newTestGame(t, &storage.Memory{}, "normal")
	tb, err := table.NewTable(g.host, 21)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	d := &driver{g: g}
	g.InjectInput(d.step)
	var u updateTimes
	var over int
	for {
		if el := u.Update(t, g); el > 500*time.Microsecond {
			over++
			if tb, ok := g.cur.(*table.Table); ok {
				t.Logf("slow tick %d: %v phase %s round %d turn %d", u.ticks-1, el, tb.Phase, tb.Disp.Round, tb.Disp.Turn)
			}
		}
		if ts := g.TestState(); ts.Scene == "gameover" && ts.Input {
			break
		}
		if u.ticks > 300000 {
			t.Fatal("no game over")
		}
	}
	t.Logf("Update over a whole game at normal speed: %v, %d ticks over 0.5 ms", &u, over)
}

// TestReplayLastTurn watches the last turn again: the rows go back to where the turn started
// and end where they were.
func TestReplayLastTurn(t *testing.T) {
	g := newTestGame(t, nil, "fast")
	tb, err := table.NewTable(g.host, 8)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	d := &driver{g: g}
	g.InjectInput(d.step)
	start := runUntil(t, g, 5000, func(ts ui.TestState) bool { return ts.Turn == 1 && ts.Input && ts.Decision == "play" })
	end := runUntil(t, g, 5000, func(ts ui.TestState) bool { return ts.Turn == 2 && ts.Input && ts.Decision == "play" })
	g.InjectInput(func(in *ui.Input) {})
	tapButton(t, g, "replay")
	mid := g.TestState()
	if fmt.Sprint(mid.Rows) != fmt.Sprint(start.Rows) || mid.Turn != 1 {
		t.Fatalf("replay starts at turn %d rows %v, want turn 1 rows %v", mid.Turn, mid.Rows, start.Rows)
	}
	after := runUntil(t, g, 5000, func(ts ui.TestState) bool { return ts.Turn == 2 && ts.Input })
	if fmt.Sprint(after.Rows) != fmt.Sprint(end.Rows) || fmt.Sprint(after.Hand) != fmt.Sprint(end.Hand) {
		t.Fatalf("after the replay rows %v hand %v, want %v %v", after.Rows, after.Hand, end.Rows, end.Hand)
	}
}

// TestPanicGoesToMenu checks that a panic inside a scene brings the player back to the menu
// with a notice instead of ending the game.
func TestPanicGoesToMenu(t *testing.T) {
	g := newTestGame(t, nil, "instant")
	tb, err := table.NewTable(g.host, 4)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	g.InjectInput(func(in *ui.Input) { panic("boom") })
	if err := g.Update(); err != nil {
		t.Fatalf("Update returned %v", err)
	}
	g.InjectInput(func(in *ui.Input) {})
	ts := g.TestState()
	if ts.Scene != "menu" || !strings.Contains(ts.Notice, "went wrong") {
		t.Fatalf("scene %q notice %q", ts.Scene, ts.Notice)
	}
}

// updateTimes times a game's Update calls: their number, total and longest.
type updateTimes struct {
	ticks        int
	total, worst time.Duration
}

// Update runs one Update (a failure ends the test) and returns its time.
func (u *updateTimes) Update(t *testing.T, g *Game) time.Duration {
	t.Helper()
	start := time.Now()
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	el := time.Since(start)
	u.ticks++
	u.total += el
	u.worst = max(u.worst, el)
	return el
}

func (u *updateTimes) String() string {
	return fmt.Sprintf("%d ticks, mean %v, worst %v", u.ticks, u.total/time.Duration(max(u.ticks, 1)), u.worst)
}
