package scenes

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Graphics tests need a running game: ReadPixels panics before the game starts, and drawing
// commands are flushed only at the end of a frame. With a display, TestMain runs the tests in a
// goroutine while a tiny game runs; a test hands work to the game loop with frame, one real
// frame per call. Without a display the graphics tests skip, unless REQUIRE_DISPLAY=1 (CI)
// turns the skip into a failure.

type frameJob struct {
	update func()
	draw   func(screen *ebiten.Image)
	done   chan struct{}
}

type testLoop struct {
	jobs     chan *frameJob
	finished chan struct{}
	cur      *frameJob
}

// Update waits for the next job (or the end of the tests): the loop runs a frame only when a
// test asks for one, instead of drawing empty frames as fast as it can beside the tests (that
// spinning took a core from them, and under load made the drawing tests several times slower).
func (l *testLoop) Update() error {
	select {
	case <-l.finished:
		return ebiten.Termination
	case j := <-l.jobs:
		l.cur = j
		if j.update != nil {
			j.update()
		}
	}
	return nil
}

func (l *testLoop) Draw(screen *ebiten.Image) {
	if j := l.cur; j != nil {
		l.cur = nil
		if j.draw != nil {
			j.draw(screen)
		}
		close(j.done)
	}
}

func (l *testLoop) Layout(w, h int) (int, int) { return w, h }

var loop *testLoop

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		os.Exit(m.Run())
	}
	// The tests lay games out from their own goroutine while the loop runs: ebiten.Monitor()
	// there would race with the loop's own use of the monitor (go test -race). Xvfb's monitor
	// has scale 1; tests of HiDPI drawing set Options.Scale.
	monitorScale = func() float64 { return 1 }
	loop = &testLoop{jobs: make(chan *frameJob), finished: make(chan struct{})}
	code := 0
	go func() {
		code = m.Run()
		close(loop.finished)
	}()
	ebiten.SetWindowSize(320, 240)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	// Single-threaded: no render thread allocates concurrently while a test counts
	// allocations around the game's own Update and Draw.
	if err := ebiten.RunGameWithOptions(loop, &ebiten.RunGameOptions{SingleThread: true}); err != nil {
		fmt.Fprintln(os.Stderr, "scenes: RunGame:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

// frame runs update inside the game loop's next Update and draw inside the Draw that follows,
// and waits for both.
func frame(update func(), draw func(screen *ebiten.Image)) {
	j := &frameJob{update: update, draw: draw, done: make(chan struct{})}
	loop.jobs <- j
	<-j.done
}

func needDisplay(t *testing.T) {
	t.Helper()
	if loop == nil {
		if os.Getenv("REQUIRE_DISPLAY") == "1" {
			t.Fatal("no display, and REQUIRE_DISPLAY=1")
		}
		t.Skip("no display (run under xvfb-run; REQUIRE_DISPLAY=1 makes this a failure)")
	}
}
