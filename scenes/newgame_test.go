package scenes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/menu"
	"nimmt/scenes/online"
	"nimmt/scenes/ui"
	"nimmt/storage"
	"nimmt/text"
)

// chooseVariant picks the variant named key ("basic", "double-doublets") on the new-game form
// by taps: from the list beside the form, or through the list page on smaller screens.
func chooseVariant(t *testing.T, g *Game, key string) {
	t.Helper()
	if hasButton(g, "variant") {
		tapButton(t, g, "variant")
	}
	tapButton(t, g, "variant-"+key)
}

// typeName taps the name field id and types name into it, letter by letter, then presses Enter.
func typeName(t *testing.T, g *Game, id, name string) {
	t.Helper()
	tapButton(t, g, id)
	f := g.cur.(*menu.Menu).Form
	if !f.Typing() {
		t.Fatalf("tapping %s does not start typing", id)
	}
	typed := []rune(name)
	g.InjectInput(func(in *ui.Input) {
		switch {
		case len(f.NameBuf) > 0 && len(typed) == len([]rune(name)):
			in.AddKey(ui.KeyBackspace) // clear the field first
		case len(typed) == 0:
			in.AddKey(ui.KeyEnter)
		default:
			in.Runes[0], in.NRune = typed[0], 1
			typed = typed[1:]
		}
	})
	runUntil(t, g, 100, func(ui.TestState) bool { return !f.Typing() })
	g.InjectInput(func(in *ui.Input) {})
}

// openForm opens the new-game form through the menu on a w×h screen, with opts (Storage, Speed
// and InlineBots set here).
func openForm(t *testing.T, w, h float64, opts ui.Options) *Game {
	t.Helper()
	opts.Storage, opts.Speed, opts.InlineBots = &storage.Memory{}, "instant", true
	g, err := NewGame(opts)
	if err != nil {
		t.Fatal(err)
	}
	g.LayoutF(w, h)
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "new-game")
	return g
}

func hasButton(g *Game, id string) bool {
	ts := g.TestState()
	for _, b := range ts.Buttons {
		if b.ID == id {
			return true
		}
	}
	return false
}

// TestNewGameFormLayout lays every page of the new-game form out at phone and desktop sizes, with
// 2, 4 and 10 seats, each end of the game and every language: every widget on the screen, no two
// overlapping, every text inside its widget, tap targets at least layout.MinTap on phones.
func TestNewGameFormLayout(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	t.Cleanup(func() { g.SetLang("en") })
	sizes := [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1280, 720}, {1920, 1080}}
	pages := []struct {
		name string
		set  func(f *menu.NewGameForm)
	}{
		{"form", func(f *menu.NewGameForm) { f.Page = menu.PageForm }},
		{"variants", func(f *menu.NewGameForm) { f.Page = menu.PageVariants }},
		{"about", func(f *menu.NewGameForm) { f.Page, f.About = menu.PageAbout, menu.VariantEntry{V: 0} }},
		{"seat-bot", func(f *menu.NewGameForm) { f.Page, f.Seat = menu.PageSeat, 1; f.St.Levels[0] = "expert" }},
		{"seat-person", func(f *menu.NewGameForm) { f.Page, f.Seat = menu.PageSeat, 1; f.St.Levels[0] = ui.LevelPerson }},
	}
	checked := 0
	for _, lang := range []string{"en", "de", "fr", "es"} {
		if err := g.SetLang(lang); err != nil {
			t.Fatal(err)
		}
		for _, sz := range sizes {
			g.LayoutF(sz[0], sz[1])
			phone := min(sz[0], sz[1]) < 600
			for _, seats := range []int{2, 4, 10} {
				for _, end := range []string{"66", "score"} {
					for _, p := range pages {
						st := ui.DefaultSettings()
						st.Seats, st.EndMode = seats, end
						st.Levels[1] = ui.LevelPerson
						f := menu.MakeNewGameForm(g.host, &st, menu.FormOptions{})
						p.set(f)
						f.Build()
						name := fmt.Sprintf("%s %gx%g %d seats end %s %s", lang, sz[0], sz[1], seats, end, p.name)
						checkForm(t, g, f, name, phone)
						checked++
					}
				}
			}
		}
	}
	if checked != 4*5*3*2*5 {
		t.Fatalf("checked %d layouts", checked)
	}
}

// checkForm checks one laid-out page of the form.
func checkForm(t *testing.T, g *Game, f *menu.NewGameForm, name string, phone bool) {
	t.Helper()
	screen := layout.Rect{W: g.W, H: g.H}
	title := layout.FormTitle(g.W, g.H)
	f.Draw(ebiten.NewImage(1, 1)) // fits the title
	if tw, _ := g.Txt.Measure(f.Title, text.Style{Size: f.TitleSize, Bold: true}); tw > title.W {
		t.Errorf("%s: title %q %.0f px wide in %.0f", name, f.Title, tw, title.W)
	}
	ids := map[string]bool{}
	for i := range f.Widgets {
		w := &f.Widgets[i]
		if w.ID != "" {
			if ids[w.ID] {
				t.Errorf("%s: two buttons %q", name, w.ID)
			}
			ids[w.ID] = true
		}
		if !w.R.Within(screen) || w.R.Overlaps(title) {
			t.Errorf("%s: %q %+v off the screen or on the title", name, w.Label, w.R)
		}
		if phone && w.ID != "" && (w.R.H < layout.MinTap || w.R.W < layout.MinTap) {
			t.Errorf("%s: button %q %.0f×%.0f smaller than a tap target", name, w.ID, w.R.W, w.R.H)
		}
		for j := i + 1; j < len(f.Widgets); j++ {
			if o := f.Widgets[j]; w.R.Inset(0.5).Overlaps(o.R) {
				t.Errorf("%s: %q %+v overlaps %q %+v", name, w.Label, w.R, o.Label, o.R)
			}
		}
		checkWidgetText(t, g, name, w)
	}
}

// checkWidgetText checks that a widget's texts, as drawn, lie inside it at 9 px or more.
func checkWidgetText(t *testing.T, g *Game, name string, w *ui.Widget) {
	t.Helper()
	ts, n := g.WidgetTexts(w)
	for _, pt := range ts[:n] {
		if strings.TrimSpace(pt.S) == "" {
			continue
		}
		box := textBox(g, pt)
		if !box.Inset(0.5).Within(w.R) {
			t.Errorf("%s: text %q %+v outside its widget %+v (size %.1f)", name, pt.S, box, w.R, pt.Style.Size)
		}
		if pt.Style.Size < 9 {
			t.Errorf("%s: text %q at %.1f px", name, pt.S, pt.Style.Size)
		}
	}
}

// textBox is where a widget's text is drawn, as measured.
func textBox(g *Game, pt ui.PlacedText) layout.Rect {
	if pt.Wrap > 0 {
		tw, th := g.Txt.MeasureWrap(pt.S, pt.Style, pt.Wrap)
		return layout.Rect{X: pt.X, Y: pt.Y, W: tw, H: th}
	}
	tw, th := g.Txt.Measure(pt.S, pt.Style)
	x := pt.X
	if pt.Style.Align.Horz() == text.HorzCenter {
		x -= tw / 2
	}
	return layout.Rect{X: x, Y: pt.Y - th/2, W: tw, H: th}
}

// TestNewGameFormKeyboard: the form works with the keys alone — the arrows move the focus, Enter
// presses, Esc goes back a page — and a level picked in a seat's picker shows on its cell.
func TestNewGameFormKeyboard(t *testing.T) {
	for _, sz := range [][2]float64{{390, 844}, {1280, 720}} {
		g := openForm(t, sz[0], sz[1], ui.Options{})
		press := func(k ui.Key) {
			t.Helper()
			g.InjectInput(func(in *ui.Input) { in.AddKey(k) })
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
			g.InjectInput(func(in *ui.Input) {})
		}
		f := g.cur.(*menu.Menu).Form
		// focusOn moves the focus down to the button id and presses Enter.
		focusOn := func(id string) {
			t.Helper()
			for i := 0; i < 60; i++ {
				if f.Focus >= 0 && f.Widgets[f.Focus].ID == id {
					press(ui.KeyEnter)
					return
				}
				press(ui.KeyDown)
			}
			t.Fatalf("%gx%g: the arrows never reach %q on %s", sz[0], sz[1], id, f.Name())
		}
		focusOn("seats-plus")
		if g.Settings.Seats != 5 {
			t.Fatalf("seats %d after Enter on +", g.Settings.Seats)
		}
		focusOn("seat-3")
		if f.Name() != "seat" || f.Seat != 3 {
			t.Fatalf("Enter on seat 3 shows %s (seat %d)", f.Name(), f.Seat)
		}
		focusOn("choice-expert")
		if f.Name() != "newgame" || g.Settings.Levels[2] != "expert" {
			t.Fatalf("after choosing expert: page %s, level %q", f.Name(), g.Settings.Levels[2])
		}
		for _, b := range g.TestState().Buttons {
			if b.ID == "seat-3" && b.Label != "Chloé" {
				t.Errorf("seat 3 is labelled %q", b.Label)
			}
		}
		if !strings.Contains(fmt.Sprint(f.Widgets), "expert") {
			t.Errorf("no cell says expert: %v", f.Widgets)
		}
		focusOn("about-basic")
		if f.Name() != "variant" {
			t.Fatalf("Enter on ? shows %s", f.Name())
		}
		press(ui.KeyEsc)
		if f.Name() == "variant" {
			t.Fatalf("Esc stays on the paragraph")
		}
		for f.Name() != "newgame" {
			press(ui.KeyEsc)
		}
		press(ui.KeyEsc)
		if ts := g.TestState(); ts.Scene != "menu" {
			t.Fatalf("Esc on the form goes to %s", ts.Scene)
		}
	}
}

// TestOnScreenKeyboard: on a touch screen without a platform text field (the phone app) a tap
// on the name opens the game's own keyboard, laid out on the screen with keys a finger can hit
// (every key at least layout.MinTap high, and wide on phones but for the letters, in every
// language) and the field
// above it; tapping keys types the name, capitals at the start of a word or after Shift, and
// Done keeps it. With a mouse no keyboard shows.
func TestOnScreenKeyboard(t *testing.T) {
	t.Cleanup(func() { _ = msg.SetLang(msg.English) })
	for _, lang := range msg.Langs() {
		for _, sz := range [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1280, 720}} {
			testOnScreenKeyboard(t, lang.Code, sz)
		}
	}
}

func testOnScreenKeyboard(t *testing.T, lang string, sz [2]float64) {
	name := fmt.Sprintf("%s %gx%g", lang, sz[0], sz[1])
	phone := sz[0] < 900 || sz[1] < 700
	g := openForm(t, sz[0], sz[1], ui.Options{Lang: lang})
	if msg.Lang() != lang {
		t.Fatalf("%s: the form speaks %s", name, msg.Lang())
	}
	touch := func(id string) {
		t.Helper()
		for _, b := range g.TestState().Buttons {
			if b.ID == id {
				x, y := b.Rect.Center()
				g.InjectInput(func(in *ui.Input) { in.Tap, in.TapX, in.TapY, in.Touch = true, x, y, true })
				if err := g.Update(); err != nil {
					t.Fatal(err)
				}
				g.InjectInput(func(in *ui.Input) {})
				return
			}
		}
		t.Fatalf("%s: no button %q", name, id)
	}
	touch("name")
	f := g.cur.(*menu.Menu).Form
	if !f.Typing() || len(f.KB.Keys) == 0 {
		t.Fatalf("%s: a touch on the name shows no keyboard (typing %v)", name, f.Typing())
	}
	checkKeyboard(t, g, name+" new game", phone, &f.KB, msg.None)
	for len(f.NameBuf) > 0 {
		touch("key-back")
	}
	for _, id := range []string{"key-Z", "key-o", "key-e", "key-space", "key-M", "key-c", "key-shift", "key-K", "key-a", "key-y", "key-done"} {
		touch(id)
	}
	if g.Settings.Name != "Zoe McKay" || f.Typing() || len(f.KB.Keys) != 0 {
		t.Errorf("%s: typed %q (still typing %v, %d keys)", name, g.Settings.Name, f.Typing(), len(f.KB.Keys))
	}
	// With a mouse the physical keyboard types; no keys show.
	tapButton(t, g, "name")
	if !f.Typing() || len(f.KB.Keys) != 0 {
		t.Errorf("%s: a click on the name: typing %v with %d on-screen keys", name, f.Typing(), len(f.KB.Keys))
	}

	// The lobby: a room code typed with taps only (capitals, digits after "?123").
	link := sampleRoom()
	g.dial.DialRoom = func(string, string, protocol.Message) online.RoomLink { return link }
	g.goTo(online.NewLobby(g.host, &g.dial, ""))
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "online" })
	touch("code")
	l := g.cur.(*online.Lobby)
	if !l.Typing() || !l.KB.Shown() {
		t.Fatalf("%s: a touch on the room code shows no keyboard (typing %v)", name, l.Typing())
	}
	checkKeyboard(t, g, name+" room code", phone, &l.KB, msg.OnlineCode)
	for _, id := range []string{"key-A", "key-B", "key-symbols", "key-3", "key-symbols", "key-C", "key-D", "key-E", "key-done"} {
		touch(id)
	}
	if l.Code != "AB3CDE" || l.Typing() || l.KB.Shown() {
		t.Fatalf("%s: typed the code %q (still typing %v, keyboard %v)", name, l.Code, l.Typing(), l.KB.Shown())
	}

	// The room: a chat line typed with taps only, its field shown above the keyboard; Done sends
	// it and keeps the keyboard up for the next line.
	touch("join")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "room" })
	touch("chat")
	r := g.cur.(*online.Room)
	if !r.Typing() || !r.KB.Shown() {
		t.Fatalf("%s: a touch on the chat shows no keyboard (typing %v)", name, r.Typing())
	}
	checkKeyboard(t, g, name+" chat", phone, &r.KB, msg.None)
	for _, id := range []string{"key-H", "key-i", "key-space", "key-symbols", "key-2", "key-!", "key-done"} {
		touch(id)
	}
	if n := len(link.sent); n == 0 || link.sent[n-1] != (protocol.Say{Text: "Hi 2!"}) {
		t.Fatalf("%s: the chat sent %v, want Hi 2!", name, link.sent)
	}
	if !r.Typing() || !r.KB.Shown() || r.KB.Symbols {
		t.Errorf("%s: after sending, typing %v, keyboard %v with signs %v; want the letters up", name, r.Typing(), r.KB.Shown(), r.KB.Symbols)
	}
}

// checkKeyboard checks the on-screen keyboard kb on g's screen: inside the screen, the field
// typed into in sight above it, every key inside it, at least layout.MinTap high (and wide on
// phones, but for the letters: a row of QWERTZ is 11 keys), none overlapping another, each
// key's text within its key; and a field lifted above it named by caption (unless msg.None) on its
// left, within the screen, where there is room.
func checkKeyboard(t *testing.T, g *Game, name string, phone bool, kb *ui.Keyboard, caption msg.ID) {
	t.Helper()
	panel := kb.Panel(g.host)
	if kb.Lifted.Overlaps(panel) || !kb.Lifted.Within(layout.Rect{W: g.W, H: g.H}) || !panel.Within(layout.Rect{W: g.W, H: g.H}) {
		t.Errorf("%s: the keyboard %+v covers the field %+v or leaves the screen", name, panel, kb.Lifted)
	}
	if r := kb.CaptionAt(); caption == msg.None || kb.Lifted == kb.Field {
		if r.W > 0 {
			t.Errorf("%s: a caption drawn at %+v, want none", name, r)
		}
	} else if r.W <= 0 {
		if kb.Lifted.X >= 60 {
			t.Errorf("%s: the lifted field %+v has no caption", name, kb.Lifted)
		}
	} else {
		if kb.Caption != caption || !r.Within(layout.Rect{W: g.W, H: g.H}) || r.X+r.W > kb.Lifted.X || r.Overlaps(panel) {
			t.Errorf("%s: caption %q at %+v, want %q left of the field %+v", name, kb.Caption.Text(), r, caption.Text(), kb.Lifted)
		}
		w := ui.Widget{Label: kb.Caption.Text(), R: r, Kind: 1, Enabled: true}
		ts, n := g.WidgetTexts(&w)
		for _, pt := range ts[:n] {
			if tw, _ := g.Txt.Measure(pt.S, pt.Style); tw > r.W {
				t.Errorf("%s: caption %q %.0f px wide in %.0f", name, pt.S, tw, r.W)
			}
		}
	}
	if kb.Lifted.W != kb.Field.W || kb.Lifted.H != kb.Field.H || kb.Lifted.X != kb.Field.X {
		t.Errorf("%s: the field %+v shows as %+v", name, kb.Field, kb.Lifted)
	}
	for i, k := range kb.Keys {
		letter := len([]rune(k.Label)) == 1 && k.ID == "key-"+k.Label // narrower on phones, as a phone's own
		if !k.R.Within(panel) || k.R.H < layout.MinTap || k.R.W < 28 || phone && !letter && k.R.W < layout.MinTap {
			t.Errorf("%s: key %q %+v outside the keyboard or too small", name, k.Label, k.R)
		}
		for _, o := range kb.Keys[i+1:] {
			if k.R.Overlaps(o.R) {
				t.Errorf("%s: keys %q and %q overlap", name, k.Label, o.Label)
			}
		}
		ts, n := g.WidgetTexts(&kb.Keys[i])
		for _, pt := range ts[:n] {
			if tw, _ := g.Txt.Measure(pt.S, pt.Style); tw > k.R.W {
				t.Errorf("%s: key %q text %.0f px wide in %.0f", name, pt.S, tw, k.R.W)
			}
		}
	}
}

// fakeField is a platform text field for tests: it records where it is shown.
type fakeField struct {
	open  bool
	r     layout.Rect
	value string
	done  bool
}

func (f *fakeField) Open(r layout.Rect, value string, max int) { f.open, f.r, f.value = true, r, value }
func (f *fakeField) Poll() (string, bool)                      { return f.value, f.done }
func (f *fakeField) Close()                                    { f.open, f.done = false, false }

// TestPlatformTextField: with a platform text field (the browser's <input>) the form opens it
// over the name being typed, follows a resize, shows what is typed there, keeps it when the
// field is done, and closes it; a letter the fonts cannot draw is dropped.
func TestPlatformTextField(t *testing.T) {
	tf := &fakeField{}
	g := openForm(t, 390, 844, ui.Options{TextField: tf})
	tapButton(t, g, "name")
	f := g.cur.(*menu.Menu).Form
	r, _ := f.FieldRect()
	if !tf.open || tf.r != r || tf.value != g.Settings.Name || len(f.KB.Keys) != 0 {
		t.Fatalf("field open %v at %+v holding %q, the name is at %+v; %d on-screen keys", tf.open, tf.r, tf.value, r, len(f.KB.Keys))
	}
	g.LayoutF(844, 390)
	if r, _ := f.FieldRect(); tf.r != r {
		t.Errorf("after the rotation the field is at %+v, the name at %+v", tf.r, r)
	}
	tf.value = "Zoë \U0001F600"
	runUntil(t, g, 2, func(ui.TestState) bool { return true })
	if string(f.NameBuf) != "Zoë " {
		t.Errorf("the form shows %q while %q is typed", string(f.NameBuf), tf.value)
	}
	tf.done = true
	runUntil(t, g, 2, func(ui.TestState) bool { return !f.Typing() })
	if tf.open || g.Settings.Name != "Zoë" {
		t.Errorf("done: field open %v, name %q", tf.open, g.Settings.Name)
	}
}

// targetField is a platform text field that also asks where the screen's text fields are.
type targetField struct {
	fakeField
	targets []layout.Rect
	calls   int
}

func (f *targetField) Targets(rs []layout.Rect) {
	f.targets, f.calls = append(f.targets[:0], rs...), f.calls+1
}

// TestTextFieldTargets: a platform text field that asks for them (the browser's, which focuses
// its input inside the tap's own handler) learns at every tick where the name fields are: the
// person's name on the form, the name on a person seat's picker, none on the variant list.
func TestTextFieldTargets(t *testing.T) {
	tf := &targetField{}
	g := openForm(t, 390, 844, ui.Options{TextField: tf})
	runUntil(t, g, 2, func(ui.TestState) bool { return true })
	f := g.cur.(*menu.Menu).Form
	name := buttonRect(t, g, "name")
	if len(tf.targets) != 1 || tf.targets[0] != name {
		t.Fatalf("targets %+v on the form, the name is at %+v", tf.targets, name)
	}
	calls := tf.calls
	for range 3 {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if tf.calls != calls+3 {
		t.Errorf("%d calls in 3 ticks", tf.calls-calls)
	}
	g.Settings.Levels[0] = ui.LevelPerson
	f.Seat = 1
	f.SetPage(menu.PageSeat)
	f.Build()
	runUntil(t, g, 2, func(ui.TestState) bool { return true })
	if r := buttonRect(t, g, "seat-name"); len(tf.targets) != 1 || tf.targets[0] != r {
		t.Errorf("targets %+v on the seat's picker, its name at %+v", tf.targets, r)
	}
	f.SetPage(menu.PageVariants)
	f.Build()
	runUntil(t, g, 2, func(ui.TestState) bool { return true })
	if len(tf.targets) != 0 {
		t.Errorf("targets %+v on the variant list", tf.targets)
	}
}

func buttonRect(t *testing.T, g *Game, id string) layout.Rect {
	t.Helper()
	for _, b := range g.TestState().Buttons {
		if b.ID == id {
			return b.Rect
		}
	}
	t.Fatalf("no button %q", id)
	return layout.Rect{}
}

// TestNameFieldKeepsName: a tap on a seat's name field keeps the name shown (a default one
// too) with the caret after it, the page's title names the seat without the caret, and a
// default left as it was stays the default.
func TestNameFieldKeepsName(t *testing.T) {
	g := openForm(t, 390, 844, ui.Options{})
	f := g.cur.(*menu.Menu).Form
	tapButton(t, g, "seat-1")
	tapButton(t, g, "choice-"+ui.LevelPerson)
	tapButton(t, g, "seat-name")
	if got := string(f.NameBuf); got != "Player 2" {
		t.Fatalf("a tap on the name field leaves %q, not the name shown", got)
	}
	if strings.Contains(f.Title, "_") || f.Title != "Who plays Player 2?" {
		t.Fatalf("while typing the title reads %q", f.Title)
	}
	g.InjectInput(func(in *ui.Input) { in.Runes[0], in.NRune = 'x', 1 })
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if f.Title != "Who plays Player 2x?" {
		t.Fatalf("after typing x the title reads %q", f.Title)
	}
	g.InjectInput(func(in *ui.Input) { in.AddKey(ui.KeyBackspace) })
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	g.InjectInput(func(in *ui.Input) { in.AddKey(ui.KeyEnter) })
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if f.Typing() || g.Settings.Names[0] != "" {
		t.Fatalf("the default name left as it was is stored as %q (typing %v)", g.Settings.Names[0], f.Typing())
	}
}
