package browsertest

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nimmt/server/site"
)

// Viewport is the CSS size of the emulated browser window: a desktop window (the game's desktop
// layout starts at a shorter side of 600), not 1280x800, whose every frame costs SwiftShader
// 1.8x the pixels to draw: the tests' assertions do not depend on the size, and the layout is
// tested at every size by the scenes' tests. TestOnlineGame's host plays at 1280x800.
const viewportW, viewportH = 960, 600

// step bounds one browser command. Commands wait for the page's main thread, which a loaded
// machine (load 30 on 2 cores, software GL) has kept busy for over 30 s: so it is the guard, a
// stop for a page that stalled, not a quota.
const step = guard

func enabled(t *testing.T) {
	t.Helper()
	if os.Getenv("NIMMT_BROWSER_TEST") != "1" && os.Getenv("REQUIRE_BROWSER") != "1" {
		t.Skip("browser test: set NIMMT_BROWSER_TEST=1 (make test-web does)")
	}
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// site builds the test web site once per test binary and serves it.
var built struct {
	dir string
	err error
}

func buildSite(t *testing.T) string {
	t.Helper()
	if built.dir == "" && built.err == nil {
		dir, err := os.MkdirTemp("", "nimmt-web-")
		if err != nil {
			t.Fatal(err)
		}
		pkg := os.Getenv("NIMMT_WEB_PKG")
		if pkg == "" {
			pkg = "./wasm"
		}
		cmd := exec.Command("scripts/build-web.sh", dir, "-tags", "nimmttest")
		cmd.Dir = moduleRoot(t)
		cmd.Env = append(os.Environ(), "PKG="+pkg)
		out, err := cmd.CombinedOutput()
		t.Logf("%s", bytes.TrimSpace(out))
		built.dir, built.err = dir, err
		if err != nil {
			built.err = fmt.Errorf("build-web.sh: %w\n%s", err, out)
		}
	}
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.dir
}

func serve(t *testing.T) string {
	t.Helper()
	h, err := site.New(buildSite(t))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() { srv.Close(); h.Close() })
	return srv.URL
}

// browser starts headless Chromium with the flags of PLATFORM.md and an emulated viewport.
//
// The tests run V8's baseline wasm compiler only (Liftoff, --liftoff-only): the same wasm
// semantics without optimising the hot functions of a 16 MB module again on every page load,
// which took 5 of the 8.7 CPU seconds a page load cost the renderer (docs/PERFORMANCE.md, "make
// test"). Figure runs (NIMMT_FIGURES=1) time Chromium as shipped.
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := os.Getenv("CHROMIUM")
	if exe == "" {
		exe = "/usr/bin/chromium"
	}
	if _, err := os.Stat(exe); err != nil {
		t.Fatalf("browser test: %v (scripts/deps.sh chromium installs it)", err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("mute-audio", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	if os.Getenv("NIMMT_FIGURES") != "1" {
		opts = append(opts, chromedp.Flag("js-flags", "--liftoff-only"))
	}
	// NIMMT_CHROMIUM_FLAGS adds flags (name or name=value, space-separated), to compare
	// Chromium's settings by their cost.
	for _, f := range strings.Fields(os.Getenv("NIMMT_CHROMIUM_FLAGS")) {
		name, value, ok := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if ok {
			opts = append(opts, chromedp.Flag(name, value))
		} else {
			opts = append(opts, chromedp.Flag(name, true))
		}
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	t.Cleanup(func() { cancel(); cancelA() })
	// The first Run starts the browser; it must have no timeout (a timeout would kill the browser).
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(viewportW, viewportH)); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

func run[T any](t *testing.T, ctx context.Context, timeout time.Duration, a chromedp.Action[T]) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	v, err := chromedp.Run(c, a)
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return v
}

// open navigates to url and waits for the first frames; it returns the time that took.
func open(t *testing.T, ctx context.Context, url string) time.Duration {
	t.Helper()
	start := time.Now()
	run(t, ctx, guard, chromedp.Navigate(url))
	waitFirstFrame(t, ctx)
	return time.Since(start)
}

func waitFirstFrame(t *testing.T, ctx context.Context) {
	t.Helper()
	// Only guard: a loaded machine with several browsers compiles 16 MB of wasm slowly; the
	// figure itself comes from TestFirstFrameRelease.
	c, cancel := context.WithTimeout(ctx, guard)
	defer cancel()
	if _, err := chromedp.Run(c, poll[bool]("window.nimmtFirstFrame === true")); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").innerText + " / " + document.getElementById("status").innerText`))
		t.Fatalf("no first frame: %v (page says %q)", err, msg)
	}
}

// setSettings stores the game's settings (settings.json's JSON) in the page origin's
// localStorage, cleared first, before the game is opened. It loads a small page of the same
// origin (its localStorage is the game's), not the game: a load of the game costs a browser
// seconds of CPU (compiling the wasm, the first frames), and a second navigation while the game
// loads races the page's first frames.
func setSettings(t *testing.T, ctx context.Context, url, settings string) {
	t.Helper()
	run(t, ctx, guard, chromedp.Navigate(url+"/favicon.ico"))
	b := base64.StdEncoding.EncodeToString([]byte(settings))
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`localStorage.clear(); localStorage.setItem("nimmt/settings.json", "`+b+`")`))
}

// layout is what webrun's hook reports: the CSS size of the page and the game's logical screen.
type layout struct {
	OutsideWidth  float64 `json:"outsideWidth"`
	OutsideHeight float64 `json:"outsideHeight"`
	ScreenWidth   float64 `json:"screenWidth"`
	ScreenHeight  float64 `json:"screenHeight"`
	DeviceScale   float64 `json:"deviceScale"`
}

func getLayout(t *testing.T, ctx context.Context) layout {
	t.Helper()
	var l layout
	s := run(t, ctx, step, chromedp.Evaluate[string]("window.nimmtLayout()"))
	if err := json.Unmarshal([]byte(s), &l); err != nil || l.ScreenWidth == 0 {
		t.Fatalf("nimmtLayout: %q: %v", s, err)
	}
	return l
}

// toCSS maps a point in the game's logical pixels to CSS pixels of the page, through Ebitengine's
// letterbox: the screen is scaled uniformly to fit the page and centred.
func (l layout) toCSS(x, y float64) (float64, float64) {
	s := math.Min(l.OutsideWidth/l.ScreenWidth, l.OutsideHeight/l.ScreenHeight)
	ox := (l.OutsideWidth - l.ScreenWidth*s) / 2
	oy := (l.OutsideHeight - l.ScreenHeight*s) / 2
	return ox + x*s, oy + y*s
}

// testState reads window.nimmtTestState() into v.
func testState(t *testing.T, ctx context.Context, v any) {
	t.Helper()
	testStateAt(t, ctx, v)
}

// testStateAt reads window.nimmtTestState() into v and returns the number of frames drawn when
// it was taken (the hook sets both after each Draw).
func testStateAt(t *testing.T, ctx context.Context, v any) (frames int) {
	t.Helper()
	s := run(t, ctx, step, chromedp.Evaluate[string](`(window.nimmtFrames || 0) + " " + window.nimmtTestState()`))
	n, js, _ := strings.Cut(s, " ")
	frames, err := strconv.Atoi(n)
	if err == nil {
		err = json.Unmarshal([]byte(js), v)
	}
	if err != nil {
		t.Fatalf("nimmtTestState: %v in %.300s", err, s)
	}
	return frames
}

// guard bounds each wait for the page: not a quota (a wait ends as soon as its condition holds,
// however slow the machine) but a stop for a page that stalled.
const guard = 5 * time.Minute

// waitFrames waits until the game has drawn more than n frames, polling the page every 16 ms
// (poll). ctx bounds the wait.
func waitFrames(ctx context.Context, n int) error {
	_, err := chromedp.Run(ctx, poll[bool](fmt.Sprintf("(window.nimmtFrames || 0) > %d", n)))
	return err
}

// updates returns how many times the game's Update has run (window.nimmtUpdates).
func updates(t *testing.T, ctx context.Context) int {
	t.Helper()
	return run(t, ctx, step, chromedp.Evaluate[int]("window.nimmtUpdates || 0"))
}

// waitUpdate waits until the game has run an Update after the n-th.
func waitUpdate(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	until(t, ctx, fmt.Sprintf("an Update after the %d-th", n), fmt.Sprintf("(window.nimmtUpdates || 0) > %d", n))
}

// poll is chromedp.Poll for cond, checked every 16 ms by a timer in the page, without the 30 s
// time-out chromedp gives a poll by default: the caller's context bounds it (guard), so a slow
// page never fails a test that would pass. Not on every animation frame (chromedp's default): a
// page that asks for animation frames keeps Chromium's compositor producing frames for as long
// as the wait lasts, which cost the GPU process CPU in proportion to the time waited
// (docs/PERFORMANCE.md, "make test").
func poll[T any](cond string) chromedp.Action[T] {
	return chromedp.Poll[T](cond, chromedp.WithPollingInterval(16*time.Millisecond), chromedp.WithPollingTimeout(0))
}

// until waits until the JavaScript expression cond is true in the page, checked every 16 ms
// (poll), and fails the test naming what after guard.
func until(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, guard)
	defer cancel()
	if _, err := chromedp.Run(c, poll[bool](cond)); err != nil {
		screenshot(t, ctx, "timeout")
		t.Fatalf("waiting for %s (%s): %v", what, cond, err)
	}
}

// pressed waits until the game's Update has seen the pointer down (true) or up (false): the
// hook's nimmtHeld, set after the frame that saw it.
func pressed(t *testing.T, ctx context.Context, down bool) {
	t.Helper()
	until(t, ctx, fmt.Sprintf("the game to see the pointer held=%v", down), fmt.Sprintf("window.nimmtHeld === %v", down))
}

// click is a left click at CSS pixels (x, y) that the game sees as a person's: Ebitengine
// samples the mouse once per tick, so the button stays down until the game's Update has seen it
// pressed, and click returns once an Update has seen it released (the state read next shows
// what the click did). No clock: a slow page only makes the click slower.
func click(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	run(t, ctx, step, chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	run(t, ctx, step, chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	pressed(t, ctx, true)
	run(t, ctx, step, chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	pressed(t, ctx, false)
}

// screenshot saves a PNG of the page as name and checks that it shows something: not one colour,
// not mostly black, with some variety of colours.
func screenshot(t *testing.T, ctx context.Context, name string) image.Image {
	t.Helper()
	b := run(t, ctx, step, chromedp.CaptureScreenshot())
	dir := os.Getenv("NIMMT_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(moduleRoot(t), "build", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err == nil {
		p := filepath.Join(dir, name+".png")
		if err := os.WriteFile(p, b, 0o644); err == nil {
			t.Logf("screenshot %s", p)
		}
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	st := imageStats(img)
	t.Logf("screenshot %s: %dx%d, luma stddev %.1f, %.0f%% dark, %d colours", name, img.Bounds().Dx(), img.Bounds().Dy(), st.stddev, 100*st.dark, st.colours)
	if st.stddev < 8 || st.dark > 0.9 || st.colours < 16 {
		t.Errorf("screenshot %s looks blank: luma stddev %.1f, %.0f%% dark, %d colours", name, st.stddev, 100*st.dark, st.colours)
	}
	return img
}

type stats struct {
	stddev  float64
	dark    float64
	colours int
}

func imageStats(img image.Image) stats {
	b := img.Bounds()
	var n, sum, sum2, dark float64
	colours := map[uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			l := (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(bl)) / 257
			n++
			sum += l
			sum2 += l * l
			if l < 16 {
				dark++
			}
			colours[(r>>11)<<10|(g>>11)<<5|bl>>11] = true
		}
	}
	mean := sum / n
	return stats{math.Sqrt(math.Max(0, sum2/n-mean*mean)), dark / n, len(colours)}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}
