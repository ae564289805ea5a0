package scenes

import (
	"fmt"
	"math"
	"nimmt/scenes/menu"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"

	"github.com/hajimehoshi/ebiten/v2"
)

// InjectInput replaces real input by f's for every following tick (nil restores real input);
// f fills in taps and keys. Tests use it to play through the real scenes.
func (g *Game) InjectInput(f func(in *ui.Input)) {
	if g.rig == nil {
		g.rig = &rig{g: g}
	}
	g.rig.inject = f
}

// rig drives a game without a player: a screenshot (Options.Screenshot), a demo that plays
// itself (Options.Autoplay), or a test's injected input (InjectInput). Its methods are safe on a
// nil rig, which is normal play.
type rig struct {
	g       *Game
	shot    *shooter
	autoEnd int
	inject  func(in *ui.Input)
}

// newRig gives g a rig when its options ask for one.
func newRig(g *Game) error {
	if g.Opts.Screenshot == "" && !g.Opts.Autoplay {
		return nil
	}
	g.rig = &rig{g: g}
	if g.Opts.Screenshot != "" {
		s, err := newShooter(g, g.Opts.Scene, g.Opts.Screenshot)
		if err != nil {
			return err
		}
		g.rig.shot = s
	}
	return nil
}

// before runs ahead of the scene's Update; hold stops the tick (the screenshot is being taken).
func (r *rig) before() (hold bool, err error) {
	if r == nil || r.shot == nil {
		return false, nil
	}
	if err := r.shot.Update(); err != nil {
		return true, err
	}
	return r.shot.capture, nil // the scene stands still while its last card faces are rendered
}

// input replaces the player's input by the rig's.
func (r *rig) input(in *ui.Input) {
	if r == nil || r.shot == nil && r.inject == nil {
		return
	}
	*in = ui.Input{X: in.X, Y: in.Y}
	if r.shot != nil && math.Min(r.g.W, r.g.H) < 600 {
		in.Touch = true // a phone-sized screenshot shows what a finger on a phone sees
	}
	if r.inject != nil {
		r.inject(in)
	}
}

// after runs behind the scene's Update: the autoplay's moves.
func (r *rig) after() error {
	if r == nil || !r.g.Opts.Autoplay {
		return nil
	}
	return r.autoplay()
}

// driving reports whether the rig plays by itself and needs every frame: a screenshot, and the
// autoplay on the menu and at the end of its game. Injected input alone is only a replacement of
// the player's. Elsewhere the autoplay acts right after each Update (after), so a scene that is
// still has nothing left for it to do until news wakes the game: the autoplay's game idles as a
// person's does (the desktop client of the browser's online test ran 60 frames a second while
// it waited in the room and at the table). Game over keeps the frames: the autoplay counts ticks
// there before it ends.
func (r *rig) driving() bool {
	switch {
	case r == nil:
		return false
	case r.shot != nil:
		return true
	case !r.g.Opts.Autoplay:
		return false
	}
	switch s := r.g.cur.(type) {
	case *menu.Menu:
		return true
	case *table.Table:
		return s.Phase == table.PhaseOver
	}
	return false
}

// capturing reports whether the frame must be drawn for the screenshot.
func (r *rig) capturing() bool { return r != nil && r.shot != nil && r.shot.capture }

// Draw takes the screenshot once the frame is complete.
func (r *rig) Draw(screen *ebiten.Image) {
	if r != nil && r.shot != nil {
		r.shot.Draw(screen)
	}
}

// panicked ends a screenshot run with the panic as its error; it reports whether it did.
func (r *rig) panicked(p any) bool {
	if r == nil || r.shot == nil {
		return false
	}
	r.shot.err = fmt.Errorf("scenes: panic: %v", p)
	r.shot.done = true
	return true
}
