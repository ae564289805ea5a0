package browsertest

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestExpertThinkingFrames plays the first turns against three Expert bots at normal speed and
// measures, in the page, the frames while the bots think: from the start of the person's turn
// until every bot has chosen. It logs the frame rate and the longest gap between frames (goal:
// ≥ 50 FPS, no gap a person would see), and how long the bots took. NIMMT_FIGURES=1 runs it.
func TestExpertThinkingFrames(t *testing.T) {
	enabled(t)
	if os.Getenv("NIMMT_FIGURES") != "1" {
		t.Skip("figures: set NIMMT_FIGURES=1 (scripts/wasm-figures.sh does)")
	}
	url := serve(t)
	ctx := browser(t)
	if os.Getenv("NIMMT_FIGURES_SMALL") == "1" {
		run(t, ctx, step, chromedp.EmulateViewport(640, 400))
	}
	open(t, ctx, url+"/")
	level := os.Getenv("NIMMT_FIGURES_LEVEL") // for comparison; default expert
	if level == "" {
		level = "expert"
	}
	settings := base64.StdEncoding.EncodeToString([]byte(fmt.Sprintf(`{"speed":"normal","seats":4,"levels":["%s","%s","%s"]}`, level, level, level)))
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`localStorage.clear(); localStorage.setItem("nimmt/settings.json", "`+settings+`")`))
	open(t, ctx, url+"/")
	clickButton(t, ctx, "new-game")
	waitState(t, ctx, "the new game form", func(s gameState) bool { return s.Scene == "newgame" })
	clickButton(t, ctx, "start")
	// Every animation frame's time, recorded by the page itself, and the game's own Draw count.
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](
		`window.nimmtRAF = []; (function f(t) { window.nimmtRAF.push(t); requestAnimationFrame(f); })(performance.now());
		 window.nimmtLong = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.nimmtLong.push([e.startTime, e.duration]); }).observe({type: "longtask"});`))
	now := func() float64 { return run(t, ctx, step, chromedp.Evaluate[float64]("performance.now()")) }
	goFrames := func() float64 { return run(t, ctx, step, chromedp.Evaluate[float64]("window.nimmtFrames")) }
	goMs := func() []float64 {
		return run(t, ctx, step, chromedp.Evaluate[[]float64]("[window.nimmtUpdateMs, window.nimmtDrawMs]"))
	}
	botsThinking := func(s gameState) bool {
		for _, w := range s.Waiting {
			if w != 0 {
				return true
			}
		}
		return false
	}
	for turn := 1; turn <= 2; turn++ {
		st := waitState(t, ctx, "bots thinking", func(s gameState) bool { return s.Input && s.Decision == "play" && botsThinking(s) })
		// The window starts when the table is still and takes input (the deal and the last
		// turn's placements are over: bots only start thinking then) and ends when every bot
		// has chosen. Turn 1 with the mouse parked on the felt: the table is redrawn only when something
		// changes. Turn 2 with the mouse over a hand card: the card is lifted and its landing
		// preview pulses, which redraws the whole screen every frame.
		mouse := "parked on the felt"
		x, y := 3.0, 3.0
		if turn == 2 && len(st.HandRects) > 0 {
			r, sc := st.HandRects[0], max(st.Scale, 1)
			x, y = getLayout(t, ctx).toCSS((r.X+r.W/2)*sc, (r.Y+r.H/2)*sc)
			mouse = "over a hand card (lifted, pulsing preview)"
		}
		run(t, ctx, step, chromedp.MouseEvent(chromedp.MouseMoved, x, y))
		profile(t, ctx, true)
		t0, f0, m0, r0 := now(), goFrames(), goMs(), readState(t, ctx).Redraws
		done := waitState(t, ctx, "bots done", func(s gameState) bool { return !botsThinking(s) })
		t1, f1, m1 := now(), goFrames(), goMs()
		t.Logf("  redraws in the window: %d of %.0f frames", done.Redraws-r0, f1-f0)
		native, script := profile(t, ctx, false)
		ts := run(t, ctx, step, chromedp.Evaluate[[]float64](
			fmt.Sprintf(`window.nimmtRAF.filter(x => x >= %f && x <= %f)`, t0, t1)))
		long := run(t, ctx, step, chromedp.Evaluate[[][]float64](
			fmt.Sprintf(`window.nimmtLong.filter(e => e[0] >= %f && e[0] <= %f)`, t0, t1)))
		maxLong, sumLong := 0.0, 0.0
		for _, e := range long {
			maxLong = max(maxLong, e[1])
			sumLong += e[1]
		}
		maxGap := 0.0
		for i := 1; i < len(ts); i++ {
			maxGap = max(maxGap, ts[i]-ts[i-1])
		}
		secs := (t1 - t0) / 1000
		t.Logf("%s thinking, turn %d, mouse %s: bots took %.2f s (including their 20-60 tick pause); page %.1f FPS, game %.1f FPS, longest frame gap %.0f ms; main thread: %d tasks > 50 ms, longest %.0f ms, %.0f%% of the time; game Update %.1f ms and Draw %.1f ms per frame; main thread CPU profile: %.0f%% browser-native (rendering), %.0f%% JS+wasm",
			level, turn, mouse, secs, float64(len(ts))/secs, (f1-f0)/secs, maxGap, len(long), maxLong, sumLong/(t1-t0)*100, (m1[0]-m0[0])/(f1-f0), (m1[1]-m0[1])/(f1-f0), 100*native, 100*script)
		// The same measure with nothing thinking: the person's turn, table still.
		b0, g0 := now(), goFrames()
		time.Sleep(2 * time.Second)
		b1, g1 := now(), goFrames()
		bts := run(t, ctx, step, chromedp.Evaluate[[]float64](
			fmt.Sprintf(`window.nimmtRAF.filter(x => x >= %f && x <= %f)`, b0, b1)))
		t.Logf("  baseline, nobody thinking: page %.1f FPS, game %.1f FPS", float64(len(bts))/((b1-b0)/1000), (g1-g0)/((b1-b0)/1000))
		playTurn(t, ctx)
	}
}

// profile starts (start true) or stops the page's CPU profiler; on stop it returns the shares of
// the sampled time spent in the browser's own code ("(program)": layout, paint, WebGL/GPU work
// on the main thread) and in JS and wasm (the game, Ebitengine, the bots).
func profile(t *testing.T, ctx context.Context, start bool) (native, script float64) {
	t.Helper()
	if start {
		run(t, ctx, step, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(c, tg, profiler.Enable, cdp.Empty{}); err != nil {
				return err
			}
			_, err := cdp.Call(c, tg, profiler.Start, cdp.Empty{})
			return err
		}))
		return 0, 0
	}
	res := run(t, ctx, 30*time.Second, func(c context.Context, tg *chromedp.Target) (profiler.StopResult, error) {
		return cdp.Call(c, tg, profiler.Stop, cdp.Empty{})
	})
	p := res.Profile
	if p == nil {
		return 0, 0
	}
	names := map[int64]string{}
	for _, n := range p.Nodes {
		names[n.ID] = n.CallFrame.FunctionName
	}
	var nat, scr float64
	for i, id := range p.Samples {
		d := float64(p.TimeDeltas[i])
		switch names[id] {
		case "(idle)", "(root)":
		case "(program)", "(garbage collector)":
			nat += d
		default:
			scr += d
		}
	}
	if sum := nat + scr; sum > 0 {
		return nat / sum, scr / sum
	}
	return 0, 0
}

// TestFrameRate logs the page's requestAnimationFrame rate over 2 s, 5 s after load, needing no
// test hook: scripts/wasm-figures.sh runs it on the bare Ebitengine program (NIMMT_WEB_PKG=./wasm/bare,
// which fills the whole screen every frame) as the ceiling this browser reaches for full-screen
// redraws. NIMMT_FIGURES=1 runs it.
func TestFrameRate(t *testing.T) {
	enabled(t)
	if os.Getenv("NIMMT_FIGURES") != "1" {
		t.Skip("figures: set NIMMT_FIGURES=1 (scripts/wasm-figures.sh does)")
	}
	url := serve(t)
	ctx := browser(t)
	run(t, ctx, 90*time.Second, chromedp.Navigate(url+"/"))
	time.Sleep(5 * time.Second)
	fps := run(t, ctx, step, chromedp.Evaluate[float64](`new Promise((done) => {
		let n = 0; const s = performance.now();
		(function f() { n++; if (performance.now() - s < 2000) requestAnimationFrame(f); else done(n / ((performance.now() - s) / 1000)); })();
	})`, func(p *runtime.EvaluateParams) { yes := true; p.AwaitPromise = &yes }))
	pkg := os.Getenv("NIMMT_WEB_PKG")
	if pkg == "" {
		pkg = "./wasm"
	}
	t.Logf("frame rate of %s at %dx%d: %.1f FPS", pkg, viewportW, viewportH, fps)
}
