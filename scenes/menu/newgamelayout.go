package menu

import (
	"math"
	"slices"
	"strconv"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
)

// The new-game form's layout: each page built from the screen size alone into widgets (the
// form, the variant list, a variant's paragraph, a seat's picker).

// formGrid is the form's geometry: its columns, each a stack of rows of height rh.
type formGrid struct {
	m, top, rh, gap float64
	cols            []layout.Rect
	// inline is set when the variant list stands in the first column.
	inline bool
}

// gridFor lays out columns for the page: units[i] is the height of column i in rows. A wide
// screen gets two columns when there are two; a phone's rows stay at least layout.MinTap high.
func (f *NewGameForm) gridFor(units []float64) formGrid {
	g := f.g
	w, h := g.W, g.H
	t := layout.FormTitle(w, h)
	m := math.Round(ui.ClampF(math.Min(w, h)*0.02, 4, 24))
	top := t.Y + t.H + m/2
	avail := h - top - m
	n := float64(len(units))
	cw := math.Min((w-(n+1)*m)/n, 640)
	x0 := (w - (cw*n + m*(n-1))) / 2
	most := slices.Max(units)
	gap := ui.ClampF(avail*0.012, 3, 8)
	if avail/most-gap < layout.MinTap {
		gap = math.Max(2, avail/most-layout.MinTap) // tight: thinner gaps before smaller rows
	}
	rh := math.Min(ui.ClampF(h*0.085, layout.MinTap, 76), avail/most-gap)
	rh = math.Max(rh, layout.MinTap)
	fg := formGrid{m: m, top: top, rh: rh, gap: gap}
	for i := range units {
		fg.cols = append(fg.cols, layout.Rect{X: x0 + float64(i)*(cw+m), Y: top, W: cw, H: avail})
	}
	return fg
}

// spread moves the page's widgets down to fill the screen (layout.Spread): the rows of each
// column a little further apart, the page centred under the title, so a tall screen (a phone
// held upright) shows no empty lower part.
func (fg formGrid) spread(ws []ui.Widget, h float64) {
	cols := make([][]*layout.Rect, len(fg.cols))
	for i := range ws {
		r := &ws[i].R
		c := slices.IndexFunc(fg.cols, func(col layout.Rect) bool { return r.X >= col.X-0.5 && r.X < col.X+col.W })
		if c < 0 {
			c = 0
		}
		cols[c] = append(cols[c], r)
	}
	layout.Spread(cols, h-fg.m, fg.rh*formSpreadGap)
}

// formSpreadGap is how much spread may widen the gap between two rows, in rows' heights.
const formSpreadGap = 0.4

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

// Build lays the page out; it runs on resize and after every change (not every frame).
func (f *NewGameForm) Build() {
	f.Widgets = f.Widgets[:0]
	switch f.Page {
	case PageVariants:
		f.buildVariants()
	case PageAbout:
		f.buildAbout()
	case PageSeat:
		f.buildSeat()
	default:
		f.buildForm()
	}
	if f.Focus >= len(f.Widgets) {
		f.Focus = -1
	}
	field, _ := f.FieldRect()
	f.KB.Build(f.g, f.editing >= 0 && ui.KeyboardWanted(f.g), f.NameBuf, field, ui.CaseWords)
	if tf := f.g.Opts.TextField; tf != nil && f.editing >= 0 {
		if r, ok := f.FieldRect(); ok {
			tf.Open(r, string(f.NameBuf), ui.MaxName)
		}
	}
}

// formSeatCols is the number of seat cells per row.
const formSeatCols = 2

// variantRowUnits is the height of the variant row (title and summary), in rows.
const variantRowUnits = 1.3

func (f *NewGameForm) buildForm() {
	g, st := f.g, f.St
	f.Title = f.opts.Title.Text()
	seatRows := float64((st.Seats + formSeatCols - 1) / formSeatCols)
	endRows := 1.0
	if st.EndMode != "66" {
		endRows = 2
	}
	extra := float64(len(f.opts.Steppers))
	const buttons = 1.2
	entries := VariantEntries()
	var grid formGrid
	var settings, seats stack
	wide := g.W > g.H*1.15
	switch {
	case wide && g.H-layout.FormTitle(g.W, g.H).H >= float64(len(entries))*(layout.MinTap+8)+60:
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
	cur := VariantEntry{V: st.EngineVariant(), Doublets: st.EngineVariant() == engine.Double && st.Doublets}
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
		w.ID = "variant"
	}
	// Players: − n +.
	lo, hi := engine.SeatsAllowed(st.EngineVariant())
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
				w := f.add("name", f.seatName(0), cell, true, ui.KindTwoLine)
				w.Sub = msg.NewGameYourName.Text()
				w.On = f.editing == 0
				continue
			}
			w := f.add("seat-"+strconv.Itoa(s), f.seatName(s), cell, true, ui.KindTwoLine)
			w.Sub = f.choice(st.Levels[s-1]).Name.Text()
			w.On = f.editing == s
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
	f.add("back", msg.Back.Text(), layout.Rect{X: b.X, Y: b.Y, W: bw, H: b.H}, true, ui.KindSecondary)
	f.add("start", f.opts.StartLabel.Text(), layout.Rect{X: b.X + bw + grid.gap*2, Y: b.Y, W: b.W - bw - grid.gap*2, H: b.H}, true, ui.KindPrimary)
	grid.spread(f.Widgets, g.H)
}

// variantButton adds a variant's two-line button (title and summary) in r with a "?" at its
// right opening the paragraph; it returns the button.
func (f *NewGameForm) variantButton(e VariantEntry, r layout.Rect, qw float64, on bool) *ui.Widget {
	gap := math.Max(4, r.H*0.08)
	f.add("about-"+e.Key(), "?", layout.Rect{X: r.X + r.W - qw, Y: r.Y, W: qw, H: r.H}, true, 0)
	w := f.add("variant-"+e.Key(), e.title(), layout.Rect{X: r.X, Y: r.Y, W: r.W - qw - gap, H: r.H}, true, ui.KindTwoLine)
	w.Sub = msg.VariantSummary(e.V, e.Doublets).Text()
	w.On = on
	return w
}

// stepper adds a row in r: the label, and id-minus, the value and id-plus.
func (f *NewGameForm) stepper(r layout.Rect, rh float64, id string, label msg.ID, value string, down, up bool) {
	lbl, mi, v, pl := splitStepper(r, rh)
	f.add("", label.Text(), lbl, true, 1)
	f.add(id+"-minus", "−", mi, down, 0)
	f.add("", value, v, true, 2)
	f.add(id+"-plus", "+", pl, up, 0)
}

// splitStepper cuts a form row into a label and − value + controls.
func splitStepper(r layout.Rect, rh float64) (lbl, minus, val, plus layout.Rect) {
	lw := r.W * 0.4
	bw := ui.ClampF(rh*1.1, layout.MinTap, 90)
	lbl = layout.Rect{X: r.X, Y: r.Y, W: lw, H: r.H}
	minus = layout.Rect{X: r.X + lw, Y: r.Y, W: bw, H: r.H}
	plus = layout.Rect{X: r.X + r.W - bw, Y: r.Y, W: bw, H: r.H}
	val = layout.Rect{X: minus.X + bw, Y: r.Y, W: plus.X - minus.X - bw, H: r.H}
	return
}

// buildVariants lays out the variant list: one entry per variant with its summary, in as many
// columns as keep the entries at least a tap target high; Back at the bottom.
func (f *NewGameForm) buildVariants() {
	g := f.g
	f.Title = msg.NewGameChooseRules.Text()
	entries := VariantEntries()
	n := len(entries)
	cols := 1
	t := layout.FormTitle(g.W, g.H)
	if g.W > g.H && (g.H-t.Y-t.H)/float64(n+1) < layout.MinTap+12 {
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
	cur := VariantEntry{V: f.St.EngineVariant(), Doublets: f.St.EngineVariant() == engine.Double && f.St.Doublets}
	qw := math.Max(layout.MinTap, grid.rh)
	var s stack
	for i, e := range entries {
		if i%per == 0 {
			s = stack{r: grid.cols[i/per], y: grid.top, rh: grid.rh, gap: grid.gap}
		}
		f.variantButton(e, s.row(1), qw, e == cur)
	}
	f.add("back-variants", msg.Back.Text(), s.row(1), true, ui.KindSecondary)
}

// buildAbout lays out a variant's paragraph, wrapped to the form, and Back.
func (f *NewGameForm) buildAbout() {
	g := f.g
	v := f.About.V
	f.Title = f.About.title()
	rs := layout.Form(g.W, g.H, 8)
	area := layout.Rect{X: rs[0].X, Y: rs[0].Y, W: rs[0].W, H: rs[6].Y + rs[6].H - rs[0].Y}
	lo, hi := engine.SeatsAllowed(v)
	about := msg.New(msg.VariantPage, msg.VariantAbout(v), lo, hi).String()
	size := ui.ClampF(rs[0].H*0.42, 12, 30)
	var lines []string
	for ; size >= 10; size-- {
		lines = g.WrapText(about, size, area.W-8)
		if float64(len(lines))*size*1.45 <= area.H {
			break
		}
	}
	lh := size * 1.45
	for i, line := range lines {
		w := f.add("", line, layout.Rect{X: area.X, Y: area.Y + float64(i)*lh, W: area.W, H: lh}, true, 1)
		w.Size = size
	}
	f.add("back-newgame", msg.Back.Text(), rs[7], true, ui.KindSecondary)
}

// buildSeat lays out a seat's picker: for a person, the name field; each choice with what it
// means (the current one marked); Done.
func (f *NewGameForm) buildSeat() {
	st := f.St
	s := f.Seat
	f.Title = msg.New(msg.NewGameWhoPlays, f.titleName(s)).String()
	person := st.Levels[s-1] == ui.LevelPerson
	choices := float64(len(f.opts.Choices))
	rest := 1.2
	if person {
		rest += 1
	}
	// One column; on a wide screen the choices on the left, the name and Done on the right.
	var grid formGrid
	var col, side stack
	if f.g.W > f.g.H*1.15 {
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
		w.On = f.editing == s
	}
	for _, c := range f.opts.Choices {
		w := f.add("choice-"+c.ID, c.Name.Text(), col.row(1), true, ui.KindTwoLine)
		w.Sub = c.Means.Text()
		w.On = st.Levels[s-1] == c.ID
	}
	if side.r.W > 0 {
		col = side
	}
	f.add("seat-done", msg.Done.Text(), col.row(1.2), true, ui.KindPrimary)
	grid.spread(f.Widgets, f.g.H)
}
