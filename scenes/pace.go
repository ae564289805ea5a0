package scenes

// Idle frames (issue #14): while nothing on the screen moves and nothing the game waits for can
// happen without a wake — the menu, a table waiting for the person — the game asks Ebitengine
// for no frames at all (FPSModeVsyncOffMinimum: a frame only on input or ScheduleFrame), so a
// still game costs no CPU. Anything that can change the screen from outside the game loop wakes
// it: input (Ebitengine itself: GLFW's WaitEvents on the desktop, the page's event handlers in
// the browser, the view's touch events on phones), a bot's answer from its goroutine, a message
// from the network (Game.Wake, for a session's network goroutine), a failed background save,
// and timers (Game.WakeAfter). While something moves the game runs at the usual 60 ticks a
// second, each tick one Update, so animations and the bots' pacing keep their time.
//
// Ticks in idle mode: TPS is SyncWithFPS there, so every frame runs exactly one Update. With
// 60 TPS a frame woken a few milliseconds after the last one would run no Update at all, and a
// wake that arrived then would be lost.

// stillFramesToIdle is how many drawn frames in a row must find the game still before the
// frames stop: a margin for state that settles one frame late.
const stillFramesToIdle = 2

// stiller is a scene that can say it is still: nothing in it changes until input or a wake. A
// scene that does not implement it keeps the frames running.
type stiller interface {
	Still() bool
}

// Still reports whether the game needs no frame until input or a wake: no scene change queued,
// nothing to redraw or animate, no pointer button held, and the scene still.
func (g *Game) Still() bool {
	if g.rig.driving() || g.Dirty || g.next != nil || g.cur == nil || g.quit || g.ptr.Down || g.ptr.Touching {
		return false
	}
	if g.cur.Animating() {
		return false
	}
	s, ok := g.cur.(stiller)
	return ok && s.Still()
}

// pace runs after each Draw: it stops the frames once the game has been still for
// stillFramesToIdle frames and restarts them as soon as it is not.
func (g *Game) pace() {
	if g.Still() {
		g.stillFrames++
	} else {
		g.stillFrames = 0
	}
	idle := g.stillFrames >= stillFramesToIdle
	if idle == g.idle {
		return
	}
	g.idle = idle
	g.Pacer.SetIdle(idle)
	if idle && !g.Still() {
		// News arrived between the look and the switch; its wake may have been dropped (on
		// phones ScheduleFrame does nothing outside the idle mode), so look once more after
		// switching: a wake after this look finds the idle mode set.
		g.stillFrames, g.idle = 0, false
		g.Pacer.SetIdle(false)
	}
}

// Idle reports whether the game has stopped its frames until input or a wake.
func (g *Game) Idle() bool { return g.idle }
