//go:build !js || nimmttest

package online

import "nimmt/scenes/ui"

// The scenes' TestState: left out of the web release build (as the scene manager's, ../teststate.go).

func (l *Lobby) TestState(ts *ui.TestState) {
	if l.Page == "create" {
		l.Create.TestState(ts)
		return
	}
	l.Buttons(ts)
	if n := l.Notice.String(); n != "" {
		ts.Notice = n
	}
}

func (r *Room) TestState(ts *ui.TestState) {
	r.Buttons(ts)
	ts.Online = r.onlineState()
}
