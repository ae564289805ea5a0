package browsertest

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestNameOnPhone types a name on an emulated phone (390×844 CSS pixels, device pixel ratio 2,
// touch only): a tap on the name field of the new-game form brings up the page's own text input
// over it, focused (so a real phone shows its keyboard); what is typed there, ended with Enter,
// becomes the name the table shows on the person's plate.
func TestNameOnPhone(t *testing.T) {
	ctx := openPhone(t)
	waitState(t, ctx, "the menu", func(s gameState) bool { return s.Scene == "menu" && s.Input })
	clickButton(t, ctx, "new-game")
	s := waitState(t, ctx, "the new game form", func(s gameState) bool { return s.Scene == "newgame" })
	field, _ := s.button("name")
	clickButton(t, ctx, "name")
	// The input appears over the field and has the focus: the phone's keyboard is up.
	run(t, ctx, step, chromedp.WaitVisible(chromedp.CSS("#nimmt-text")))
	if id := run(t, ctx, step, chromedp.Evaluate[string]("document.activeElement && document.activeElement.id")); id != "nimmt-text" {
		t.Fatalf("the focus is on %q, not the text input", id)
	}
	box := run(t, ctx, step, chromedp.Evaluate[rect](`(() => { const r = document.getElementById("nimmt-text").getBoundingClientRect();
		return {x: r.x, y: r.y, w: r.width, h: r.height}; })()`))
	if d := max(abs(box.X-field.Rect.X), abs(box.Y-field.Rect.Y), abs(box.W-field.Rect.W), abs(box.H-field.Rect.H)); d > 2 {
		t.Errorf("the input %+v is not over the name field %+v", box, field.Rect)
	}
	screenshot(t, ctx, "phone-name-input")
	run(t, ctx, step, chromedp.Evaluate[bool](`(() => { const e = document.getElementById("nimmt-text"); e.value = ""; return true; })()`))
	run(t, ctx, step, chromedp.SendKeys(chromedp.CSS("#nimmt-text"), "Zoë"+kb.Enter))
	run(t, ctx, step, chromedp.WaitNotVisible(chromedp.CSS("#nimmt-text")))
	waitState(t, ctx, "the name on the form", func(s gameState) bool {
		b, ok := s.button("name")
		return ok && b.Label == "Zoë"
	})
	clickButton(t, ctx, "start")
	s = waitState(t, ctx, "the table", func(s gameState) bool { return len(s.Names) > 0 && len(s.RowRects) == 4 })
	if !slices.Contains(s.Names, "Zoë") || s.Names[0] != "Zoë" {
		t.Errorf("the table names the seats %q", s.Names)
	}
	screenshot(t, ctx, "phone-name-table")
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// TestNameFocusInGesture: iOS Safari shows its keyboard only for a focus given inside the
// user's gesture. A touch on the name field focuses the page's <input> inside the touchend
// handler itself: document.activeElement is the input synchronously after the dispatched
// touch, before any tick of the game has run, and the input lies over the field then. (The
// game may not see a touch that starts and ends in one script; the input then hides again.)
func TestNameFocusInGesture(t *testing.T) {
	ctx := openPhone(t)
	waitState(t, ctx, "the menu", func(s gameState) bool { return s.Scene == "menu" && s.Input })
	clickButton(t, ctx, "new-game")
	s := waitState(t, ctx, "the new game form", func(s gameState) bool { return s.Scene == "newgame" && s.Input })
	field, ok := s.button("name")
	if !ok {
		t.Fatal("no name field on the form")
	}
	x, y := field.Rect.X+field.Rect.W/2, field.Rect.Y+field.Rect.H/2
	// One script: the touch and the question, so no frame of the game can run in between.
	got := run(t, ctx, step, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
		const c = document.querySelector("canvas");
		const t = new Touch({identifier: 7, target: c, clientX: %g, clientY: %g});
		const before = document.activeElement ? document.activeElement.id : "";
		c.dispatchEvent(new TouchEvent("touchstart", {touches: [t], targetTouches: [t], changedTouches: [t], bubbles: true, cancelable: true}));
		c.dispatchEvent(new TouchEvent("touchend", {touches: [], targetTouches: [], changedTouches: [t], bubbles: true, cancelable: true}));
		const a = document.activeElement;
		const r = document.getElementById("nimmt-text").getBoundingClientRect();
		return JSON.stringify({focus: before + "|" + (a ? a.id : ""), box: {x: r.x, y: r.y, w: r.width, h: r.height}});
	})()`, x, y)))
	var res struct {
		Focus string
		Box   rect
	}
	if err := json.Unmarshal([]byte(got), &res); err != nil {
		t.Fatalf("%v in %q", err, got)
	}
	if res.Focus != "|nimmt-text" {
		t.Fatalf("focus before|after the touch: %q, want the text input focused inside the touch", res.Focus)
	}
	box := res.Box
	if d := max(abs(box.X-field.Rect.X), abs(box.Y-field.Rect.Y), abs(box.W-field.Rect.W), abs(box.H-field.Rect.H)); d > 2 {
		t.Errorf("the input %+v is not over the name field %+v", box, field.Rect)
	}
	// A touch elsewhere (on the felt above the form) focuses nothing.
	got = run(t, ctx, step, chromedp.Evaluate[string](`(() => {
		document.getElementById("nimmt-text").blur();
		const c = document.querySelector("canvas");
		const t = new Touch({identifier: 8, target: c, clientX: 2, clientY: 2});
		c.dispatchEvent(new TouchEvent("touchend", {touches: [], targetTouches: [], changedTouches: [t], bubbles: true, cancelable: true}));
		const a = document.activeElement;
		return a && a.id ? a.id : "";
	})()`))
	if got == "nimmt-text" {
		t.Errorf("a touch off every field focused the text input")
	}
}
