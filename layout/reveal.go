package layout

import "math"

// The reveal line on phones (issue 25): the revealed cards line up lowest first, as on the
// desktop's side panel, over the hand's band — the hand waits while the cards are placed — at a
// size that can be read: RevealCardMin wide or more, the big number at least RevealNumMin.

// RevealCardMin is the narrowest a card of the phones' reveal line may be, in logical pixels.
const RevealCardMin = 44

// RevealNumMin is the smallest text size of a reveal-line card's big number (its three digits
// in the face's Hero box, as the sprites draw it).
const RevealNumMin = 16

// HeroNumSize is the text size of the big number of a card drawn in r with the given number of
// digits: as tall as the face's Hero box, narrower for three digits (the sprites' rule).
func HeroNumSize(r Rect, digits int) float64 {
	h := FaceOf(r).Hero
	return math.Min(h.H, h.W/(0.58*float64(digits)))
}

// revealLabel is the height of the name under a reveal-line card, in units.
const revealLabel = 1.3

// layRevealLine lays the reveal queue of a phone-sized screen out over the first of cands (the
// hand's band, then wider bands where nothing is live during the placement) that holds a line
// of RevealCardMin-wide cards: one line, or two, of cards as large as the band allows up to maxW
// wide, each with its owner's name under it, centred in the band; RevealBack is the band. The
// lines go round keep (the confirm button, which says "Tap a row" during a row choice): a line
// beside it holds fewer cards. No card lies over a row or an opponent's plate. Nothing changes
// on a larger screen.
func (t *Table) layRevealLine(seats int, cands []Rect, keep Rect, maxW, gap float64) {
	if !t.phoneSized() || seats < 1 {
		return
	}
	label := math.Ceil(t.Unit * revealLabel)
	for _, a := range cands {
		for cw := math.Floor(maxW); cw >= RevealCardMin; cw-- {
			if q := t.revealLines(seats, a, keep, cw, label, gap); q != nil {
				t.Queue, t.RevealBack, t.RevealLabel, t.revealGap = q, a, label, gap
				return
			}
		}
	}
}

// revealLines places seats cards cw wide, with their names label high, in as few lines as hold
// them in band a round keep, or returns nil where they do not fit or would lie over a row or an
// opponent's plate.
func (t *Table) revealLines(seats int, a, keep Rect, cw, label, gap float64) []Rect {
	ch := math.Floor(cw * 1.5)
	lineH := ch + label + gap
	for lines := 1; lines <= 2 && float64(lines)*lineH+gap <= a.H; lines++ {
		y0 := a.Y + (a.H-float64(lines)*lineH+gap)/2
		var xs, ws [2]float64 // each line's room
		room := 0
		for l := range lines {
			xs[l], ws[l] = a.X, a.W
			if line := (Rect{a.X, y0 + float64(l)*lineH - gap, a.W, lineH + gap}); line.Overlaps(keep) {
				left, right := keep.X-gap-a.X, a.X+a.W-keep.X-keep.W-gap
				if left >= right {
					ws[l] = left
				} else {
					xs[l], ws[l] = keep.X+keep.W+gap, right
				}
			}
			room += max(0, int((ws[l]-gap)/(cw+gap)))
		}
		if room < seats {
			continue
		}
		q := make([]Rect, 0, seats)
		for l := range lines {
			n := min(int((ws[l]-gap)/(cw+gap)), (seats-len(q)+lines-l-1)/(lines-l))
			if l == lines-1 {
				n = seats - len(q)
			}
			x0 := xs[l] + (ws[l]-(float64(n)*cw+float64(n-1)*gap))/2
			for c := range n {
				q = append(q, Rect{math.Round(x0 + float64(c)*(cw+gap)), math.Round(y0 + float64(l)*lineH), cw, ch})
			}
		}
		if !t.revealClear(q, label) {
			return nil
		}
		return q
	}
	return nil
}

// revealClear reports whether the cards q, with their names label high, lie clear of the rows
// and of the opponents' plates.
func (t *Table) revealClear(q []Rect, label float64) bool {
	for _, c := range q {
		c.H += label
		for r := range t.Rows {
			if c.Overlaps(t.Rows[r].Hit) {
				return false
			}
		}
		for s := 1; s < len(t.Seats); s++ {
			if c.Overlaps(t.Seats[s].Plate) {
				return false
			}
		}
	}
	return true
}

// RevealPanels returns the panels the phones' reveal line is drawn on (n of them): round the
// cards and their names, pad wider on every side; one for two lines as wide as each other, one a
// line where a line goes round the confirm button, the second under the first.
func (t *Table) RevealPanels(pad float64) (p [2]Rect, n int) {
	for i, q := range t.Queue {
		if t.RevealBack.Empty() {
			break
		}
		if i == 0 || q.Y != t.Queue[i-1].Y {
			if n == len(p) {
				break
			}
			p[n] = Rect{q.X - pad, q.Y - pad, 0, q.H + t.RevealLabel + 2*pad}
			n++
		}
		p[n-1].W = q.X + q.W + pad - p[n-1].X
	}
	for i := range p[:n] { // on the screen
		x1 := math.Min(p[i].X+p[i].W, t.W)
		p[i].X = math.Max(p[i].X, 0)
		p[i].W = x1 - p[i].X
	}
	if n == 2 {
		if p[0].X == p[1].X && p[0].W == p[1].W {
			p[0].H, n = p[1].Y+p[1].H-p[0].Y, 1
		} else if top := p[0].Y + p[0].H; p[1].Y < top {
			p[1].H -= top - p[1].Y
			p[1].Y = top
		}
	}
	return p, n
}

// WithCaption returns the layout with the phones' reveal line at the top of its band (on: the
// rules walkthrough, whose caption takes the rest of the band), or as it is.
func (t Table) WithCaption(on bool) Table {
	if !on || t.RevealBack.Empty() || len(t.Queue) == 0 {
		return t
	}
	// The smallest cards that can be read, from the person's plate's line down (beside the
	// Next button), to leave the caption room.
	a := t.RevealBack
	if p := t.Seats[0].Plate; p.Y < a.Y {
		a.H += a.Y - p.Y
		a.Y = p.Y
	}
	q := t.revealLines(len(t.Queue), a, t.Buttons[BtnConfirm], RevealCardMin, t.RevealLabel, t.revealGap)
	if q == nil {
		q = append([]Rect(nil), t.Queue...)
	}
	dy := a.Y + math.Ceil(t.Unit*0.6) - q[0].Y
	for i := range q {
		q[i].Y += dy
	}
	t.Queue = q
	return t
}
