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
		g.dialRoom = dialLink
	}
	if g.sessionFor == nil {
		g.sessionFor = func(l roomLink) Session { return newRemoteSession(l) }
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

// dialLink opens a client.Link to the room: it connects in the background and reconnects by
// itself with back-off after a lost connection, resuming where it stopped.
func dialLink(base, code string, first protocol.Message) roomLink {
	return client.Open(client.DialTransport, base, code, first, client.LinkOptions{})
}
