package scenes

import (
	"nimmt/client"
	"nimmt/protocol"
)

// initOnline sets the online screens' connections up and, when the platform opened the game
// on a room's link (?room=CODE), opens that room: the seat held there is taken back, or the
// join screen opens with the code filled in.
func (g *Game) initOnline() {
	if g.dialRoom == nil {
		g.dialRoom = g.dialLink
	}
	if g.sessionFor == nil {
		g.sessionFor = func(l roomLink) Session { return newRemoteSession(l) }
	}
	code := normalCode(g.opts.Room)
	if code == "" || g.cur != nil {
		return
	}
	l := newLobby(g.host, code)
	if protocol.CheckCode(code) != nil {
		l.notice = msgBadCode()
		g.cur = l
		return
	}
	if o := g.settings.Online; o.Code == code && o.Token != "" {
		if base, err := serverBase(l.server()); err == nil && base == o.Base {
			r := newRoom(g.host, g.dialRoom(base, code, protocol.Hello{Version: protocol.Version, Token: o.Token}), base, false)
			r.back = l
			g.cur = r
			return
		}
	}
	g.cur = l
}

// dialLink opens a client.Link to the room through g.dialer: it connects in the background and
// reconnects by itself with back-off after a lost connection, resuming where it stopped. Every
// message that arrives and every change of the connection wakes the game (the frames of a still
// room or table are stopped, pace.go).
func (g *Game) dialLink(base, code string, first protocol.Message) roomLink {
	d := g.dialer
	if d == nil {
		d = client.DialTransport
	}
	return client.Open(d, base, code, first, client.LinkOptions{Notify: g.Wake})
}
