package online

import (
	"strconv"
	"strings"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/menu"
	"nimmt/scenes/ui"
)

// Room is the room screen of online play: the room's code and link (with a copy button in the
// browser), the seats with their names, colours and state, the host's controls (a bot of a level,
// remove a bot, start, play again), the chat with the portal's slash commands, and leave; while a
// game is on, back to the table, resign and (the host) finish, each confirmed first. It follows
// the room over its link: when a game starts it asks the Router for the table on a remote
// session, and the table's menu comes back here (Router.Back).
type Room struct {
	form
	Link RoomLink
	// dial reaches the game server (the table's session over the link).
	dial *Dialing
	// base is the server's WebSocket address.
	base string
	// join asks for a seat once the room is seen (joined by its code); joinSent once asked.
	join, JoinSent bool
	// Opened is set once the room has been seen; midGame when it was first seen playing.
	Opened, midGame bool
	// Back is the lobby this room was opened from (where a server that cannot be reached is said).
	Back *Lobby
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
	// Table shows game TableGame of the room (the Router opened it), or is nil.
	Table     ui.Scene
	TableGame int
	Status    client.LinkStatus
	// mod is the moderation of a seat chosen (roommod.go).
	mod roomMod
}

func NewRoom(g *ui.Host, dial *Dialing, link RoomLink, base string, join bool) *Room {
	r := &Room{form: form{g: g, focus: -1}, dial: dial, Link: link, base: base, join: join, level: "intermediate",
		colour: g.Settings.Online.Colour, mod: roomMod{seat: -1}}
	return r
}

func (r *Room) Name() string       { return "room" }
func (r *Room) Animating() bool    { return r.Typing() }
func (r *Room) AcceptsInput() bool { return true }
func (r *Room) Resize()            { r.Build() }

// Still implements stiller: the room changes only on input or on news from its link, whose
// Notify wakes the game (dialLink); news already waiting keeps the frames running.
func (r *Room) Still() bool { return !r.Animating() && !r.Link.Pending() }

// State is the room as last seen.
func (r *Room) State() *protocol.Room { return &r.Link.State().Room }

// Host reports whether this connection holds the host's seat.
func (r *Room) Host() bool {
	rm := r.State()
	return r.Opened && rm.You >= 0 && rm.You == rm.Host
}

// seated reports whether this connection holds a seat.
func (r *Room) seated() bool { return r.Opened && r.State().You >= 0 }

// maxSeats is how many seat lines the screen shows: the room's seats, at least the seats taken.
func (r *Room) maxSeats() int {
	rm := r.State()
	n := max(rm.Settings.Seats, len(rm.Seats))
	if n < 2 {
		n = 2
	}
	return min(n, engine.MaxSeats)
}

func (r *Room) Update(in *ui.Input) error {
	g := r.g
	if r.Poll() {
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
			r.Edit("chat", "", MaxChatDraft, ui.CaseWords) // keep typing
		}
		r.Build()
	}
	if ev.id != "" {
		r.Activate(ev.id)
	}
	if ev.esc {
		if r.mod.open() {
			r.mod.close()
			r.Build()
		} else if r.confirm != "" {
			r.Activate("no")
		} else if r.Table != nil && r.State().State != protocol.StateLobby {
			r.Activate("to-table")
		}
	}
	return nil
}

func (r *Room) Activate(id string) {
	g := r.g
	if r.activateMod(id) {
		r.notice = msg.Message{}
		r.Build()
		return
	}
	switch {
	case id == "copy":
		r.copyLink()
		r.Build()
		return
	case id == "level":
		r.level = menu.Cycle(ui.Levels, r.level, 1)
	case id == "add-bot":
		r.Link.Send(protocol.AddBot{Level: r.level})
	case strings.HasPrefix(id, "remove-"):
		s, _ := strconv.Atoi(strings.TrimPrefix(id, "remove-"))
		r.Link.Send(protocol.RemoveBot{Seat: s})
	case id == "start":
		r.Link.Send(protocol.Start{})
	case id == "colour":
		r.colour = menu.Cycle(append([]string{""}, protocol.Colours...), r.colour, 1)
	case id == "take-seat":
		r.Link.Send(protocol.Join{Name: g.Settings.Name, Colour: r.colour})
	case id == "to-table":
		if r.Table != nil {
			g.Show(r.Table)
			return
		}
	case id == "again":
		r.Link.Send(protocol.Again{})
	case id == "chat":
		r.Edit("chat", r.draft, MaxChatDraft, ui.CaseWords)
	case id == "send":
		r.say()
	case id == "resign", id == "finish":
		r.confirm = id
	case id == "no":
		r.confirm = ""
	case id == "yes":
		if r.confirm == "resign" {
			r.Link.Send(protocol.Resign{})
		} else if r.confirm == "finish" {
			r.Link.Send(protocol.Finish{})
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
func (r *Room) copyLink() {
	code := r.State().Code
	r.notice, r.copied = msg.Message{}, false
	if r.g.Opts.Clipboard == nil {
		r.notice = msg.New(msg.RoomCopyNone, code)
		return
	}
	if err := r.g.Opts.Clipboard(RoomURL(r.base, code)); err != nil {
		r.notice = msg.New(msg.RoomCopyFailed, err.Error(), code)
		return
	}
	r.copied = true
}

// leave leaves the room: a seat in the lobby is given up, a game's seat is kept for the person
// to come back (Menu → Play online → Back to room), and the connection closes.
func (r *Room) leave() {
	rm := r.State()
	switch {
	case rm.State == protocol.StateLobby && r.seated():
		r.Link.Send(protocol.Leave{})
		r.forget()
	case rm.State == protocol.StateOver || !r.seated():
		r.forget()
	}
	r.Link.Close()
	r.g.Menu()
}

// again is the table's "play again" at the game's end: the host asks for the next game; everyone
// goes to the room, where the next game's table opens when it starts.
func (r *Room) again() {
	if r.Host() && r.State().State == protocol.StateOver {
		r.Link.Send(protocol.Again{})
	}
	r.Build()
	r.g.Show(r)
}

// OverLabels are the labels of the game-over panel's buttons online: play again (the host) or
// the room (the others), and leave.
func (r *Room) OverLabels() (a, b string) {
	a = msg.New(msg.RoomTitle, r.State().Code).String()
	if r.Host() {
		a = msg.ButtonPlayAgain.Text()
	}
	return a, msg.RoomLeave.Text()
}

// OverButtons handles the game-over panel's buttons online: play again (the host asks for the
// next game) or the room, and leave.
func (r *Room) OverButtons(in *ui.Input, a, b layout.Rect) bool {
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
