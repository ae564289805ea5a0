package layout

import "math"

// The decision timer's ring (online play) shows where the seat's card will come: centred in the
// seat's Chosen place, a circle as large as the place allows up to RingMax units. When a card
// lies there already (a row choice on a screen without a reveal queue: the revealed cards wait
// on their seats), the ring stands at the right end of the Warn line under the status line,
// which names the seat choosing.

// RingMax is the largest diameter of a ring, in units.
const RingMax = 4.5

// Ring is where seat s's decision timer is drawn in its Chosen place: a square, centred.
func (t *Table) Ring(s int) Rect {
	c := t.Seats[s].Chosen
	d := math.Min(math.Min(c.W, c.H), t.Unit*RingMax)
	cx, cy := c.Center()
	return Rect{cx - d/2, cy - d/2, d, d}
}

// WarnRing is where a decision timer is drawn when its seat's Chosen place holds a card: a
// square at the right end of the Warn line.
func (t *Table) WarnRing() Rect {
	w := t.Warn
	d := math.Min(w.H, w.W)
	return Rect{w.X + w.W - d, w.Y, d, d}
}
