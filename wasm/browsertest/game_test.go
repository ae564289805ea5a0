package browsertest

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"nimmt/engine"
)

// rect and gameState mirror scenes.TestState's JSON (logical pixels; Scale = device/logical).
type rect struct{ X, Y, W, H float64 }

type button struct {
	ID      string `json:"id"`
	Rect    rect   `json:"rect"`
	Enabled bool   `json:"enabled"`
	Label   string `json:"label"`
}

type gameState struct {
	Scene     string   `json:"scene"`
	Width     float64  `json:"width"`
	Height    float64  `json:"height"`
	Scale     float64  `json:"scale"`
	Input     bool     `json:"input"`
	Hand      []int    `json:"hand"`
	HandRects []rect   `json:"hand_rects"`
	Chosen    int      `json:"chosen"`
	Rows      [4][]int `json:"rows"`
	RowRects  []rect   `json:"row_rects"`
	Scores    []int    `json:"scores"`
	Names     []string `json:"names"`
	Decision  string   `json:"decision"`
	Waiting   []int    `json:"waiting"`
	Round     int      `json:"round"`
	Turn      int      `json:"turn"`
	Buttons   []button `json:"buttons"`
	Notice    string   `json:"notice"`
	Redraws   int      `json:"redraws"`
}

func (s gameState) button(id string) (button, bool) {
	for _, b := range s.Buttons {
		if b.ID == id {
			return b, true
		}
	}
	return button{}, false
}

func (s gameState) String() string {
	ids := []string{}
	for _, b := range s.Buttons {
		ids = append(ids, fmt.Sprintf("%s(%v)", b.ID, b.Enabled))
	}
	return fmt.Sprintf("scene=%s input=%v decision=%q round=%d turn=%d hand=%v chosen=%d rows=%v scores=%v buttons=%v notice=%q",
		s.Scene, s.Input, s.Decision, s.Round, s.Turn, s.Hand, s.Chosen, s.Rows, s.Scores, ids, s.Notice)
}

func readState(t *testing.T, ctx context.Context) gameState {
	t.Helper()
	var s gameState
	testState(t, ctx, &s)
	return s
}

// waitState waits until ok holds for the game's state (see waitFor).
func waitState(t *testing.T, ctx context.Context, what string, ok func(gameState) bool) gameState {
	t.Helper()
	return waitFor(t, ctx, what, ok)
}

// waitFor waits until ok holds for the page's test state, read as a T. The state changes only
// when the game draws a frame, so it reads the state and, while ok does not hold, waits for the
// next frame (the game draws none while nothing moves: then only the awaited change itself
// brings one). There is no quota: only guard, far beyond any wait on a loaded machine, stops a
// page that stalled, and then the test fails with the last state.
func waitFor[T any](t *testing.T, ctx context.Context, what string, ok func(T) bool) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, guard)
	defer cancel()
	for {
		var s T
		frames := testStateAt(t, ctx, &s)
		if ok(s) {
			return s
		}
		if err := waitFrames(c, frames); err != nil {
			screenshot(t, ctx, "timeout")
			t.Fatalf("waiting for %s: %v; last state: %+v", what, err, s)
		}
	}
}

// clickRect clicks the centre of r, given in the game's logical pixels.
func clickRect(t *testing.T, ctx context.Context, s gameState, r rect) {
	t.Helper()
	sc := s.Scale
	if sc <= 0 {
		sc = 1
	}
	// Logical → screen (device) pixels → CSS pixels through Ebitengine's letterbox.
	x, y := getLayout(t, ctx).toCSS((r.X+r.W/2)*sc, (r.Y+r.H/2)*sc)
	if touching(ctx) {
		tap(t, ctx, x, y)
	} else {
		click(t, ctx, x, y)
	}
}

func clickButton(t *testing.T, ctx context.Context, id string) gameState {
	t.Helper()
	s := waitState(t, ctx, "button "+id, func(s gameState) bool {
		b, ok := s.button(id)
		return ok && b.Enabled && s.Input
	})
	b, _ := s.button(id)
	clickRect(t, ctx, s, b.Rect)
	return s
}

func cheapestRow(s gameState) int {
	best, bestSum := 0, 1<<30
	for i, r := range s.Rows {
		sum := 0
		for _, c := range r {
			sum += engine.Card(c).Bullheads()
		}
		if sum < bestSum {
			best, bestSum = i, sum
		}
	}
	return best
}

// playTurn waits for the person's decision and makes it by clicking: the middle card of the hand
// (tap to lift, tap again to play), or the cheapest row when asked. It returns the state it acted on.
func playTurn(t *testing.T, ctx context.Context) gameState {
	t.Helper()
	s := waitState(t, ctx, "the person's turn", func(s gameState) bool {
		return s.Input && (s.Decision == "play" && s.Chosen == 0 && len(s.Hand) > 0 || s.Decision == "row") ||
			s.Scene == "score" || s.Scene == "gameover"
	})
	switch s.Decision {
	case "row":
		r := cheapestRow(s)
		clickRect(t, ctx, s, s.RowRects[r])
		waitState(t, ctx, "the row choice to be taken", func(n gameState) bool { return n.Decision != "row" || !n.Input })
	case "play":
		if len(s.HandRects) < len(s.Hand) || len(s.Hand) == 0 {
			t.Fatalf("hand without tap targets: %v", s)
		}
		i := len(s.Hand) / 2
		card := s.Hand[i]
		// clickRect returns once the game has run an Update after the release: the state read
		// then shows what the click did.
		for try := 0; try < 3; try++ {
			clickRect(t, ctx, s, s.HandRects[i])
			n := readState(t, ctx)
			if n.Chosen == card || !slices.Contains(n.Hand, card) || n.Decision != "play" {
				return s
			}
			if b, ok := n.button("confirm"); ok && b.Enabled {
				clickRect(t, ctx, n, b.Rect)
				if n := readState(t, ctx); n.Chosen == card || !slices.Contains(n.Hand, card) {
					return s
				}
			}
			s = n
		}
		screenshot(t, ctx, "card-not-played")
		n := readState(t, ctx)
		t.Fatalf("clicking card %d does not play it: %v; hand rects %v; page layout %+v", card, n, n.HandRects, getLayout(t, ctx))
	}
	return s
}

// TestPlayRound starts a game from the menu by clicks, plays a whole round by clicking cards (and
// rows when asked), checks screenshots of the table, and checks that Continue resumes the game
// after a reload (the autosave is in localStorage).
func TestPlayRound(t *testing.T) {
	enabled(t)
	url := serve(t)
	ctx := browser(t)
	// Instant animations keep the test short; everything else is the default.
	setSettings(t, ctx, url, `{"speed":"instant"}`)
	open(t, ctx, url+"/")

	s := waitState(t, ctx, "the menu", func(s gameState) bool { return s.Scene == "menu" && s.Input })
	if b, ok := s.button("continue"); !ok || b.Enabled {
		t.Errorf("menu: Continue should be there and disabled without a save: %v", s)
	}
	if _, ok := s.button("quit"); ok {
		t.Errorf("menu: the browser build has a Quit button")
	}
	screenshot(t, ctx, "menu")
	clickButton(t, ctx, "new-game")
	waitState(t, ctx, "the new game form", func(s gameState) bool { return s.Scene == "newgame" })
	clickButton(t, ctx, "start")

	// Three turns, then a reload in the middle of the round.
	for i := 0; i < 3; i++ {
		s = playTurn(t, ctx)
		t.Logf("turn %d: played from %v", s.Turn, s.Hand)
		if i == 0 {
			screenshot(t, ctx, "table")
		}
	}
	myTurn := func(s gameState) bool { return s.Input && s.Decision == "play" && s.Chosen == 0 && len(s.Hand) > 0 }
	for waitState(t, ctx, "turn 4", func(s gameState) bool {
		return myTurn(s) || s.Input && s.Decision == "row"
	}).Decision == "row" {
		playTurn(t, ctx) // a row to take first
	}
	before := waitState(t, ctx, "turn 4", myTurn)
	open(t, ctx, url+"/")
	waitState(t, ctx, "the menu after reload", func(s gameState) bool { return s.Scene == "menu" && s.Input })
	clickButton(t, ctx, "continue")
	after := waitState(t, ctx, "the resumed turn", myTurn)
	if !slices.Equal(before.Hand, after.Hand) || fmt.Sprint(before.Rows) != fmt.Sprint(after.Rows) || !slices.Equal(before.Scores, after.Scores) {
		t.Errorf("Continue after reload does not resume the game:\nbefore %v\nafter  %v", before, after)
	}
	screenshot(t, ctx, "table-resumed")

	// The rest of the round.
	round := after.Round
	for i := 0; i < 30; i++ { // turns and row choices
		s = playTurn(t, ctx)
		if s.Round != round || s.Scene == "score" || s.Scene == "gameover" {
			break
		}
	}
	end := waitState(t, ctx, "the end of the round", func(s gameState) bool {
		return s.Scene == "score" || s.Scene == "gameover" || s.Round > round
	})
	t.Logf("round %d over: %v", round, end)
	screenshot(t, ctx, "round-end")
}
