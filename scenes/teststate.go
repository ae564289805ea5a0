//go:build !js || nimmttest

package scenes

import (
	"nimmt/msg"
	"nimmt/scenes/ui"
)

// The web release build leaves TestState out (tests and the browser test build, tag nimmttest,
// have it): nothing else asks the scenes for their testState, so their code stays out of the wasm.

// TestState returns a snapshot of the current scene for tests.
func (g *Game) TestState() ui.TestState {
	ts := ui.TestState{Width: g.W, Height: g.H, Scale: g.Scale, Notice: g.Notice.String(), Lang: msg.Lang(), Redraws: g.redraws}
	s := g.cur
	if g.next != nil {
		s = g.next
	}
	if s != nil {
		ts.Scene = s.Name()
		ts.Input = s.AcceptsInput() && g.next == nil
		if t, ok := s.(ui.Tested); ok {
			t.TestState(&ts)
		}
	}
	return ts
}

// Frames returns the number of Draw calls so far.
func (g *Game) Frames() int { return g.FrameCount }
