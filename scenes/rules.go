package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// tutorial is the rules walkthrough's state on a table.
type tutorial struct{}

func (tu *tutorial) update(in *Input)        {}
func (tu *tutorial) draw(dst *ebiten.Image)  {}
func (tu *tutorial) testState(ts *TestState) {}

// newRules opens the rules walkthrough.
func newRules(g *Game) scene { return newMenu(g) }
