package scenes

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
)

// lobby is Menu → Play online: the server's address (the browser uses its page's server), the
// person's name and colour, create a room (the "create" page: the new-game settings plus the
// decision timer) or join one by its code. The room itself is the room scene (room.go).
type lobby struct {
	form
	// page is "online" or "create".
	page string
	// notice says what went wrong last: an address that is no server, a server that cannot be
	// reached, a wrong code.
	notice msg.Message
	code   string
}

// newLobby opens the online page; code, when set, is a room code to join (from a link).
func newLobby(g *Game, code string) *lobby {
	l := &lobby{form: form{g: g, focus: -1}, page: "online", code: code}
	return l
}

func (l *lobby) name() string {
	if l.page == "create" {
		return "online-create"
	}
	return "online"
}

func (l *lobby) animating() bool    { return l.typing() }
func (l *lobby) acceptsInput() bool { return true }
func (l *lobby) resize()            { l.build() }

// server is the address shown: the page's server in the browser, the remembered one elsewhere.
func (l *lobby) server() string {
	if s := l.g.opts.Server; s != "" {
		return s
	}
	if s := l.g.settings.Online.Server; s != "" {
		return s
	}
	return defaultServer
}

func (l *lobby) colourLabel() string {
	if c := l.g.settings.Online.Colour; c != "" {
		return colourName(c)
	}
	return msg.OnlineColourAny.Text()
}

// build lays the page out (layout.Form); it runs on resize and after every change.
func (l *lobby) build() {
	g := l.g
	st := &g.settings
	l.widgets = l.widgets[:0]
	labelled := func(r layout.Rect, lbl string) layout.Rect {
		lr := layout.Rect{X: r.X, Y: r.Y, W: r.W * 0.38, H: r.H}
		l.add("", lbl, lr, true, 1)
		return layout.Rect{X: lr.X + lr.W, Y: r.Y, W: r.W - lr.W, H: r.H}
	}
	switch l.page {
	case "online":
		rs := layout.Form(g.w, g.h, 8)
		l.add("", l.notice.String(), rs[0], true, 2)
		if g.opts.Server != "" {
			l.add("", l.server(), labelled(rs[1], msg.OnlineServer.Text()), true, 2)
		} else {
			l.addField("server", l.server(), labelled(rs[1], msg.OnlineServer.Text()))
		}
		l.addField("name", st.Name, labelled(rs[2], msg.NewGameName.Text()))
		l.add("colour", l.colourLabel(), labelled(rs[3], msg.OnlineColour.Text()), true, 0)
		l.add("create", msg.OnlineCreate.Text(), rs[4], true, 0)
		cr := labelled(rs[5], msg.OnlineCode.Text())
		jw := clampF(cr.W*0.4, layout.MinTap, 200)
		l.addField("code", l.code, layout.Rect{X: cr.X, Y: cr.Y, W: cr.W - jw - 6, H: cr.H})
		l.add("join", msg.OnlineJoin.Text(), layout.Rect{X: cr.X + cr.W - jw, Y: cr.Y, W: jw, H: cr.H}, true, 0)
		if o := st.Online; o.Code != "" {
			l.add("rejoin", msg.New(msg.OnlineRejoin, o.Code).String(), rs[6], true, 0)
		}
		l.add("back", msg.Back.Text(), rs[7], true, 0)
	case "create":
		rs := layout.Form(g.w, g.h, 8)
		l.add("variant", st.variantTitle(), labelled(rs[0], msg.NewGameRules.Text()), true, 0)
		lo, hi := engine.SeatsAllowed(st.variant())
		l.stepper(labelled(rs[1], msg.OnlineSeats.Text()), "seats", strconv.Itoa(st.Seats), st.Seats > lo, st.Seats < hi)
		l.add("end-mode", endModeNames[st.EndMode].Text(), labelled(rs[2], msg.NewGameEnds.Text()), true, 0)
		switch st.EndMode {
		case "score":
			l.stepper(labelled(rs[3], msg.NewGameEndScore.Text()), "end", strconv.Itoa(st.EndScore), st.EndScore > 10, st.EndScore < 500)
		case "rounds":
			l.stepper(labelled(rs[3], msg.NewGameRounds.Text()), "end", strconv.Itoa(st.Rounds), st.Rounds > 1, st.Rounds < 50)
		}
		l.add("timer", timerName(st.Online.Timer), labelled(rs[4], msg.OnlineTimer.Text()), true, 0)
		l.add("", l.notice.String(), rs[5], true, 2)
		l.add("back", msg.Back.Text(), rs[7].SplitH(2, 0, 10), true, 0)
		l.add("create-room", msg.OnlineCreate.Text(), rs[7].SplitH(2, 1, 10), true, 0)
	}
	if l.focus >= len(l.widgets) {
		l.focus = -1
	}
}

// stepper adds a value with − and + buttons (ids id-minus, id-plus) in r.
func (l *lobby) stepper(r layout.Rect, id, value string, down, up bool) {
	bw := clampF(r.H*1.1, layout.MinTap, 90)
	l.add(id+"-minus", "−", layout.Rect{X: r.X, Y: r.Y, W: bw, H: r.H}, down, 0)
	l.add("", value, layout.Rect{X: r.X + bw, Y: r.Y, W: r.W - 2*bw, H: r.H}, true, 2)
	l.add(id+"-plus", "+", layout.Rect{X: r.X + r.W - bw, Y: r.Y, W: bw, H: r.H}, up, 0)
}

// timerName is a decision timer's name: "no timer", "60 s".
func timerName(secs int) string {
	if secs == 0 {
		return msg.OnlineTimerOff.Text()
	}
	return msg.New(msg.OnlineTimerSeconds, secs).String()
}

func (l *lobby) update(in *Input) error {
	ev := l.form.update(in)
	if ev.changed {
		l.build()
	}
	if ev.commit != "" {
		l.commit(ev.commit, ev.text)
	}
	if ev.id != "" {
		return l.activate(ev.id)
	}
	if ev.esc {
		return l.activate("back")
	}
	return nil
}

// commit takes a text field's text.
func (l *lobby) commit(id, s string) {
	g := l.g
	s = strings.TrimSpace(s)
	switch id {
	case "server":
		if _, err := serverBase(s); err != nil {
			l.notice = msg.New(msg.OnlineBadServer, s)
			break
		}
		g.settings.Online.Server = s
		l.notice = msg.Message{}
		g.saveSettings()
	case "name":
		if protocol.CheckName(s) != nil {
			l.notice = msg.New(msg.OnlineBadName, maxName)
			break
		}
		g.settings.Name = clipName(s)
		l.notice = msg.Message{}
		g.saveSettings()
	case "code":
		l.code = normalCode(s)
	}
	l.build()
}

// normalCode is a typed room code as the server spells it: upper case, without spaces or dashes,
// or the code of a pasted link (…?room=CODE).
func normalCode(s string) string {
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

func (l *lobby) activate(id string) error {
	g := l.g
	st := &g.settings
	switch id {
	case "back":
		if l.page == "create" {
			l.page, l.focus, l.notice = "online", -1, msg.Message{}
			break
		}
		g.saveSettings()
		g.goTo(newMenu(g))
		return nil
	case "server":
		l.edit(id, l.server(), 80)
	case "name":
		l.edit(id, st.Name, maxName)
	case "code":
		l.edit(id, l.code, 64)
	case "colour":
		cs := append([]string{""}, protocol.Colours...)
		st.Online.Colour = cycle(cs, st.Online.Colour, 1)
		g.saveSettings()
	case "create":
		l.page, l.focus, l.notice = "create", -1, msg.Message{}
	case "join":
		if err := protocol.CheckCode(l.code); err != nil {
			l.notice = msgBadCode()
			break
		}
		l.connect(l.code, protocol.Hello{Version: protocol.Version}, true)
		return nil
	case "rejoin":
		o := st.Online
		l.connectTo(o.Base, o.Code, protocol.Hello{Version: protocol.Version, Token: o.Token}, false)
		return nil
	case "create-room":
		s := roomSettings(st)
		if err := s.Validate(); err != nil {
			l.notice = msg.New(msg.Verbatim, err.Error())
			break
		}
		g.saveSettings()
		l.connect("", protocol.Create{Version: protocol.Version, Settings: s, Name: st.Name, Colour: st.Online.Colour}, false)
		return nil
	case "variant":
		st.nextVariant()
	case "seats-minus", "seats-plus":
		st.Seats = clampSeats(st.variant(), st.Seats+stepOf(id))
	case "end-mode":
		st.EndMode = cycle([]string{"66", "score", "rounds"}, st.EndMode, 1)
	case "end-minus", "end-plus":
		if st.EndMode == "score" {
			st.EndScore = int(clampF(float64(st.EndScore+5*stepOf(id)), 10, 500))
		} else {
			st.Rounds = int(clampF(float64(st.Rounds+stepOf(id)), 1, 50))
		}
	case "timer":
		ts := make([]string, len(protocol.Timers))
		for i, t := range protocol.Timers {
			ts[i] = strconv.Itoa(t)
		}
		st.Online.Timer, _ = strconv.Atoi(cycle(ts, strconv.Itoa(st.Online.Timer), 1))
	}
	l.build()
	if l.field != "" {
		l.focusOn(l.field)
	}
	return nil
}

// stepOf is −1 for a "-minus" button, +1 otherwise.
func stepOf(id string) int {
	if strings.HasSuffix(id, "-minus") {
		return -1
	}
	return 1
}

// connect opens the room with the code ("" makes one) on the server shown.
func (l *lobby) connect(code string, first protocol.Message, join bool) {
	base, err := serverBase(l.server())
	if err != nil {
		l.notice = msg.New(msg.OnlineBadServer, l.server())
		l.build()
		return
	}
	l.connectTo(base, code, first, join)
}

// connectTo opens the room screen on a link to base; join asks for a seat once the room is seen.
func (l *lobby) connectTo(base, code string, first protocol.Message, join bool) {
	g := l.g
	link := g.dialRoom(base, code, first)
	r := newRoom(g, link, base, join)
	r.back = l
	g.goTo(r)
}

func (l *lobby) draw(dst *ebiten.Image) {
	g := l.g
	g.drawFelt(dst)
	t := msg.OnlineTitle.Text()
	if l.page == "create" {
		t = msg.OnlineNewRoom.Text()
	}
	l.title(dst, t, layout.FormTitle(g.w, g.h))
	l.form.draw(dst)
}

func (l *lobby) testState(ts *TestState) {
	l.buttons(ts)
	if n := l.notice.String(); n != "" {
		ts.Notice = n
	}
}

// msgBadCode says what a room code looks like.
func msgBadCode() msg.Message { return msg.New(msg.OnlineBadCode, protocol.CodeLength) }
