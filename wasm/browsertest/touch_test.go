package browsertest

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

type touchKey struct{}

// withTouch makes clickRect tap with a finger instead of clicking.
func withTouch(ctx context.Context) context.Context { return context.WithValue(ctx, touchKey{}, true) }

func touching(ctx context.Context) bool { b, _ := ctx.Value(touchKey{}).(bool); return b }

// tap touches CSS pixels (x, y). Ebitengine samples touches once per tick, and a touch that
// starts and ends between two ticks is never seen: the finger stays down until the game's Update
// has seen it, and tap returns once an Update has seen it lifted (see click).
func tap(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	one := 1.0
	send := func(typ input.DispatchTouchEventType, pts []*input.TouchPoint) {
		run(t, ctx, step, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(c, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		}))
	}
	send(input.DispatchTouchEventTypeTouchStart, []*input.TouchPoint{{X: x, Y: y, RadiusX: &one, RadiusY: &one, Force: &one}})
	pressed(t, ctx, true)
	send(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
	pressed(t, ctx, false)
}

// openPhone opens the game in a page emulating a phone held upright: 390×844 CSS pixels,
// device pixel ratio 2, touch only; the context taps with a finger. The game's animations are
// instant (the taps, the layouts and the name field are what these tests look at).
func openPhone(t *testing.T) context.Context {
	t.Helper()
	enabled(t)
	url := serve(t)
	ctx := withTouch(browser(t))
	run(t, ctx, step, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch))
	setSettings(t, ctx, url, `{"speed":"instant"}`)
	open(t, ctx, url+"/")
	return ctx
}

// TestTouchPortrait plays on an emulated phone held upright (390×844 CSS pixels, device pixel
// ratio 2, touch only): the menu, the new game form and a turn are all done by taps, and the tap
// targets are at least 44 pixels.
func TestTouchPortrait(t *testing.T) {
	ctx := openPhone(t)
	if n := run(t, ctx, step, chromedp.Evaluate[float64]("navigator.maxTouchPoints")); n < 1 {
		t.Fatalf("touch emulation is off (maxTouchPoints %v)", n)
	}
	s := waitState(t, ctx, "the menu", func(s gameState) bool { return s.Scene == "menu" && s.Input })
	if s.Scale != 2 {
		t.Errorf("game scale %v on a device pixel ratio 2 phone", s.Scale)
	}
	checkTargets(t, "menu", s)
	clickButton(t, ctx, "new-game")
	s = waitState(t, ctx, "the new game form", func(s gameState) bool { return s.Scene == "newgame" })
	checkTargets(t, "new game form", s)
	clickButton(t, ctx, "start")
	s = waitState(t, ctx, "the person's turn", func(s gameState) bool {
		return s.Input && s.Decision == "play" && s.Chosen == 0 && len(s.Hand) > 0
	})
	checkTargets(t, "table", s)
	screenshot(t, ctx, "phone-portrait-table")
	played := playTurn(t, ctx)
	n := waitState(t, ctx, "the card played", func(n gameState) bool { return n.Chosen != 0 || len(n.Hand) < len(played.Hand) })
	if slices.Equal(n.Hand, played.Hand) {
		t.Errorf("tapping a card did not play it: %v", n)
	}
	screenshot(t, ctx, "phone-portrait-played")

	// The same game on a phone held sideways and on a tablet: the layout follows, targets stay big.
	for _, v := range []struct {
		name string
		w, h int64
		o    chromedp.EmulateViewportOption
	}{
		{"phone-landscape", 844, 390, chromedp.EmulateLandscape},
		{"tablet-portrait", 1024, 1366, chromedp.EmulatePortrait},
	} {
		run(t, ctx, step, chromedp.EmulateViewport(v.w, v.h, chromedp.EmulateScale(2), v.o, chromedp.EmulateMobile, chromedp.EmulateTouch))
		s := waitState(t, ctx, v.name+" layout", func(s gameState) bool {
			return s.Width == float64(v.w) && s.Height == float64(v.h) && len(s.RowRects) == 4
		})
		checkTargets(t, v.name, s)
		screenshot(t, ctx, v.name)
	}
}

// checkTargets logs the smallest tap targets and fails below 44 logical (CSS) pixels, the
// usual minimum for a finger; hand cards may overlap in a fan, so only their height counts.
func checkTargets(t *testing.T, where string, s gameState) {
	t.Helper()
	minB, minH := math.Inf(1), math.Inf(1)
	for _, b := range s.Buttons {
		minB = min(minB, b.Rect.W, b.Rect.H)
	}
	for _, r := range s.RowRects {
		minB = min(minB, r.W, r.H)
	}
	for _, r := range s.HandRects {
		minH = min(minH, r.H)
	}
	minW := math.Inf(1)
	for _, r := range s.HandRects {
		minW = min(minW, r.W)
	}
	t.Logf("%s at %vx%v: smallest button/row side %.0f px, hand cards %.0f px tall, %.0f px wide", where, s.Width, s.Height, minB, minH, minW)
	if minB < 44 || minH < 44 {
		t.Errorf("%s: tap targets under 44 px", where)
	}
}
