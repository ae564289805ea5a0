package scenes

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/assets/sounds"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
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

// SeatChoice is what a seat of the form can be: a bot level, a person at this device, or what
// a caller adds (an online room's seat left open).
type SeatChoice struct {
	// ID is kept in Settings.Levels: a bot level (one of Levels) or levelPerson.
	ID string
	// Name names the choice on the seat's cell and in its picker; Means says what it means.
	Name, Means msg.ID
}

// levelPerson is the seat choice "a person at this device" (hot-seat).
const levelPerson = "person"

// localChoices are what an opponent seat can be in a local game, weakest bot first.
var localChoices = []SeatChoice{
	{"random", msg.LevelRandom, msg.LevelMeansRandom},
	{"beginner", msg.LevelBeginner, msg.LevelMeansBeginner},
	{"intermediate", msg.LevelIntermediate, msg.LevelMeansIntermediate},
	{"expert", msg.LevelExpert, msg.LevelMeansExpert},
	{levelPerson, msg.LevelPerson, msg.LevelMeansPerson},
}

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
	st := Settings{Variant: e.v.String(), Doublets: e.doublets}
	return st.variantTitle()
}

// variantEntries lists the variants the form offers, in the engine's order.
func variantEntries() []variantEntry {
	var out []variantEntry
	for _, v := range menuVariants() {
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
	g    *Game
	st   *Settings
	opts FormOptions
	page formPage
	// seat is the seat the picker shows; about is the variant the paragraph shows and
	// aboutFrom the page it returns to.
	seat      int
	about     variantEntry
	aboutFrom formPage
	widgets   []widget
	focus     int
	title     string
	// titleSize is the title's size fitted to its box, for titleFor at titleW.
	titleSize float64
	titleFor  string
	titleW    float64
	// editing is the seat whose name is being typed (-1: none); nameBuf holds the text.
	editing int
	nameBuf []rune
	// keys are the on-screen keyboard's keys while it shows (textfield.go).
	keys []widget
}

// newNewGameForm returns the form editing st.
func newNewGameForm(g *Game, st *Settings, opts FormOptions) *newGameForm {
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
	f.build()
	return f
}

// Config returns the engine configuration the form describes.
func (f *newGameForm) Config() engine.Config { return variantConfig(f.st) }

// Seats returns the seats the form describes: the person here first, then each seat a bot of
// its level or another person here (a caller's own choices come back as bots of that level, for
// the caller to read).
func (f *newGameForm) Seats() []Seat { return seatsFromSettings(f.st) }

// name is the scene name of the page shown: newgame, variants, variant or seat.
func (f *newGameForm) name() string {
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

// resize lays the page out again for a new screen size.
func (f *newGameForm) resize() { f.build() }

func (f *newGameForm) add(id, label string, r layout.Rect, enabled bool, kind int) *widget {
	f.widgets = append(f.widgets, widget{id: id, label: label, r: r, enabled: enabled, kind: kind})
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
	if s == 0 {
		return f.st.Name
	}
	if f.st.Levels[s-1] == levelPerson {
		return f.st.personName(s)
	}
	if levelIndex(f.st.Levels[s-1]) < 0 {
		return msg.New(msg.SeatName, s+1).String() // a caller's choice (an online room's open seat)
	}
	return botNames[(s-1)%len(botNames)].Text()
}

// formGrid is the form's geometry: its columns, each a stack of rows of height rh.
type formGrid struct {
	m, top, rh, gap float64
	cols            []layout.Rect
	// inline is set when the variant list stands in the first column.
	inline bool
}

// gridFor lays out columns for the page: units[i] is the height of column i in rows. A wide
// screen gets two columns when there are two; a phone's rows stay at least layout.MinTap high.
func (f *newGameForm) gridFor(units []float64) formGrid {
	g := f.g
	w, h := g.w, g.h
	t := layout.FormTitle(w, h)
	m := math.Round(clampF(math.Min(w, h)*0.02, 4, 24))
	top := t.Y + t.H + m/2
	avail := h - top - m
	n := float64(len(units))
	cw := math.Min((w-(n+1)*m)/n, 640)
	x0 := (w - (cw*n + m*(n-1))) / 2
	most := slices.Max(units)
	gap := clampF(avail*0.012, 3, 8)
	if avail/most-gap < layout.MinTap {
		gap = math.Max(2, avail/most-layout.MinTap) // tight: thinner gaps before smaller rows
	}
	rh := math.Min(clampF(h*0.085, layout.MinTap, 76), avail/most-gap)
	rh = math.Max(rh, layout.MinTap)
	fg := formGrid{m: m, top: top, rh: rh, gap: gap}
	for i := range units {
		fg.cols = append(fg.cols, layout.Rect{X: x0 + float64(i)*(cw+m), Y: top, W: cw, H: avail})
	}
	return fg
}

// stack hands out the rows of one column, top down.
type stack struct {
	r       layout.Rect
	y       float64
	rh, gap float64
}

func (s *stack) row(units float64) layout.Rect {
	h := s.rh*units + s.gap*(units-1)
	r := layout.Rect{X: s.r.X, Y: s.y, W: s.r.W, H: h}
	s.y += h + s.gap
	return r
}

// build lays the page out; it runs on resize and after every change (not every frame).
func (f *newGameForm) build() {
	f.widgets = f.widgets[:0]
	switch f.page {
	case pageVariants:
		f.buildVariants()
	case pageAbout:
		f.buildAbout()
	case pageSeat:
		f.buildSeat()
	default:
		f.buildForm()
	}
	if f.focus >= len(f.widgets) {
		f.focus = -1
	}
	f.buildKeys()
	if tf := f.g.opts.TextField; tf != nil && f.editing >= 0 {
		if r, ok := f.fieldRect(); ok {
			tf.Open(r, string(f.nameBuf), maxName)
		}
	}
}

// formSeatCols is the number of seat cells per row.
const formSeatCols = 2

// variantRowUnits is the height of the variant row (title and summary), in rows.
const variantRowUnits = 1.3

func (f *newGameForm) buildForm() {
	g, st := f.g, f.st
	f.title = f.opts.Title.Text()
	seatRows := float64((st.Seats + formSeatCols - 1) / formSeatCols)
	endRows := 1.0
	if st.EndMode != "66" {
		endRows = 2
	}
	extra := float64(len(f.opts.Steppers))
	const buttons = 1.2
	entries := variantEntries()
	var grid formGrid
	var settings, seats stack
	wide := g.w > g.h*1.15
	switch {
	case wide && g.h-layout.FormTitle(g.w, g.h).H >= float64(len(entries))*(layout.MinTap+8)+60:
		// The variant list in the first column, the rest in the second.
		right := 1 + seatRows + endRows + extra + 1 + buttons
		grid = f.gridFor([]float64{right, right})
		grid.inline = true
		settings = stack{r: grid.cols[1], y: grid.top, rh: grid.rh, gap: grid.gap}
		seats = settings
	case wide:
		grid = f.gridFor([]float64{variantRowUnits + 1 + endRows + extra + 1, seatRows + buttons})
		settings = stack{r: grid.cols[0], y: grid.top, rh: grid.rh, gap: grid.gap}
		seats = stack{r: grid.cols[1], y: grid.top, rh: grid.rh, gap: grid.gap}
	default:
		grid = f.gridFor([]float64{variantRowUnits + 1 + seatRows + endRows + extra + 1 + buttons})
		settings = stack{r: grid.cols[0], y: grid.top, rh: grid.rh, gap: grid.gap}
	}
	cur := variantEntry{v: st.variant(), doublets: st.variant() == engine.Double && st.Doublets}
	qw := math.Max(layout.MinTap, grid.rh)
	if grid.inline {
		list := stack{r: grid.cols[0], y: grid.top, rh: grid.rh, gap: grid.gap}
		eh := math.Min(grid.rh*1.1, (grid.cols[0].H+grid.gap)/float64(len(entries))-grid.gap)
		eh = math.Max(eh, layout.MinTap)
		list.rh = eh
		for _, e := range entries {
			r := list.row(1)
			f.variantButton(e, r, qw, e == cur)
		}
	} else {
		r := settings.row(variantRowUnits)
		w := f.variantButton(cur, r, qw, false)
		w.id = "variant"
	}
	// Players: − n +.
	lo, hi := engine.SeatsAllowed(st.variant())
	f.stepper(settings.row(1), grid.rh, "seats", msg.NewGamePlayers, strconv.Itoa(st.Seats), st.Seats > lo, st.Seats < hi)
	if !wide || grid.inline {
		seats = settings
	}
	// The seats: a cell each, two to a row; the person's own cell edits the name.
	for r := 0; r < int(seatRows); r++ {
		row := seats.row(1)
		for c := 0; c < formSeatCols; c++ {
			s := r*formSeatCols + c
			if s >= st.Seats {
				break
			}
			cell := row.SplitH(formSeatCols, c, grid.gap*1.5)
			if s == 0 {
				w := f.add("name", f.seatName(0), cell, true, kindTwoLine)
				w.sub = msg.NewGameYourName.Text()
				w.on = f.editing == 0
				continue
			}
			w := f.add("seat-"+strconv.Itoa(s), f.seatName(s), cell, true, kindTwoLine)
			w.sub = f.choice(st.Levels[s-1]).Name.Text()
			w.on = f.editing == s
		}
	}
	if !wide || grid.inline {
		settings = seats
	}
	// The end of the game.
	lbl, mi, _, pl := splitStepper(settings.row(1), grid.rh)
	f.add("", msg.NewGameEnds.Text(), lbl, true, 1)
	f.add("end-mode", endModeNames[st.EndMode].Text(), layout.Rect{X: mi.X, Y: mi.Y, W: pl.X + pl.W - mi.X, H: mi.H}, true, 0)
	switch st.EndMode {
	case "score":
		f.stepper(settings.row(1), grid.rh, "end", msg.NewGameEndScore, strconv.Itoa(st.EndScore), st.EndScore > 10, st.EndScore < 500)
	case "rounds":
		f.stepper(settings.row(1), grid.rh, "end", msg.NewGameRounds, strconv.Itoa(st.Rounds), st.Rounds > 1, st.Rounds < 50)
	}
	for _, x := range f.opts.Steppers {
		f.stepper(settings.row(1), grid.rh, x.ID, x.Label, x.Value(), x.CanStep(-1), x.CanStep(1))
	}
	lbl, mi, _, pl = splitStepper(settings.row(1), grid.rh)
	f.add("", msg.NewGameAnimation.Text(), lbl, true, 1)
	f.add("speed", speedName(st.Speed), layout.Rect{X: mi.X, Y: mi.Y, W: pl.X + pl.W - mi.X, H: mi.H}, true, 0)
	// Back and the primary Start, Start the wider, at the bottom of the last column.
	last := &settings
	if !grid.inline && wide {
		last = &seats
	}
	b := last.row(buttons)
	bw := b.W * 0.36
	f.add("back", msg.Back.Text(), layout.Rect{X: b.X, Y: b.Y, W: bw, H: b.H}, true, kindSecondary)
	f.add("start", f.opts.StartLabel.Text(), layout.Rect{X: b.X + bw + grid.gap*2, Y: b.Y, W: b.W - bw - grid.gap*2, H: b.H}, true, kindPrimary)
}

// variantButton adds a variant's two-line button (title and summary) in r with a "?" at its
// right opening the paragraph; it returns the button.
func (f *newGameForm) variantButton(e variantEntry, r layout.Rect, qw float64, on bool) *widget {
	gap := math.Max(4, r.H*0.08)
	f.add("about-"+e.key(), "?", layout.Rect{X: r.X + r.W - qw, Y: r.Y, W: qw, H: r.H}, true, 0)
	w := f.add("variant-"+e.key(), e.title(), layout.Rect{X: r.X, Y: r.Y, W: r.W - qw - gap, H: r.H}, true, kindTwoLine)
	w.sub = msg.VariantSummary(e.v, e.doublets).Text()
	w.on = on
	return w
}

// stepper adds a row in r: the label, and id-minus, the value and id-plus.
func (f *newGameForm) stepper(r layout.Rect, rh float64, id string, label msg.ID, value string, down, up bool) {
	lbl, mi, v, pl := splitStepper(r, rh)
	f.add("", label.Text(), lbl, true, 1)
	f.add(id+"-minus", "−", mi, down, 0)
	f.add("", value, v, true, 2)
	f.add(id+"-plus", "+", pl, up, 0)
}

// splitStepper cuts a form row into a label and − value + controls.
func splitStepper(r layout.Rect, rh float64) (lbl, minus, val, plus layout.Rect) {
	lw := r.W * 0.4
	bw := clampF(rh*1.1, layout.MinTap, 90)
	lbl = layout.Rect{X: r.X, Y: r.Y, W: lw, H: r.H}
	minus = layout.Rect{X: r.X + lw, Y: r.Y, W: bw, H: r.H}
	plus = layout.Rect{X: r.X + r.W - bw, Y: r.Y, W: bw, H: r.H}
	val = layout.Rect{X: minus.X + bw, Y: r.Y, W: plus.X - minus.X - bw, H: r.H}
	return
}

// buildVariants lays out the variant list: one entry per variant with its summary, in as many
// columns as keep the entries at least a tap target high; Back at the bottom.
func (f *newGameForm) buildVariants() {
	g := f.g
	f.title = msg.NewGameChooseRules.Text()
	entries := variantEntries()
	n := len(entries)
	cols := 1
	t := layout.FormTitle(g.w, g.h)
	if g.w > g.h && (g.h-t.Y-t.H)/float64(n+1) < layout.MinTap+12 {
		cols = 2
	}
	per := (n + cols - 1) / cols
	units := make([]float64, cols)
	for i := range units {
		units[i] = float64(per)
	}
	// Back goes under the last column (the shorter one of two).
	units[cols-1] = float64(n-per*(cols-1)) + 1
	grid := f.gridFor(units)
	cur := variantEntry{v: f.st.variant(), doublets: f.st.variant() == engine.Double && f.st.Doublets}
	qw := math.Max(layout.MinTap, grid.rh)
	var s stack
	for i, e := range entries {
		if i%per == 0 {
			s = stack{r: grid.cols[i/per], y: grid.top, rh: grid.rh, gap: grid.gap}
		}
		f.variantButton(e, s.row(1), qw, e == cur)
	}
	f.add("back-variants", msg.Back.Text(), s.row(1), true, kindSecondary)
}

// buildAbout lays out a variant's paragraph, wrapped to the form, and Back.
func (f *newGameForm) buildAbout() {
	g := f.g
	v := f.about.v
	f.title = f.about.title()
	rs := layout.Form(g.w, g.h, 8)
	area := layout.Rect{X: rs[0].X, Y: rs[0].Y, W: rs[0].W, H: rs[6].Y + rs[6].H - rs[0].Y}
	lo, hi := engine.SeatsAllowed(v)
	about := msg.New(msg.VariantPage, msg.VariantAbout(v), lo, hi).String()
	size := clampF(rs[0].H*0.42, 12, 30)
	var lines []string
	for ; size >= 10; size-- {
		lines = g.wrapText(about, size, area.W-8)
		if float64(len(lines))*size*1.45 <= area.H {
			break
		}
	}
	lh := size * 1.45
	for i, line := range lines {
		w := f.add("", line, layout.Rect{X: area.X, Y: area.Y + float64(i)*lh, W: area.W, H: lh}, true, 1)
		w.size = size
	}
	f.add("back-newgame", msg.Back.Text(), rs[7], true, kindSecondary)
}

// buildSeat lays out a seat's picker: for a person, the name field; each choice with what it
// means (the current one marked); Done.
func (f *newGameForm) buildSeat() {
	st := f.st
	s := f.seat
	f.title = msg.New(msg.NewGameWhoPlays, f.seatName(s)).String()
	person := st.Levels[s-1] == levelPerson
	choices := float64(len(f.opts.Choices))
	rest := 1.2
	if person {
		rest += 1
	}
	// One column; on a wide screen the choices on the left, the name and Done on the right.
	var grid formGrid
	var col, side stack
	if f.g.w > f.g.h*1.15 {
		grid = f.gridFor([]float64{choices, rest})
		col = stack{r: grid.cols[0], y: grid.top, rh: grid.rh, gap: grid.gap}
		side = stack{r: grid.cols[1], y: grid.top, rh: grid.rh, gap: grid.gap}
	} else {
		grid = f.gridFor([]float64{choices + rest})
		col = stack{r: grid.cols[0], y: grid.top, rh: grid.rh, gap: grid.gap}
	}
	if person {
		at := &col
		if side.r.W > 0 {
			at = &side
		}
		r := at.row(1)
		lw := r.W * 0.3
		f.add("", msg.NewGameSeatName.Text(), layout.Rect{X: r.X, Y: r.Y, W: lw, H: r.H}, true, 1)
		w := f.add("seat-name", f.seatName(s), layout.Rect{X: r.X + lw, Y: r.Y, W: r.W - lw, H: r.H}, true, 3)
		w.on = f.editing == s
	}
	for _, c := range f.opts.Choices {
		w := f.add("choice-"+c.ID, c.Name.Text(), col.row(1), true, kindTwoLine)
		w.sub = c.Means.Text()
		w.on = st.Levels[s-1] == c.ID
	}
	if side.r.W > 0 {
		col = side
	}
	f.add("seat-done", msg.Done.Text(), col.row(1.2), true, kindPrimary)
}

// setPage shows page p with no focus and no name being typed.
func (f *newGameForm) setPage(p formPage) {
	f.stopTyping()
	f.page = p
	f.focus = -1
}

// activate runs the button id; it reports FormStart or FormBack when the form is done.
func (f *newGameForm) activate(id string) (FormResult, error) {
	st := f.st
	f.g.cue(sounds.Click)
	res := FormOpen
	switch {
	case id == "back":
		f.stopTyping()
		res = FormBack
	case id == "start":
		f.stopTyping()
		res = FormStart
	case id == "seats-minus":
		st.Seats = clampSeats(st.variant(), st.Seats-1)
	case id == "seats-plus":
		st.Seats = clampSeats(st.variant(), st.Seats+1)
	case id == "variant":
		f.setPage(pageVariants)
	case id == "back-variants", id == "seat-done":
		f.setPage(pageForm)
	case id == "back-newgame":
		f.setPage(f.aboutFrom)
	case len(id) > 6 && id[:6] == "about-":
		for _, e := range variantEntries() {
			if e.key() == id[6:] {
				f.about, f.aboutFrom = e, f.page
				f.setPage(pageAbout)
			}
		}
	case len(id) > 8 && id[:8] == "variant-":
		for _, e := range variantEntries() {
			if e.key() == id[8:] {
				st.Variant, st.Doublets = e.v.String(), e.doublets
				st.Seats = clampSeats(e.v, st.Seats)
			}
		}
		f.setPage(pageForm)
	case id == "name":
		if f.editing == 0 {
			f.stopTyping()
		} else {
			f.startTyping(0)
		}
	case id == "seat-name":
		if f.editing == f.seat {
			f.stopTyping()
		} else {
			f.startTyping(f.seat)
		}
	case len(id) > 5 && id[:5] == "seat-":
		s, _ := strconv.Atoi(id[5:])
		if s >= 1 && s < st.Seats {
			f.seat = s
			f.setPage(pageSeat)
		}
	case len(id) > 7 && id[:7] == "choice-":
		f.stopTyping()
		st.Levels[f.seat-1] = f.choice(id[7:]).ID
		if st.Levels[f.seat-1] != levelPerson {
			f.setPage(pageForm)
		}
	case id == "end-mode":
		st.EndMode = cycle([]string{"66", "score", "rounds"}, st.EndMode, 1)
	case id == "end-minus", id == "end-plus":
		d := 1
		if id == "end-minus" {
			d = -1
		}
		if st.EndMode == "score" {
			st.EndScore = int(clampF(float64(st.EndScore+d*5), 10, 500))
		} else {
			st.Rounds = int(clampF(float64(st.Rounds+d), 1, 50))
		}
	case id == "speed":
		st.Speed = cycle(speeds, st.Speed, 1)
	default:
		for _, x := range f.opts.Steppers {
			if id == x.ID+"-minus" && x.CanStep(-1) {
				x.Step(-1)
			}
			if id == x.ID+"-plus" && x.CanStep(1) {
				x.Step(1)
			}
		}
	}
	f.build()
	return res, nil
}

// startTyping puts the cursor in seat s's name.
func (f *newGameForm) startTyping(s int) {
	f.editing = s
	if s == 0 {
		f.nameBuf = []rune(f.st.Name)
	} else {
		f.nameBuf = []rune(f.st.Names[s-1])
	}
}

// stopTyping ends typing, keeping the name (an empty one falls back to the default).
func (f *newGameForm) stopTyping() {
	if f.editing < 0 {
		return
	}
	if tf := f.g.opts.TextField; tf != nil {
		v, _ := tf.Poll()
		f.nameBuf = []rune(v)
		tf.Close()
	}
	f.setName(f.editing, string(f.nameBuf))
	f.editing = -1
	f.nameBuf = f.nameBuf[:0]
}

// setName sets seat s's name, at most maxName letters; an empty name of the person here is
// the default name.
func (f *newGameForm) setName(s int, name string) {
	name = clipName(strings.TrimSpace(f.g.txt.Drawable(name)))
	if s == 0 {
		if name == "" {
			name = msg.DefaultName.Text()
		}
		f.st.Name = name
		return
	}
	f.st.Names[s-1] = name
}

// update handles one tick: typing, taps on the widgets and the keyboard.
func (f *newGameForm) update(in *Input) (FormResult, error) {
	if f.g.noteDevice(in) && f.editing >= 0 {
		f.build() // the on-screen keyboard comes or goes
	}
	if f.editing >= 0 {
		f.typeKeys(in)
		for i := range f.keys {
			if in.TapIn(f.keys[i].r) {
				f.pressKey(f.keys[i].id)
				return FormOpen, nil
			}
		}
		if in.Tap && len(f.keys) > 0 {
			if in.TapY >= f.keyPanel().Y {
				in.TakeTap() // between the keys
			}
		}
		if in.Tap && !f.tapOnField(in) {
			f.stopTyping()
			f.build()
		}
	}
	if id := widgetInput(f.widgets, &f.focus, in); id != "" {
		return f.activate(id)
	}
	if in.Key(KeyEsc) {
		switch f.page {
		case pageForm:
			return FormBack, nil
		case pageAbout:
			f.setPage(f.aboutFrom)
		default:
			f.setPage(pageForm)
		}
		f.build()
	}
	return FormOpen, nil
}

// tapOnField reports whether this tick's tap is on the name field being typed into.
func (f *newGameForm) tapOnField(in *Input) bool {
	for _, w := range f.widgets {
		if (w.id == "name" || w.id == "seat-name") && w.r.Contains(in.TapX, in.TapY) {
			return true
		}
	}
	return false
}

// typeKeys takes this tick's letters, Backspace, Enter and Esc into the name being typed; the
// keys are consumed (they are not commands while typing).
func (f *newGameForm) typeKeys(in *Input) {
	if tf := f.g.opts.TextField; tf != nil {
		// The platform's field holds the text; the canvas gets no keys meanwhile.
		v, done := tf.Poll()
		if v = clipName(f.g.txt.Drawable(v)); v != string(f.nameBuf) || done {
			f.nameBuf = []rune(v)
			if done {
				f.stopTyping()
			}
			f.build()
		}
		in.NKeys = 0
		return
	}
	changed := false
	for i := 0; i < in.NRune; i++ {
		if r := in.Runes[i]; len(f.nameBuf) < maxName && r >= ' ' && f.g.txt.Drawable(string(r)) != "" {
			f.nameBuf = append(f.nameBuf, in.Runes[i])
			changed = true
		}
	}
	if in.Key(KeyBackspace) && len(f.nameBuf) > 0 {
		f.nameBuf = f.nameBuf[:len(f.nameBuf)-1]
		changed = true
	}
	if in.Key(KeyEnter) || in.Key(KeyEsc) {
		f.stopTyping()
		changed = true
	}
	in.NKeys = 0
	if changed {
		f.build()
	}
}

// draw draws the page over the felt.
func (f *newGameForm) draw(dst *ebiten.Image) {
	g := f.g
	t := layout.FormTitle(g.w, g.h)
	if f.titleFor != f.title || f.titleW != t.W {
		f.titleSize = g.txt.Fit(f.title, text.Style{Size: clampF(t.H*0.6, 22, 72), Bold: true}, t.W-16, 14)
		f.titleFor, f.titleW = f.title, t.W
	}
	cx, cy := t.Center()
	g.label(dst, f.title, cx, cy, f.titleSize, titleCol, text.Center, true)
	for i := range f.widgets {
		g.drawWidget(dst, &f.widgets[i], i == f.focus)
	}
	f.drawKeys(dst)
}

// testState reports the page's buttons.
func (f *newGameForm) testState(ts *TestState) {
	for _, w := range append(f.widgets, f.keys...) {
		if w.id != "" {
			ts.Buttons = append(ts.Buttons, Button{ID: w.id, Rect: w.r, Enabled: w.enabled, Label: w.label})
		}
	}
}
