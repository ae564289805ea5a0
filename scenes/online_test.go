package scenes

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"nimmt/client"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/online"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
	"nimmt/text"
)

// onlineSizes are the screens the online screens are checked at: a phone upright, a desktop
// window, and a phone on its side.
var onlineSizes = [][2]float64{{390, 844}, {1280, 800}, {844, 390}}

// phoneSized is the layout package's rule for a phone: the shorter side under 600 pixels.
func phoneSized(w, h float64) bool { return min(w, h) < 600 }

// TestRoomLayout: every part of the room screen lies on the screen, nothing overlaps, and on a
// phone upright every tap target is at least layout.MinTap, for every seat count.
func TestRoomLayout(t *testing.T) {
	for _, sz := range onlineSizes {
		for seats := 2; seats <= 10; seats++ {
			l := online.RoomLayoutFor(sz[0], sz[1], seats)
			name := fmt.Sprintf("%vx%v seats %d", sz[0], sz[1], seats)
			boxes := map[string]layout.Rect{"title": l.Title, "link": l.Link, "status": l.Status,
				"level": l.Level, "add-bot": l.AddBot, "start": l.Start, "chat": l.Chat, "input": l.Input,
				"send": l.Send, "leave": l.Buttons[0], "resign": l.Buttons[1], "finish": l.Buttons[2]}
			taps := []string{"level", "add-bot", "start", "input", "send", "leave", "resign", "finish", "copy"}
			boxes["copy"] = l.Copy
			for i, s := range l.Seats {
				boxes[fmt.Sprintf("seat %d", i)] = s.Box
				for k, r := range map[string]layout.Rect{"swatch": s.Swatch, "name": s.Name, "info": s.Info, "remove": s.Remove} {
					if !r.Within(s.Box) || r.Empty() {
						t.Errorf("%s: seat %d's %s %+v is not inside its line %+v", name, i, k, r, s.Box)
					}
				}
				if s.Name.Overlaps(s.Info) || s.Info.Overlaps(s.Remove) || s.Swatch.Overlaps(s.Name) {
					t.Errorf("%s: seat %d's parts overlap: %+v", name, i, s)
				}
				if sz[0] < sz[1] && s.Remove.H < layout.MinTap {
					t.Errorf("%s: seat %d's remove button %+v is under %d px", name, i, s.Remove, layout.MinTap)
				}
			}
			if len(l.Seats) != seats {
				t.Errorf("%s: %d seat lines", name, len(l.Seats))
			}
			for k, r := range boxes {
				if !r.Inside(sz[0], sz[1]) || (r.Empty() && k != "chat") {
					t.Errorf("%s: %s %+v is not on the screen", name, k, r)
				}
				for k2, r2 := range boxes {
					if k < k2 && r.Overlaps(r2) {
						t.Errorf("%s: %s %+v overlaps %s %+v", name, k, r, k2, r2)
					}
				}
			}
			if phoneSized(sz[0], sz[1]) {
				for _, k := range taps {
					if r := boxes[k]; r.W < layout.MinTap || r.H < layout.MinTap {
						t.Errorf("%s: tap target %s %+v is under %d px", name, k, r, layout.MinTap)
					}
				}
			}
			if sz[0] < sz[1] && l.ChatLines() < 3 {
				t.Errorf("%s: the chat shows %d lines", name, l.ChatLines())
			}
		}
	}
}

func TestChatAction(t *testing.T) {
	for _, c := range []struct {
		line  string
		want  protocol.Message
		local msg.ID
	}{
		{"hello there", protocol.Say{Text: "hello there"}, msg.None},
		{"  ", nil, msg.None},
		{"/help", nil, msg.RoomHelp},
		{"/join", protocol.Join{Name: "Ann", Colour: "green"}, msg.None},
		{"/join Bob", protocol.Join{Name: "Bob", Colour: "green"}, msg.None},
		{"/JOIN Bob Red", protocol.Join{Name: "Bob", Colour: "red"}, msg.None},
		{"/start", protocol.Start{}, msg.None},
		{"/resign", protocol.Resign{}, msg.None},
		{"/finish", protocol.Finish{}, msg.None},
		{"/again", protocol.Again{}, msg.None},
		{"/bot Expert", protocol.AddBot{Level: "expert"}, msg.None},
		{"/bot", nil, msg.RoomBotLevel},
		{"/bot genius", nil, msg.RoomBotLevel},
		{"/dance", nil, msg.RoomUnknownCommand},
		{"/start now", nil, msg.RoomUnknownCommand},
	} {
		m, local := online.ChatAction(c.line, "Ann", "green")
		if !reflect.DeepEqual(m, c.want) || local.ID != c.local {
			t.Errorf("chatAction(%q) = %#v, %v; want %#v, %v", c.line, m, local.ID, c.want, c.local)
		}
	}
}

func TestServerBase(t *testing.T) {
	for in, want := range map[string]string{
		"127.0.0.1:8080":             "ws://127.0.0.1:8080",
		" example.org ":              "ws://example.org",
		"http://example.org:80/":     "ws://example.org:80",
		"https://example.org/nimmt/": "wss://example.org/nimmt",
		"wss://example.org":          "wss://example.org",
		"WS://[::1]:8080/":           "ws://[::1]:8080",
		"ada@example.org:8080/x":     "ws://example.org:8080/x",
		"example.org:":               "ws://example.org:",
	} {
		if got, err := online.ServerBase(in); err != nil || got != want {
			t.Errorf("serverBase(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "ftp://example.org", "http://", "exa mple.org", "example.org/?x=1",
		"example.org#top", ":8080", "example.org:80a", "[::1", "[fe80::1%eth0]:80", "[]:80", "[::1]x", "a:b:c", "exa\x00mple.org"} {
		if got, err := online.ServerBase(bad); err == nil {
			t.Errorf("serverBase(%q) = %q, want an error", bad, got)
		}
	}
	if got := online.RoomURL("wss://example.org", "K7QX3M"); got != "https://example.org/?room=K7QX3M" {
		t.Errorf("roomURL = %q", got)
	}
	if got := online.NormalCode(" https://example.org/?room=k7qx-3m "); got != "K7QX3M" {
		t.Errorf("normalCode = %q", got)
	}
}

// onlineGame is a game whose links are canned: dial returns the link made for it and records
// what it was asked for.
type onlineGame struct {
	*Game
	links   []*cannedLink
	dials   []string
	created []protocol.Create
}

func newOnlineGame(t *testing.T, opts ui.Options) *onlineGame {
	t.Helper()
	if opts.Storage == nil {
		opts.Storage = &storage.Memory{}
	}
	g, err := NewGame(opts)
	if err != nil {
		t.Fatal(err)
	}
	og := &onlineGame{Game: g}
	g.dial.DialRoom = func(base, code string, first protocol.Message) online.RoomLink {
		if _, ok := first.(protocol.Lobby); ok {
			return &cannedLink{} // the list of public tables Play online opens with
		}
		l := &cannedLink{}
		og.links = append(og.links, l)
		og.dials = append(og.dials, fmt.Sprintf("%s %s %T", base, code, first))
		if c, ok := first.(protocol.Create); ok {
			og.created = append(og.created, c)
		}
		return l
	}
	g.Settings.Name = "Ann"
	g.LayoutF(390, 844)
	return og
}

// tick runs one Update with the input in (nil: none).
func (og *onlineGame) tick(t *testing.T, in *ui.Input) {
	t.Helper()
	og.rig = &rig{g: og.Game}
	og.rig.inject = func(dst *ui.Input) {
		if in != nil {
			*dst = *in
		}
	}
	if err := og.Update(); err != nil {
		t.Fatal(err)
	}
	og.tickIdle(t)
}

// tickIdle runs one Update without input.
func (og *onlineGame) tickIdle(t *testing.T) {
	t.Helper()
	og.rig = &rig{g: og.Game, inject: func(*ui.Input) {}}
	if err := og.Update(); err != nil {
		t.Fatal(err)
	}
}

// Tap taps the button id of the current scene.
func (og *onlineGame) Tap(t *testing.T, id string) {
	t.Helper()
	for _, b := range og.TestState().Buttons {
		if b.ID == id {
			if !b.Enabled {
				t.Fatalf("%s: button %s is disabled", og.TestState().Scene, id)
			}
			x, y := b.Rect.Center()
			og.tick(t, &ui.Input{Tap: true, TapX: x, TapY: y})
			return
		}
	}
	t.Fatalf("%s: no button %s in %+v", og.TestState().Scene, id, og.TestState().Buttons)
}

// typeText types s and Enter into the field with the caret.
func (og *onlineGame) typeText(t *testing.T, s string) {
	t.Helper()
	in := ui.Input{}
	for _, r := range s {
		in.Runes[in.NRune] = r
		in.NRune++
		if in.NRune == len(in.Runes) {
			og.tick(t, &in)
			in = ui.Input{}
		}
	}
	in.AddKey(ui.KeyEnter)
	og.tick(t, &in)
}

func (og *onlineGame) has(id string) bool {
	for _, b := range og.TestState().Buttons {
		if b.ID == id {
			return true
		}
	}
	return false
}

func lobbyRoom(code string, you int, seats ...protocol.Seat) protocol.Room {
	return protocol.Room{Code: code, Settings: protocol.DefaultSettings(4), State: protocol.StateLobby, You: you, Seats: seats}
}

// TestCreateRoom: Menu → Play online → Create a room sends Create with the form's settings and
// timer; the room screen shows the code, the host adds and removes a bot and starts, and a
// refusal is said in words on the status line.
func TestCreateRoom(t *testing.T) {
	og := newOnlineGame(t, ui.Options{})
	og.Tap(t, "online")
	og.Tap(t, "create")
	if s := og.TestState().Scene; s != "online-create" {
		t.Fatalf("scene %s after Create a room", s)
	}
	og.Tap(t, "timer-plus") // 60 → 120
	og.Tap(t, "seats-plus")
	og.Tap(t, "seat-1") // the first opponent seat: open → a random bot
	og.Tap(t, "choice-random")
	og.Tap(t, "start")
	if len(og.links) != 1 || og.dials[0] != "ws://127.0.0.1:8080  protocol.Create" {
		t.Fatalf("dials %v", og.dials)
	}
	if c := og.created[0]; c.Settings.Timer != 120 || c.Settings.Seats != 5 || c.Name != "Ann" {
		t.Errorf("created %+v", c)
	}
	if s := og.TestState().Scene; s != "room" {
		t.Fatalf("scene %s after creating", s)
	}
	l := og.links[0]
	l.status.Phase = client.LinkOnline
	ann := protocol.Seat{Name: "Ann", Colour: "green", Kind: protocol.KindPerson, Connected: true}
	if err := l.push(protocol.Welcome{Code: "K7QX3M"}, protocol.Joined{Token: "tok"}, lobbyRoom("K7QX3M", 0, ann)); err != nil {
		t.Fatal(err)
	}
	og.tickIdle(t)
	ts := og.TestState()
	if ts.Online == nil || ts.Online.Code != "K7QX3M" || ts.Online.Link != "http://127.0.0.1:8080/?room=K7QX3M" {
		t.Fatalf("room state %+v", ts.Online)
	}
	if o := og.Settings.Online; o.Code != "K7QX3M" || o.Token != "tok" || o.Base != "ws://127.0.0.1:8080" {
		t.Errorf("the seat is not kept: %+v", o)
	}
	if og.TestState().Buttons[len(og.TestState().Buttons)-1].ID != "leave" {
		t.Errorf("buttons %+v", og.TestState().Buttons)
	}
	if want := []protocol.Message{protocol.AddBot{Level: "random"}}; !reflect.DeepEqual(l.sent, want) {
		t.Fatalf("the form's bot: sent %#v, want %#v", l.sent, want)
	}
	l.sent = nil
	og.Tap(t, "level") // intermediate → hard
	og.Tap(t, "level") // hard → expert
	og.Tap(t, "add-bot")
	bot := protocol.Seat{Name: "Ada", Colour: "red", Kind: protocol.KindBot, Level: "expert", Connected: true}
	if err := l.push(lobbyRoom("K7QX3M", 0, ann, bot), protocol.Error{Code: protocol.ErrRoomFull, Message: "room full", Ref: "add_bot"}); err != nil {
		t.Fatal(err)
	}
	og.tickIdle(t)
	if s := og.TestState().Online.Status; s != msg.RoomErrFull.Text() {
		t.Errorf("status %q after a refusal, want %q", s, msg.RoomErrFull.Text())
	}
	og.Tap(t, "start")
	want := []protocol.Message{protocol.AddBot{Level: "expert"}, protocol.Start{}}
	if !reflect.DeepEqual(l.sent, want) {
		t.Fatalf("sent %#v, want %#v", l.sent, want)
	}
	og.Tap(t, "remove-1")
	if got := l.sent[len(l.sent)-1]; got != (protocol.RemoveBot{Seat: 1}) {
		t.Errorf("remove sent %#v", got)
	}
	// Chat: a line, a command and /help (answered here).
	og.Tap(t, "chat")
	og.typeText(t, "hi all")
	og.typeText(t, "/bot beginner")
	og.typeText(t, "/help")
	n := len(l.sent)
	if got := l.sent[n-2:]; !reflect.DeepEqual(got, []protocol.Message{protocol.Say{Text: "hi all"}, protocol.AddBot{Level: "beginner"}}) {
		t.Errorf("chat sent %#v", got)
	}
	if chat := og.TestState().Online.Chat; len(chat) == 0 || chat[len(chat)-1] != msg.RoomHelp.Text() {
		t.Errorf("chat shows %q, want the help last", chat)
	}
	og.tick(t, &ui.Input{Keys: [8]ui.Key{ui.KeyEsc}, NKeys: 1}) // the caret leaves the chat
	og.Tap(t, "leave")
	if !l.closed || og.TestState().Scene != "menu" || og.Settings.Online.Token != "" {
		t.Errorf("leave: closed %v, scene %s, token %q", l.closed, og.TestState().Scene, og.Settings.Online.Token)
	}
	if got := l.sent[len(l.sent)-1]; got != (protocol.Leave{}) {
		t.Errorf("leave sent %#v", got)
	}
}

// TestJoinRoom: a wrong code is said on the lobby; a room that cannot be reached sends the
// person back with the reason; a good code joins with the name and colour once the room is seen.
func TestJoinRoom(t *testing.T) {
	og := newOnlineGame(t, ui.Options{})
	og.Tap(t, "online")
	og.Tap(t, "code")
	og.typeText(t, "abc")
	og.Tap(t, "join")
	if n := og.TestState().Notice; n != online.MsgBadCode().String() {
		t.Errorf("notice %q after a short code", n)
	}
	og.Tap(t, "colour") // any → green
	// Type a good code over the short one.
	og.Tap(t, "code")
	in := ui.Input{}
	for range 3 {
		in.AddKey(ui.KeyBackspace)
	}
	og.tick(t, &in)
	og.typeText(t, "k7qx3m")
	og.Tap(t, "join")
	if len(og.links) != 1 || og.dials[0] != "ws://127.0.0.1:8080 K7QX3M protocol.Hello" {
		t.Fatalf("dials %v", og.dials)
	}
	l := og.links[0]
	l.status = client.LinkStatus{Phase: client.LinkReconnecting, Attempt: 1, Err: errors.New("connection refused")}
	og.tickIdle(t)
	if s := og.TestState().Scene; s != "room" {
		t.Fatalf("one failed attempt gave up: scene %s", s)
	}
	l.status.Attempt = online.UnreachableAfter
	og.tickIdle(t)
	og.tickIdle(t)
	ts := og.TestState()
	if ts.Scene != "online" || !strings.Contains(ts.Notice, "connection refused") {
		t.Fatalf("unreachable: scene %s, notice %q", ts.Scene, ts.Notice)
	}
	// The server answers: no room.
	og.Tap(t, "join")
	l = og.links[1]
	if err := l.push(protocol.Error{Code: protocol.ErrNoRoom, Message: "no room K7QX3M"}); err != nil {
		t.Fatal(err)
	}
	og.tickIdle(t)
	og.tickIdle(t)
	if ts := og.TestState(); ts.Scene != "online" || ts.Notice != msg.RoomErrNoRoom.Text() {
		t.Fatalf("no room: scene %s, notice %q", ts.Scene, ts.Notice)
	}
	// The room exists: the join goes out once the room is seen.
	og.Tap(t, "join")
	l = og.links[2]
	l.status.Phase = client.LinkOnline
	bob := protocol.Seat{Name: "Bob", Colour: "red", Kind: protocol.KindPerson, Connected: true}
	if err := l.push(protocol.Welcome{Code: "K7QX3M"}, lobbyRoom("K7QX3M", -1, bob)); err != nil {
		t.Fatal(err)
	}
	og.tickIdle(t)
	if want := []protocol.Message{protocol.Join{Name: "Ann", Colour: "green"}}; !reflect.DeepEqual(l.sent, want) {
		t.Fatalf("sent %#v, want %#v", l.sent, want)
	}
	if og.has("start") || og.has("add-bot") {
		t.Error("a guest sees the host's controls")
	}
}

// TestRoomLink: a page opened on ?room=CODE opens the join screen with the code filled in, or
// takes the seat held in that room back with its token.
func TestRoomLink(t *testing.T) {
	og := newOnlineGame(t, ui.Options{})
	og.cur = nil
	og.Opts.Room = "k7qx3m"
	og.Opts.Server = "ws://example.org"
	og.initOnline()
	if l, ok := og.cur.(*online.Lobby); !ok || l.Code != "K7QX3M" {
		t.Fatalf("?room= opened %T", og.cur)
	}
	og.Settings.Online = ui.OnlineSettings{Timer: 60, Code: "K7QX3M", Token: "tok", Base: "ws://example.org"}
	og.cur = nil
	og.initOnline()
	if _, ok := og.cur.(*online.Room); !ok || len(og.dials) != 1 || og.dials[0] != "ws://example.org K7QX3M protocol.Hello" {
		t.Fatalf("?room= with a seat held opened %T, dials %v", og.cur, og.dials)
	}
}

// TestOnlineText: every label of the online screens fits its box, in every language, at a phone's
// and a desktop's size.
func TestOnlineText(t *testing.T) {
	needDisplay(t)
	defer msg.SetLang(msg.English)
	for _, lang := range msg.Langs() {
		for _, sz := range onlineSizes[:2] {
			for _, scene := range []string{"online", "online-create", "room", "public"} {
				_, g := renderOpts(t, ui.Options{Scene: scene, Lang: lang.Code}, int(sz[0]), int(sz[1]))
				var ws []ui.Widget
				switch s := g.cur.(type) {
				case *online.Lobby:
					ws = s.Widgets
					if s.Page == "create" {
						ws = s.Create.Widgets
					}
				case *online.Room:
					ws = s.Widgets
				case *online.Public:
					ws = s.Widgets
				}
				if len(ws) == 0 {
					t.Fatalf("%s %s: no widgets", scene, lang.Code)
				}
				for _, w := range ws {
					if w.Label == "" || w.Kind == ui.KindField {
						continue
					}
					st := text.Style{Size: w.Fit, Bold: w.Kind != 1}
					if w.Kind == ui.KindTwoLine {
						sub := text.Style{Size: w.SubFit}
						if tw, _ := g.Txt.Measure(w.Sub, sub); tw > w.R.W || w.SubFit < 9 {
							t.Errorf("%s %s %vx%v: %q (%s) is %.0f px at size %.1f in a box of %.0f", scene, lang.Code, sz[0], sz[1], w.Sub, w.ID, tw, w.SubFit, w.R.W)
						}
					}
					if tw, _ := g.Txt.Measure(w.Label, st); tw > w.R.W || w.Fit < 9 {
						t.Errorf("%s %s %vx%v: %q (%s) is %.0f px at size %.1f in a box of %.0f", scene, lang.Code, sz[0], sz[1], w.Label, w.ID, tw, w.Fit, w.R.W)
					}
				}
			}
		}
	}
}

// TestOnlineTableButtons: at an online table the menu button opens the room screen (resign
// confirmed first, the host's finish), and at the game's end the host's "Play again" asks the
// room for the next game and "Leave" leaves the room. (The table here runs a local session: the
// buttons are the table's, whatever its session.)
func TestOnlineTableButtons(t *testing.T) {
	needDisplay(t)
	og := newOnlineGame(t, ui.Options{Speed: "instant", Seed: 5, InlineBots: true})
	g := og.Game
	g.Settings.Seats = 3
	l := sampleRoom()
	rm := l.st.Room
	rm.State, rm.Game = protocol.StatePlaying, 1
	if err := l.push(rm); err != nil {
		t.Fatal(err)
	}
	r := online.NewRoom(g.host, &g.dial, l, "ws://example.org", false)
	r.Poll()
	loc, err := table.NewTable(g.host, 5)
	if err != nil {
		t.Fatal(err)
	}
	g.cur = r // the room opens the table through the Router, which keeps it to go back to
	sc, err := g.host.Table(loc.Sess, loc.Me, false)
	if err != nil {
		t.Fatal(err)
	}
	tb := sc.(*table.Table)
	r.Table, r.TableGame = tb, 1
	g.cur, g.next = tb, nil
	g.LayoutF(1280, 800)
	og.Tap(t, "menu")
	if s := og.TestState().Scene; s != "room" || !og.has("resign") || !og.has("finish") || !og.has("to-table") {
		t.Fatalf("the table's menu opened %s with %+v", s, og.TestState().Buttons)
	}
	og.Tap(t, "resign")
	if len(l.sent) != 0 || !og.has("yes") {
		t.Fatalf("resign was not confirmed first: sent %v, buttons %+v", l.sent, og.TestState().Buttons)
	}
	og.Tap(t, "yes")
	if want := []protocol.Message{protocol.Resign{}}; !reflect.DeepEqual(l.sent, want) {
		t.Fatalf("sent %#v, want %#v", l.sent, want)
	}
	og.Tap(t, "to-table")
	for i := 0; og.TestState().Scene != "gameover" || !og.TestState().Input; i++ {
		if i > 100000 {
			t.Fatalf("the game did not end: %+v", og.TestState())
		}
		og.tickIdle(t)
		if g.cur == tb {
			autopilot(tb, false)
		}
	}
	rm.State, rm.Result = protocol.StateOver, &protocol.Result{Totals: []int{1, 2, 3}, Winners: []int{0}}
	if err := l.push(rm); err != nil {
		t.Fatal(err)
	}
	if a, b := r.OverLabels(); a != msg.ButtonPlayAgain.Text() || b != msg.RoomLeave.Text() {
		t.Errorf("the host's game-over buttons say %q, %q", a, b)
	}
	x, y := tb.OverlayButton(0).Center()
	og.tick(t, &ui.Input{Tap: true, TapX: x, TapY: y})
	if got := l.sent[len(l.sent)-1]; got != (protocol.Again{}) || og.TestState().Scene != "room" {
		t.Errorf("play again sent %#v and opened %s", got, og.TestState().Scene)
	}
	og.Tap(t, "to-table")
	x, y = tb.OverlayButton(1).Center()
	og.tick(t, &ui.Input{Tap: true, TapX: x, TapY: y})
	if !l.closed || og.TestState().Scene != "menu" {
		t.Errorf("leave: closed %v, scene %s", l.closed, og.TestState().Scene)
	}
}

// TestCopyLink: the room's Copy button puts the link on the clipboard and says "Link copied"; a
// clipboard that fails (no tool on the desktop) is said on the status line with the code to share;
// a device without a clipboard (the phone apps) says it cannot copy, with the code.
func TestCopyLink(t *testing.T) {
	ann := protocol.Seat{Name: "Ann", Colour: "green", Kind: protocol.KindPerson, Connected: true}
	noTool := errors.New("clip: no clipboard tool found (install xclip or xsel or wl-copy)")
	var copied []string
	for _, c := range []struct {
		name   string
		clip   func(string) error
		label  string
		status string
	}{
		{"copies", func(s string) error { copied = append(copied, s); return nil }, msg.RoomCopied.Text(), ""},
		{"no tool", func(string) error { return noTool }, msg.RoomCopy.Text(),
			msg.New(msg.RoomCopyFailed, noTool.Error(), "K7QX3M").String()},
		{"no clipboard", nil, msg.RoomCopy.Text(), msg.New(msg.RoomCopyNone, "K7QX3M").String()},
	} {
		og := newOnlineGame(t, ui.Options{Clipboard: c.clip})
		og.Tap(t, "online")
		og.Tap(t, "code")
		og.typeText(t, "K7QX3M")
		og.Tap(t, "join")
		l := og.links[0]
		l.status.Phase = client.LinkOnline
		if err := l.push(protocol.Welcome{Code: "K7QX3M"}, protocol.Joined{Token: "tok"}, lobbyRoom("K7QX3M", 0, ann)); err != nil {
			t.Fatal(err)
		}
		og.tickIdle(t)
		og.Tap(t, "copy")
		ts := og.TestState()
		for _, b := range ts.Buttons {
			if b.ID == "copy" && b.Label != c.label {
				t.Errorf("%s: the button says %q, want %q", c.name, b.Label, c.label)
			}
		}
		if ts.Online.Status != c.status && c.status != "" {
			t.Errorf("%s: status %q, want %q", c.name, ts.Online.Status, c.status)
		}
		if c.status != "" && !strings.Contains(ts.Online.Status, "K7QX3M") {
			t.Errorf("%s: status %q does not give the code", c.name, ts.Online.Status)
		}
	}
	if want := []string{"http://127.0.0.1:8080/?room=K7QX3M"}; !reflect.DeepEqual(copied, want) {
		t.Errorf("copied %q, want %q", copied, want)
	}
}
