package browsertest

import (
	"cmp"
	"context"
	"encoding/base64"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nimmt/wasm/site"
)

// TestIdleCPU measures what the browser spends while the game shows something still: the CPU
// time (utime + stime of /proc/PID/stat) of every process of the headless Chromium (browser,
// renderer, GPU, utilities) over NIMMT_IDLE_SECONDS (default 30) on the menu and at the table
// waiting for the person (4 seats, Intermediate bots, normal speed, the mouse parked on the
// felt; from 5 s after the game is still), NIMMT_IDLE_RUNS times each (default 3) in fresh browsers, and logs the medians as % of
// one core with the renderer's and GPU process's shares and the frames the game drew in the
// window. It measures the test build (the hook tells when the table waits and when the game has
// stopped its frames; it costs nothing while no frame is drawn) and the same build with
// -X main.steadyFrames=1 (the frames never stop, as before the idle mode). scripts/idle-cpu.sh
// --web runs it (NIMMT_FIGURES=1).
func TestIdleCPU(t *testing.T) {
	enabled(t)
	if os.Getenv("NIMMT_FIGURES") != "1" {
		t.Skip("figures: set NIMMT_FIGURES=1 (scripts/idle-cpu.sh --web does)")
	}
	secs, runs := envInt("NIMMT_IDLE_SECONDS", 30), envInt("NIMMT_IDLE_RUNS", 3)
	builds := []struct{ name, url string }{
		{"steady frames (before)", siteWith(t, "./wasm", "-tags", "nimmttest", "-ldflags=-s -w -X main.steadyFrames=1")},
		{"idle frames (after)", siteWith(t, "./wasm", "-tags", "nimmttest")},
	}
	for _, b := range builds {
		for _, where := range []string{"menu", "table"} {
			var total, renderer, gpu, frames []float64
			for range runs {
				m := idleRun(t, b.url, where, time.Duration(secs)*time.Second, !strings.HasPrefix(b.name, "steady"))
				total, renderer, gpu, frames = append(total, m.total), append(renderer, m.byType["renderer"]),
					append(gpu, m.byType["gpu-process"]), append(frames, m.frames)
				t.Logf("  %s, %s: %.2f %% of a core (renderer %.2f, gpu %.2f, browser %.2f, other %.2f), %0.f frames in %d s",
					b.name, where, m.total, m.byType["renderer"], m.byType["gpu-process"], m.byType["browser"],
					m.total-m.byType["renderer"]-m.byType["gpu-process"]-m.byType["browser"], m.frames, secs)
			}
			t.Logf("idle cpu, browser, %s, %s: median %.2f %% of a core (renderer %.2f, gpu %.2f), %.0f frames in %d s; runs %.2f",
				b.name, where, median(total), median(renderer), median(gpu), median(frames), secs, total)
		}
	}
}

// idleMeasure is one measured window: % of one core in all, by process type, and frames drawn.
type idleMeasure struct {
	total  float64
	byType map[string]float64
	frames float64
}

// idleRun opens url in a fresh browser, brings the game to where (menu or table), waits until it
// is still (the hook's nimmtIdle when idle, else only the state) and 5 s more, and measures for d.
func idleRun(t *testing.T, url, where string, d time.Duration, idle bool) idleMeasure {
	t.Helper()
	ctx := browser(t)
	defer chromedp.Cancel(ctx)
	open(t, ctx, url+"/")
	settings := base64.StdEncoding.EncodeToString([]byte(`{"speed":"normal","seats":4,"levels":["intermediate","intermediate","intermediate"]}`))
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`localStorage.clear(); localStorage.setItem("nimmt/settings.json", "`+settings+`")`))
	open(t, ctx, url+"/")
	waitState(t, ctx, "the menu", func(s gameState) bool { return s.Scene == "menu" && s.Input })
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
	if idle {
		until(t, ctx, "the game to stop its frames", "window.nimmtIdle === true")
	} else {
		until(t, ctx, "a frame after the mouse move", fmt.Sprintf("window.nimmtFrames > %d", run(t, ctx, step, chromedp.Evaluate[int]("window.nimmtFrames"))))
	}
	// 5 s to settle: the sound device suspends Web Audio 3 s after the last effect (sound.Device).
	time.Sleep(5 * time.Second)
	pids := chromiumPids(t, ctx)
	f0 := run(t, ctx, step, chromedp.Evaluate[float64]("window.nimmtFrames"))
	c0, t0 := cpuTicks(pids), threadTicks(pids)
	start := time.Now()
	time.Sleep(d) // the measured window: nothing is sent to the page
	c1, t1 := cpuTicks(pids), threadTicks(pids)
	el := time.Since(start).Seconds()
	f1 := run(t, ctx, step, chromedp.Evaluate[float64]("window.nimmtFrames"))
	m := idleMeasure{byType: map[string]float64{}, frames: f1 - f0}
	type busy struct {
		name string
		pct  float64
	}
	var threads []busy
	for k, b := range t1 {
		if p := float64(b-t0[k]) / clockTicks / el * 100; p > 0 {
			threads = append(threads, busy{k, p})
		}
	}
	slices.SortFunc(threads, func(a, b busy) int { return cmp.Compare(b.pct, a.pct) })
	var top []string
	for _, b := range threads[:min(len(threads), 8)] {
		top = append(top, fmt.Sprintf("%s %.2f", b.name, b.pct))
	}
	t.Logf("  busiest threads (%% of a core): %s", strings.Join(top, ", "))
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

// threadTicks returns utime + stime of the threads of pids, added up by process type and
// thread name ("renderer/Compositor").
func threadTicks(pids map[int]string) map[string]int64 {
	out := map[string]int64{}
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
			out[typ+"/"+s[i+1:j]] += u + st
		}
	}
	return out
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
