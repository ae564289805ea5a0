package scenes

import (
	"nimmt/client"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/scenes/online"
	"nimmt/scenes/session"
)

// initOnline sets the online screens' connections up and, when the platform opened the game
// on a room's link (?room=CODE), opens that room: the seat held there is taken back, or the
// join screen opens with the code filled in.
func (g *Game) initOnline() {
	if g.dial.DialRoom == nil {
		g.dial.DialRoom = g.dialLink
	}
	if g.dial.SessionFor == nil {
		g.dial.SessionFor = func(l online.RoomLink) session.Session { return session.NewRemoteSession(l) }
	}
	code := online.NormalCode(g.Opts.Room)
	if code == "" || g.cur != nil {
		return
	}
	l := online.NewLobby(g.host, &g.dial, code)
	if protocol.CheckCode(code) != nil {
		l.Notice = online.MsgBadCode()
		g.cur = l
		return
	}
	if o := g.Settings.Online; o.Code == code && o.Token != "" {
		if base, err := online.ServerBase(l.Server()); err == nil && base == o.Base {
			r := online.NewRoom(g.host, &g.dial, g.dial.DialRoom(base, code, protocol.Hello{Version: protocol.Version, Token: o.Token}), base, false)
			r.Back = l
			g.cur = r
			return
		}
	}
	g.cur = l
}

// dialLink opens a client.Link to the room through g.dialer: it connects in the background and
// reconnects by itself with back-off after a lost connection, resuming where it stopped. With an
// account on this device (Settings.Online.Secret), each connection signs in first. Every
// message that arrives and every change of the connection wakes the game (the frames of a still
// room or table are stopped, pace.go).
func (g *Game) dialLink(base, code string, first protocol.Message) online.RoomLink {
	d := g.dial.Dialer
	if d == nil {
		d = client.DialTransport
	}
	opt := client.LinkOptions{Notify: g.Wake}
	if s := g.Settings.Online.Secret; s != "" {
		opt.SignIn = accountmsg.SignIn{Secret: s} // the seats are the account's (profile page)
	}
	return client.Open(d, base, code, first, opt)
}
