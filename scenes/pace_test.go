package scenes

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// testPacer stands in for Ebitengine's frame pacing: the tests' loops run a frame only while
// the game is not idle, or after a wake or an input, as Ebitengine does in
// FPSModeVsyncOffMinimum. A wake while the frames run is dropped, as on phones (ScheduleFrame
// does nothing outside the idle mode): the strictest of the platforms.
type testPacer struct {
	idle  atomic.Bool
	wakes chan struct{}
	mu    sync.Mutex
	// idled is closed while the game is idle (a new one is made when the frames restart).
	idled chan struct{}
}

func newTestPacer() *testPacer {
	return &testPacer{wakes: make(chan struct{}, 64), idled: make(chan struct{})}
}

func (p *testPacer) SetIdle(idle bool) {
	p.idle.Store(idle)
	p.mu.Lock()
	defer p.mu.Unlock()
	if idle {
		close(p.idled)
		return
	}
	p.idled = make(chan struct{})
	for len(p.wakes) > 0 { // the frames run again: a frame asked for is coming anyway
		<-p.wakes
	}
}

// whenIdle returns a channel that is closed once the game is idle.
func (p *testPacer) whenIdle() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.idled
}

func (p *testPacer) Wake() {
	if !p.idle.Load() {
		return
	}
	select {
	case p.wakes <- struct{}{}:
	default:
	}
}

// wakeGuard bounds a wait for a wake; it only turns a lost wake (a stalled game) into a
// failure instead of a hung test, far beyond what any wait here takes.
const wakeGuard = 2 * time.Minute

// waitWake waits for the game's next wake.
func (p *testPacer) waitWake(t *testing.T, what string) {
	t.Helper()
	select {
	case <-p.wakes:
	case <-time.After(wakeGuard):
		t.Fatalf("no wake in %v: %s (the game stalled)", wakeGuard, what)
	}
}

// gatedBot answers as bots.Heuristic once its gate is closed.
type gatedBot struct{ gate chan struct{} }

func (b gatedBot) Decide(v *engine.View) engine.Action {
	<-b.gate
	return bots.Heuristic(v)
}

// lateBot answers as its inner bot, but a card only once the game has stopped its frames: that
// answer always arrives while the game is idle. A row choice it answers at once: the rows pulse
// while any seat chooses one, so the frames never stop then.
type lateBot struct {
	inner ui.Bot
	p     *testPacer
}

func (b lateBot) Decide(v *engine.View) engine.Action {
	if v.Decision == nil || v.Decision.Kind != engine.DecideRow {
		<-b.p.whenIdle()
	}
	return b.inner.Decide(v)
}

// pacedGame makes a game with a testPacer and a 640×400 screen; every Update and Draw runs
// inside the test loop (frame).
func pacedGame(t *testing.T, opts ui.Options) (*Game, *testPacer, func()) {
	t.Helper()
	needDisplay(t)
	opts.Scale = 1
	g, err := NewGame(opts)
	if err != nil {
		t.Fatal(err)
	}
	p := newTestPacer()
	g.Pacer = p
	var screen *ebiten.Image
	frame(func() {
		screen = ebiten.NewImage(640, 400)
		g.LayoutF(640, 400)
	}, nil)
	t.Cleanup(func() { frame(func() { screen.Deallocate() }, nil) })
	tick := func() {
		var err error
		frame(func() { err = g.Update() }, func(*ebiten.Image) { g.Draw(screen) })
		if err != nil {
			t.Fatalf("Update: %v", err)
		}
	}
	return g, p, tick
}

// TestIdleMenu: the menu stops the frames two frames after it is drawn, and an input (a frame
// Ebitengine runs for it) that changes nothing leaves them stopped.
func TestIdleMenu(t *testing.T) {
	g, p, tick := pacedGame(t, ui.Options{})
	g.InjectInput(func(in *ui.Input) {})
	for i := 0; !p.idle.Load(); i++ {
		if i > 10 {
			t.Fatal("the menu never stopped its frames")
		}
		tick()
	}
	g.InjectInput(func(in *ui.Input) { in.X, in.Y, in.Moved, in.Hover = 1, 1, true, true })
	tick()
	if !p.idle.Load() {
		t.Error("a pointer move over the still menu restarted the frames")
	}
}

// TestIdleWakesOnBotAnswer: at a table waiting for the person while the bots still decide (their
// pauses over), the game stops its frames; each bot's answer wakes it from the bot's goroutine,
// and the frames that follow show the bots' choices. Nothing here waits on the clock: the test
// waits for the wakes themselves.
func TestIdleWakesOnBotAnswer(t *testing.T) {
	gate := make(chan struct{})
	g, p, tick := pacedGame(t, ui.Options{Speed: "fast", Seed: 4,
		Bots: func(string, uint64) (ui.Bot, error) { return gatedBot{gate}, nil }})
	g.InjectInput(func(in *ui.Input) {})
	tb, err := table.NewTable(g.host, 4)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	for i := 0; !p.idle.Load(); i++ {
		if i > 5000 {
			t.Fatalf("the table never stopped its frames (phase %s, timeline idle %v)", tb.Phase, tb.Tl.Idle())
		}
		tick()
	}
	ts := g.TestState()
	if ts.Scene != "choose" || ts.Decision != "play" || len(ts.Waiting) != 4 {
		t.Fatalf("idle at scene %s, decision %q, waiting %v; want choose, play, all 4 seats", ts.Scene, ts.Decision, ts.Waiting)
	}
	for s := 1; s < 4; s++ {
		if tb.Seats[s].Status != session.StatusThinking {
			t.Fatalf("seat %d shows status %d while its bot decides", s, tb.Seats[s].Status)
		}
	}
	redraws := g.redraws
	close(gate)
	answered := 0
	for answered < 3 {
		p.waitWake(t, "a bot answered")
		answered++
		// Ebitengine runs frames from the wake on until the game is idle again.
		for i := 0; i == 0 || !p.idle.Load(); i++ {
			if i > 5000 {
				t.Fatal("the frames never stopped after a bot's answer")
			}
			tick()
		}
		if ts := g.TestState(); len(ts.Waiting) == 1 {
			break
		}
	}
	ts = g.TestState()
	if len(ts.Waiting) != 1 || ts.Waiting[0] != 0 {
		t.Fatalf("after the bots answered: waiting %v, want only the person (seat 0)", ts.Waiting)
	}
	if g.redraws == redraws {
		t.Error("the bots' answers were not drawn")
	}
	for s := 1; s < 4; s++ {
		if tb.Seats[s].Status != session.StatusNone {
			t.Errorf("seat %d still shows status %d after answering", s, tb.Seats[s].Status)
		}
	}
}

// TestIdleWholeGame plays a whole game (two rounds, 4 seats, Intermediate bots in their own
// goroutines that answer only once the game has stopped its frames, instant speed) with frames run only as Ebitengine runs them in the idle mode:
// steadily while the game is not idle, and once it is, one frame per wake or per input of the
// person. The person plays a card or closes the round score only once the frames have stopped
// (a row choice pulses, so it is answered while they run) and after every bot, so every wait for the person must
// end with the frames stopped, and every bot answer that comes while they are stopped must
// wake the game, or the game never ends.
func TestIdleWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game drawn frame by frame")
	}
	var p *testPacer
	g, p, tick := pacedGame(t, ui.Options{Storage: &storage.Memory{}, Speed: "instant", Seed: 9,
		Bots: func(level string, seed uint64) (ui.Bot, error) {
			b, err := ui.DefaultBots(level, seed)
			return lateBot{b, p}, err
		}})
	g.Settings.EndMode, g.Settings.Rounds = "rounds", 2
	d := &driver{g: g}
	var tap *ui.Rect // the person's next tap
	g.InjectInput(func(in *ui.Input) {
		if tap != nil {
			d.tapRect(in, *tap)
			tap = nil
		} else if ts := g.TestState(); ts.Input && ts.Decision == "row" {
			d.step(in)
		}
	})
	tapTick := func(r ui.Rect) {
		tap = &r
		tick()
	}
	tb, err := table.NewTable(g.host, 9)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	idleWaits, wakes := 0, 0
	for frames := 0; ; frames++ {
		if frames > 20000 {
			ts := g.TestState()
			t.Fatalf("the game did not end: scene %s, decision %q, waiting %v, phase %s", ts.Scene, ts.Decision, ts.Waiting, tb.Phase)
		}
		if !p.idle.Load() {
			tick()
			continue
		}
		ts := g.TestState()
		switch {
		case ts.Scene == "gameover":
			t.Logf("game over after %d frames: %d waits for the person with the frames stopped, %d wakes", frames, idleWaits, wakes)
			if wakes < 10 {
				t.Errorf("only %d wakes by the bots' answers; want one in most of the 20 turns", wakes)
			}
			if idleWaits < 20 {
				t.Errorf("the frames stopped only %d times while the person had to act; want every card (20) and the score", idleWaits)
			}
			return
		case ts.Input && ts.Decision == "play" && ts.Chosen == 0 && len(ts.HandRects) > 0 && len(ts.Waiting) == 1:
			// A slow person: the bots have chosen (their answers woke the game) before her.
			idleWaits++
			r := ts.HandRects[len(ts.HandRects)/2]
			tapTick(r) // lift the card
			tapTick(r) // and play it
		case ts.Scene == "score":
			idleWaits++
			r, ok := d.button(&ts, "continue")
			if !ok {
				t.Fatal("the round score shows no continue button")
			}
			tapTick(r)
		default:
			p.waitWake(t, "idle at "+ts.Scene+" with nothing for the person to do")
			wakes++
			tick()
		}
	}
}
