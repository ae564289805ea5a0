//go:build !js

package scenes

import (
	"nimmt/client"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/online"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
)

// cannedLink is a link to no server: it holds the room state it is given and records what is
// sent (the rig's screenshots of the online screens, and the tests of those screens).
type cannedLink struct {
	st      client.State
	status  client.LinkStatus
	fresh   bool
	sent    []protocol.Message
	closed  bool
	applied int
}

// push folds server messages in; the next Poll reports them.
func (c *cannedLink) push(ms ...protocol.Message) error {
	for _, m := range ms {
		if err := c.st.Apply(m); err != nil {
			return err
		}
		c.applied++
	}
	c.fresh = true
	return nil
}

func (c *cannedLink) Poll() bool {
	f := c.fresh
	c.fresh = false
	return f
}

func (c *cannedLink) State() *client.State      { return &c.st }
func (c *cannedLink) Send(m protocol.Message)   { c.sent = append(c.sent, m) }
func (c *cannedLink) Status() client.LinkStatus { return c.status }
func (c *cannedLink) Close()                    { c.closed = true }
func (c *cannedLink) Pending() bool             { return c.fresh }

// sampleCode is the sample room's code.
var sampleCode = string([]byte{protocol.CodeAlphabet[8], protocol.CodeAlphabet[27], protocol.CodeAlphabet[14],
	protocol.CodeAlphabet[20], protocol.CodeAlphabet[24], protocol.CodeAlphabet[10]})

// sampleRoom is the room of the screenshots: Ada hosts a basic game for six with Bruno (away), two
// bots and Dev (gone), one spectator, and a little chat (in the names and words of the game's
// language).
func sampleRoom() *cannedLink {
	c := &cannedLink{status: client.LinkStatus{Phase: client.LinkOnline}}
	s := protocol.DefaultSettings(6)
	name := func(i int) string { return session.BotNames[i].Text() }
	person := func(i int, colour string) protocol.Seat {
		return protocol.Seat{Name: name(i), Colour: colour, Kind: protocol.KindPerson, Level: "intermediate", Connected: true}
	}
	bot := func(i int, colour, level string) protocol.Seat {
		return protocol.Seat{Name: name(i), Colour: colour, Kind: protocol.KindBot, Level: level, Connected: true}
	}
	away, gone := person(1, "red"), person(3, "purple")
	away.Away, gone.Connected = true, false
	_ = c.push(protocol.Welcome{Version: protocol.Version, Code: sampleCode, Link: "/?room=" + sampleCode},
		protocol.Joined{Token: "sample", Colour: "green"},
		protocol.Room{Code: sampleCode, Settings: s, State: protocol.StateLobby, You: 0, Host: 0, Spectators: 1,
			Seats: []protocol.Seat{person(0, "green"), away, bot(2, "blue", "expert"), gone, bot(4, "yellow", "beginner")}},
		protocol.Chat{Seat: 1, Name: name(1), Text: msg.RoomWaitHost.Text()})
	return c
}

// shotOnline prepares the online screens' screenshots: the lobby (online), the room form
// (online-create) and the room (room), over a canned link; online-keyboard and room-keyboard
// show them on a touch screen of the phone app, a room code and a chat line half typed on the
// on-screen keyboard; room-banned shows the room once the operator banned this person (the
// reason said, only Leave offered).
func shotOnline(g *Game, scene string) {
	g.Settings.Name = session.BotNames[0].Text()
	g.Settings.Online.Colour = "green"
	link := sampleRoom()
	g.dial.DialRoom = func(string, string, protocol.Message) online.RoomLink { return link }
	switch scene {
	case "online", "online-create", "online-keyboard":
		l := online.NewLobby(g.host, &g.dial, "")
		switch scene {
		case "online-create":
			l.OpenCreate()
			l.Room.Levels[1] = "expert" // an expert bot beside the open seats
		case "online-keyboard":
			g.Device = ui.DeviceTouch
			l.Edit("code", sampleCode[:3], 64, ui.CaseUpper)
		}
		g.cur = l
	case "room", "room-keyboard", "room-moderation", "room-report", "room-banned":
		r := online.NewRoom(g.host, &g.dial, link, "wss://nimmt.example.org", false)
		switch scene {
		case "room-keyboard":
			g.Device = ui.DeviceTouch
			r.Edit("chat", session.BotNames[1].Text()+", ", online.MaxChatDraft, ui.CaseWords)
		case "room-moderation": // the host chose the second seat's "…"
			r.Poll()
			r.Activate("mod-1")
		case "room-report": // and then Report: the protocol's reasons, in words
			r.Poll()
			r.Activate("mod-1")
			r.Activate("report")
		case "room-banned":
			r.Poll()
			link.status = client.LinkStatus{Phase: client.LinkFailed, Err: &client.FailedError{Refusal: protocol.Error{
				Code: protocol.ErrBanned, Message: protocol.BannedMessage + ": " + msg.RoomReasonSpam.Text()}}}
			r.Poll()
		}
		g.cur = r
	}
}

// Reconnect does nothing: there is no connection.
func (c *cannedLink) Reconnect() {}

// Refusal returns nothing: a canned room refuses no action.
func (c *cannedLink) Refusal() (protocol.Error, bool) { return protocol.Error{}, false }
