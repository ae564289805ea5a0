package browsertest

import (
	"bytes"
	"context"
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
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nimmt/wasm/site"
)

// Viewport is the CSS size of the emulated browser window.
const viewportW, viewportH = 1280, 800

// step bounds one browser command: generous, since a loaded CI machine renders the page at a few
// frames per second in software and commands wait for the page's main thread.
const step = 30 * time.Second

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
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := os.Getenv("CHROMIUM")
	if exe == "" {
		exe = "/usr/bin/chromium"
	}
	if _, err := os.Stat(exe); err != nil {
		t.Fatalf("browser test: %v (scripts/deps.sh chromium installs it)", err)
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(),
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
	)
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
	run(t, ctx, 90*time.Second, chromedp.Navigate(url))
	waitFirstFrame(t, ctx)
	return time.Since(start)
}

func waitFirstFrame(t *testing.T, ctx context.Context) {
	t.Helper()
	// Generous: CI machines may be loaded; the figure itself comes from TestFirstFrameTime.
	c, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[bool]("window.nimmtFirstFrame === true", chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").innerText + " / " + document.getElementById("status").innerText`))
		t.Fatalf("no first frame: %v (page says %q)", err, msg)
	}
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
	s := run(t, ctx, step, chromedp.Evaluate[string]("window.nimmtTestState()"))
	if err := json.Unmarshal([]byte(s), v); err != nil {
		t.Fatalf("nimmtTestState: %v in %.300s", err, s)
	}
}

// clickLogical clicks at a point given in the game's screen pixels (what Layout returned).
func clickLogical(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	cx, cy := getLayout(t, ctx).toCSS(x, y)
	click(t, ctx, cx, cy)
}

// click is a left click at CSS pixels (x, y) held for about 80 ms, as a person's is: a press and a
// release within one frame would never be seen pressed by the game's per-tick input.
func click(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	run(t, ctx, step, chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	run(t, ctx, step, chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	time.Sleep(80 * time.Millisecond)
	run(t, ctx, step, chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

// screenshot saves a PNG of the page as name and checks that it shows something: not one colour,
// not mostly black, with some variety of colours.
func screenshot(t *testing.T, ctx context.Context, name string) image.Image {
	t.Helper()
	b := run(t, ctx, 20*time.Second, chromedp.CaptureScreenshot())
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
