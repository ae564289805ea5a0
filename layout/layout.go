// Package layout computes where everything sits on the table as a pure function of the screen
// size, the number of seats and the hand size. Drawing and hit-testing use the same rectangles,
// in logical pixels (device-independent); the scenes multiply by the device scale when drawing.
//
// Landscape screens put the opponents in a strip across the top, the four rows in the middle
// left, the hand along the bottom and a side panel on the right with the score bar, the buttons,
// the person's own seat and the confirm button. Portrait screens (phones) stack a strip of seat
// chips, a button bar, the rows at full width, the person's seat and a two-line hand.
package layout

import "math"

// NumRows is the number of rows on the table.
const NumRows = 4

// Slots is the number of card places per row: five cards and the sixth, "danger", place.
const Slots = 6

// MinTap is the smallest tap target, in logical pixels, on touch-sized screens.
const MinTap = 44

// Rect is an axis-aligned rectangle in logical pixels.
type Rect struct {
	X, Y, W, H float64
}

// Contains reports whether the point (x, y) is inside r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Overlaps reports whether r and s share any area.
func (r Rect) Overlaps(s Rect) bool {
	return r.X < s.X+s.W && s.X < r.X+r.W && r.Y < s.Y+s.H && s.Y < r.Y+r.H
}

// Inside reports whether r lies within a w×h screen.
func (r Rect) Inside(w, h float64) bool {
	const eps = 1e-6
	return r.X >= -eps && r.Y >= -eps && r.X+r.W <= w+eps && r.Y+r.H <= h+eps
}

// Center returns the centre point of r.
func (r Rect) Center() (x, y float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Inset shrinks r by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Empty reports whether r has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// SplitH cuts r into n equal columns with gap between them and returns column i.
func (r Rect) SplitH(n, i int, gap float64) Rect {
	w := (r.W - gap*float64(n-1)) / float64(n)
	return Rect{r.X + float64(i)*(w+gap), r.Y, w, r.H}
}

// Row is one of the four rows on the table.
type Row struct {
	// Slots are the five card places and, last, the danger place for the sixth card.
	Slots [Slots]Rect
	// Sum is where the row's bullhead sum is shown.
	Sum Rect
	// Hit is the row's tap target (rule 4 row choice); it covers slots and sum.
	Hit Rect
}

// Seat is where a seat is shown.
type Seat struct {
	// Plate holds the name, level, score, pile size and state chip.
	Plate Rect
	// Chosen is where the seat's chosen card lies (face down, then revealed).
	Chosen Rect
	// Pile is where taken rows are swept to.
	Pile Rect
}

// Button ids on the table, in the order of Table.Buttons.
const (
	BtnMenu = iota
	BtnTracker
	BtnAdvisor
	BtnLog
	BtnReplay
	BtnConfirm
	NumButtons
)

// ButtonIDs are the stable ids of the table buttons, indexed by the Btn constants.
var ButtonIDs = [NumButtons]string{"menu", "tracker", "advisor", "log", "replay", "confirm"}

// Table is the layout of the playing table.
type Table struct {
	// W and H are the screen size in logical pixels.
	W, H float64
	// Portrait is set for tall screens.
	Portrait bool
	// Unit is the base text size in logical pixels.
	Unit float64
	// CardW and CardH are the size of a card on the rows.
	CardW, CardH float64
	// Rows are the four rows.
	Rows [NumRows]Row
	// Hand holds the drawn rectangles of the hand cards (they may overlap in a fan) and HandHit
	// their non-overlapping tap targets; both have HandN entries.
	Hand, HandHit []Rect
	// HandN is the number of cards in the hand.
	HandN int
	// Lift is how far a lifted hand card rises.
	Lift float64
	// Seats are the seats; seat 0 is the person.
	Seats []Seat
	// ScoreBar shows the round, the end score and the scores.
	ScoreBar Rect
	// Status is the line that says whose decision is pending.
	Status Rect
	// Deck is where the deck sits for the deal.
	Deck Rect
	// Panel is the area for the card tracker or game log overlay.
	Panel Rect
	// Queue holds, when there is room (landscape), one place per seat where the revealed cards
	// line up lowest first before they are placed; empty otherwise.
	Queue []Rect
	// Buttons are the table buttons, indexed by the Btn constants.
	Buttons [NumButtons]Rect
}

// NewTable lays out a table for a w×h screen, the given number of seats (2–10) and hand size.
func NewTable(w, h float64, seats, handN int) Table {
	if seats < 1 {
		seats = 1
	}
	if handN < 0 {
		handN = 0
	}
	t := Table{W: w, H: h, HandN: handN, Seats: make([]Seat, seats)}
	t.Hand = make([]Rect, handN)
	t.HandHit = make([]Rect, handN)
	if h > w*1.1 {
		t.Portrait = true
		t.portrait(seats, handN)
	} else {
		t.landscape(seats, handN)
	}
	return t
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

func (t *Table) landscape(seats, handN int) {
	w, h := t.W, t.H
	m := math.Round(clamp(math.Min(w, h)*0.015, 4, 20))
	t.Unit = clamp(math.Min(w/64, h/36), 11, 28)
	side := clamp(w*0.2, 150, 340)
	sideX := w - side - m
	mainW := sideX - 2*m // from x=m to sideX-m

	// Opponents across the top.
	topH := h * 0.2
	opp := seats - 1
	if opp > 0 {
		gap := m / 2
		pw := math.Min((mainW-gap*float64(opp-1))/float64(opp), 240)
		total := pw*float64(opp) + gap*float64(opp-1)
		x0 := m + (mainW-total)/2
		plateH := topH * 0.42
		cardH := topH - plateH - m*1.5
		cardW := math.Min(cardH*2/3, pw*0.45)
		cardH = cardW * 1.5
		for i := 1; i < seats; i++ {
			x := x0 + float64(i-1)*(pw+gap)
			plate := Rect{x, m, pw, plateH}
			t.Seats[i] = Seat{
				Plate:  plate,
				Chosen: Rect{x + pw/2 - cardW/2, m + plateH + m/2, cardW, cardH},
				Pile:   Rect{x + pw - cardW*0.6, m, cardW * 0.6, plateH},
			}
		}
	}

	// Hand along the bottom of the main area.
	handH := h * 0.27
	handTop := h - handH - m
	t.layHand(handN, Rect{m, handTop, mainW, handH}, 1, m/2, 0.15)

	// Rows in the middle.
	rowsTop := m + topH + m/2
	rowsH := handTop - rowsTop - m/2
	rh := rowsH / NumRows
	cardW, cardH, gap := fitRowCards(rh, mainW, 0.12, 1.3)
	t.CardW, t.CardH = cardW, cardH
	t.layRows(m, rowsTop, rh, cardW, cardH, gap)
	// The status line sits right of the rows, or under the top strip when there is no room.
	sx := t.Rows[0].Sum.X + t.Rows[0].Sum.W + m
	if sideX-m-sx > mainW*0.3 {
		t.Status = Rect{sx, rowsTop, sideX - m - sx, t.Unit * 3}
	} else {
		t.Status = Rect{m, rowsTop - t.Unit*1.5, mainW, t.Unit * 1.4}
		if t.Status.Y < m+topH*0.42 {
			t.Status.Y = m + topH*0.42
		}
	}

	// Side panel: score bar, buttons, own seat, confirm.
	y := m
	t.ScoreBar = Rect{sideX, y, side, clamp(h*0.2, 60, 160)}
	y += t.ScoreBar.H + m/2
	bh := clamp(h*0.075, MinTap, 64)
	bg := m / 2
	// Two columns: menu tracker / advisor log / replay.
	for i := 0; i < 5; i++ {
		col, row := i%2, i/2
		bw := (side - bg) / 2
		t.Buttons[i] = Rect{sideX + float64(col)*(bw+bg), y + float64(row)*(bh+bg), bw, bh}
	}
	y += 3*(bh+bg) + m/2
	confirmY := h - m - bh
	t.Buttons[BtnConfirm] = Rect{sideX, confirmY, side, bh}
	// Own seat between the buttons and confirm.
	space := confirmY - m/2 - y
	plateH := clamp(space*0.35, 30, 70)
	ownCardH := space - plateH - m
	ownCardW := math.Min(ownCardH*2/3, side*0.4)
	ownCardH = ownCardW * 1.5
	t.Seats[0] = Seat{
		Plate:  Rect{sideX, y, side, plateH},
		Chosen: Rect{sideX + side/2 - ownCardW/2, y + plateH + m/2, ownCardW, ownCardH},
		Pile:   Rect{sideX + side - ownCardW*0.6, y, ownCardW * 0.6, plateH},
	}
	t.Deck = Rect{sx + (sideX-m-sx)/2 - cardW/2, rowsTop + rowsH/2 - cardH/2, cardW, cardH}
	if t.Deck.X+cardW > sideX-m {
		t.Deck.X = sideX - m - cardW
	}
	// The tracker / log overlay: under the status line when that sits beside the rows, so the
	// line that says what to do stays readable.
	panelTop := rowsTop
	if t.Status.Y == rowsTop {
		panelTop += t.Unit * 1.6
	}
	// It keeps clear of the rows (their sixth slots and sums) when there is room beside them.
	panelX := m + mainW*0.35
	if sideX-m-sx >= mainW*0.4 {
		panelX = max(panelX, sx)
	}
	t.Panel = Rect{panelX, panelTop, sideX - m - panelX, handTop - panelTop - m}
	// The reveal queue: right of the rows, under the status line, in up to two lines.
	if t.Status.H > t.Unit*2 {
		area := Rect{t.Status.X, t.Status.Y + t.Status.H + m, t.Status.W, handTop - m - (t.Status.Y + t.Status.H + m)}
		per := seats
		if seats > 5 {
			per = (seats + 1) / 2
		}
		lines := (seats + per - 1) / per
		qw := math.Min(cardW, (area.W-float64(per-1)*gap)/float64(per))
		qh := qw * 1.5
		lineH := qh + t.Unit*1.4
		if float64(lines)*lineH <= area.H && qw >= 16 {
			t.Queue = make([]Rect, seats)
			for i := range t.Queue {
				l, c := i/per, i%per
				t.Queue[i] = Rect{area.X + float64(c)*(qw+gap), area.Y + float64(l)*lineH, qw, qh}
			}
		}
	}
}

func (t *Table) layRows(x, top, rh, cardW, cardH, gap float64) {
	for r := 0; r < NumRows; r++ {
		y := top + float64(r)*rh + (rh-cardH)/2
		var row Row
		for s := 0; s < Slots; s++ {
			row.Slots[s] = Rect{x + float64(s)*(cardW+gap), y, cardW, cardH}
		}
		sx := x + Slots*(cardW+gap)
		row.Sum = Rect{sx, y + cardH*0.2, cardW * 1.2, cardH * 0.6}
		hitH := math.Min(rh-1, cardH+gap)
		row.Hit = Rect{x, top + float64(r)*rh + (rh-hitH)/2, sx + cardW*1.2 - x, hitH}
		t.Rows[r] = row
	}
}

// layHand places n hand cards in area in as few lines as keep every tap target at least
// MinTap wide (up to three lines, at least minLines); each line keeps liftFrac of its height
// above the cards for the lifted card.
func (t *Table) layHand(n int, area Rect, minLines int, gap, liftFrac float64) {
	if n <= 0 {
		t.Lift = area.H * liftFrac
		return
	}
	lines := minLines
	var per int
	var lineH, cw, ch float64
	for ; ; lines++ {
		per = (n + lines - 1) / lines
		lineH = (area.H - gap*float64(lines-1)) / float64(lines)
		ch = lineH * (1 - liftFrac)
		cw = ch * 2 / 3
		if maxW := (area.W - gap*float64(per-1)) / float64(per); cw > maxW && lines > 1 {
			cw = maxW
			ch = cw * 1.5
		}
		if step := lineStep(per, area.W, cw, gap); step >= MinTap+0.5 || per == 1 || lines >= 3 {
			break
		}
	}
	t.Lift = lineH * liftFrac
	for l := 0; l < lines; l++ {
		first := l * per
		k := min(per, n-first)
		top := area.Y + float64(l)*(lineH+gap) + t.Lift
		t.layHandLine(first, k, Rect{area.X, top, area.W, lineH - t.Lift}, cw, ch, gap)
	}
}

// lineStep returns the distance between neighbouring cards of a line of n cards cw wide in
// width w: the cards side by side with gap between them; overlapping when they do not fit;
// spread apart (up to MinTap) when small cards would give tap targets narrower than MinTap.
func lineStep(n int, w, cw, gap float64) float64 {
	if n <= 1 {
		return w
	}
	step := cw + gap
	if step*float64(n-1)+cw > w {
		return (w - cw) / float64(n-1)
	}
	if step < MinTap+1 {
		step = math.Max(step, math.Min(MinTap+1, w/float64(n)))
	}
	return step
}

// layHandLine places hand cards first..first+n-1 in one line, centred in area. A card's tap
// target is the part of it not covered by its right neighbour, or, for small cards spread
// apart, the whole step around it; it includes the lift space above.
func (t *Table) layHandLine(first, n int, area Rect, cw, ch, gap float64) {
	if n <= 0 {
		return
	}
	if cw > area.W {
		cw = area.W
		ch = cw * 1.5
	}
	step := lineStep(n, area.W, cw, gap)
	total := step*float64(n-1) + cw
	x0 := area.X + (area.W-total)/2
	for i := 0; i < n; i++ {
		r := Rect{x0 + float64(i)*step, area.Y + (area.H-ch)/2, cw, ch}
		t.Hand[first+i] = r
		hit := r
		switch {
		case step > cw+gap: // spread: the tap target is the step, centred on the card
			hit.X = r.X + cw/2 - step/2
			hit.W = step - 0.01
		case i < n-1:
			hit.W = math.Min(step, cw) - 0.01
		}
		hit.Y -= t.Lift
		hit.H += t.Lift
		t.HandHit[first+i] = hit
	}
}

func (t *Table) portrait(seats, handN int) {
	w, h := t.W, t.H
	m := math.Round(clamp(w*0.015, 4, 16))
	t.Unit = clamp(math.Min(w/30, h/50), 11, 26)
	mainW := w - 2*m
	y := m

	// Opponent chips: up to 5 per line.
	opp := seats - 1
	if opp > 0 {
		cols := opp
		if cols > 5 {
			cols = (opp + 1) / 2
		}
		lines := (opp + cols - 1) / cols
		chipH := clamp(h*0.06, 36, 90)
		gap := m / 2
		cwid := (mainW - gap*float64(cols-1)) / float64(cols)
		for i := 1; i < seats; i++ {
			col, line := (i-1)%cols, (i-1)/cols
			plate := Rect{m + float64(col)*(cwid+gap), y + float64(line)*(chipH+gap), cwid, chipH}
			cardH := chipH - 6
			cardW := math.Min(cardH*2/3, cwid*0.35)
			cardH = cardW * 1.5
			t.Seats[i] = Seat{
				Plate:  plate,
				Chosen: Rect{plate.X + plate.W - cardW - 3, plate.Y + (chipH-cardH)/2, cardW, cardH},
				Pile:   Rect{plate.X, plate.Y, cardW, chipH},
			}
		}
		y += float64(lines)*(chipH+gap) + m/2
	}

	// Button bar: menu tracker advisor log replay.
	bh := clamp(h*0.055, MinTap, 64)
	for i := 0; i < 5; i++ {
		t.Buttons[i] = Rect{m, y, mainW, bh}.SplitH(5, i, m/2)
	}
	y += bh + m/2
	t.ScoreBar = Rect{m, y, mainW, t.Unit * 1.6}
	y += t.ScoreBar.H + m/4
	t.Status = Rect{m, y, mainW, t.Unit * 1.5}
	y += t.Status.H + m/4

	// Bottom: own seat line (plate, chosen card, confirm) and two-line hand.
	ownH := clamp(h*0.07, MinTap+4, 110)
	bottom := h - m
	remaining := bottom - y - ownH - m
	rowsH := remaining * 0.55
	// The hand takes what is left under the own seat line.

	// Rows at full width.
	rh := rowsH / NumRows
	cardW, cardH, gap := fitRowCards(rh, mainW, 0.1, 1.2)
	t.CardW, t.CardH = cardW, cardH
	rowsX := m + (mainW-(Slots*(cardW+gap)+cardW*1.2))/2
	t.layRows(rowsX, y, rh, cardW, cardH, gap)
	y += rowsH + m/2

	// Own seat line.
	line := Rect{m, y, mainW, ownH}
	confirmW := mainW * 0.34
	ownCardH := ownH - 4
	ownCardW := ownCardH * 2 / 3
	plateW := mainW - confirmW - ownCardW - m
	t.Seats[0] = Seat{
		Plate:  Rect{line.X, line.Y, plateW, ownH},
		Chosen: Rect{line.X + plateW + m/2, line.Y + 2, ownCardW, ownCardH},
		Pile:   Rect{line.X, line.Y, ownCardW, ownH},
	}
	t.Buttons[BtnConfirm] = Rect{line.X + mainW - confirmW, line.Y + (ownH-bh)/2, confirmW, bh}
	y += ownH + m/2

	// Hand: two lines when more than 5 cards.
	minLines := 1
	if handN > 5 {
		minLines = 2
	}
	t.layHand(handN, Rect{m, y, mainW, bottom - y}, minLines, m/2, 0.08)
	t.Deck = Rect{w/2 - cardW/2, t.Rows[0].Slots[0].Y + rowsH/2 - cardH/2, cardW, cardH}
	t.Panel = Rect{m, t.Rows[0].Hit.Y, mainW, rowsH}
}

// Form lays out a centred column of n controls for a menu on a w×h screen and returns the
// rectangle of each row. Rows are at least MinTap high.
func Form(w, h float64, n int) []Rect {
	m := math.Round(clamp(math.Min(w, h)*0.02, 4, 24))
	top := m + clamp(h*0.12, 40, 140)
	avail := h - top - m
	cols := 1
	if float64(n)*(MinTap+6) > avail && w > h {
		cols = 2
	}
	perCol := (n + cols - 1) / cols
	fw := math.Min((w-float64(cols+1)*m)/float64(cols), 640)
	rh := math.Min(avail/float64(perCol), clamp(h*0.08, MinTap, 72))
	if rh < MinTap+6 {
		rh = MinTap + 6
	}
	gap := math.Min(rh*0.12, 6)
	total := fw*float64(cols) + m*float64(cols-1)
	x0 := (w - total) / 2
	out := make([]Rect, n)
	for i := range out {
		c, r := i/perCol, i%perCol
		out[i] = Rect{x0 + float64(c)*(fw+m), top + float64(r)*rh, fw, rh - gap}
	}
	return out
}

// FormTitle returns the rectangle for a menu's title above a Form of the same size.
func FormTitle(w, h float64) Rect {
	m := math.Round(clamp(math.Min(w, h)*0.02, 4, 24))
	return Rect{m, m, w - 2*m, clamp(h*0.12, 40, 140) - m}
}

// fitRowCards sizes the row cards: as tall as 90 % of a row's height, 2:3, gapped by gapFrac of
// a card's width, then shrunk so the slots plus the sum label (sumFrac card widths) fit width.
func fitRowCards(rowH, width, gapFrac, sumFrac float64) (cardW, cardH, gap float64) {
	cardH = rowH * 0.9
	cardW = cardH * 2 / 3
	gap = cardW * gapFrac
	if need := Slots*(cardW+gap) + cardW*sumFrac; need > width {
		f := width / need
		cardW, cardH, gap = cardW*f, cardH*f, gap*f
	}
	return cardW, cardH, gap
}
