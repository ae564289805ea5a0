//go:build !js || nimmttest

package scenes

import "nimmt/msg"

// The web release build leaves TestState out (tests and the browser test build, tag nimmttest,
// have it): nothing else asks the scenes for their testState, so their code stays out of the wasm.

// TestState returns a snapshot of the current scene for tests.
func (g *Game) TestState() TestState {
	ts := TestState{Width: g.w, Height: g.h, Scale: g.scale, Notice: g.notice.String(), Lang: msg.Lang(), Redraws: g.redraws}
	s := g.cur
	if g.next != nil {
		s = g.next
	}
	if s != nil {
		ts.Scene = s.name()
		ts.Input = s.acceptsInput() && g.next == nil
		s.testState(&ts)
	}
	return ts
}
