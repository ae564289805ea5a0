package online

import (
	"slices"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/menu"
	"nimmt/scenes/ui"
)

// Lobby is Menu → Play online: the server's address (the browser uses its page's server), the
// person's name and colour, create a room (the "create" page: the new-game settings plus the
// decision timer) or join one by its code. The room itself is the room scene (room.go).
type Lobby struct {
	form
	// Page is "online" or "create".
	Page string
	// Create is the room's form (the new-game form with the decision timer) on the create page,
	// editing room: the person's settings with each opponent seat open for a person to join.
	Create *menu.NewGameForm
	Room   ui.Settings
	// Notice says what went wrong last: an address that is no server, a server that cannot be
	// reached, a wrong code.
	Notice msg.Message
	Code   string
	// dial reaches the game server.
	dial *Dialing
}

// NewLobby opens the online page; code, when set, is a room code to join (from a link).
func NewLobby(g *ui.Host, dial *Dialing, code string) *Lobby {
	l := &Lobby{form: form{g: g, focus: -1}, dial: dial, Page: "online", Code: code}
	return l
}

func (l *Lobby) Name() string {
	if l.Page == "create" {
		if n := l.Create.Name(); n != "newgame" {
			return n // the form's variant list, a variant's paragraph, a seat's picker
		}
		return "online-create"
	}
	return "online"
}

func (l *Lobby) Animating() bool    { return l.Typing() }
func (l *Lobby) AcceptsInput() bool { return true }

func (l *Lobby) Resize() {
	l.Build()
	if l.Create != nil {
		l.Create.Resize()
	}
}

// Typing reports whether a text field of the page shown has the caret.
func (l *Lobby) Typing() bool {
	if l.Page == "create" {
		return l.Create.Typing()
	}
	return l.form.Typing()
}

// Server is the address shown: the page's server in the browser, the remembered one elsewhere.
func (l *Lobby) Server() string { return serverAddress(l.g) }

func (l *Lobby) colourLabel() string {
	if c := l.g.Settings.Online.Colour; c != "" {
		return colourName(c)
	}
	return msg.OnlineColourAny.Text()
}

// Build lays the page out (layout.FormSpread); it runs on resize and after every change.
func (l *Lobby) Build() {
	g := l.g
	st := &g.Settings
	l.Widgets = l.Widgets[:0]
	labelled := func(r layout.Rect, lbl string) layout.Rect {
		lr := layout.Rect{X: r.X, Y: r.Y, W: r.W * 0.38, H: r.H}
		l.add("", lbl, lr, true, 1)
		return layout.Rect{X: lr.X + lr.W, Y: r.Y, W: r.W - lr.W, H: r.H}
	}
	switch l.Page {
	case "online":
		// Who and where (the server, the name, the colour, what went wrong) beside what to do
		// (create, join, rejoin, back) where the screen is wide and low; one column elsewhere.
		// The notice and the rejoin button take a row only when they are shown.
		a, b := 3, 3
		if l.Notice.ID != msg.None {
			a++
		}
		rejoin := st.Online.Code != ""
		if rejoin {
			b++
		}
		rs := layout.FormPair(g.W, g.H, 8, a, b)
		if g.Opts.Server != "" {
			l.add("", l.Server(), labelled(rs[0], msg.OnlineServer.Text()), true, 2)
		} else {
			l.addField("server", l.Server(), msg.OnlineServer, labelled(rs[0], msg.OnlineServer.Text()))
		}
		l.addField("name", st.Name, msg.OnlineName, labelled(rs[1], msg.OnlineName.Text()))
		l.add("colour", l.colourLabel(), labelled(rs[2], msg.OnlineColour.Text()), true, 0)
		if l.Notice.ID != msg.None {
			l.add("", l.Notice.String(), rs[3], true, ui.KindNotice)
		}
		rs = rs[a:]
		l.add("create", msg.OnlineCreate.Text(), rs[0], true, 0)
		cr := labelled(rs[1], msg.OnlineCode.Text())
		jw := ui.ClampF(cr.W*0.4, layout.MinTap, 200)
		l.addField("code", l.Code, msg.OnlineCode, layout.Rect{X: cr.X, Y: cr.Y, W: cr.W - jw - 6, H: cr.H})
		l.add("join", msg.OnlineJoin.Text(), layout.Rect{X: cr.X + cr.W - jw, Y: cr.Y, W: jw, H: cr.H}, true, 0)
		if rejoin {
			l.add("rejoin", msg.New(msg.OnlineRejoin, st.Online.Code).String(), rs[2], true, 0)
		}
		l.add("back", msg.Back.Text(), rs[b-1], true, 0)
	}
	if l.focus >= len(l.Widgets) {
		l.focus = -1
	}
}

// timerName is a decision timer's name: "no timer", "60 s".
func timerName(secs int) string {
	if secs == 0 {
		return msg.OnlineTimerOff.Text()
	}
	return msg.New(msg.OnlineTimerSeconds, secs).String()
}

func (l *Lobby) Update(in *ui.Input) error {
	if l.Page == "create" {
		res, err := l.Create.Update(in)
		switch {
		case err != nil:
			return err
		case res == menu.FormStart:
			l.createRoom()
		case res == menu.FormBack:
			l.Page, l.focus, l.Notice = "online", -1, msg.Message{}
			l.Build()
		}
		return nil
	}
	ev := l.form.Update(in)
	if ev.changed {
		l.Build()
	}
	if ev.commit != "" {
		l.commit(ev.commit, ev.text)
	}
	if ev.id != "" {
		return l.Activate(ev.id)
	}
	if ev.esc {
		return l.Activate("back")
	}
	return nil
}

// commit takes a text field's text.
func (l *Lobby) commit(id, s string) {
	g := l.g
	s = strings.TrimSpace(s)
	switch id {
	case "server":
		if _, err := ServerBase(s); err != nil {
			l.Notice = msg.New(msg.OnlineBadServer, s)
			break
		}
		g.Settings.Online.Server = s
		l.Notice = msg.Message{}
		g.SaveSettings()
	case "name":
		if protocol.CheckName(s) != nil {
			l.Notice = msg.New(msg.OnlineBadName, ui.MaxName)
			break
		}
		g.Settings.Name = ui.ClipName(s)
		l.Notice = msg.Message{}
		g.SaveSettings()
	case "code":
		l.Code = NormalCode(s)
	}
	l.Build()
}

// NormalCode is a typed room code as the server spells it: upper case, without spaces or dashes,
// or the code of a pasted link (…?room=CODE).
func NormalCode(s string) string {
	if i := strings.LastIndex(s, "room="); i >= 0 {
		s = s[i+len("room="):]
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '-' {
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

func (l *Lobby) Activate(id string) error {
	g := l.g
	st := &g.Settings
	switch id {
	case "back":
		g.SaveSettings()
		g.PublicLobby()
		return nil
	case "server":
		l.Edit(id, l.Server(), 80, ui.CaseLower)
	case "name":
		l.Edit(id, st.Name, ui.MaxName, ui.CaseWords)
	case "code":
		l.Edit(id, l.Code, 64, ui.CaseUpper)
	case "colour":
		cs := append([]string{""}, protocol.Colours...)
		st.Online.Colour = menu.Cycle(cs, st.Online.Colour, 1)
		g.SaveSettings()
	case "create":
		l.OpenCreate()
		return nil
	case "join":
		if err := protocol.CheckCode(l.Code); err != nil {
			l.Notice = MsgBadCode()
			break
		}
		l.connect(l.Code, protocol.Hello{Version: protocol.Version}, true)
		return nil
	case "rejoin":
		o := st.Online
		l.connectTo(o.Base, o.Code, protocol.Hello{Version: protocol.Version, Token: o.Token}, false)
		return nil
	}
	l.Build()
	if l.field != "" {
		l.focusOn(l.field)
	}
	return nil
}

// connect opens the room with the code ("" makes one) on the server shown.
func (l *Lobby) connect(code string, first protocol.Message, join bool) {
	base, err := ServerBase(l.Server())
	if err != nil {
		l.Notice = msg.New(msg.OnlineBadServer, l.Server())
		l.Build()
		return
	}
	l.connectTo(base, code, first, join)
}

// connectTo opens the room screen on a link to base; join asks for a seat once the room is seen.
func (l *Lobby) connectTo(base, code string, first protocol.Message, join bool) {
	g := l.g
	link := l.dial.DialRoom(base, code, first)
	r := NewRoom(g, l.dial, link, base, join)
	r.Back = l
	g.Show(r)
}

func (l *Lobby) Draw(dst *ebiten.Image) {
	g := l.g
	g.DrawFelt(dst)
	if l.Page == "create" {
		l.Create.Draw(dst)
		return
	}
	l.title(dst, msg.OnlineTitle.Text(), layout.FormTitle(g.W, g.H))
	l.form.Draw(dst)
}

// MsgBadCode says what a room code looks like.
func MsgBadCode() msg.Message { return msg.New(msg.OnlineBadCode, protocol.CodeLength) }

// OpenCreate opens the room's form: the new-game form whose opponent seats are open for people
// to join or bots of a level, with the decision timer, its Start making the room.
func (l *Lobby) OpenCreate() {
	g := l.g
	l.Room = g.Settings
	l.Room.Levels = make([]string, len(g.Settings.Levels))
	for i := range l.Room.Levels {
		l.Room.Levels[i] = seatOpen
	}
	l.Room.Names = append([]string(nil), g.Settings.Names...)
	st := &l.Room
	timer := menu.FormStepper{ID: "timer", Label: msg.OnlineTimer,
		Value: func() string { return timerName(st.Online.Timer) },
		Step: func(d int) {
			if i := slices.Index(protocol.Timers, st.Online.Timer) + d; i >= 0 && i < len(protocol.Timers) {
				st.Online.Timer = protocol.Timers[i]
			}
		},
		CanStep: func(d int) bool {
			i := slices.Index(protocol.Timers, st.Online.Timer) + d
			return i >= 0 && i < len(protocol.Timers)
		}}
	l.Create = menu.MakeNewGameForm(g, st, menu.FormOptions{Title: msg.OnlineNewRoom, StartLabel: msg.OnlineCreate,
		Choices: onlineChoices, Steppers: []menu.FormStepper{timer}})
	l.Page, l.focus, l.Notice = "create", -1, msg.Message{}
}

// seatOpen is the room form's seat choice "open": a person joins it with the code or link.
const seatOpen = "open"

// onlineChoices are what an opponent seat of a room can be: open for a person, or a bot.
var onlineChoices = append([]menu.SeatChoice{{ID: seatOpen, Name: msg.OnlineSeatOpen, Means: msg.OnlineSeatOpenMeans}}, menu.BotChoices()...)

// createRoom makes the room the form describes: the host's seat, the bots of the seats chosen
// as bots (added once the room is open), the others open.
func (l *Lobby) createRoom() {
	g := l.g
	st := &l.Room
	s := roomSettings(st)
	if err := s.Validate(); err != nil {
		l.Notice = msg.New(msg.Verbatim, err.Error())
		l.Page = "online"
		l.Build()
		return
	}
	g.Settings.Name, g.Settings.Online.Timer = st.Name, st.Online.Timer
	g.Settings.Variant, g.Settings.Doublets = st.Variant, st.Doublets
	g.Settings.EndMode, g.Settings.EndScore, g.Settings.Rounds = st.EndMode, st.EndScore, st.Rounds
	g.SaveSettings()
	var bots []string
	for seat := 1; seat < st.Seats; seat++ {
		if lv := st.Levels[seat-1]; ui.LevelIndex(lv) >= 0 {
			bots = append(bots, lv)
		}
	}
	base, err := ServerBase(l.Server())
	if err != nil {
		l.Notice = msg.New(msg.OnlineBadServer, l.Server())
		l.Page = "online"
		l.Build()
		return
	}
	link := l.dial.DialRoom(base, "", protocol.Create{Version: protocol.Version, Settings: s, Name: st.Name, Colour: g.Settings.Online.Colour})
	r := NewRoom(g, l.dial, link, base, false)
	r.bots = bots
	r.Back = l
	l.Page = "online"
	l.Build()
	g.Show(r)
}

// FieldTargets appends the lobby's text fields, or the room form's on the create page.
func (l *Lobby) FieldTargets(rs []layout.Rect) []layout.Rect {
	if l.Page == "create" && l.Create != nil {
		return l.Create.FieldTargets(rs)
	}
	return l.form.FieldTargets(rs)
}

// Still implements stiller: the lobby's pages change only on input (a field being typed in
// blinks its caret: animating).
func (l *Lobby) Still() bool { return !l.Animating() }
