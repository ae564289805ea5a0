package menu

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

// BotChoices are the bot levels as seat choices, weakest first (Levels).
func BotChoices() []SeatChoice {
	out := make([]SeatChoice, 0, len(ui.Levels)+1)
	for _, l := range ui.Levels {
		out = append(out, SeatChoice{l, ui.LevelName(l), ui.LevelMeans(l)})
	}
	return out
}

// LocalChoices are what an opponent seat can be in a local game: the bots, weakest first, and
// a person at this device.
var LocalChoices = append(BotChoices(), SeatChoice{ui.LevelPerson, msg.LevelPerson, msg.LevelMeansPerson})

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
	PageForm     formPage = iota // the form itself
	PageVariants                 // the list of variants, on screens too small to show it inline
	PageAbout                    // one variant's paragraph
	PageSeat                     // one seat's picker
)

// VariantEntry is one entry of the variant list: Double comes twice (two decks; one deck and
// the doublets of a second).
type VariantEntry struct {
	V        engine.Variant
	Doublets bool
}

// Key names the entry in button ids: "basic", …, "double", "double-doublets".
func (e VariantEntry) Key() string {
	if e.Doublets {
		return e.V.String() + "-doublets"
	}
	return e.V.String()
}

// title is the entry's name (Double names its card set).
func (e VariantEntry) title() string {
	st := ui.Settings{Variant: e.V.String(), Doublets: e.Doublets}
	return st.VariantTitle()
}

// VariantEntries lists the variants the form offers, in the engine's order.
func VariantEntries() []VariantEntry {
	var out []VariantEntry
	for _, v := range ui.MenuVariants() {
		out = append(out, VariantEntry{V: v})
		if v == engine.Double {
			out = append(out, VariantEntry{V: v, Doublets: true})
		}
	}
	return out
}

// NewGameForm is the form's state: the settings it edits, the page shown, its widgets and the
// name being typed.
type NewGameForm struct {
	g    *ui.Host
	St   *ui.Settings
	opts FormOptions
	Page formPage
	// Seat is the seat the picker shows; about is the variant the paragraph shows and
	// aboutFrom the page it returns to.
	Seat      int
	About     VariantEntry
	aboutFrom formPage
	Widgets   []ui.Widget
	Focus     int
	Title     string
	// TitleSize is the title's size fitted to its box, for titleFor at titleW.
	TitleSize float64
	titleFor  string
	titleW    float64
	// editing is the seat whose name is being typed (-1: none); nameBuf holds the text.
	editing int
	NameBuf []rune
	// KB is the on-screen keyboard while a name is typed on a touch screen (keyboard.go).
	KB ui.Keyboard
}

// MakeNewGameForm returns the form editing st.
func MakeNewGameForm(g *ui.Host, st *ui.Settings, opts FormOptions) *NewGameForm {
	if opts.Title == msg.None {
		opts.Title = msg.MenuNewGame
	}
	if opts.StartLabel == msg.None {
		opts.StartLabel = msg.Start
	}
	if opts.Choices == nil {
		opts.Choices = LocalChoices
	}
	f := &NewGameForm{g: g, St: st, opts: opts, Focus: -1, editing: -1}
	f.Build()
	return f
}

// Config returns the engine configuration the form describes.
func (f *NewGameForm) Config() engine.Config { return ui.VariantConfig(f.St) }

// Seats returns the seats the form describes: the person here first, then each seat a bot of
// its level or another person here (a caller's own choices come back as bots of that level, for
// the caller to read).
func (f *NewGameForm) Seats() []session.Seat { return session.SeatsFromSettings(f.St) }

// Name is the scene name of the page shown: newgame, variants, variant or seat.
func (f *NewGameForm) Name() string {
	switch f.Page {
	case PageVariants:
		return "variants"
	case PageAbout:
		return "variant"
	case PageSeat:
		return "seat"
	}
	return "newgame"
}

// Typing reports whether a name is being typed (letters are not commands then).
func (f *NewGameForm) Typing() bool { return f.editing >= 0 }

// Resize lays the page out again for a new screen size.
func (f *NewGameForm) Resize() { f.Build() }

func (f *NewGameForm) add(id, label string, r layout.Rect, enabled bool, kind int) *ui.Widget {
	f.Widgets = append(f.Widgets, ui.Widget{ID: id, Label: label, R: r, Enabled: enabled, Kind: kind})
	return &f.Widgets[len(f.Widgets)-1]
}

// choice returns the seat choice with id, or the first one.
func (f *NewGameForm) choice(id string) SeatChoice {
	for _, c := range f.opts.Choices {
		if c.ID == id {
			return c
		}
	}
	return f.opts.Choices[0]
}

// seatName is the name seat s shows on its cell: the person's name, a person seat's name, or
// the bot's name.
func (f *NewGameForm) seatName(s int) string {
	if f.editing == s {
		return string(f.NameBuf) + "_"
	}
	return f.storedName(s)
}

// titleName is seat s's name for the page's title: the name as typed so far, without the
// caret, or the stored one while the field is empty or not being typed into.
func (f *NewGameForm) titleName(s int) string {
	if f.editing == s && len(f.NameBuf) > 0 {
		return string(f.NameBuf)
	}
	return f.storedName(s)
}

// storedName is seat s's name as the settings hold it, a default where none is set.
func (f *NewGameForm) storedName(s int) string {
	if s == 0 {
		return f.St.OwnName()
	}
	if f.St.Levels[s-1] == ui.LevelPerson {
		return f.St.PersonName(s)
	}
	if ui.LevelIndex(f.St.Levels[s-1]) < 0 {
		return msg.New(msg.SeatName, s+1).String() // a caller's choice (an online room's open seat)
	}
	return session.BotNames[(s-1)%len(session.BotNames)].Text()
}

// Draw draws the page over the felt.
func (f *NewGameForm) Draw(dst *ebiten.Image) {
	g := f.g
	t := layout.FormTitle(g.W, g.H)
	if f.titleFor != f.Title || f.titleW != t.W {
		f.TitleSize = g.Txt.Fit(f.Title, text.Style{Size: ui.ClampF(t.H*0.6, 22, 72), Bold: true}, t.W-16, 14)
		f.titleFor, f.titleW = f.Title, t.W
	}
	cx, cy := t.Center()
	g.Label(dst, f.Title, cx, cy, f.TitleSize, ui.TitleCol, text.Center, true)
	for i := range f.Widgets {
		g.DrawWidget(dst, &f.Widgets[i], i == f.Focus)
	}
	var field *ui.Widget
	for i := range f.Widgets {
		if f.Widgets[i].R == f.KB.Field && f.Widgets[i].ID != "" {
			field = &f.Widgets[i]
		}
	}
	f.KB.Draw(g, dst, field)
}
