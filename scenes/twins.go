package scenes

import (
	"math"

	"nimmt/engine"
	"nimmt/layout"
)

// Card identity on the table. Double plays two copies of the cards, so two cards with the same
// number can be on the table or in the hand at once ("twins"). Every card number therefore has
// two sprites: sprite 2c+k is copy k of card c (k = 0, 1; outside Double only copy 0 is used).
// The displayed view (engine.View) only lists numbers, so refreshHomes gives each sprite its place:
// it enumerates the places of each number in the view ("occurrences") and assigns the two copies
// to them so that no sprite jumps between twins' places (the copy already at or flying to a place
// keeps it).

// numSprites is the number of card sprites: two copies of every number (index 0, 1 unused).
const numSprites = 2 * (engine.DeckSize + 1)

// spriteIdx returns the sprite of copy k of card c.
func spriteIdx(c engine.Card, k int) int { return 2*int(c) + k }

// spriteCard returns the card number sprite i shows.
func spriteCard(i int) engine.Card { return engine.Card(i / 2) }

// Where a card is in the displayed view.
const (
	atNone    uint8 = iota
	atChosen        // the person's chosen card
	atHand          // the person's hand (pos: index among the displayed hand cards)
	atPending       // revealed, not placed yet (pos: index in Pending)
	atFaceUp        // played face up before the reveal (Open)
	atRow           // in row `row` (pos: index in the row's cards)
)

// cardHome is where a card sprite belongs in the displayed view.
type cardHome struct {
	r        layout.Rect
	at       uint8
	row, pos int8
	// top marks a twin stacked on its twin in a row (drawn after, slightly offset).
	top bool
}

// stackOffset returns how far a twin stacked on a row card is offset from it, for a card w×h.
func stackOffset(w, h float64) (dx, dy float64) { return w * 0.16, h * 0.11 }

// rowSlot returns the slot index of card i of a row and whether it is stacked on the card before
// it (its twin: Double). Stacked twins count as one place (engine.positions).
func rowSlot(row []engine.Card, i int) (slot int, top bool) {
	for j := 1; j <= i; j++ {
		if row[j] != row[j-1] {
			slot++
		}
	}
	return slot, i > 0 && row[i] == row[i-1]
}

// refreshHomes recomputes every sprite's home from the displayed view and the layout.
func (t *table) refreshHomes() {
	clear(t.occ[:])
	clear(t.occN[:])
	add := func(c engine.Card, h cardHome) {
		if c <= 0 || int(c) > engine.DeckSize || t.occN[c] >= 2 {
			return
		}
		t.occ[spriteIdx(c, int(t.occN[c]))] = h
		t.occN[c]++
	}
	chosen := t.disp.MyChoice
	if chosen != 0 {
		add(chosen, cardHome{r: t.seatLay(t.me).Chosen, at: atChosen})
	}
	skipped := false
	i := 0
	for _, h := range t.disp.Hand {
		if h == chosen && !skipped {
			skipped = true
			continue
		}
		if i < len(t.lay.Hand) {
			add(h, cardHome{r: t.lay.Hand[i], at: atHand, pos: int8(i)})
		}
		i++
	}
	for i, p := range t.disp.Pending {
		r := t.seatLay(p.Seat).Chosen
		if t.queued && i < len(t.lay.Queue) {
			r = t.lay.Queue[i]
		}
		add(p.Card, cardHome{r: r, at: atPending, pos: int8(i)})
	}
	for i, p := range t.disp.FaceUp {
		add(p.Card, cardHome{r: t.seatLay(p.Seat).Chosen, at: atFaceUp, pos: int8(i)})
	}
	for r, row := range t.disp.Rows {
		for i, c := range row {
			slot, top := rowSlot(row, i)
			if slot >= layout.Slots {
				continue
			}
			rect := t.lay.Rows[r].Slots[slot]
			if top {
				dx, dy := stackOffset(rect.W, rect.H)
				rect.X += dx
				rect.Y += dy
			}
			add(c, cardHome{r: rect, at: atRow, row: int8(r), pos: int8(i), top: top})
		}
	}
	twins := t.disp.Config.Variant == engine.Double
	for c := engine.Card(1); int(c) <= engine.DeckSize; c++ {
		a, b := spriteIdx(c, 0), spriteIdx(c, 1)
		if twins {
			// Keep the assignment unless the other one moves the sprites less.
			o0, o1 := &t.occ[a], &t.occ[b]
			if t.swap[c] {
				o0, o1 = o1, o0
			}
			keep := homeCost(&t.cards[a], o0) + homeCost(&t.cards[b], o1)
			alt := homeCost(&t.cards[a], o1) + homeCost(&t.cards[b], o0)
			if alt < keep {
				t.swap[c] = !t.swap[c]
			}
		} else {
			t.swap[c] = false
		}
		if t.swap[c] {
			t.homes[a], t.homes[b] = t.occ[b], t.occ[a]
		} else {
			t.homes[a], t.homes[b] = t.occ[a], t.occ[b]
		}
	}
}

// homeCost is how far sprite sp would travel to home h: nothing for no home, the distance from
// where it is going for a sprite on the table, more for a hidden sprite and most for one flying
// to a pile (it is gone).
func homeCost(sp *cardSprite, h *cardHome) float64 {
	switch {
	case h.at == atNone:
		return 0
	case !sp.vis:
		return 1e6
	case sp.hideAtEnd:
		return 1e7
	}
	return math.Abs(sp.tx-h.r.X) + math.Abs(sp.ty-h.r.Y)
}

// spriteAt returns the sprite whose home is the given place, or -1.
func (t *table) spriteAt(at uint8, row, pos int) int {
	for i := range t.homes {
		if h := &t.homes[i]; h.at == at && int(h.pos) == pos && (at != atRow || int(h.row) == row) {
			return i
		}
	}
	return -1
}
