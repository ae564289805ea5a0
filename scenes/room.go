package scenes

import (
	"errors"
	"image/color"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/sprites"
	"nimmt/text"
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
	// table shows game tableGame of the room, or is nil.
	table     *table
	tableGame int
	status    client.LinkStatus
}

// chatEntry is one line of the room's chat: said by a seat (name, colour), by the room itself
// (system), or answered here (local, in the person's language).
type chatEntry struct {
	name, colour, text string
	system             bool
	local              msg.Message
}

// unreachableAfter is how many failed attempts to open a room make the room screen give up and
// say that the server cannot be reached.
const unreachableAfter = 2

// maxChatDraft is the longest chat line typed here (the protocol's limit).
const maxChatDraft = protocol.MaxChatRunes

func newRoom(g *Game, link roomLink, base string, join bool) *room {
	r := &room{form: form{g: g, focus: -1}, link: link, base: base, join: join, level: "intermediate",
		colour: g.settings.Online.Colour}
	return r
}

func (r *room) name() string       { return "room" }
func (r *room) animating() bool    { return r.typing() }
func (r *room) acceptsInput() bool { return true }
func (r *room) resize()            { r.build() }

// state is the room as last seen.
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

// build lays the screen out and makes its buttons; it runs on resize and after every change.
func (r *room) build() {
	g := r.g
	rm := r.state()
	r.lay = roomLayoutFor(g.w, g.h, r.maxSeats(), r.copyable())
	l := &r.lay
	r.widgets = r.widgets[:0]
	if r.copyable() {
		lbl := msg.RoomCopy.Text()
		if r.copied {
			lbl = msg.RoomCopied.Text()
		}
		r.add("copy", lbl, l.Copy, r.opened, 0)
	}
	for s, line := range l.Seats {
		if r.host() && rm.State == protocol.StateLobby && s < len(rm.Seats) && rm.Seats[s].Kind == protocol.KindBot {
			r.add("remove-"+strconv.Itoa(s), "×", line.Remove, true, 0)
		}
	}
	lobby := rm.State == protocol.StateLobby
	switch {
	case !r.opened:
	case lobby && r.host():
		r.add("level", levelName(r.level).Text(), l.Level, true, 3)
		r.add("add-bot", msg.RoomAddBot.Text(), l.AddBot, len(rm.Seats) < rm.Settings.Seats, 0)
		lo, _ := engine.SeatsAllowed(rm.Settings.Variant)
		r.add("start", msg.Start.Text(), l.Start, len(rm.Seats) >= lo, 0)
	case lobby && !r.seated():
		lbl := msg.OnlineColourAny.Text()
		if r.colour != "" {
			lbl = colourName(r.colour)
		}
		r.add("colour", lbl, l.Level, true, 3)
		r.add("take-seat", msg.RoomTakeSeat.Text(), l.Start, len(rm.Seats) < rm.Settings.Seats, 0)
	case rm.State == protocol.StatePlaying:
		r.add("to-table", msg.RoomToTable.Text(), l.Start, r.table != nil, 0)
	case rm.State == protocol.StateOver:
		r.add("to-table", msg.RoomToTable.Text(), l.AddBot, r.table != nil, 0)
		if r.host() {
			r.add("again", msg.RoomAgain.Text(), l.Start, true, 0)
		}
	}
	if r.opened {
		r.addField("chat", r.draft, l.Input)
		if r.field != "chat" && r.draft == "" {
			w := &r.widgets[len(r.widgets)-1]
			w.label, w.hint = msg.RoomChatHint.Text(), true
		}
		r.add("send", msg.RoomSend.Text(), l.Send, true, 0)
	}
	if r.confirm != "" {
		r.add("no", msg.RoomNo.Text(), l.Buttons[0], true, 0)
		r.add("yes", msg.RoomYes.Text(), l.Buttons[2], true, 0)
	} else {
		r.add("leave", msg.RoomLeave.Text(), l.Buttons[0], true, 0)
		if rm.State == protocol.StatePlaying && r.seated() && !rm.Seats[rm.You].Resigned {
			r.add("resign", msg.RoomResign.Text(), l.Buttons[1], true, 0)
		}
		if rm.State == protocol.StatePlaying && r.host() {
			r.add("finish", msg.RoomFinish.Text(), l.Buttons[2], true, 0)
		}
	}
	if r.focus >= len(r.widgets) {
		r.focus = -1
	}
}

// copyable reports whether the link can be copied here (the browser's clipboard).
func (r *room) copyable() bool { return r.g.opts.Clipboard != nil }

func (r *room) update(in *Input) error {
	g := r.g
	if r.poll() {
		g.dirty = true
	}
	if g.next != nil {
		return nil // poll moved on (the table, the lobby)
	}
	ev := r.form.update(in)
	if ev.changed {
		r.build()
	}
	if ev.commit == "chat" {
		r.draft = ev.text
		if ev.enter {
			r.say()
			r.edit("chat", "", maxChatDraft) // keep typing
		}
		r.build()
	}
	if ev.id != "" {
		r.activate(ev.id)
	}
	if ev.esc {
		if r.confirm != "" {
			r.activate("no")
		} else if r.table != nil && r.state().State != protocol.StateLobby {
			r.activate("to-table")
		}
	}
	return nil
}

// poll takes in what the link brought and follows the room: the first sight of it, a refusal,
// the seat token to keep, a game starting. It reports whether anything changed.
func (r *room) poll() bool {
	g := r.g
	changed := r.link.Poll()
	if st := r.link.Status(); st.Phase != r.status.Phase || st.Attempt != r.status.Attempt {
		r.status = st
		changed = true
	}
	cs := r.link.State()
	// A server that cannot be reached is said at once (the link would keep trying).
	if !r.opened && (r.status.Phase == client.LinkFailed || r.status.Phase == client.LinkReconnecting && r.status.Attempt >= unreachableAfter) {
		var refused *client.FailedError
		if errors.As(r.status.Err, &refused) {
			r.giveUp(errorText(refused.Refusal)) // the server said why: no such room, …
		} else {
			r.giveUp(msg.New(msg.OnlineUnreachable, pageURL(r.base), errString(r.status.Err)))
		}
		return true
	}
	for ; r.errSeen < len(cs.Errors); r.errSeen++ {
		e := cs.Errors[r.errSeen]
		if e.Ref == protocol.TypeAct {
			continue // the table says a refused card or row, where it was played
		}
		if !r.opened {
			r.giveUp(errorText(e))
			return true
		}
		r.notice = errorText(e)
		if e.Code == protocol.ErrToken {
			r.forget()
		}
		changed = true
	}
	if !changed {
		return false
	}
	rm := &cs.Room
	if !r.opened && rm.Code != "" {
		r.opened = true
		r.midGame = rm.State != protocol.StateLobby
	}
	if r.host() && rm.State == protocol.StateLobby {
		for _, lv := range r.bots {
			r.link.Send(protocol.AddBot{Level: lv})
		}
		r.bots = nil
	}
	if r.opened && r.join && !r.joinSent && rm.State == protocol.StateLobby && rm.You < 0 {
		r.joinSent = true
		r.link.Send(protocol.Join{Name: g.settings.Name, Colour: r.colour})
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
	r.build()
	if r.table == nil || rm.Game != r.tableGame {
		r.openTable()
	}
	return true
}

// errString is an error's text, or nothing.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// giveUp goes back to the lobby saying why the room could not be opened.
func (r *room) giveUp(why msg.Message) {
	r.link.Close()
	l := r.back
	if l == nil {
		l = newLobby(r.g, "")
	}
	l.notice = why
	l.build()
	r.g.goTo(l)
}

// keep remembers the seat token (with the room and server) so that the seat can be taken back
// after a restart of the game, a reload of the page or a lost connection.
func (r *room) keep() {
	cs := r.link.State()
	o := &r.g.settings.Online
	if cs.Token == "" || (o.Token == cs.Token && o.Code == cs.Room.Code) || cs.Room.Code == "" {
		return
	}
	o.Code, o.Token, o.Base = cs.Room.Code, cs.Token, r.base
	r.g.saveSettings()
}

// forget drops the remembered seat (the room was left, or the token is no longer valid).
func (r *room) forget() {
	o := &r.g.settings.Online
	if o.Token == "" {
		return
	}
	o.Code, o.Token, o.Base = "", "", ""
	r.g.saveSettings()
}

// openTable opens the table of the room's current game once its first events are here. A room
// first seen in the middle of a game (a reload, a restart, a spectator) shows the game as it
// stands; one seen from its lobby animates from the deal.
func (r *room) openTable() {
	cs := r.link.State()
	rm := &cs.Room
	if rm.State == protocol.StateLobby || rm.Game == 0 || cs.Game != rm.Game || len(cs.Events) == 0 || r.g.sessionFor == nil {
		return
	}
	t := newTableOn(r.g, r.g.sessionFor(r.link), rm.You)
	t.online = r
	if r.midGame {
		t.fastForward()
	}
	r.midGame = false
	r.table, r.tableGame = t, rm.Game
	r.confirm = ""
	r.build()
	r.g.goTo(t)
}

// say sends the chat line typed: a slash command as its message, other text to the room.
func (r *room) say() {
	line := strings.TrimSpace(r.draft)
	r.draft = ""
	if line == "" {
		return
	}
	m, local := chatAction(line, r.g.settings.Name, r.colour)
	if m != nil {
		r.link.Send(m)
	}
	if local.ID != msg.None {
		r.chat = append(r.chat, chatEntry{local: local})
	}
}

func (r *room) activate(id string) {
	g := r.g
	rm := r.state()
	switch {
	case id == "copy":
		r.copied = r.g.opts.Clipboard(roomURL(r.base, rm.Code)) == nil
	case id == "level":
		r.level = cycle(Levels, r.level, 1)
	case id == "add-bot":
		r.link.Send(protocol.AddBot{Level: r.level})
	case strings.HasPrefix(id, "remove-"):
		s, _ := strconv.Atoi(strings.TrimPrefix(id, "remove-"))
		r.link.Send(protocol.RemoveBot{Seat: s})
	case id == "start":
		r.link.Send(protocol.Start{})
	case id == "colour":
		r.colour = cycle(append([]string{""}, protocol.Colours...), r.colour, 1)
	case id == "take-seat":
		r.link.Send(protocol.Join{Name: g.settings.Name, Colour: r.colour})
	case id == "to-table":
		if r.table != nil {
			g.goTo(r.table)
			return
		}
	case id == "again":
		r.link.Send(protocol.Again{})
	case id == "chat":
		r.edit("chat", r.draft, maxChatDraft)
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
	r.build()
	if r.field != "" {
		r.focusOn(r.field)
	}
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
	r.g.goTo(newMenu(r.g))
}

// again is the table's "play again" at the game's end: the host asks for the next game; everyone
// goes to the room, where the next game's table opens when it starts.
func (r *room) again() {
	if r.host() && r.state().State == protocol.StateOver {
		r.link.Send(protocol.Again{})
	}
	r.build()
	r.g.goTo(r)
}

// statusLine is what the status line says now.
func (r *room) statusLine() (msg.Message, bool) {
	rm := r.state()
	switch r.status.Phase {
	case client.LinkConnecting:
		return msg.New(msg.OnlineConnecting, pageURL(r.base)), true
	case client.LinkReconnecting:
		return msg.New(msg.OnlineReconnecting, r.status.Attempt), true
	case client.LinkFailed:
		return msg.New(msg.OnlineUnreachable, pageURL(r.base), errString(r.status.Err)), true
	}
	switch {
	case r.confirm == "resign":
		return msg.New(msg.RoomResignConfirm), true
	case r.confirm == "finish":
		return msg.New(msg.RoomFinishConfirm), true
	case r.notice.ID != msg.None:
		return r.notice, true
	case rm.State == protocol.StateLobby && !r.host() && r.seated():
		return msg.New(msg.RoomWaitHost), false
	case rm.State == protocol.StatePlaying && !r.seated():
		return msg.New(msg.RoomWatching), false
	case rm.State == protocol.StatePlaying:
		return msg.New(msg.RoomPlaying, rm.Game), false
	case rm.State == protocol.StateOver && rm.Result != nil:
		if lead := resultLeader(rm.Result); lead >= 0 && lead < len(rm.Seats) {
			id := msg.RoomOverWins
			if rm.Result.Finished {
				id = msg.RoomOverFinished
			}
			return msg.New(id, rm.Seats[lead].Name), false
		}
	case rm.Spectators > 0:
		return msg.New(msg.RoomSpectators, rm.Spectators), false
	}
	return msg.Message{}, false
}

// seatCol is the colour of a protocol seat colour's swatch.
func seatCol(c string) color.Color {
	for i, k := range protocol.Colours {
		if k == c {
			return swatchCols[i]
		}
	}
	return sprites.Muted
}

// swatchCols are the swatches of protocol.Colours, in its order.
var swatchCols = []color.Color{
	color.RGBA{0x4c, 0xc0, 0x5a, 0xff}, color.RGBA{0xe0, 0x4a, 0x3c, 0xff}, color.RGBA{0x4a, 0x8c, 0xf0, 0xff},
	color.RGBA{0xf4, 0xd0, 0x30, 0xff}, color.RGBA{0xa0, 0x6c, 0xe0, 0xff}, color.RGBA{0xf0, 0x8c, 0x2c, 0xff},
	color.RGBA{0xf2, 0x8c, 0xc8, 0xff}, color.RGBA{0x3c, 0xd0, 0xd8, 0xff}, color.RGBA{0x9c, 0x6c, 0x44, 0xff},
	color.RGBA{0xb0, 0xb0, 0xb0, 0xff},
}

// seatInfoText is what a seat's line says besides its name.
func (r *room) seatInfoText(s int) string {
	rm := r.state()
	st := rm.Seats[s]
	var parts []string
	if st.Kind == protocol.KindBot {
		parts = append(parts, msg.New(msg.RoomBot, levelName(st.Level)).String())
	} else {
		switch {
		case st.Resigned:
			parts = append(parts, msg.RoomResigned.Text())
		case !st.Connected:
			parts = append(parts, msg.PlateDisconnected.Text())
		case st.Away:
			parts = append(parts, msg.PlateAway.Text())
		default:
			parts = append(parts, msg.RoomReady.Text())
		}
	}
	if s == rm.Host {
		parts = append(parts, msg.RoomHost.Text())
	}
	if s == rm.You {
		parts = append(parts, msg.RoomYou.Text())
	}
	return strings.Join(parts, " · ")
}

// chatText is a chat entry as shown.
func (e chatEntry) String() string {
	switch {
	case e.local.ID != msg.None:
		return e.local.String()
	case e.system || e.name == "":
		return e.text
	}
	return e.name + ": " + e.text
}

func (r *room) draw(dst *ebiten.Image) {
	g := r.g
	l := &r.lay
	rm := r.state()
	g.drawFelt(dst)
	title := msg.New(msg.RoomTitle, rm.Code).String()
	if rm.Code == "" {
		title = msg.OnlineTitle.Text()
	}
	r.title(dst, title, l.Title)
	size := l.Text
	st := text.Style{Size: size}
	// The link, in a framed box.
	g.roundRect(dst, l.Link, 6, overlay)
	if rm.Code != "" {
		link := roomURL(r.base, rm.Code)
		_, cy := l.Link.Center()
		g.label(dst, g.txt.Cut(link, st, l.Link.W-16), l.Link.X+8, cy, size, titleCol, text.Left|text.VertCenter, false)
	}
	if m, warn := r.statusLine(); m.ID != msg.None {
		c := labelCol
		if warn {
			c = focusCol
		}
		s := m.String()
		fs := g.txt.Fit(s, st, l.Status.W, size*0.8)
		_, cy := l.Status.Center()
		g.label(dst, g.txt.Cut(s, text.Style{Size: fs}, l.Status.W), l.Status.X, cy, fs, c, text.Left|text.VertCenter, false)
	}
	for s, line := range l.Seats {
		g.roundRect(dst, line.Box, 6, overlay)
		_, cy := line.Box.Center()
		if s >= len(rm.Seats) {
			g.label(dst, g.txt.Cut(msg.RoomFree.Text(), st, line.Name.W+line.Info.W), line.Name.X, cy, size, sprites.Muted, text.Left|text.VertCenter, false)
			continue
		}
		seat := rm.Seats[s]
		g.roundRect(dst, line.Swatch, line.Swatch.W/2, seatCol(seat.Colour))
		bold := text.Style{Size: size, Bold: true}
		g.label(dst, g.txt.Cut(seat.Name, bold, line.Name.W-4), line.Name.X, cy, size, titleCol, text.Left|text.VertCenter, true)
		g.label(dst, g.txt.Cut(r.seatInfoText(s), st, line.Info.W), line.Info.X, cy, size, labelCol, text.Left|text.VertCenter, false)
	}
	r.drawChat(dst)
	r.form.draw(dst)
}

// drawChat draws the chat's last lines, wrapped to its width, newest at the bottom.
func (r *room) drawChat(dst *ebiten.Image) {
	g := r.g
	l := &r.lay
	if l.Chat.H <= 0 {
		return
	}
	g.roundRect(dst, l.Chat, 6, overlay)
	n := l.chatLines()
	var lines []string
	var cols []color.Color
	for i := len(r.chat) - 1; i >= 0 && len(lines) < n; i-- {
		e := r.chat[i]
		ws := g.wrapText(e.String(), l.Text, l.Chat.W-16)
		c := titleCol
		if e.system || e.local.ID != msg.None {
			c = sprites.Muted
		}
		for j := len(ws) - 1; j >= 0 && len(lines) < n; j-- {
			lines = append(lines, ws[j])
			cols = append(cols, c)
		}
	}
	y := l.Chat.Y + l.Chat.H - l.LineH/2 - 2
	st := text.Style{Size: l.Text}
	for i, s := range lines {
		g.label(dst, g.txt.Cut(s, st, l.Chat.W-16), l.Chat.X+8, y, l.Text, cols[i], text.Left|text.VertCenter, false)
		y -= l.LineH
	}
}

// OnlineState is the room screen's state for tests and the browser hook.
type OnlineState struct {
	Code  string `json:"code"`
	Link  string `json:"link"`
	State string `json:"state"`
	Game  int    `json:"game"`
	You   int    `json:"you"`
	Host  int    `json:"host"`
	// Seats are the seats' names; Status the status line; Phase the link's phase (connecting,
	// online, reconnecting, failed).
	Seats  []string `json:"seats"`
	Status string   `json:"status"`
	Phase  string   `json:"phase"`
	// Totals are the final totals once the game is over.
	Totals []int `json:"totals,omitempty"`
	// Chat is the chat's lines as shown.
	Chat []string `json:"chat,omitempty"`
}

func (r *room) onlineState() *OnlineState {
	rm := r.state()
	o := &OnlineState{Code: rm.Code, State: rm.State, Game: rm.Game, You: rm.You, Host: rm.Host,
		Phase: r.status.Phase.String()}
	if rm.Code != "" {
		o.Link = roomURL(r.base, rm.Code)
	}
	for _, s := range rm.Seats {
		o.Seats = append(o.Seats, s.Name)
	}
	if m, _ := r.statusLine(); m.ID != msg.None {
		o.Status = m.String()
	}
	if rm.Result != nil {
		o.Totals = append([]int{}, rm.Result.Totals...)
	}
	for _, e := range r.chat {
		o.Chat = append(o.Chat, e.String())
	}
	return o
}

func (r *room) testState(ts *TestState) {
	r.buttons(ts)
	ts.Online = r.onlineState()
}

// fromTable is the table's menu button in an online game: the room screen.
func (r *room) fromTable() {
	r.build()
	r.g.goTo(r)
}

// follow runs at the top of the table's tick: it keeps the seat token and opens the room's next
// game when one starts (the host played again) while the table shows the last one. It reports
// whether the table was left.
func (r *room) follow() bool {
	r.keep()
	cs := r.link.State()
	if cs.Room.Game == r.tableGame || cs.Room.State != protocol.StatePlaying {
		return false
	}
	r.openTable()
	return r.g.next != nil
}

// overLabels are the labels of the game-over panel's buttons online: play again (the host) or
// the room (the others), and leave.
func (r *room) overLabels() (a, b string) {
	a = msg.New(msg.RoomTitle, r.state().Code).String()
	if r.host() {
		a = msg.ButtonPlayAgain.Text()
	}
	return a, msg.RoomLeave.Text()
}

// overButtons handles the game-over panel's buttons online: play again (the host asks for the
// next game) or the room, and leave.
func (r *room) overButtons(in *Input, a, b layout.Rect) bool {
	if in.TapIn(a) || in.Key(KeyEnter) {
		r.again()
		return true
	}
	if in.TapIn(b) {
		r.leave()
		return true
	}
	return false
}
