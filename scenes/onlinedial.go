package scenes

import (
	"errors"

	"nimmt/client"
	"nimmt/protocol"
)

// initOnline sets the online screens' connections up and, when the platform opened the game
// on a room's link (?room=CODE), opens that room: the seat held there is taken back, or the
// join screen opens with the code filled in.
func (g *Game) initOnline() {
	if g.dialRoom == nil {
		g.dialRoom = dialLink
	}
	if g.sessionFor == nil {
		g.sessionFor = linkSession
	}
	code := normalCode(g.opts.Room)
	if code == "" || g.cur != nil {
		return
	}
	l := newLobby(g, code)
	if protocol.CheckCode(code) != nil {
		l.notice = msgBadCode()
		g.cur = l
		return
	}
	if o := g.settings.Online; o.Code == code && o.Token != "" {
		if base, err := serverBase(l.server()); err == nil && base == o.Base {
			r := newRoom(g, g.dialRoom(base, code, protocol.Hello{Version: protocol.Version, Token: o.Token}), base, false)
			r.back = l
			g.cur = r
			return
		}
	}
	g.cur = l
}

// TEMPORARY until client.Link lands.
func dialLink(base, code string, first protocol.Message) roomLink {
	return &failedLink{err: errors.New("scenes: online play needs client.Link")}
}

func linkSession(l roomLink) Session { return nil }

type failedLink struct {
	st  client.State
	err error
}

func (f *failedLink) Poll() bool            { return false }
func (f *failedLink) State() *client.State  { return &f.st }
func (f *failedLink) Send(protocol.Message) {}
func (f *failedLink) Status() linkStatus    { return linkStatus{Phase: linkFailed, Err: f.err} }
func (f *failedLink) Close()                {}
