//go:build !js

package scenes

import (
	"time"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/scenes/online"
	"nimmt/scenes/session"
)

// samplePublic is the list of public tables of the screenshot "public": a basic table for four
// that bots fill in 12 s, a Nifty quick-match table for five waiting for people, a full one of
// ten, and a game being played (in the names of the game's language).
func samplePublic(now time.Time) *cannedLink {
	c := &cannedLink{status: client.LinkStatus{Phase: client.LinkOnline}}
	name := func(i int) string { return session.BotNames[i].Text() }
	person := func(i int, colour string) protocol.TableSeat {
		return protocol.TableSeat{Name: name(i), Colour: colour, Kind: protocol.KindPerson}
	}
	bot := func(i int, colour string) protocol.TableSeat {
		return protocol.TableSeat{Name: name(i), Colour: colour, Kind: protocol.KindBot}
	}
	settings := func(v engine.Variant, seats, fill int, quick bool) protocol.Settings {
		s := protocol.DefaultSettings(seats)
		s.Variant, s.Public, s.Fill, s.Quick = v, true, fill, quick
		return s
	}
	code := func(i int) string {
		b := []byte(sampleCode)
		b[0] = protocol.CodeAlphabet[i]
		return string(b)
	}
	nifty := engine.Nifty
	_ = c.push(protocol.Tables{Tables: []protocol.Table{
		{Code: code(1), Settings: settings(engine.Basic, 4, 30, false), State: protocol.StateLobby,
			Seats: []protocol.TableSeat{person(0, "green"), bot(2, "blue")}, Spectators: 1, StartAt: now.Add(12 * time.Second).UnixMilli()},
		{Code: code(2), Settings: settings(nifty, 5, 0, true), State: protocol.StateLobby,
			Seats: []protocol.TableSeat{person(1, "red"), person(3, "purple")}},
		{Code: code(3), Settings: settings(engine.Basic, 3, 0, false), State: protocol.StateLobby,
			Seats: []protocol.TableSeat{person(4, "yellow"), person(5, "orange"), person(6, "pink")}},
		{Code: code(4), Settings: settings(engine.Basic, 4, 0, false), State: protocol.StatePlaying, Game: 1,
			Seats: []protocol.TableSeat{person(7, "cyan"), bot(8, "brown"), person(0, "grey"), bot(1, "green")}, Spectators: 2},
	}})
	return c
}

// shotPublic prepares the screenshot "public": the list of public tables over a canned link.
func shotPublic(g *Game) {
	link := samplePublic(g.Clock.Now())
	g.dial.DialRoom = func(string, string, protocol.Message) online.RoomLink { return link }
	g.cur = online.NewPublic(g.host, &g.dial)
}
