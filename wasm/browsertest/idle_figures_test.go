package browsertest

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"nimmt/server/site"
)

// TestIdleCPU measures what the browser spends while nothing moves: the CPU time (utime + stime
// of /proc/PID/stat) of every process of a headless Chromium (browser, renderer, GPU, utilities)
// over NIMMT_IDLE_SECONDS (default 30), side by side in each of NIMMT_IDLE_RUNS rounds (default
// 3), each in a fresh browser, 5 s after the page is still:
//   - a blank page (Chromium's own floor with this harness attached),
//   - the bare Ebitengine program (wasm/bare, release build: it draws every frame at the
//     display's rate, as an Ebitengine game does unless it stops its frames),
//   - the same with every animation frame it asks for held back by the page (window.nimmtHold
//     always true, as the game's page does while the game is idle): what an Ebitengine program
//     costs that draws nothing, its floor,
//   - the game (test build: its hook tells when the table waits and when the game has stopped
//     its frames; it costs nothing while no frame is drawn) on the menu, and
//   - at the table waiting for the person (4 seats, Intermediate bots, normal speed), the mouse
//     parked in the page's corner.
//
// With NIMMT_IDLE_BEFORE=1 it also measures the game built with -X main.steadyFrames=1 (its
// frames never stop, as before the idle mode). It logs every run with the busiest threads (CPU
// and wake-ups, from /proc/PID/task/TID/status), the page's timer and animation-frame requests in
// the window, and the medians as % of one core. scripts/idle-cpu.sh --web runs it
// (NIMMT_FIGURES=1).
func TestIdleCPU(t *testing.T) {
	enabled(t)
	if os.Getenv("NIMMT_FIGURES") != "1" {
		t.Skip("figures: set NIMMT_FIGURES=1 (scripts/idle-cpu.sh --web does)")
	}
	secs, runs := envInt("NIMMT_IDLE_SECONDS", 30), envInt("NIMMT_IDLE_RUNS", 3)
	blank := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, `<!doctype html><html><head><title>blank</title></head><body style="background:#1d3b2a"></body></html>`)
	}))
	t.Cleanup(blank.Close)
	bare := siteWith(t, "./wasm/bare")
	game := siteWith(t, "./wasm", "-tags", "nimmttest")
	type idleCase struct{ name, url, where string }
	cases := []idleCase{
		{"blank page", blank.URL, "blank"},
		{"bare Ebitengine", bare, "bare"},
		{"bare Ebitengine, frames held", bare, "bare-held"},
		{"game, menu", game, "menu"},
		{"game, table", game, "table"},
	}
	if os.Getenv("NIMMT_IDLE_BEFORE") == "1" {
		steady := siteWith(t, "./wasm", "-tags", "nimmttest", "-ldflags=-s -w -X main.steadyFrames=1")
		cases = append(cases, idleCase{"steady frames (before), menu", steady, "menu"}, idleCase{"steady frames (before), table", steady, "table"})
	}
	type results struct{ total, renderer, gpu, browser []float64 }
	res := make([]results, len(cases))
	for range runs {
		for i, c := range cases {
			m := idleRun(t, c.url, c.where, time.Duration(secs)*time.Second, !strings.HasPrefix(c.name, "steady"))
			r := &res[i]
			r.total, r.renderer, r.gpu, r.browser = append(r.total, m.total), append(r.renderer, m.byType["renderer"]),
				append(r.gpu, m.byType["gpu-process"]), append(r.browser, m.byType["browser"])
			t.Logf("  %s: %.2f %% of a core (renderer %.2f, gpu %.2f, browser %.2f, other %.2f); in %d s: %s",
				c.name, m.total, m.byType["renderer"], m.byType["gpu-process"], m.byType["browser"],
				m.total-m.byType["renderer"]-m.byType["gpu-process"]-m.byType["browser"], secs, m.page)
		}
	}
	for i, c := range cases {
		r := res[i]
		t.Logf("idle cpu, browser, %s: median %.2f %% of a core (renderer %.2f, gpu %.2f, browser %.2f); runs %.2f",
			c.name, median(r.total), median(r.renderer), median(r.gpu), median(r.browser), r.total)
	}
}

// callCounter counts, in any page, the requests for timers and animation frames (Go's wasm
// runtime schedules its timers with setTimeout; Ebitengine's loop asks for animation frames).
const callCounter = `(() => {
  const c = window.nimmtCalls = {setTimeout: 0, setInterval: 0, requestAnimationFrame: 0};
  for (const name of Object.keys(c)) {
    const f = window[name];
    window[name] = function (...a) { c[name]++; return f.apply(window, a); };
  }
})();`

// idleMeasure is one measured window: % of one core in all and by process type, and what the
// page asked for (timers, animation frames, frames the game drew).
type idleMeasure struct {
	total  float64
	byType map[string]float64
	page   string
}

// idleRun opens url in a fresh browser, brings the page to where (blank, bare, or the game's
// menu or table), waits until it is still (the hook's nimmtIdle when idle, else only the state)
// and 5 s more, and measures for d.
func idleRun(t *testing.T, url, where string, d time.Duration, idle bool) idleMeasure {
	t.Helper()
	ctx := browser(t)
	defer chromedp.Cancel(ctx)
	{
		c, cancel := context.WithTimeout(ctx, step)
		_, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: callCounter})
		cancel()
		if err != nil {
			t.Fatalf("chromium: %v", err)
		}
	}
	game := where == "menu" || where == "table"
	if game {
		open(t, ctx, url+"/")
		settings := base64.StdEncoding.EncodeToString([]byte(`{"speed":"normal","seats":4,"levels":["intermediate","intermediate","intermediate"]}`))
		run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`localStorage.clear(); localStorage.setItem("nimmt/settings.json", "`+settings+`")`))
		open(t, ctx, url+"/")
		waitState(t, ctx, "the menu", func(s gameState) bool { return s.Scene == "menu" && s.Input })
	} else {
		if where == "bare-held" {
			c, cancel := context.WithTimeout(ctx, step)
			_, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: "window.nimmtHold = () => true;"})
			cancel()
			if err != nil {
				t.Fatalf("chromium: %v", err)
			}
		}
		run(t, ctx, guard, chromedp.Navigate(url+"/"))
		if where != "blank" {
			until(t, ctx, "the bare program's canvas", `document.querySelector("canvas") !== null && document.getElementById("loader").hidden`)
		}
	}
	if where == "table" {
		clickButton(t, ctx, "new-game")
		waitState(t, ctx, "the new game form", func(s gameState) bool { return s.Scene == "newgame" })
		clickButton(t, ctx, "start")
		waitState(t, ctx, "the person's turn", func(s gameState) bool {
			return s.Input && s.Decision == "play" && s.Chosen == 0 && len(s.Hand) > 0 && !slices.ContainsFunc(s.Waiting, func(w int) bool { return w != 0 })
		})
	}
	// The mouse off every control, in the page's corner.
	run(t, ctx, step, chromedp.MouseEvent(chromedp.MouseMoved, 2, 2))
	switch {
	case game && idle:
		until(t, ctx, "the game to stop its frames", "window.nimmtIdle === true")
	case game:
		until(t, ctx, "a frame after the mouse move", fmt.Sprintf("window.nimmtFrames > %d", run(t, ctx, step, chromedp.Evaluate[int]("window.nimmtFrames"))))
	}
	// 5 s to settle: the sound device suspends Web Audio 3 s after the last effect (sound.Device).
	time.Sleep(5 * time.Second)
	const calls = `JSON.stringify(Object.assign({frames: window.nimmtFrames || 0}, window.nimmtCalls))`
	pids := chromiumPids(t, ctx)
	p0 := run(t, ctx, step, chromedp.Evaluate[string](calls))
	c0, t0 := cpuTicks(pids), threadStats(pids)
	start := time.Now()
	time.Sleep(d) // the measured window: nothing is sent to the page
	c1, t1 := cpuTicks(pids), threadStats(pids)
	el := time.Since(start).Seconds()
	p1 := run(t, ctx, step, chromedp.Evaluate[string](calls))
	m := idleMeasure{byType: map[string]float64{}, page: callDelta(t, p0, p1)}
	type busy struct {
		name   string
		pct    float64
		wakeup float64
	}
	var threads []busy
	for k, b := range t1 {
		if p := float64(b.ticks-t0[k].ticks) / clockTicks / el * 100; p > 0 {
			threads = append(threads, busy{k, p, float64(b.switches-t0[k].switches) / el})
		}
	}
	slices.SortFunc(threads, func(a, b busy) int { return cmp.Compare(b.pct, a.pct) })
	var top []string
	for _, b := range threads[:min(len(threads), 8)] {
		top = append(top, fmt.Sprintf("%s %.2f (%.0f/s)", b.name, b.pct, b.wakeup))
	}
	t.Logf("  busiest threads (%% of a core, wake-ups a second): %s", strings.Join(top, ", "))
	for pid, typ := range pids {
		a, okA := c0[pid]
		b, okB := c1[pid]
		if !okA || !okB {
			continue
		}
		pct := float64(b-a) / clockTicks / el * 100
		m.total += pct
		m.byType[typ] += pct
	}
	return m
}

// callDelta formats what the page asked for between two readings of the counters.
func callDelta(t *testing.T, a, b string) string {
	t.Helper()
	var x, y map[string]float64
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatalf("page counters %q: %v", a, err)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("page counters %q: %v", b, err)
	}
	return fmt.Sprintf("%.0f setTimeout, %.0f setInterval, %.0f requestAnimationFrame, %.0f frames drawn",
		y["setTimeout"]-x["setTimeout"], y["setInterval"]-x["setInterval"], y["requestAnimationFrame"]-x["requestAnimationFrame"], y["frames"]-x["frames"])
}

// clockTicks is USER_HZ, the unit of /proc/PID/stat's times: 100 on Linux.
const clockTicks = 100

// chromiumPids returns the browser process of ctx and all its descendants, each with its
// Chromium process type (--type=, "browser" for the browser itself).
func chromiumPids(t *testing.T, ctx context.Context) map[int]string {
	t.Helper()
	c := chromedp.FromContext(ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		t.Fatal("idle: no browser process")
	}
	root := c.Browser.Process().Pid
	parent := map[int]int{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f := statFields(pid); len(f) > 2 {
			parent[pid], _ = strconv.Atoi(f[1])
		}
	}
	out := map[int]string{}
	for pid := range parent {
		for p := pid; p > 1; p = parent[p] {
			if p == root {
				out[pid] = processType(pid)
				break
			}
		}
	}
	return out
}

// processType is Chromium's --type= of pid, or "browser".
func processType(pid int) string {
	b, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	// Chromium rewrites its children's command lines into one string: split on spaces too.
	for _, a := range strings.FieldsFunc(string(b), func(r rune) bool { return r == 0 || r == ' ' }) {
		if v, ok := strings.CutPrefix(a, "--type="); ok {
			return v
		}
	}
	return "browser"
}

// statFields returns the fields of /proc/PID/stat after the command name: state, ppid, …
// (utime and stime are [11] and [12]).
func statFields(pid int) []string {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return nil
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(string(b[i+1:]))
}

// cpuTicks returns utime + stime of each pid still running.
func cpuTicks(pids map[int]string) map[int]int64 {
	out := map[int]int64{}
	for pid := range pids {
		f := statFields(pid)
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		out[pid] = u + s
	}
	return out
}

// threadStat is a thread's CPU time (utime + stime, in clock ticks) and its context switches
// (voluntary + involuntary: about the times it woke up).
type threadStat struct{ ticks, switches int64 }

// threadStats returns the CPU time and switches of the threads of pids, added up by process
// type and thread name ("renderer/Compositor").
func threadStats(pids map[int]string) map[string]threadStat {
	out := map[string]threadStat{}
	for pid, typ := range pids {
		dir := filepath.Join("/proc", strconv.Itoa(pid), "task")
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(dir, e.Name(), "stat"))
			if err != nil {
				continue
			}
			s := string(b)
			i, j := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
			if i < 0 || j < i {
				continue
			}
			f := strings.Fields(s[j+1:])
			if len(f) < 13 {
				continue
			}
			u, _ := strconv.ParseInt(f[11], 10, 64)
			st, _ := strconv.ParseInt(f[12], 10, 64)
			k := typ + "/" + s[i+1:j]
			v := out[k]
			v.ticks += u + st
			v.switches += switches(filepath.Join(dir, e.Name(), "status"))
			out[k] = v
		}
	}
	return out
}

// switches reads voluntary_ctxt_switches + nonvoluntary_ctxt_switches from a status file.
func switches(status string) int64 {
	b, err := os.ReadFile(status)
	if err != nil {
		return 0
	}
	var n int64
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.HasSuffix(k, "ctxt_switches") {
			x, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			n += x
		}
	}
	return n
}

// siteWith builds the web site of the main package pkg with extra go build flags into a
// temporary folder and serves it.
func siteWith(t *testing.T, pkg string, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("scripts/build-web.sh", append([]string{dir}, flags...)...)
	cmd.Dir = moduleRoot(t)
	cmd.Env = append(os.Environ(), "PKG="+pkg)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build-web.sh %v: %v\n%s", flags, err, out)
	}
	h, err := site.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() { srv.Close(); h.Close() })
	return srv.URL
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
