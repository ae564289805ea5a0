package browsertest

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// firstDrawHook records, in any build, performance.now() at the page's first WebGL draw call:
// Ebitengine flushes a frame's draws at its end, so that is when the first frame is drawn.
const firstDrawHook = `(() => {
  const p = WebGL2RenderingContext.prototype;
  for (const name of ["drawElements", "drawArrays"]) {
    const f = p[name];
    p[name] = function (...a) {
      if (window.nimmtFirstDrawMs === undefined) window.nimmtFirstDrawMs = performance.now();
      return f.apply(this, a);
    };
  }
})();`

// releaseSite builds pkg as the release site (no test hooks) into a temporary folder and serves it.
func releaseSite(t *testing.T, pkg string) string {
	t.Helper()
	return siteWith(t, pkg)
}

// firstDraw opens url in a fresh browser and returns navigation start → first frame drawn, on
// the page's clock.
func firstDraw(t *testing.T, url string) time.Duration {
	t.Helper()
	ctx := browser(t)
	defer chromedp.Cancel(ctx)
	c, cancel := context.WithTimeout(ctx, step)
	defer cancel()
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: firstDrawHook}); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	run(t, ctx, guard, chromedp.Navigate(url+"/"))
	run(t, ctx, guard, chromedp.Poll[bool]("window.nimmtFirstDrawMs !== undefined", chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(0)))
	ms := run(t, ctx, step, chromedp.Evaluate[float64]("window.nimmtFirstDrawMs"))
	return time.Duration(ms * float64(time.Millisecond))
}

// TestFirstFrameRelease measures navigation → first frame of the release builds (no test hooks) of
// the game and of a bare Ebitengine program (wasm/bare), loaded by the same page from the same
// kind of server, in 7 pairs run alternately in fresh headless Chromiums. It logs both medians,
// their ratio and the median of the pairs' ratios (goal ≤ 1.3×). scripts/wasm-figures.sh runs it
// (NIMMT_FIGURES=1).
func TestFirstFrameRelease(t *testing.T) {
	enabled(t)
	if os.Getenv("NIMMT_FIGURES") != "1" {
		t.Skip("figures: set NIMMT_FIGURES=1 (scripts/wasm-figures.sh does)")
	}
	game, bare := releaseSite(t, "./wasm"), releaseSite(t, "./wasm/bare")
	const pairs = 7
	var g, b, ratios []float64
	for i := range pairs {
		var dg, db time.Duration
		if i%2 == 0 {
			dg, db = firstDraw(t, game), firstDraw(t, bare)
		} else {
			db, dg = firstDraw(t, bare), firstDraw(t, game)
		}
		g, b = append(g, dg.Seconds()), append(b, db.Seconds())
		ratios = append(ratios, dg.Seconds()/db.Seconds())
	}
	t.Logf("first frame release game s %.3f", g)
	t.Logf("first frame release bare s %.3f", b)
	slices.Sort(g)
	slices.Sort(b)
	slices.Sort(ratios)
	m := pairs / 2
	t.Logf("first frame (release, navigation → first draw, %d pairs): game median %.3f s, bare median %.3f s, ratio of medians %.2f, median pair ratio %.2f (goal <= 1.30)",
		pairs, g[m], b[m], g[m]/b[m], ratios[m])
}
