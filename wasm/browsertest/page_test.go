package browsertest

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPage checks the page around the game: it loads with a complete progress bar, the first frame
// comes, hiding the tab pauses the game under an overlay, and a click resumes it.
func TestPage(t *testing.T) {
	enabled(t)
	url := serve(t)
	ctx := browser(t)
	d := open(t, ctx, url+"/")
	t.Logf("navigation to first frame: %v", d)

	width := run(t, ctx, step, chromedp.Evaluate[string](`document.getElementById("fill").style.width`))
	if width != "100%" {
		t.Errorf("progress bar at %q after loading, want 100%%", width)
	}
	if hidden := run(t, ctx, step, chromedp.Evaluate[bool](`document.getElementById("loader").hidden`)); !hidden {
		t.Errorf("the loading overlay is still shown")
	}
	canvas := run(t, ctx, step, chromedp.Evaluate[[]float64](
		`(() => { const c = document.querySelector("canvas"); return [c.clientWidth, c.clientHeight, c.width, c.height, devicePixelRatio]; })()`))
	if canvas[0] != viewportW || canvas[1] != viewportH {
		t.Errorf("canvas is %vx%v CSS pixels, want the viewport %dx%d", canvas[0], canvas[1], viewportW, viewportH)
	}
	if canvas[2] != canvas[0]*canvas[4] || canvas[3] != canvas[1]*canvas[4] {
		t.Errorf("canvas buffer %vx%v does not follow devicePixelRatio %v", canvas[2], canvas[3], canvas[4])
	}
	screenshot(t, ctx, "page-first-frame")

	// The still menu: the game stops its frames and the page holds back Ebitengine's request
	// for the next animation frame (index.html), so the idle page does no work at all.
	until(t, ctx, "the idle menu with its animation frame held", `window.nimmtIdle === true && window.nimmtFrameHeld()`)
	// And it stays so while nothing moves: over the page's next 120 animation frames (counted, not
	// timed) the game draws no frame and its request stays held. A wake that came back at a steady
	// pace (a timer, a poll), a frame drawn only to look, or a request let go would show here.
	f0 := run(t, ctx, step, chromedp.Evaluate[int]("window.nimmtFrames"))
	still := run(t, ctx, step, chromedp.Evaluate[string](`new Promise((done) => {
		let n = 0, lost = "";
		const f = () => {
			if (!lost && !window.nimmtFrameHeld()) lost = "the frame request was let go at animation frame " + n;
			if (++n < 120) requestAnimationFrame(f); else done(lost);
		};
		requestAnimationFrame(f);
	})`, chromedp.EvalAwaitPromise))
	if f1 := run(t, ctx, step, chromedp.Evaluate[int]("window.nimmtFrames")); f1 != f0 || still != "" {
		t.Errorf("the still menu drew %d frames over 120 animation frames of the page; %s", f1-f0, still)
	}

	// Resize: the canvas follows.
	run(t, ctx, step, chromedp.EmulateViewport(600, 900))
	until(t, ctx, "the canvas to follow the resize", `document.querySelector("canvas").width === 600 * devicePixelRatio`)
	run(t, ctx, step, chromedp.EmulateViewport(viewportW, viewportH))

	// Hidden tab → paused overlay; the game's Update stops; a click resumes it.
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](
		`Object.defineProperty(document, "hidden", {configurable: true, get: () => true}); document.dispatchEvent(new Event("visibilitychange"))`))
	if p := run(t, ctx, step, chromedp.Evaluate[bool](`window.nimmtPaused && !document.getElementById("paused").hidden`)); !p {
		t.Fatalf("no paused overlay after the tab was hidden")
	}
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`delete document.hidden`))
	screenshot(t, ctx, "page-paused")
	// While paused, frames still come (the overlay covers the canvas, so a resize brings one:
	// Ebitengine draws a frame for it even when the game's frames are stopped), and the game's
	// Update runs in none of them.
	u0 := updates(t, ctx)
	for _, w := range []int64{1000, viewportW} {
		f := run(t, ctx, step, chromedp.Evaluate[int]("window.nimmtFrames"))
		run(t, ctx, step, chromedp.EmulateViewport(w, viewportH))
		until(t, ctx, fmt.Sprintf("a frame at width %d while paused", w), fmt.Sprintf("window.nimmtFrames > %d", f))
	}
	if u1 := updates(t, ctx); u1 != u0 {
		t.Errorf("the game updated %v times while paused", u1-u0)
	}
	run(t, ctx, step, chromedp.MouseClickXY(viewportW/2, viewportH/2))
	if p := run(t, ctx, step, chromedp.Evaluate[bool](`window.nimmtPaused || !document.getElementById("paused").hidden`)); p {
		t.Errorf("still paused after a click")
	}
	// Back from the pause, the game updates again: a pointer move on the canvas brings a frame
	// with an Update (fails after guard if none comes).
	u0 = updates(t, ctx)
	run(t, ctx, step, chromedp.MouseEvent(chromedp.MouseMoved, 30, 30))
	waitUpdate(t, ctx, u0)
}
