package scenes

import (
	"nimmt/client"
	"nimmt/protocol"
	"nimmt/scenes/session"
)

// dialing is how the online screens reach a game server: the Game owns one and gives it to the
// lobby, which gives it to the rooms it opens.
type dialing struct {
	// dialRoom opens a link to a room of a game server (online play); tests put a fake in.
	dialRoom roomDialer
	// dialer opens the connections of dialLink (nil: client.DialTransport); tests dial a server
	// in the process.
	dialer client.Dialer
	// sessionFor makes the table's session over a room's link.
	sessionFor func(l roomLink) session.Session
}

// initOnline sets the online screens' connections up and, when the platform opened the game
// on a room's link (?room=CODE), opens that room: the seat held there is taken back, or the
// join screen opens with the code filled in.
func (g *Game) initOnline() {
	if g.dial.dialRoom == nil {
		g.dial.dialRoom = g.dialLink
	}
	if g.dial.sessionFor == nil {
		g.dial.sessionFor = func(l roomLink) session.Session { return session.NewRemoteSession(l) }
	}
	code := normalCode(g.Opts.Room)
	if code == "" || g.cur != nil {
		return
	}
	l := newLobby(g.host, &g.dial, code)
	if protocol.CheckCode(code) != nil {
		l.notice = msgBadCode()
		g.cur = l
		return
	}
	if o := g.Settings.Online; o.Code == code && o.Token != "" {
		if base, err := serverBase(l.server()); err == nil && base == o.Base {
			r := newRoom(g.host, &g.dial, g.dial.dialRoom(base, code, protocol.Hello{Version: protocol.Version, Token: o.Token}), base, false)
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
	d := g.dial.dialer
	if d == nil {
		d = client.DialTransport
	}
	return client.Open(d, base, code, first, client.LinkOptions{Notify: g.Wake})
}
