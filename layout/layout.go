// Package layout computes where everything sits on the table as a pure function of the screen
// size, the number of seats and the hand size. Drawing and hit-testing use the same rectangles,
// in logical pixels (device-independent); the scenes multiply by the device scale when drawing.
//
// Landscape screens are laid out as a table seen from the person's chair (issue 25): the four
// rows in the middle, centred, with room in front of each row (Row.Front) and its sum after it;
// the status line and the warning over them; the opponents in two columns flanking the rows,
// clockwise from the person (up the left side, down the right); the person's plate and chosen
// card beside the hand along the bottom; and a side panel on the right with the score bar (the
// round, the end score and the variant), the buttons, the reveal queue and the confirm button.
// Portrait screens (phones) stack the plates, a button bar, the rows at full width, the
// person's seat and the hand in up to three lines. A draft's pool lies where the rows are.
//
// The rows are what players read most: they get all the height the hand leaves them while hand
// cards stay HandOverRow times as wide as row cards. Hand cards keep one size for up to HandRef
// cards and never cover another card's index (corner number and bullheads, see Face). Seat
// plates carry text boxes with their text sizes (names at least MinNameSize, MinNameSizePhone
// on phones), compact (name and score) when the table is crowded.
package layout

import (
	"math"
	"slices"
)

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

// Within reports whether r lies inside s (to a hundredth of a pixel).
func (r Rect) Within(s Rect) bool {
	const eps = 0.01
	return r.X >= s.X-eps && r.Y >= s.Y-eps && r.X+r.W <= s.X+s.W+eps && r.Y+r.H <= s.Y+s.H+eps
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
	// Not comparable: no equality code in the wasm (#25).
	_ [0]func()
	// Slots are the five card places and, last, the danger place for the sixth card.
	Slots [Slots]Rect
	// Front is the room in front of the first slot, where a card going to the row's left end
	// (Professional) shows its landing place.
	Front Rect
	// Sum is where the row's bullhead sum is shown.
	Sum Rect
	// Hit is the row's tap target (rule 4 row choice); it covers the front, slots and sum.
	Hit Rect
}

// Seat is where a seat is shown.
type Seat struct {
	// Not comparable: no equality code in the wasm (#25).
	_ [0]func()
	// Plate holds the name, level, score, pile size and state chip.
	Plate Rect
	// Chosen is where the seat's chosen card lies (face down, then revealed).
	Chosen Rect
	// Pile is where taken rows are swept to and the seat's pile of the round lies, with its
	// bullheads: the chosen card's place, by the plate (the chosen card covers it while chosen).
	Pile Rect
	// Avatar is the square the seat's face is drawn in: at the plate's left over its whole
	// height, or on a compact plate left of the score under the name. It overlaps no text.
	Avatar Rect
	// Compact is set for a plate that shows only the name and the score (crowded tables).
	Compact bool
	// Text holds the plate's text boxes, indexed by the Txt constants; a box that is not shown
	// (Level, Pile and State on a compact plate) is the zero Text.
	Text [NumPlateTexts]Text
}

// Text is a box for one line of text and the text size to draw it at, in logical pixels. A
// string wider than the box is cut short (with an ellipsis), never drawn smaller than Size.
type Text struct {
	R Rect
	// Size is the text size (the font's em) in logical pixels; at most R.H.
	Size float64
	// Right is set for text aligned to the box's right edge.
	Right bool
}

// Shown reports whether the box is in use.
func (t Text) Shown() bool { return t.Size > 0 }

// Plate text ids, the index of Seat.Text.
const (
	TxtName  = iota // the seat's name, top left
	TxtScore        // the total score, right of the name (under it on a compact plate)
	TxtLevel        // the bot level or "you", second line
	TxtPile         // the penalty taken this round ("+9"), right of the level
	TxtState        // thinking / ready / choosing row, third line
	NumPlateTexts
)

// MinNameSize is the smallest text size of a seat's name on a desktop screen, and
// MinNameSizePhone on a phone-sized one (shorter side under 600 logical pixels).
const (
	MinNameSize      = 12
	MinNameSizePhone = 11
)

// MinScoreSize is the smallest text size of a seat's score on a desktop screen, and
// MinScoreSizePhone on a phone-sized one: the score is the largest text on a plate.
const (
	MinScoreSize      = 18
	MinScoreSizePhone = 14
)

// MinStatusSize is the smallest size the table's status line is drawn at where its box has room
// for two lines: a longer status breaks in two rather than shrink under it (a phone upright).
const MinStatusSize = 11

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
	// handLines are the lines of the hand, for Opened.
	handLines []handLine
	// Seats are the seats; seat 0 is the person.
	Seats []Seat
	// ScoreBar shows the round, the end score and the variant.
	ScoreBar Rect
	// ScoreTitle is the score bar's title line (round and end score).
	ScoreTitle Text
	// Variant is where the variant's name is shown: in the score bar, under the title
	// (landscape) or right of it (portrait), smaller than the title.
	Variant Text
	// Status is the line that says whose decision is pending: two lines high on a phone held
	// upright (see StatusLines), else one, over the rows.
	Status Rect
	// Warn is the banner that warns what the lifted card would do ("Too low", "Sixth card"):
	// a line of its own under the status line, never over the status or the score bar's text,
	// a row, a card or a seat.
	Warn Rect
	// Deck is where the deck sits for the deal.
	Deck Rect
	// Panel is the area for the card tracker or game log overlay: over the rows.
	Panel Rect
	// Pool is the area of a draft's face-up pool (Logic, Tournament; see PoolGrid): the middle
	// of the table where the rows will be, which are empty (and not drawn) during a draft.
	Pool Rect
	// Queue holds, when there is room (landscape: in the side panel), one place per seat where
	// the revealed cards line up lowest first before they are placed; empty otherwise.
	Queue []Rect
	// RevealBack is, on a phone-sized screen, the band (the hand's) the reveal line lies over,
	// and RevealLabel the height of the name under each of its cards (layRevealLine); RevealBack
	// is empty where the queue has a place of its own.
	RevealBack  Rect
	RevealLabel float64
	revealGap   float64 // the gap between the reveal line's cards
	// Buttons are the table buttons, indexed by the Btn constants.
	Buttons [NumButtons]Rect
}

// statusPhoneH is the height of the status line over the rows on a phone held upright, in
// units: two lines of MinStatusSize or a little more (units are 12-13 px there), so that a long
// status (German) breaks rather than shrink under it.
const statusPhoneH = 2.4

// StatusLines is how many lines the status line may take: two on a phone held upright, else
// one.
func (t *Table) StatusLines() int {
	if t.Status.H >= t.Unit*statusPhoneH {
		return 2
	}
	return 1
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
	u := t.Unit

	// The person's seat beside the hand, at the bottom left: a full plate and, right of it,
	// the chosen card at the rows' card size.
	ownW := t.ownPlateW()
	ownPH := t.plateHeight(false)

	// The centre column: the status line and the warning over the rows. The status takes two
	// lines where the column is narrow.
	statusH, warnH := u*1.4, math.Max(u*1.4, 16)
	top := m + statusH + m/4 + warnH + m/2

	// The rows and the hand share the height under the status; the rows are as large as the
	// hand allows (see balance) and leave room at each side for a column of opponents.
	flankMin := t.flankMin()
	var handH, handTop, rowsH, cardW, cardH, gap, ownCW float64
	// stack puts the chosen card over the plate rather than beside it, where the hand's band
	// is high enough (a hand in two lines): the hand gets the card's width.
	stack := false
	split := func() {
		handW := mainW - ownW - 1.5*m
		if !stack {
			handW -= ownCW
		}
		rowsW := mainW - 2*(flankMin+m)
		handH = balance(h-m-top, m/2, rowsW, handW, handRef(handN), m/2, 0.15, 0.12, rowWidthCards(frontLand)-Slots*1.12)
		handTop = h - handH - m
		rowsH = handTop - top - m/2
		cardW, cardH, gap = fitRowCards(rowsH/NumRows, rowsW, 0.12, rowWidthCards(frontLand)-Slots*1.12)
		room := handH - 4
		if stack {
			room = handH - ownPH - m/2
		}
		ownCW = math.Min(cardW, room/1.5)
	}
	ownCW = u * 3
	split()
	split()
	if handH-ownPH-m/2 >= cardW*1.5 {
		stack = true
		split()
		if ownCW < cardW*0.75 { // a wider hand in one line: no room over the plate
			stack = false
			split()
			split()
		}
	}
	rowsW := rowWidth(cardW, gap, frontLand)
	rowsX := m + (mainW-rowsW)/2
	t.CardW, t.CardH = cardW, cardH
	t.layRows(rowsX, top, rowsH/NumRows, cardW, cardH, gap, cardW*frontLand)
	// The status line and the warning from the person's plate's right edge (what goes under
	// the rows clears the plate) to the side panel.
	sx := m + ownW + m
	t.Status = Rect{sx, m, sideX - m - sx, statusH}
	t.Warn = Rect{sx, m + statusH + m/4, sideX - m - sx, warnH}

	// Opponents in two columns flanking the rows, in seat order clockwise from the person:
	// up the left side, then down the right side, as around a real table.
	flankW := math.Min(rowsX-2*m, t.flankMax())
	t.flanks(seats, Rect{rowsX - m - flankW, top, flankW, handTop - m/2 - top},
		Rect{rowsX + rowsW + m, top, flankW, handTop - m/2 - top}, top+rowsH/2, m/2)

	// The bottom band: the person's plate and chosen card, then the hand.
	ownY := handTop + (handH-ownPH)/2
	ownCH := ownCW * 1.5
	chosen := Rect{m + ownW + m/2, handTop + (handH-ownCH)/2, ownCW, ownCH}
	if stack { // the card over the plate, the two centred in the band
		ownY = handTop + (handH+ownCH+m/2-ownPH)/2
		chosen = Rect{m + (ownW-ownCW)/2, ownY - m/2 - ownCH, ownCW, ownCH}
	}
	plate := Rect{m, ownY, ownW, ownPH}
	avatar, tx := t.plateTexts(plate, ownW, plateFull)
	t.Seats[0] = Seat{
		Plate:  plate,
		Chosen: chosen,
		Pile:   chosen,
		Avatar: avatar,
		Text:   tx,
	}
	handX := math.Max(chosen.X+chosen.W, plate.X+plate.W) + m
	t.layHand(handN, Rect{handX, handTop, sideX - m - handX, handH}, m/2, 0.15)

	// Side panel: the score bar (round, end score, variant), the buttons, the reveal queue and
	// the confirm button.
	y := m
	t.ScoreBar = Rect{sideX, y, side, 0}
	t.scoreTitles()
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
	t.Deck = Rect{rowsX + rowsW/2 - cardW/2, top + rowsH/2 - cardH/2, cardW, cardH}
	// The tracker / log overlay: the felt under the warning, over the rows and the plates
	// beside them. The draft's pool: the middle of the table, where the rows are.
	t.Panel = Rect{m, top, mainW, handTop - m/2 - top}
	t.Pool = Rect{rowsX, top, rowsW, handTop - m/2 - top}
	// The reveal queue: in the side panel between the buttons and confirm, in up to two lines.
	t.layQueue(seats, Rect{sideX, y, side, confirmY - m - y}, cardW, gap)
	band := []Rect{{handX, handTop, sideX - m - handX, handH}, {handX, handTop, w - m - handX, handH}, {m, handTop, w - 2*m, handH}}
	t.layRevealLine(seats, band, t.Buttons[BtnConfirm], math.Max(cardW*1.25, RevealCardMin), m/2)
}

// frontLand and frontPort are the room in front of each row (Row.Front) in card widths on a
// landscape screen and on a phone held upright.
const (
	frontLand = 0.8
	frontPort = 0.5
)

// sumCards is the width of a row's sum label in card widths.
const sumCards = 1.2

// rowWidthCards is the width of a row in card widths: the room in front, the slots and their
// gaps (0.12 of a card) and the sum.
func rowWidthCards(front float64) float64 { return front + 0.12 + Slots*1.12 + sumCards }

// rowWidth is the width of a row of cards cardW wide, gap apart, with front card widths of room in
// front of its first slot.
func rowWidth(cardW, gap, front float64) float64 {
	return cardW*front + gap + Slots*(cardW+gap) + cardW*sumCards
}

// scoreTitles lays out the landscape score bar from its top: the title line (the round and the
// end score) and, under it, the variant's name; the bar is as high as the two lines. The bar
// lists no scores: every plate shows its seat's.
func (t *Table) scoreTitles() {
	sb, u := t.ScoreBar, t.Unit
	pad := math.Min(10, sb.W*0.04) // a narrow bar gives its title more of its width
	t.ScoreTitle = Text{R: Rect{sb.X + pad, sb.Y + u*0.4, sb.W - 2*pad, u * 1.6}, Size: u * 1.05}
	vs := math.Max(math.Round(u*0.85), t.minName())
	t.Variant = Text{R: Rect{sb.X + pad, sb.Y + u*2, sb.W - 2*pad, lineH(vs)}, Size: vs}
	t.ScoreBar.H = t.Variant.R.Y + t.Variant.R.H + u*0.4 - sb.Y
}

// ownPlateW is the width of the person's plate beside the hand (landscape): the avatar, a
// name of eight letters and a three-digit score.
func (t *Table) ownPlateW() float64 {
	nf, _ := t.plateFonts()
	pad := t.platePad()
	av := t.avatarSide(t.plateHeight(false), false)
	return math.Ceil(pad + av + pad + nameRoom(nf)*1.3 + pad + scoreW(t.scoreFont()) + pad)
}

// cpad is the room around a chosen card on a plate.
const cpad = 2

// plateCard returns the width of the chosen card on a plate pw wide and ph high: at most a
// quarter of a compact plate's width, 0.28 of a tall one's and 0.35 of a full one's.
func plateCard(pw, ph float64, k plateKind) float64 {
	f := [...]float64{plateFull: 0.35, plateTall: 0.28, plateCompact: 0.26}[k]
	return math.Min((ph-2*cpad)*2/3, pw*f)
}

// nameRoomOn returns the width left for the name on a plate pw wide.
func (t *Table) nameRoomOn(pw float64, compact bool) float64 {
	ph := t.plateHeight(compact)
	r := pw - plateCard(pw, ph, kindOf(compact)) - cpad - 1 - 2*t.platePad()
	if !compact {
		r -= scoreW(t.scoreFont()) + t.platePad() + t.avatarSide(ph, false) + t.platePad()
	}
	return r
}

// flankMin is the narrowest column of opponents beside the rows: compact plates with room for
// a six-letter name; flankMax the widest, a full plate with room for nine letters.
func (t *Table) flankMin() float64 {
	nf, _ := t.plateFonts()
	for pw := 40.0; ; pw++ {
		if t.nameRoomOn(pw, true) >= nameRoom(nf) {
			return pw
		}
	}
}

func (t *Table) flankMax() float64 {
	nf, _ := t.plateFonts()
	for pw := 40.0; ; pw++ {
		if t.nameRoomOn(pw, false) >= nameRoom(nf)*1.5 {
			return pw
		}
	}
}

// plateKind is a plate's arrangement: full (the avatar over the plate's whole height, the texts
// right of it), tall (a full plate whose avatar stands beside the name and the score only, the
// level and state lines under it across the plate: narrower, a line higher) or compact (name
// over a small avatar and the score).
type plateKind int

const (
	plateFull plateKind = iota
	plateTall
	plateCompact
)

// kindOf is plateCompact for a compact plate, else plateFull.
func kindOf(compact bool) plateKind {
	if compact {
		return plateCompact
	}
	return plateFull
}

// kindHeight is the height of a plate of kind k.
func (t *Table) kindHeight(k plateKind) float64 {
	if k == plateTall {
		nf, sf := t.plateFonts()
		return 2*t.platePad() + lineH(nf) + lineH(t.scoreFont()) + 2*lineH(sf)
	}
	return t.plateHeight(k == plateCompact)
}

// kindFits reports whether a plate of kind k pw wide has room for a six-letter name, its score
// and, on a tall plate, a state line beside the pile.
func (t *Table) kindFits(pw float64, k plateKind) bool {
	nf, sf := t.plateFonts()
	if k != plateTall {
		return t.nameRoomOn(pw, k == plateCompact) >= nameRoom(nf)
	}
	pad := t.platePad()
	ph := t.kindHeight(k)
	inner := pw - plateCard(pw, ph, k) - cpad - 1 - 2*pad
	a := lineH(nf) + lineH(t.scoreFont())
	return inner-a-pad >= math.Max(nameRoom(nf), scoreW(t.scoreFont())) && inner-pileW(sf)-pad >= nameRoom(sf)
}

// seatOn lays out seat i on plate p of kind k: its chosen card at the plate's right, the avatar
// and texts left of it.
func (t *Table) seatOn(i int, plate Rect, k plateKind) {
	cw := plateCard(plate.W, plate.H, k)
	ch := cw * 1.5
	chosen := Rect{plate.X + plate.W - cw - cpad, plate.Y + (plate.H-ch)/2, cw, ch}
	avatar, tx := t.plateTexts(plate, chosen.X-plate.X-1, k)
	t.Seats[i] = Seat{
		Plate:   plate,
		Chosen:  chosen,
		Pile:    chosen,
		Avatar:  avatar,
		Compact: k == plateCompact,
		Text:    tx,
	}
}

// flanks lays the opponents (seats 1..) out in two columns, left and right of the rows: seat 1
// at the bottom of the left column and on up it, the rest down the right column from its top,
// in seat order clockwise as around a table. Each column is centred on the height mid (the
// rows' middle) and kept inside its area; plates are full, else tall, where the column is wide
// and high enough for them, else compact (name over score).
func (t *Table) flanks(seats int, left, right Rect, mid, gap float64) {
	opp := seats - 1
	if opp <= 0 {
		return
	}
	nl := (opp + 1) / 2
	nr := opp - nl
	most := float64(nl)
	kind := plateCompact
	for _, k := range []plateKind{plateFull, plateTall} {
		// The plates may close up to two pixels apart to stay full or tall.
		if most*t.kindHeight(k)+(most-1)*2 <= left.H && t.kindFits(left.W, k) {
			kind = k
			if most > 1 {
				gap = math.Min(gap, (left.H-most*t.kindHeight(k))/(most-1))
			}
			break
		}
	}
	ph := t.kindHeight(kind)
	col := func(area Rect, n int) float64 {
		hh := float64(n)*ph + float64(n-1)*gap
		return clamp(mid-hh/2, area.Y, area.Y+area.H-hh)
	}
	y0 := col(left, nl)
	for k := 0; k < nl; k++ { // from the bottom up
		y := y0 + float64(nl-1-k)*(ph+gap)
		t.seatOn(1+k, Rect{left.X, y, left.W, ph}, kind)
	}
	y0 = col(right, nr)
	for k := 0; k < nr; k++ {
		t.seatOn(1+nl+k, Rect{right.X, y0 + float64(k)*(ph+gap), right.W, ph}, kind)
	}
}

// layQueue lays the reveal queue out in area, one place per seat in up to two lines, each card
// at most cardW wide with the name under it; none when the cards would be under 16 pixels wide.
func (t *Table) layQueue(seats int, area Rect, cardW, gap float64) {
	per := seats
	if seats > 5 {
		per = (seats + 1) / 2
	}
	lines := (seats + per - 1) / per
	qw := math.Min(cardW, (area.W-float64(per-1)*gap)/float64(per))
	qh := qw * 1.5
	label := t.Unit * 1.4 // the name under each card
	lineH := qh + label + gap
	if float64(lines)*lineH > area.H { // shorter cards before none at all
		lineH = area.H / float64(lines)
		qh = lineH - label - gap
		qw = qh / 1.5
	}
	if qw < 16 {
		return
	}
	x0 := area.X + (area.W-(float64(per)*qw+float64(per-1)*gap))/2
	y0 := area.Y + (area.H-float64(lines)*lineH)/2
	t.Queue = make([]Rect, seats)
	for i := range t.Queue {
		l, c := i/per, i%per
		t.Queue[i] = Rect{x0 + float64(c)*(qw+gap), y0 + float64(l)*lineH, qw, qh}
	}
}

// PoolGrid lays out a draft pool of n face-up cards (Logic, Tournament) in Pool: the largest
// cards, 2:3, that fit in a grid, with a twelfth of a card between neighbours, the grid
// centred.
func (t *Table) PoolGrid(n int) []Rect {
	if n <= 0 || t.Pool.Empty() {
		return nil
	}
	a := t.Pool
	best, bestCols := 0.0, 1
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		cw := math.Min(a.W/float64(cols), a.H/float64(rows)/1.5)
		if cw > best {
			best, bestCols = cw, cols
		}
	}
	rows := (n + bestCols - 1) / bestCols
	cw, ch := best*0.92, best*1.5*0.92
	x0 := a.X + (a.W-best*float64(bestCols))/2
	y0 := a.Y + (a.H-best*1.5*float64(rows))/2
	out := make([]Rect, n)
	for i := range out {
		col, row := i%bestCols, i/bestCols
		out[i] = Rect{x0 + float64(col)*best + (best-cw)/2, y0 + float64(row)*best*1.5 + (best*1.5-ch)/2, cw, ch}
	}
	return out
}

// minName is the smallest size of a name: MinNameSize, or MinNameSizePhone on phones.
func (t *Table) minName() float64 {
	if t.phoneSized() {
		return MinNameSizePhone
	}
	return MinNameSize
}

// phoneSized reports whether the screen is phone-sized (its shorter side under 600 logical
// pixels): names may then be MinNameSizePhone rather than MinNameSize.
func (t *Table) phoneSized() bool { return math.Min(t.W, t.H) < 600 }

// plateFonts returns the text sizes on seat plates: the name (and score) and the smaller
// lines (level, pile, state).
func (t *Table) plateFonts() (name, small float64) {
	lo := float64(MinNameSize)
	if t.phoneSized() {
		lo = MinNameSizePhone
	}
	name = clamp(t.Unit*0.8, lo, 20)
	small = math.Max(10, math.Round(name*0.85))
	return name, small
}

// scoreFont is the text size of a seat's score: a quarter larger than the name, and at least
// MinScoreSize (MinScoreSizePhone on phones).
func (t *Table) scoreFont() float64 {
	nf, _ := t.plateFonts()
	lo := float64(MinScoreSize)
	if t.phoneSized() {
		lo = MinScoreSizePhone
	}
	return math.Max(lo, math.Ceil(nf*1.25))
}

// lineH is the height of a line of text of the given size.
func lineH(size float64) float64 { return math.Ceil(size * 1.25) }

// platePad is the padding inside a plate.
func (t *Table) platePad() float64 {
	nf, _ := t.plateFonts()
	return math.Round(clamp(nf*0.3, 3, 8))
}

// plateHeight is the height of a full (name, level, state) or compact (name, score) plate.
func (t *Table) plateHeight(compact bool) float64 {
	nf, sf := t.plateFonts()
	sl := lineH(t.scoreFont())
	if compact {
		return 2*t.platePad() + lineH(nf) + sl
	}
	return 2*t.platePad() + sl + 2*lineH(sf)
}

// avatarSide is the side of the avatar of a full plate ph high (its whole inner height) or of
// a compact one (the score's line).
func (t *Table) avatarSide(ph float64, compact bool) float64 {
	if compact {
		return lineH(t.scoreFont())
	}
	return ph - 2*t.platePad()
}

// scoreW and pileW are the widths of the score (three digits) and pile ("+104") boxes.
func scoreW(size float64) float64 { return math.Ceil(size * 0.62 * 3) }
func pileW(size float64) float64  { return math.Ceil(size * 0.62 * 4) }

// digitsW is the width of three digits of the plates' font (0.56 em each) at size.
func digitsW(size float64) float64 { return math.Ceil(size * 0.57 * 3) }

// nameRoom is the width a name box needs at least: six letters.
func nameRoom(size float64) float64 { return math.Ceil(size * 0.6 * 6) }

// plateTexts lays out the avatar and the text boxes of a plate whose avatar and text may use
// its left textW pixels: a full plate has the avatar at its left and, right of it, the name
// with the score at the right of the first line, the level and pile under them and the state
// line last; a tall one has the avatar at the left of the first two lines, the name and the
// score right of it, the level line and the state line (the pile at its right) under them
// across the plate; a compact one has the name over the avatar and the score.
func (t *Table) plateTexts(p Rect, textW float64, k plateKind) (Rect, [NumPlateTexts]Text) {
	nf, sf := t.plateFonts()
	ss := t.scoreFont()
	pad := t.platePad()
	x, y := p.X+pad, p.Y+pad
	inner := textW - 2*pad
	nl, sl, scl := lineH(nf), lineH(sf), lineH(ss)
	compact := k == plateCompact
	av := t.avatarSide(p.H, compact)
	var tx [NumPlateTexts]Text
	if k == plateTall {
		a, pw := nl+scl, pileW(sf)
		tx[TxtName] = Text{R: Rect{x + a + pad, y, inner - a - pad, nl}, Size: nf}
		tx[TxtScore] = Text{R: Rect{x + a + pad, y + nl, inner - a - pad, scl}, Size: ss}
		tx[TxtLevel] = Text{R: Rect{x, y + a, inner, sl}, Size: sf}
		tx[TxtState] = Text{R: Rect{x, y + a + sl, inner - pw - pad, sl}, Size: sf}
		tx[TxtPile] = Text{R: Rect{x + inner - pw, y + a + sl, pw, sl}, Size: sf, Right: true}
		return Rect{x, y, a, a}, tx
	}
	if compact {
		// The avatar gives way (down to 14 pixels) to a three-digit score.
		gap := math.Ceil(pad / 2)
		av = math.Max(14, math.Min(av, inner-gap-digitsW(ss)))
		avatar := Rect{x, y + nl + (scl-av)/2, av, av}
		tx[TxtName] = Text{R: Rect{x, y, inner, nl}, Size: nf}
		tx[TxtScore] = Text{R: Rect{x + av + gap, y + nl, inner - av - gap, scl}, Size: ss}
		return avatar, tx
	}
	avatar := Rect{x, y, av, av}
	x += av + pad
	inner -= av + pad
	sw, pw := scoreW(ss), pileW(sf)
	tx[TxtName] = Text{R: Rect{x, y, inner - sw - pad, scl}, Size: nf}
	tx[TxtScore] = Text{R: Rect{x + inner - sw, y, sw, scl}, Size: ss, Right: true}
	tx[TxtLevel] = Text{R: Rect{x, y + scl, inner - pw - pad, sl}, Size: sf}
	tx[TxtPile] = Text{R: Rect{x + inner - pw, y + scl, pw, sl}, Size: sf, Right: true}
	tx[TxtState] = Text{R: Rect{x, y + scl + sl, inner, sl}, Size: sf}
	return avatar, tx
}

// seatStrip lays out the opponents' plates (seats 1..) in area's width from its top, at most
// perLine in a line, each plate at most maxW wide and holding its chosen card on the right. A
// plate too narrow for a name beside the score is compact (name over score); plates too narrow
// even for that take another line. It returns the height used.
func (t *Table) seatStrip(seats int, area Rect, perLine int, maxW, gap float64) float64 {
	opp := seats - 1
	if opp <= 0 {
		return 0
	}
	nf, _ := t.plateFonts()
	lines := (opp + perLine - 1) / perLine
	var per int
	var pw float64
	compact := false
	for first := lines; ; lines++ {
		per = (opp + lines - 1) / lines
		pw = math.Min((area.W-gap*float64(per-1))/float64(per), maxW)
		// A crowded table stays compact when it takes another line.
		compact = lines > first || t.nameRoomOn(pw, false) < nameRoom(nf)
		if !compact || t.nameRoomOn(pw, true) >= nameRoom(nf) || per == 1 {
			break
		}
	}
	ph := t.plateHeight(compact)
	total := pw*float64(per) + gap*float64(per-1)
	x0 := area.X + (area.W-total)/2
	for i := 1; i < seats; i++ {
		col, line := (i-1)%per, (i-1)/per
		t.seatOn(i, Rect{x0 + float64(col)*(pw+gap), area.Y + float64(line)*(ph+gap), pw, ph}, kindOf(compact))
	}
	return float64(lines)*(ph+gap) - gap
}

// layRows lays the four rows out from (x, top), each rh high: front pixels of room in front,
// gap, the six slots cardW×cardH gap apart, and the sum.
func (t *Table) layRows(x, top, rh, cardW, cardH, gap, front float64) {
	for r := 0; r < NumRows; r++ {
		y := top + float64(r)*rh + (rh-cardH)/2
		var row Row
		row.Front = Rect{x, y, front, cardH}
		x0 := x + front + gap
		for s := 0; s < Slots; s++ {
			row.Slots[s] = Rect{x0 + float64(s)*(cardW+gap), y, cardW, cardH}
		}
		sx := x0 + Slots*(cardW+gap)
		row.Sum = Rect{sx, y + cardH*0.2, cardW * sumCards, cardH * 0.6}
		hitH := math.Min(rh-1, math.Max(cardH+gap, MinTap))
		row.Hit = Rect{x, top + float64(r)*rh + (rh-hitH)/2, sx + cardW*sumCards - x, hitH}
		t.Rows[r] = row
	}
}

// HandRef is the hand size the hand cards are sized for: a hand of up to HandRef cards keeps
// one card size (fewer cards close ranks rather than grow); a larger hand (variants deal up to
// HandMax) is laid out for HandMax cards, with smaller cards or another line.
const HandRef = 10

// HandMax is the largest hand any variant allows (engine.MaxHand).
const HandMax = 16

// handRef returns the number of cards a hand of n cards is sized for.
func handRef(n int) int {
	if n <= HandRef {
		return HandRef
	}
	return max(n, HandMax)
}

// HandOverRow is how much wider a hand card is than a row card: the layout gives the rows all
// the room it can while the hand keeps cards this much larger.
const HandOverRow = 1.25

// handFit sizes the cards of a hand of ref cards in area, in one or two lines (three only when
// two cannot keep tap targets MinTap wide; the portrait layout widens the area first) each keeping
// liftFrac of its height above the cards for the lifted card: the largest cards for which
// neighbours in a line overlap by at most 1-HandShow of a card and tap targets are at least
// MinTap wide. It returns the card width, the cards per line and the line height.
func handFit(ref int, area Rect, gap, liftFrac float64) (cw float64, per int, lineH float64) {
	cw, per, lineH = -1, ref, area.H
	for lines := 1; lines <= 3; lines++ {
		if lines == 3 && cw > 0 {
			break // two lines do
		}
		p := (ref + lines - 1) / lines
		if float64(p)*(MinTap+0.5) > area.W && lines < 3 {
			continue // tap targets too narrow
		}
		lh := (area.H - gap*float64(lines-1)) / float64(lines)
		w := lh * (1 - liftFrac) * 2 / 3
		if p > 1 {
			w = math.Min(w, area.W/(float64(p-1)*HandShow+1))
			w = math.Min(w, area.W-(MinTap+0.5)*float64(p-1))
			// The line opened around a lifted card (see Opened) fits too: the lifted card
			// and the stretch to its neighbour's index, the others at HandShow and MinTap.
			o := openFrac()
			w = math.Min(w, area.W/(float64(p-2)*HandShow+1+o))
			w = math.Min(w, (area.W-(MinTap+0.5)*float64(p-2))/(1+o))
		}
		w = math.Min(w, area.W)
		if w > cw*1.02 { // fewer lines unless more give clearly larger cards
			cw, per, lineH = w, p, lh
		}
	}
	return cw, per, lineH
}

// layHand places n hand cards in area as handFit sizes them for handRef(n) cards: a hand of
// fewer cards keeps the card size and closes ranks. The lines in use are balanced (6 cards are
// 3 + 3, not 5 + 1), no taller than their cards and the lift above them, and centred in the area.
func (t *Table) layHand(n int, area Rect, gap, liftFrac float64) {
	cw, per, lineH := handFit(handRef(n), area, gap, liftFrac)
	t.Lift = lineH * liftFrac
	if n <= 0 {
		return
	}
	cw = math.Max(cw, 1)
	ch := cw * 1.5
	// Cards as wide as the lines allow are shorter than the lines: the lines close up around
	// them and their lift, centred, rather than leave gaps between them.
	lineH = math.Min(lineH, ch+t.Lift)
	lines := (n + per - 1) / per
	per = (n + lines - 1) / lines
	y0 := area.Y + (area.H-(float64(lines)*lineH+float64(lines-1)*gap))/2
	for l := 0; l < lines; l++ {
		first := l * per
		k := min(per, n-first)
		top := y0 + float64(l)*(lineH+gap) + t.Lift
		t.layHandLine(first, k, Rect{area.X, top, area.W, lineH - t.Lift}, cw, ch, gap)
	}
}

// balance splits a height v between the rows (above) and the hand (below, after a gap): the
// largest rows whose cards are at most 1/HandOverRow of the hand cards' width, with rows at
// least MinTap+1 high. rowsW and handW are the widths of the rows and of the hand; rowGap and
// sumFrac are fitRowCards's. It returns the hand's height.
func balance(v, gap, rowsW, handW float64, ref int, handGap, liftFrac, rowGap, sumFrac float64) float64 {
	lo := 2.0 * MinTap
	hi := v - gap - NumRows*(MinTap+1)
	if hi <= lo {
		return math.Max(lo, v*0.3)
	}
	for hh := lo; hh < hi; hh += 2 {
		rw, _, _ := fitRowCards((v-gap-hh)/NumRows, rowsW, rowGap, sumFrac)
		cw, _, _ := handFit(ref, Rect{0, 0, handW, hh}, handGap, liftFrac)
		if cw >= rw*HandOverRow {
			return hh
		}
	}
	return hi
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

// handLine is one line of the hand as layHandLine laid it: cards first..first+n-1, step apart,
// in area.
type handLine struct {
	first, n int
	area     Rect
	step     float64
}

// layHandLine places hand cards first..first+n-1 in one line, centred in area. A card's tap
// target is the part of it not covered by its right neighbour, or, for cards side by side, the
// whole step around it; it includes the lift space above.
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
	t.handLines = append(t.handLines, handLine{first, n, area, step})
	for i := 0; i < n; i++ {
		t.Hand[first+i] = Rect{x0 + float64(i)*step, area.Y + (area.H-ch)/2, cw, ch}
	}
	t.handHits(first, n, step)
}

// handHits sets the tap targets of cards first..first+n-1 of a line from their drawn places:
// each card's part left of its right neighbour (the step around it for cards side by side),
// with the lift space above. A lifted card lies over its right neighbour but yields it the
// space from the neighbour's left edge on.
func (t *Table) handHits(first, n int, step float64) {
	for i := first; i < first+n; i++ {
		r := t.Hand[i]
		hit := r
		switch {
		case step >= r.W: // side by side: the tap target is the step, centred on the card
			hit.X = r.X + r.W/2 - step/2
			hit.W = step - 0.01
		case i < first+n-1: // overlapping: the part the next card leaves uncovered
			hit.W = t.Hand[i+1].X - r.X - 0.01
		}
		hit.Y -= t.Lift
		hit.H += t.Lift
		t.HandHit[i] = hit
	}
}

// openFrac is, in card widths, how far right of a lifted card's left edge its right neighbour
// must lie for the lifted card, drawn whole over it, to leave the neighbour's index (corner
// number and bullheads, Face.Index) uncovered, with a hair (1 % of a card) between them.
func openFrac() float64 {
	return 1.01 - FaceOf(Rect{0, 0, 1, 1.5}).Index().X
}

// Opened returns the hand as it lies while card k is lifted (k < 0: none lifted): the drawn
// rectangles and tap targets, new slices. The lifted card is drawn whole over its neighbours,
// so where it would cover its right neighbour's index, its line opens around it: the
// neighbour moves out to where its index shows beside the lifted card, and the line's other
// cards close up to make room, none showing less than HandShow of its width or leaving a tap
// target under MinTap; the line stays inside its area. Other lines, and a card lifted at the
// end of its line or among cards that already leave room, leave the hand as it rests.
//
// A card's place in the opened line covers its resting tap target, so a pointer that lifted
// it by hovering stays on it.
func (t *Table) Opened(k int) (hand, hit []Rect) {
	o := Table{Hand: slices.Clone(t.Hand), HandHit: slices.Clone(t.HandHit), Lift: t.Lift}
	for _, ln := range t.handLines {
		j := k - ln.first
		if j < 0 || j >= ln.n-1 {
			continue
		}
		cw := t.Hand[k].W
		open := cw * openFrac()
		if ln.step >= open {
			break
		}
		x0 := t.Hand[ln.first].X
		total := ln.step*float64(ln.n-1) + cw
		s := ln.step
		if ln.n > 2 {
			least := math.Min(ln.step, math.Max(cw*HandShow, MinTap+0.5))
			s = math.Max(least, (ln.step*float64(ln.n-1)-open)/float64(ln.n-2))
		}
		open = math.Max(ln.step, math.Min(open, ln.area.W-cw-s*float64(ln.n-2)))
		wide := s*float64(ln.n-2) + open + cw
		x0 = clamp(x0-(wide-total)/2, ln.area.X, ln.area.X+ln.area.W-wide)
		for i := 0; i < ln.n; i++ {
			x := x0 + float64(i)*s
			if i > j {
				x = x0 + float64(i-1)*s + open
			}
			o.Hand[ln.first+i].X = x
		}
		o.handHits(ln.first, ln.n, ln.step)
		break
	}
	return o.Hand, o.HandHit
}

func (t *Table) portrait(seats, handN int) {
	w, h := t.W, t.H
	m := math.Round(clamp(w*0.015, 4, 16))
	t.Unit = clamp(math.Min(w/30, h/50), 11, 26)
	mainW := w - 2*m
	y := m

	// Opponent plates: up to 5 per line.
	if seats > 1 {
		y += t.seatStrip(seats, Rect{m, y, mainW, 0}, 5, mainW, m/2) + m/2
	}

	// Button bar: menu tracker advisor log replay.
	bh := clamp(h*0.055, MinTap, 64)
	for i := 0; i < 5; i++ {
		t.Buttons[i] = Rect{m, y, mainW, bh}.SplitH(5, i, m/2)
	}
	y += bh + m/2
	t.ScoreBar = Rect{m, y, mainW, t.Unit * 1.6}
	sb := t.ScoreBar
	// The title (round, end score) at the left, the variant's name right-aligned after it.
	tw := math.Round((sb.W - 20) * 0.64)
	t.ScoreTitle = Text{R: Rect{sb.X + 10, sb.Y, tw, sb.H}, Size: math.Min(t.Unit*1.05, sb.H*0.62)}
	t.Variant = Text{R: Rect{sb.X + 10 + tw + 6, sb.Y, sb.W - 26 - tw, sb.H}, Size: math.Min(t.ScoreTitle.Size, math.Max(math.Round(t.ScoreTitle.Size*0.85), t.minName())), Right: true}
	y += t.ScoreBar.H + m/4
	t.Status = Rect{m, y, mainW, t.Unit * statusPhoneH}
	y += t.Status.H + m/4
	t.Warn = Rect{m, y, mainW, t.Unit * 1.5}
	y += t.Warn.H + m/4

	// Bottom: own seat line (plate, chosen card, confirm) and the hand.
	ownH := max(t.plateHeight(false), MinTap+4, bh)
	bottom := h - m
	remaining := bottom - y - ownH - m

	// Rows at full width, as large as the hand allows (see balance) and no taller than their
	// width allows, so the hand gets the rest.
	// The hand keeps to two lines: a narrow phone gives a large hand (8 cards a line) the
	// screen's whole width so that every tap target stays MinTap wide.
	handX, handW := m, mainW
	if ref := handRef(handN); float64((ref+1)/2)*(MinTap+0.5) > handW {
		handX, handW = 2, w-4
	}
	sumFrac := frontPort + 0.1 + sumCards
	handH := balance(remaining, m, mainW, handW, handRef(handN), m/2, 0.08, 0.1, sumFrac)
	cardW, cardH, gap := fitRowCards((remaining-m-handH)/NumRows, mainW, 0.1, sumFrac)
	rh := math.Max(math.Min((remaining-m-handH)/NumRows, cardH/0.9), MinTap+1)
	rowsH := rh * NumRows
	t.CardW, t.CardH = cardW, cardH
	rowsX := m + (mainW-rowWidth(cardW, gap, frontPort))/2
	t.layRows(rowsX, y, rh, cardW, cardH, gap, cardW*frontPort)
	y += rowsH + m/2

	// Own seat line.
	line := Rect{m, y, mainW, ownH}
	confirmW := mainW * 0.34
	ownCardH := ownH - 4
	ownCardW := ownCardH * 2 / 3
	plateW := mainW - confirmW - ownCardW - m
	plate := Rect{line.X, line.Y, plateW, ownH}
	avatar, tx := t.plateTexts(plate, plateW, plateFull)
	chosen := Rect{line.X + plateW + m/2, line.Y + 2, ownCardW, ownCardH}
	t.Seats[0] = Seat{
		Plate:  plate,
		Chosen: chosen,
		Pile:   chosen,
		Avatar: avatar,
		Text:   tx,
	}
	t.Buttons[BtnConfirm] = Rect{line.X + mainW - confirmW, line.Y + (ownH-bh)/2, confirmW, bh}
	y += ownH + m/2

	t.layHand(handN, Rect{handX, y, handW, bottom - y}, m/2, 0.08)
	band := []Rect{{handX, y, handW, bottom - y}, {handX, line.Y, handW, bottom - line.Y}}
	t.layRevealLine(seats, band, t.Buttons[BtnConfirm], math.Max(cardW*1.4, RevealCardMin), m/2)
	t.Deck = Rect{w/2 - cardW/2, t.Rows[0].Slots[0].Y + rowsH/2 - cardH/2, cardW, cardH}
	t.Panel = Rect{m, t.Rows[0].Hit.Y, mainW, rowsH}
	t.Pool = t.Panel
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

// FormSpread is Form for a page that should fill a tall screen (a phone held upright) rather
// than leave its lower half empty: the same rows, spread as Spread spreads them.
func FormSpread(w, h float64, n int) []Rect {
	rs := Form(w, h, n)
	spreadForm(rs, w, h)
	return rs
}

// FormPair lays out a page of two groups of rows, a rows then b, spread as FormSpread spreads
// them. Where Form would put most rows (the page with every optional row shown) in two columns,
// the groups stand side by side — a in the first column, b in the second, each from the top —
// so a row that comes and goes (a notice) stays in its own group's column and leaves no empty
// slot anywhere; elsewhere they are one column, a over b.
func FormPair(w, h float64, most, a, b int) []Rect {
	wide := Form(w, h, max(most, a+b))
	if len(wide) < 2 || wide[len(wide)-1].X == wide[0].X {
		rs := Form(w, h, a+b)
		spreadForm(rs, w, h)
		return rs
	}
	first, second := wide[0], wide[len(wide)-1]
	step := wide[1].Y - first.Y
	rs := make([]Rect, a+b)
	for i := range rs {
		r, j := first, i
		if i >= a {
			r, j = second, i-a
		}
		rs[i] = Rect{r.X, first.Y + float64(j)*step, r.W, r.H}
	}
	spreadForm(rs, w, h)
	return rs
}

// spreadForm spreads a form's rows (Spread), a column being the rows of one X.
func spreadForm(rs []Rect, w, h float64) {
	if len(rs) == 0 {
		return
	}
	m := math.Round(clamp(math.Min(w, h)*0.02, 4, 24))
	var cols [][]*Rect
	for i := range rs {
		c := slices.IndexFunc(cols, func(col []*Rect) bool { return col[0].X == rs[i].X })
		if c < 0 {
			cols = append(cols, nil)
			c = len(cols) - 1
		}
		cols[c] = append(cols[c], &rs[i])
	}
	Spread(cols, h-m, rs[0].H*spreadGap)
}

// Spread fills a page laid out from the top down to bottom rather than leave its lower part
// empty: cols holds each column's rectangles, those sharing a top being one row. The gaps
// between a column's rows all grow by the same amount — the same in every column, at most
// maxGap — and what is still left under the tallest column is shared above and below the page.
// Nothing moves up; a page that already reaches bottom stays as it is.
func Spread(cols [][]*Rect, bottom, maxGap float64) {
	extra, left := maxGap, math.Inf(1)
	tops := make([][]float64, len(cols))
	for c, col := range cols {
		low := math.Inf(-1)
		for _, r := range col {
			if !slices.Contains(tops[c], r.Y) {
				tops[c] = insertSorted(tops[c], r.Y)
			}
			low = math.Max(low, r.Y+r.H)
		}
		spare := bottom - low
		left = math.Min(left, spare)
		if n := len(tops[c]); n > 1 {
			extra = math.Min(extra, spare/float64(n-1))
		}
	}
	if left <= 0 || math.IsInf(left, 1) {
		return
	}
	extra = math.Max(0, math.Floor(extra))
	// The shift: half of what the tallest column (after growing its gaps) leaves.
	shift := math.Inf(1)
	for c, col := range cols {
		low := math.Inf(-1)
		for _, r := range col {
			low = math.Max(low, r.Y+r.H+extra*float64(slices.Index(tops[c], r.Y)))
		}
		shift = math.Min(shift, bottom-low)
	}
	shift = math.Max(0, math.Ceil(shift/2))
	for c, col := range cols {
		for _, r := range col {
			r.Y += shift + extra*float64(slices.Index(tops[c], r.Y))
		}
	}
}

// spreadGap is how much FormSpread may widen the gap between two rows, in rows' heights.
const spreadGap = 0.4

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

// insertSorted adds y to the ascending tops, keeping them in order. A page has a few rows: the
// insertion is as quick as slices.Sort, which would add its float64 sort (~3 KB gzip) to the wasm
// (#25).
func insertSorted(tops []float64, y float64) []float64 {
	tops = append(tops, y)
	for i := len(tops) - 1; i > 0 && tops[i] < tops[i-1]; i-- {
		tops[i], tops[i-1] = tops[i-1], tops[i]
	}
	return tops
}
