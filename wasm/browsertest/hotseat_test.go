package browsertest

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// hotSeatState is the part of scenes.TestState a hot-seat game adds: the seat shown, the person
// the device must pass to, and the draft pool.
type hotSeatState struct {
	gameState
	Seat      int    `json:"seat"`
	Handover  string `json:"handover"`
	PoolRects []rect `json:"pool_rects"`
}

func readHotSeat(t *testing.T, ctx context.Context) hotSeatState {
	t.Helper()
	var s hotSeatState
	testState(t, ctx, &s)
	return s
}

// TestHotSeat plays whole hot-seat games in the browser, three people (Ann, Bob and Cy) and a
// bot, in Basic and in Logic (a draft), one round each, by clicks: every hand-over screen shows
// no hand, each person plays from their own seat, and the game reaches its end.
func TestHotSeat(t *testing.T) {
	enabled(t)
	url := serve(t)
	ctx := browser(t)
	// A small desktop window: what the test checks does not depend on the size, and SwiftShader
	// spends CPU per pixel of each frame (1280×800: ~79 ms a frame; docs/PERFORMANCE.md).
	run(t, ctx, step, chromedp.EmulateViewport(800, 500))
	for _, variant := range []string{"basic", "logic"} {
		setSettings(t, ctx, url, `{"speed":"instant","name":"Ann","seats":4,`+
			`"levels":["person","person","intermediate"],"names":["Bob","Cy"],"end_mode":"rounds","rounds":1,"variant":"`+variant+`"}`)
		open(t, ctx, url+"/")
		waitState(t, ctx, "the menu", func(s gameState) bool { return s.Scene == "menu" && s.Input })
		clickButton(t, ctx, "new-game")
		waitState(t, ctx, "the new game form", func(s gameState) bool { return s.Scene == "newgame" })
		clickButton(t, ctx, "start")
		handovers, seats := 0, map[int]int{}
		names := map[string]bool{}
		start := time.Now()
		// Only a stalled page ends the game early: each step waits for a condition, not a time.
		c, cancel := context.WithTimeout(ctx, 4*guard)
		defer cancel()
		for {
			var s hotSeatState
			frames := testStateAt(t, ctx, &s)
			if s.Scene == "gameover" && s.Input {
				break
			}
			acted := false
			// clickRect returns once the game has taken the click.
			act := func(r rect) {
				clickRect(t, ctx, s.gameState, r)
				acted = true
			}
			switch {
			case s.Handover != "":
				if len(s.Hand) > 0 || len(s.HandRects) > 0 || s.Decision != "" {
					t.Fatalf("%s: the hand-over to %s shows hand %v, decision %q", variant, s.Handover, s.Hand, s.Decision)
				}
				if b, ok := s.button("handover-ready"); ok && b.Enabled && s.Input {
					if handovers == 0 {
						screenshot(t, ctx, "hotseat-handover-"+variant)
					}
					names[s.Handover] = true
					handovers++
					act(b.Rect)
				}
			case s.Scene == "score":
				if b, ok := s.button("continue"); ok && b.Enabled {
					act(b.Rect)
				}
			case !s.Input:
			case s.Decision == "draft" && len(s.PoolRects) > 0:
				seats[s.Seat]++
				act(s.PoolRects[len(s.PoolRects)/2])
			case s.Decision == "row":
				seats[s.Seat]++
				act(s.RowRects[cheapestRow(s.gameState)])
			case s.Decision == "play" && s.Chosen == 0 && len(s.HandRects) > 0:
				seats[s.Seat]++
				r := s.HandRects[len(s.HandRects)/2]
				act(r) // the pointer hovers there first: one click lifts and plays it
				if n := readHotSeat(t, ctx); n.Chosen == 0 && n.Handover == "" && n.Decision == "play" && len(n.Hand) == len(s.Hand) {
					act(r) // it was only lifted
				}
			}
			if !acted {
				// Nothing to do yet (a bot thinks, cards move): wait for the next frame.
				if err := waitFrames(c, frames); err != nil {
					screenshot(t, ctx, "hotseat-timeout")
					t.Fatalf("%s: no game over: %v; last state %v", variant, err, s.gameState)
				}
			}
		}
		if len(seats) != 3 || !names["Ann"] || !names["Bob"] || !names["Cy"] {
			t.Errorf("%s: decisions per seat %v, hand-overs to %v", variant, seats, names)
		}
		t.Logf("%s: %d hand-overs, decisions per seat %v, %v", variant, handovers, seats, time.Since(start).Round(time.Second))
		screenshot(t, ctx, "hotseat-gameover-"+variant)
	}
}
