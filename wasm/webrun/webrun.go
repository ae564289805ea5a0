//go:build js && wasm

// Package webrun runs a game in the page that wasm/index.html sets up.
//
// It pauses the game while the page's paused overlay is shown (index.html sets the JS global
// nimmtPaused when the tab is hidden and clears it when the player comes back), and in test builds
// (build tag nimmttest) it exposes a JS hook for the browser tests; production builds expose nothing.
package webrun

import (
	"fmt"
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// Options configure Run.
type Options struct {
	// TestState returns a JSON-able snapshot of the game for the browser tests. It is called only
	// in test builds, once per drawn frame, from the game loop.
	TestState func() any
	// Suspend, if set, is called when the page is hidden or left (tab switched, app switched,
	// reload, close): the game autosaves there. It never runs while Update or Draw does.
	Suspend func()
	// Resume, if set, is called when the page is shown again after Suspend.
	Resume func()
	// Idle, if set, reports whether the game has stopped its frames until input or a wake: the
	// page then holds back Ebitengine's request for the next animation frame (see FrameWake).
	// Test builds publish it after each frame.
	Idle func() bool
}

// Frames while the game is idle. In its idle mode (FPSModeVsyncOffMinimum) Ebitengine draws
// frames only for input and ScheduleFrame, but its loop still asks the page for every animation
// frame to look whether one is due: the page's main thread wakes 60 times a second and the
// browser's compositor keeps its frame clock running, ~10 % of a core for a page that shows
// nothing new. index.html hands Ebitengine a requestAnimationFrame that holds the request back
// while window.nimmtHold() is true (the game is idle and no wake is pending) and lets it go on
// window.nimmtWake(). Input needs no animation frame (Ebitengine draws a frame from the event
// itself); a wake from outside the game loop calls FrameWake, and a frame after which the game
// is no longer idle lets the held request go.

// woken is set by FrameWake and cleared by the next Update: a frame is due.
var woken atomic.Bool

// FrameWake lets go of the animation frame the page holds back while the game is idle, after
// the game asked Ebitengine for a frame from outside the game loop (scenes.Options.FrameWake).
// It is safe from any goroutine.
func FrameWake() {
	woken.Store(true)
	if f := js.Global().Get("nimmtWake"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}

// Run runs g until it ends, with the page's pause and, in test builds, the test hook.
func Run(g ebiten.Game, opts Options) error {
	w := &wrapper{inner: g, opts: opts}
	hold := js.FuncOf(func(js.Value, []js.Value) any {
		return opts.Idle != nil && opts.Idle() && !woken.Load()
	})
	js.Global().Set("nimmtHold", hold)
	defer hold.Release()
	if opts.Suspend != nil {
		suspend := func() {
			if w.inFrame {
				w.suspendLater = true
			} else {
				opts.Suspend()
			}
		}
		doc := js.Global().Get("document")
		doc.Call("addEventListener", "visibilitychange", js.FuncOf(func(js.Value, []js.Value) any {
			if doc.Get("hidden").Truthy() {
				suspend()
			} else if opts.Resume != nil {
				if w.inFrame {
					w.resumeLater = true
				} else {
					opts.Resume()
				}
			}
			return nil
		}))
		js.Global().Call("addEventListener", "pagehide", js.FuncOf(func(js.Value, []js.Value) any {
			suspend()
			return nil
		}))
	}
	if err := ebiten.RunGame(w); err != nil {
		return fmt.Errorf("webrun: %w", err)
	}
	return nil
}

type wrapper struct {
	inner   ebiten.Game
	opts    Options
	frames  int
	updates int // calls of the game's Update (none while paused)
	layout  layoutInfo
	// inFrame is true during Update and Draw; a hide event then defers Suspend to the next Update.
	inFrame      bool
	suspendLater bool
	resumeLater  bool
	// updateTime and drawTime add up the time spent in the game's Update and Draw.
	updateTime, drawTime time.Duration
	// held is whether the game's last Update saw the left mouse button or a finger down (test
	// builds only).
	held bool //lint:ignore U1000 set and read by hook_nimmttest.go, in builds with the tag nimmttest

}

// layoutInfo is what the browser tests need to map the game's logical pixels to CSS pixels.
type layoutInfo struct {
	OutsideWidth  float64 `json:"outsideWidth"`
	OutsideHeight float64 `json:"outsideHeight"`
	ScreenWidth   float64 `json:"screenWidth"`
	ScreenHeight  float64 `json:"screenHeight"`
	DeviceScale   float64 `json:"deviceScale"`
}

func (w *wrapper) Update() error {
	woken.Store(false)
	if w.suspendLater {
		w.suspendLater = false
		w.opts.Suspend()
	}
	if w.resumeLater {
		w.resumeLater = false
		w.opts.Resume()
	}
	// index.html sets nimmtPaused while its paused overlay is up.
	if js.Global().Get("nimmtPaused").Truthy() {
		return nil
	}
	w.inFrame = true
	defer func() { w.inFrame = false }()
	start := time.Now()
	defer func() { w.updateTime += time.Since(start) }()
	w.updates++
	err := w.inner.Update()
	afterUpdate(w)
	return err
}

func (w *wrapper) Draw(screen *ebiten.Image) {
	w.inFrame = true
	start := time.Now()
	w.inner.Draw(screen)
	w.drawTime += time.Since(start)
	w.inFrame = false
	w.frames++
	if w.opts.Idle != nil && !w.opts.Idle() {
		FrameWake() // the game runs again: Ebitengine's loop needs its animation frames
	}
	afterDraw(w)
}

func (w *wrapper) Layout(outsideWidth, outsideHeight int) (int, int) {
	sw, sh := w.inner.Layout(outsideWidth, outsideHeight)
	w.layout = layoutInfo{float64(outsideWidth), float64(outsideHeight), float64(sw), float64(sh), ebiten.Monitor().DeviceScaleFactor()}
	return sw, sh
}

func (w *wrapper) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	var sw, sh float64
	if lf, ok := w.inner.(ebiten.LayoutFer); ok {
		sw, sh = lf.LayoutF(outsideWidth, outsideHeight)
	} else {
		iw, ih := w.inner.Layout(int(outsideWidth), int(outsideHeight))
		sw, sh = float64(iw), float64(ih)
	}
	w.layout = layoutInfo{outsideWidth, outsideHeight, sw, sh, ebiten.Monitor().DeviceScaleFactor()}
	return sw, sh
}
