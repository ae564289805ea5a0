package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
	"nimmt/text"
)

// The new-game form as a component: the local new game's page and, with other options, an
// online room's "create" form. It edits a Settings and answers with what a game needs:
//
//	f := newGameForm(g, &st, FormOptions{})
//	f.resize()                        // after every window size change
//	switch res, err := f.update(in); res { case FormStart: f.Config(), f.Seats() … }
//	f.draw(dst); f.testState(&ts); f.name() // "newgame", "variants", "variant" or "seat"
//
// Its pages: the form (the variant with its one-line summary — the whole list with a summary
// each where the screen has room —, the players, one cell per seat with its name and level, the
// end of the game, the caller's extra rows, the animation speed, Back and the primary Start),
// the variant list, a variant's paragraph, and a seat's picker (what each level means; a
// person's name). Every page is laid out from the screen size alone; tap targets are at least
// layout.MinTap high.
//
// Files: newgame.go the form's state, pages and drawing; newgamelayout.go each page's layout;
// newgameinput.go taps, keys, the buttons' actions and the name being typed; textfield.go the
// name field and the on-screen keyboard.

// SeatChoice is what a seat of the form can be: a bot level, a person at this device, or what
// a caller adds (an online room's seat left open).
type SeatChoice struct {
	// ID is kept in Settings.Levels: a bot level (one of Levels) or levelPerson.
	ID string
	// Name names the choice on the seat's cell and in its picker; Means says what it means.
	Name, Means msg.ID
}

// botChoices are the bot levels as seat choices, weakest first (Levels).
func botChoices() []SeatChoice {
	out := make([]SeatChoice, 0, len(ui.Levels)+1)
	for _, l := range ui.Levels {
		out = append(out, SeatChoice{l, levelName(l), levelMeans(l)})
	}
	return out
}

// localChoices are what an opponent seat can be in a local game: the bots, weakest first, and
// a person at this device.
var localChoices = append(botChoices(), SeatChoice{ui.LevelPerson, msg.LevelPerson, msg.LevelMeansPerson})

// FormOptions adapt the form to its use; the zero value is the local new game.
type FormOptions struct {
	// Title is the form's title (msg.MenuNewGame when None); StartLabel the primary button's
	// label (msg.Start when None).
	Title, StartLabel msg.ID
	// Choices are what an opponent seat can be (localChoices when nil).
	Choices []SeatChoice
	// Steppers are extra rows after the end of the game, e.g. an online room's decision timer.
	Steppers []FormStepper
}

// FormStepper is an extra row of the form: a label, a value and − / + buttons (ids ID-minus
// and ID-plus).
type FormStepper struct {
	ID    string
	Label msg.ID
	// Value shows the value; Step moves it one step down (-1) or up (+1); CanStep says whether
	// that step is allowed (the button is disabled when not).
	Value   func() string
	Step    func(d int)
	CanStep func(d int) bool
}

// FormResult is what a tick of the form ended with.
type FormResult uint8

// Form results.
const (
	// FormOpen: the form stays on screen.
	FormOpen FormResult = iota
	// FormStart: the person chose Start; Config and Seats say what to play.
	FormStart
	// FormBack: the person left the form (Back or Esc on its first page).
	FormBack
)

// formPage is one page of the form.
type formPage uint8

const (
	pageForm     formPage = iota // the form itself
	pageVariants                 // the list of variants, on screens too small to show it inline
	pageAbout                    // one variant's paragraph
	pageSeat                     // one seat's picker
)

// variantEntry is one entry of the variant list: Double comes twice (two decks; one deck and
// the doublets of a second).
type variantEntry struct {
	v        engine.Variant
	doublets bool
}

// key names the entry in button ids: "basic", …, "double", "double-doublets".
func (e variantEntry) key() string {
	if e.doublets {
		return e.v.String() + "-doublets"
	}
	return e.v.String()
}

// title is the entry's name (Double names its card set).
func (e variantEntry) title() string {
	st := ui.Settings{Variant: e.v.String(), Doublets: e.doublets}
	return st.VariantTitle()
}

// variantEntries lists the variants the form offers, in the engine's order.
func variantEntries() []variantEntry {
	var out []variantEntry
	for _, v := range ui.MenuVariants() {
		out = append(out, variantEntry{v: v})
		if v == engine.Double {
			out = append(out, variantEntry{v: v, doublets: true})
		}
	}
	return out
}

// newGameForm is the form's state: the settings it edits, the page shown, its widgets and the
// name being typed.
type newGameForm struct {
	g    *ui.Host
	st   *ui.Settings
	opts FormOptions
	page formPage
	// seat is the seat the picker shows; about is the variant the paragraph shows and
	// aboutFrom the page it returns to.
	seat      int
	about     variantEntry
	aboutFrom formPage
	widgets   []ui.Widget
	focus     int
	title     string
	// titleSize is the title's size fitted to its box, for titleFor at titleW.
	titleSize float64
	titleFor  string
	titleW    float64
	// editing is the seat whose name is being typed (-1: none); nameBuf holds the text.
	editing int
	nameBuf []rune
	// kb is the on-screen keyboard while a name is typed on a touch screen (keyboard.go).
	kb ui.Keyboard
}

// newNewGameForm returns the form editing st.
func newNewGameForm(g *ui.Host, st *ui.Settings, opts FormOptions) *newGameForm {
	if opts.Title == msg.None {
		opts.Title = msg.MenuNewGame
	}
	if opts.StartLabel == msg.None {
		opts.StartLabel = msg.Start
	}
	if opts.Choices == nil {
		opts.Choices = localChoices
	}
	f := &newGameForm{g: g, st: st, opts: opts, focus: -1, editing: -1}
	f.Build()
	return f
}

// Config returns the engine configuration the form describes.
func (f *newGameForm) Config() engine.Config { return variantConfig(f.st) }

// Seats returns the seats the form describes: the person here first, then each seat a bot of
// its level or another person here (a caller's own choices come back as bots of that level, for
// the caller to read).
func (f *newGameForm) Seats() []session.Seat { return session.SeatsFromSettings(f.st) }

// Name is the scene name of the page shown: newgame, variants, variant or seat.
func (f *newGameForm) Name() string {
	switch f.page {
	case pageVariants:
		return "variants"
	case pageAbout:
		return "variant"
	case pageSeat:
		return "seat"
	}
	return "newgame"
}

// typing reports whether a name is being typed (letters are not commands then).
func (f *newGameForm) typing() bool { return f.editing >= 0 }

// Resize lays the page out again for a new screen size.
func (f *newGameForm) Resize() { f.Build() }

func (f *newGameForm) add(id, label string, r layout.Rect, enabled bool, kind int) *ui.Widget {
	f.widgets = append(f.widgets, ui.Widget{ID: id, Label: label, R: r, Enabled: enabled, Kind: kind})
	return &f.widgets[len(f.widgets)-1]
}

// choice returns the seat choice with id, or the first one.
func (f *newGameForm) choice(id string) SeatChoice {
	for _, c := range f.opts.Choices {
		if c.ID == id {
			return c
		}
	}
	return f.opts.Choices[0]
}

// seatName is the name seat s shows on its cell: the person's name, a person seat's name, or
// the bot's name.
func (f *newGameForm) seatName(s int) string {
	if f.editing == s {
		return string(f.nameBuf) + "_"
	}
	return f.storedName(s)
}

// titleName is seat s's name for the page's title: the name as typed so far, without the
// caret, or the stored one while the field is empty or not being typed into.
func (f *newGameForm) titleName(s int) string {
	if f.editing == s && len(f.nameBuf) > 0 {
		return string(f.nameBuf)
	}
	return f.storedName(s)
}

// storedName is seat s's name as the settings hold it, a default where none is set.
func (f *newGameForm) storedName(s int) string {
	if s == 0 {
		return f.st.OwnName()
	}
	if f.st.Levels[s-1] == ui.LevelPerson {
		return f.st.PersonName(s)
	}
	if ui.LevelIndex(f.st.Levels[s-1]) < 0 {
		return msg.New(msg.SeatName, s+1).String() // a caller's choice (an online room's open seat)
	}
	return session.BotNames[(s-1)%len(session.BotNames)].Text()
}

// Draw draws the page over the felt.
func (f *newGameForm) Draw(dst *ebiten.Image) {
	g := f.g
	t := layout.FormTitle(g.W, g.H)
	if f.titleFor != f.title || f.titleW != t.W {
		f.titleSize = g.Txt.Fit(f.title, text.Style{Size: ui.ClampF(t.H*0.6, 22, 72), Bold: true}, t.W-16, 14)
		f.titleFor, f.titleW = f.title, t.W
	}
	cx, cy := t.Center()
	g.Label(dst, f.title, cx, cy, f.titleSize, ui.TitleCol, text.Center, true)
	for i := range f.widgets {
		g.DrawWidget(dst, &f.widgets[i], i == f.focus)
	}
	var field *ui.Widget
	for i := range f.widgets {
		if f.widgets[i].R == f.kb.Field && f.widgets[i].ID != "" {
			field = &f.widgets[i]
		}
	}
	f.kb.Draw(g, dst, field)
}

// TestState reports the page's buttons.
func (f *newGameForm) TestState(ts *ui.TestState) {
	for _, w := range f.widgets {
		if w.ID != "" {
			ts.Buttons = append(ts.Buttons, ui.Button{ID: w.ID, Rect: w.R, Enabled: w.Enabled, Label: w.Label})
		}
	}
	f.kb.Buttons(ts)
}
