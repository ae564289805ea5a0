package online

import (
	"errors"

	"nimmt/client"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
)

// UnreachableAfter is how many failed attempts to open a room make the room screen give up and
// say that the server cannot be reached.
const UnreachableAfter = 2

// Poll takes in what the link brought and follows the room: the first sight of it, a refusal,
// the seat token to keep, a game starting. It reports whether anything changed.
func (r *Room) Poll() bool {
	g := r.g
	changed := r.Link.Poll()
	if st := r.Link.Status(); st.Phase != r.Status.Phase || st.Attempt != r.Status.Attempt {
		if st.Phase == client.LinkOnline && r.Status.Phase == client.LinkReconnecting {
			r.remute() // a mute lasts as long as its connection
		}
		r.Status = st
		changed = true
	}
	cs := r.Link.State()
	// A server that cannot be reached is said at once (the link would keep trying).
	if !r.Opened && (r.Status.Phase == client.LinkFailed || r.Status.Phase == client.LinkReconnecting && r.Status.Attempt >= UnreachableAfter) {
		r.giveUp(failedText(r.Status, r.base))
		return true
	}
	for ; r.errSeen < len(cs.Errors); r.errSeen++ {
		e := cs.Errors[r.errSeen]
		if e.Ref == protocol.TypeAct {
			continue // the table says a refused card or row, where it was played
		}
		if !r.Opened {
			r.giveUp(session.ErrorText(e))
			return true
		}
		r.notice = session.ErrorText(e)
		if e.Code == protocol.ErrToken {
			r.forget()
		}
		changed = true
	}
	if !changed {
		return false
	}
	rm := &cs.Room
	if !r.Opened && rm.Code != "" {
		r.Opened = true
		r.midGame = rm.State != protocol.StateLobby
	}
	if r.Host() && rm.State == protocol.StateLobby {
		for _, lv := range r.bots {
			r.Link.Send(protocol.AddBot{Level: lv})
		}
		r.bots = nil
	}
	if r.Opened && r.join && !r.JoinSent && rm.State == protocol.StateLobby && rm.You < 0 {
		r.JoinSent = true
		r.Link.Send(protocol.Join{Name: g.Settings.Name, Colour: r.colour})
	}
	for ; r.chatSeen < len(cs.Chat); r.chatSeen++ {
		c := cs.Chat[r.chatSeen]
		e := chatEntry{name: c.Name, text: c.Text, system: c.System}
		if c.Seat >= 0 && c.Seat < len(rm.Seats) {
			e.colour = rm.Seats[c.Seat].Colour
		}
		r.chat = append(r.chat, e)
	}
	r.keep()
	r.Build()
	if r.Table == nil || rm.Game != r.TableGame {
		r.openTable()
	}
	return true
}

// failedText says why a link ended or cannot reach the server: the server's refusal (no such
// room, banned, …) in the person's words, or the server's page and the error.
func failedText(st client.LinkStatus, base string) msg.Message {
	if refused, ok := errors.AsType[*client.FailedError](st.Err); ok {
		return session.ErrorText(refused.Refusal)
	}
	return msg.New(msg.OnlineUnreachable, pageURL(base), errString(st.Err))
}

// revoked reports whether err ended a link because the server signed its device out of its
// account (the device revoked, the account deleted); the device then forgets its account secret,
// which would only be refused.
func revoked(g *ui.Host, err error) bool {
	if !refusedAs(err, protocol.ErrRevoked) {
		return false
	}
	if g.Settings.Online.Secret != "" {
		g.Settings.Online.Secret = ""
		g.SaveSettings()
	}
	return true
}

// refusedAs reports whether err ended a link because the server refused it with code.
func refusedAs(err error, code string) bool {
	refused, ok := errors.AsType[*client.FailedError](err)
	return ok && refused.Refusal.Code == code
}

// errString is an error's text, or nothing.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// giveUp goes back to the lobby saying why the room could not be opened.
func (r *Room) giveUp(why msg.Message) {
	r.Link.Close()
	l := r.Back
	if l == nil {
		l = NewLobby(r.g, r.dial, "")
	}
	l.Notice = why
	l.Build()
	r.g.Show(l)
}

// keep remembers the seat token (with the room and server) so that the seat can be taken back
// after a restart of the game, a reload of the page or a lost connection. Once the server signed
// this device out, it forgets the seat, held through the account (taken back, it would be
// played as a guest), with the account's secret; once the server banned this person, it forgets
// this room's seat, which would only be refused again with the ban.
func (r *Room) keep() {
	cs := r.Link.State()
	o := &r.g.Settings.Online
	if st := r.Link.Status(); st.Phase == client.LinkFailed {
		if revoked(r.g, st.Err) || refusedAs(st.Err, protocol.ErrBanned) && o.Code == cs.Room.Code && o.Base == r.base {
			r.forget()
		}
		return
	}
	if cs.Token == "" || (o.Token == cs.Token && o.Code == cs.Room.Code) || cs.Room.Code == "" {
		return
	}
	o.Code, o.Token, o.Base = cs.Room.Code, cs.Token, r.base
	r.g.SaveSettings()
}

// forget drops the remembered seat (the room was left, or the token is no longer valid).
func (r *Room) forget() {
	o := &r.g.Settings.Online
	if o.Token == "" {
		return
	}
	o.Code, o.Token, o.Base = "", "", ""
	r.g.SaveSettings()
}

// openTable asks the Router for the table of the room's current game once its first events
// are here; the room builds no table and the table holds no room (the manager keeps the room to
// go back to). A room first seen in the middle of a game (a reload, a restart, a spectator)
// shows the game as it stands; one seen from its lobby animates from the deal.
func (r *Room) openTable() {
	cs := r.Link.State()
	rm := &cs.Room
	if rm.State == protocol.StateLobby || rm.Game == 0 || cs.Game != rm.Game || len(cs.Events) == 0 || r.dial.SessionFor == nil {
		return
	}
	t, err := r.g.Table(r.dial.SessionFor(r.Link), rm.You, r.midGame)
	if err != nil {
		r.notice = session.Notice(err)
		r.Build()
		return
	}
	r.midGame = false
	r.Table, r.TableGame = t, rm.Game
	r.confirm = ""
	r.Build()
}

// Follow implements ui.Follower: the scene manager runs it at the top of each tick of the table
// this room opened. It keeps the seat token and opens the room's next game when one starts (the
// host played again) while the table shows the last one.
func (r *Room) Follow() {
	r.keep()
	cs := r.Link.State()
	if cs.Room.Game == r.TableGame || cs.Room.State != protocol.StatePlaying {
		return
	}
	r.openTable()
}
