package ui

import (
	"nimmt/clock"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// pacer asks the platform's game loop for frames.
type pacer interface {
	// SetIdle switches between frames only on input and wake (true) and steady ticks (false).
	SetIdle(idle bool)
	// Wake asks for a frame soon. It is safe from any goroutine.
	Wake()
}

// EbitenPacer is the pacer of a game run by ebiten.RunGame. notify, if set, is told of every
// wake after ebiten.ScheduleFrame (Options.FrameWake).
type EbitenPacer struct {
	idle   bool
	Notify func()
}

func (p *EbitenPacer) SetIdle(idle bool) {
	if p.idle == idle {
		return
	}
	p.idle = idle
	if idle {
		ebiten.SetTPS(ebiten.SyncWithFPS)
		//lint:ignore SA1019 the only way to stop the frames until input or ScheduleFrame
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
		return
	}
	//lint:ignore SA1019 back from FPSModeVsyncOffMinimum
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
	ebiten.SetTPS(ebiten.DefaultTPS)
}

func (p *EbitenPacer) Wake() {
	//lint:ignore SA1019 a frame in FPSModeVsyncOffMinimum (the idle mode) comes only through it
	ebiten.ScheduleFrame()
	if p.Notify != nil {
		p.Notify()
	}
}

// SteadyPacer never stops the frames: a game whose Update and Draw the caller runs itself
// (tests, which then see every tick).
type SteadyPacer struct{}

func (SteadyPacer) SetIdle(bool) {}

func (SteadyPacer) Wake() {}

// Wake asks for a frame soon: something the game waits for happened outside the game loop (a
// message arrived on a session's network goroutine). Call it after the news is where Update
// looks for it, and where the session's needsTicks sees it (pace looks again after it stops
// the frames, so a wake racing with the stop is never lost). It is safe from any goroutine and cheap when the frames run anyway.
func (e *Env) Wake() { e.Pacer.Wake() }

// WakeAfter asks for a frame once d has passed on the game's clock (the decision timer's ring
// at its next step), from the clock's timer. The returned timer can be stopped when the wait
// is over.
func (e *Env) WakeAfter(d time.Duration) clock.Stopper { return e.Clock.AfterFunc(d, e.Wake) }
