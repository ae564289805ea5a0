package scenes

import (
	"strconv"
	"strings"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/menu"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
)

// room is the room screen of online play: the room's code and link (with a copy button in the
// browser), the seats with their names, colours and state, the host's controls (a bot of a level,
// remove a bot, start, play again), the chat with the portal's slash commands, and leave; while a
// game is on, back to the table, resign and (the host) finish, each confirmed first. It follows
// the room over its link: when a game starts it opens the table on a remote session, and the
// table's menu comes back here.
type room struct {
	form
	link roomLink
	// dial reaches the game server (the table's session over the link).
	dial *dialing
	// base is the server's WebSocket address.
	base string
	// join asks for a seat once the room is seen (joined by its code); joinSent once asked.
	join, joinSent bool
	// opened is set once the room has been seen; midGame when it was first seen playing.
	opened, midGame bool
	// back is the lobby this room was opened from (where a server that cannot be reached is said).
	back *lobby
	lay  roomLayout
	// level is the host's bot level chip.
	level string
	// colour is the colour asked for by "Take a seat".
	colour string
	// notice is the last refusal or a local answer, said on the status line.
	notice msg.Message
	// errSeen and chatSeen count the link's errors and chat lines already taken in.
	errSeen, chatSeen int
	chat              []chatEntry
	// draft is the chat line typed but not sent.
	draft string
	// bots are the levels of the bots the host chose on the room's form, added once it is open.
	bots []string
	// confirm is the action waiting for Yes: "resign" or "finish".
	confirm string
	copied  bool
	// Table shows game tableGame of the room, or is nil.
	table     *table.Table
	tableGame int
	status    client.LinkStatus
}

func newRoom(g *ui.Host, dial *dialing, link roomLink, base string, join bool) *room {
	r := &room{form: form{g: g, focus: -1}, dial: dial, link: link, base: base, join: join, level: "intermediate",
		colour: g.Settings.Online.Colour}
	return r
}

func (r *room) Name() string       { return "room" }
func (r *room) Animating() bool    { return r.Typing() }
func (r *room) AcceptsInput() bool { return true }
func (r *room) Resize()            { r.Build() }

// Still implements stiller: the room changes only on input or on news from its link, whose
// Notify wakes the game (dialLink); news already waiting keeps the frames running.
func (r *room) Still() bool { return !r.Animating() && !r.link.Pending() }

// State is the room as last seen.
func (r *room) state() *protocol.Room { return &r.link.State().Room }

// host reports whether this connection holds the host's seat.
func (r *room) host() bool {
	rm := r.state()
	return r.opened && rm.You >= 0 && rm.You == rm.Host
}

// seated reports whether this connection holds a seat.
func (r *room) seated() bool { return r.opened && r.state().You >= 0 }

// maxSeats is how many seat lines the screen shows: the room's seats, at least the seats taken.
func (r *room) maxSeats() int {
	rm := r.state()
	n := max(rm.Settings.Seats, len(rm.Seats))
	if n < 2 {
		n = 2
	}
	return min(n, engine.MaxSeats)
}

func (r *room) Update(in *ui.Input) error {
	g := r.g
	if r.poll() {
		g.Dirty = true
	}
	if g.Leaving() {
		return nil // poll moved on (the table, the lobby)
	}
	ev := r.form.Update(in)
	if ev.changed {
		r.Build()
	}
	if ev.commit == "chat" {
		r.draft = ev.text
		if ev.enter {
			r.say()
			r.edit("chat", "", maxChatDraft, ui.CaseWords) // keep typing
		}
		r.Build()
	}
	if ev.id != "" {
		r.Activate(ev.id)
	}
	if ev.esc {
		if r.confirm != "" {
			r.Activate("no")
		} else if r.table != nil && r.state().State != protocol.StateLobby {
			r.Activate("to-table")
		}
	}
	return nil
}

func (r *room) Activate(id string) {
	g := r.g
	switch {
	case id == "copy":
		r.copyLink()
		r.Build()
		return
	case id == "level":
		r.level = menu.Cycle(ui.Levels, r.level, 1)
	case id == "add-bot":
		r.link.Send(protocol.AddBot{Level: r.level})
	case strings.HasPrefix(id, "remove-"):
		s, _ := strconv.Atoi(strings.TrimPrefix(id, "remove-"))
		r.link.Send(protocol.RemoveBot{Seat: s})
	case id == "start":
		r.link.Send(protocol.Start{})
	case id == "colour":
		r.colour = menu.Cycle(append([]string{""}, protocol.Colours...), r.colour, 1)
	case id == "take-seat":
		r.link.Send(protocol.Join{Name: g.Settings.Name, Colour: r.colour})
	case id == "to-table":
		if r.table != nil {
			g.Show(r.table)
			return
		}
	case id == "again":
		r.link.Send(protocol.Again{})
	case id == "chat":
		r.edit("chat", r.draft, maxChatDraft, ui.CaseWords)
	case id == "send":
		r.say()
	case id == "resign", id == "finish":
		r.confirm = id
	case id == "no":
		r.confirm = ""
	case id == "yes":
		if r.confirm == "resign" {
			r.link.Send(protocol.Resign{})
		} else if r.confirm == "finish" {
			r.link.Send(protocol.Finish{})
		}
		r.confirm = ""
	case id == "leave":
		r.leave()
		return
	}
	r.notice = msg.Message{}
	r.Build()
	if r.field != "" {
		r.focusOn(r.field)
	}
}

// copyLink puts the room's link on the clipboard (the page's in the browser, the system's on the
// desktop) and says so on the button, or says why not on the status line with the code to share
// instead (no clipboard tool; a phone, which cannot copy here).
func (r *room) copyLink() {
	code := r.state().Code
	r.notice, r.copied = msg.Message{}, false
	if r.g.Opts.Clipboard == nil {
		r.notice = msg.New(msg.RoomCopyNone, code)
		return
	}
	if err := r.g.Opts.Clipboard(roomURL(r.base, code)); err != nil {
		r.notice = msg.New(msg.RoomCopyFailed, err.Error(), code)
		return
	}
	r.copied = true
}

// leave leaves the room: a seat in the lobby is given up, a game's seat is kept for the person
// to come back (Menu → Play online → Back to room), and the connection closes.
func (r *room) leave() {
	rm := r.state()
	switch {
	case rm.State == protocol.StateLobby && r.seated():
		r.link.Send(protocol.Leave{})
		r.forget()
	case rm.State == protocol.StateOver || !r.seated():
		r.forget()
	}
	r.link.Close()
	r.g.Menu()
}

// again is the table's "play again" at the game's end: the host asks for the next game; everyone
// goes to the room, where the next game's table opens when it starts.
func (r *room) again() {
	if r.host() && r.state().State == protocol.StateOver {
		r.link.Send(protocol.Again{})
	}
	r.Build()
	r.g.Show(r)
}

// FromTable is the table's menu button in an online game: the room screen.
func (r *room) FromTable() {
	r.Build()
	r.g.Show(r)
}

// OverLabels are the labels of the game-over panel's buttons online: play again (the host) or
// the room (the others), and leave.
func (r *room) OverLabels() (a, b string) {
	a = msg.New(msg.RoomTitle, r.state().Code).String()
	if r.host() {
		a = msg.ButtonPlayAgain.Text()
	}
	return a, msg.RoomLeave.Text()
}

// OverButtons handles the game-over panel's buttons online: play again (the host asks for the
// next game) or the room, and leave.
func (r *room) OverButtons(in *ui.Input, a, b layout.Rect) bool {
	if in.TapIn(a) || in.Key(ui.KeyEnter) {
		r.again()
		return true
	}
	if in.TapIn(b) {
		r.leave()
		return true
	}
	return false
}
