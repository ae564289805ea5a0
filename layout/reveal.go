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

// layRevealLine lays the reveal queue of a phone-sized screen out over area (the hand's band):
// one line, or two of half the seats, of cards as large as the band allows up to maxW wide,
// each with its owner's name under it, centred in the band; RevealBack is the band. Where a line
// of RevealCardMin-wide cards does not fit in area but fits in wide (area widened where nothing
// is live during the placement), the line takes wide. Nothing changes on a larger screen.
func (t *Table) layRevealLine(seats int, area, wide Rect, maxW, gap float64) {
	if !t.phoneSized() || seats < 1 {
		return
	}
	label := math.Ceil(t.Unit * revealLabel)
	best, bestPer, bestArea := 0.0, 0, area
	for _, a := range []Rect{area, wide} {
		for lines := 1; lines <= 2; lines++ {
			per := (seats + lines - 1) / lines
			cw := (a.W - 2*gap - float64(per-1)*gap) / float64(per)
			ch := (a.H-gap)/float64(lines) - label - gap
			cw = math.Min(math.Min(cw, ch/1.5), maxW)
			if cw > best+0.5 {
				best, bestPer, bestArea = cw, per, a
			}
		}
		if best >= RevealCardMin {
			break
		}
	}
	if best < RevealCardMin {
		return
	}
	cw := math.Floor(best)
	ch := math.Floor(cw * 1.5)
	per := bestPer
	lines := (seats + per - 1) / per
	lineH := ch + label + gap
	y0 := bestArea.Y + (bestArea.H-float64(lines)*lineH+gap)/2
	t.panelQueue = t.Queue
	t.Queue = make([]Rect, seats)
	for i := range t.Queue {
		l, c := i/per, i%per
		n := min(per, seats-l*per) // the cards of this line, centred
		x0 := bestArea.X + (bestArea.W-(float64(n)*cw+float64(n-1)*gap))/2
		t.Queue[i] = Rect{math.Round(x0 + float64(c)*(cw+gap)), math.Round(y0 + float64(l)*lineH), cw, ch}
	}
	t.RevealBack = bestArea
	t.RevealLabel = label
}

// WithRevealLine returns the layout with the phones' reveal line (on), or without it: the queue
// then has the side panel's places where they fit, else none (the rules walkthrough, whose
// caption takes the hand's band).
func (t Table) WithRevealLine(on bool) Table {
	if !on && !t.RevealBack.Empty() {
		t.Queue, t.RevealBack, t.RevealLabel = t.panelQueue, Rect{}, 0
	}
	return t
}
