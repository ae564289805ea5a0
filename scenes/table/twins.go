package table

import (
	"math"
	"nimmt/scenes/ui"

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

// NumSprites is the number of card sprites: two copies of every number (index 0, 1 unused).
const NumSprites = 2 * (engine.DeckSize + 1)

// SpriteIdx returns the sprite of copy k of card c.
func SpriteIdx(c engine.Card, k int) int { return 2*int(c) + k }

// SpriteCard returns the card number sprite i shows.
func SpriteCard(i int) engine.Card { return engine.Card(i / 2) }

// Where a card is in the displayed view.
const (
	AtNone    uint8 = iota
	atChosen        // the person's chosen card
	AtHand          // the person's hand (pos: index among the displayed hand cards)
	AtPending       // revealed, not placed yet (pos: index in Pending)
	atFaceUp        // played face up before the reveal (Open)
	AtRow           // in row `row` (pos: index in the row's cards)
)

// cardHome is where a card sprite belongs in the displayed view.
type cardHome struct {
	_        ui.NoCompare
	R        layout.Rect
	At       uint8
	Row, Pos int8
	// Top marks a twin stacked on its twin in a row (drawn after, slightly offset).
	Top bool
}

// StackOffset returns how far a twin stacked on a row card is offset from it, for a card w×h.
func StackOffset(w, h float64) (dx, dy float64) { return w * 0.16, h * 0.11 }

// RowSlot returns the slot index of card i of a row and whether it is stacked on the card before
// it (its twin: Double). Stacked twins count as one place (engine.positions).
func RowSlot(row []engine.Card, i int) (slot int, top bool) {
	for j := 1; j <= i; j++ {
		if row[j] != row[j-1] {
			slot++
		}
	}
	return slot, i > 0 && row[i] == row[i-1]
}

// RefreshHomes recomputes every sprite's home from the displayed view and the layout.
func (bd *board) RefreshHomes() {
	clear(bd.occ[:])
	clear(bd.occN[:])
	add := func(c engine.Card, h cardHome) {
		if c <= 0 || int(c) > engine.DeckSize || bd.occN[c] >= 2 {
			return
		}
		bd.occ[SpriteIdx(c, int(bd.occN[c]))] = h
		bd.occN[c]++
	}
	chosen := bd.Disp.MyChoice
	if chosen != 0 {
		add(chosen, cardHome{R: bd.SeatLay(bd.Me).Chosen, At: atChosen})
	}
	skipped := false
	i := 0
	for _, h := range bd.Disp.Hand {
		if h == chosen && !skipped {
			skipped = true
			continue
		}
		if i < len(bd.lay.Hand) {
			add(h, cardHome{R: bd.lay.Hand[i], At: AtHand, Pos: int8(i)})
		}
		i++
	}
	for i, p := range bd.Disp.Pending {
		r := bd.SeatLay(p.Seat).Chosen
		if bd.queued && i < len(bd.lay.Queue) {
			r = bd.lay.Queue[i]
		}
		add(p.Card, cardHome{R: r, At: AtPending, Pos: int8(i)})
	}
	for i, p := range bd.Disp.FaceUp {
		add(p.Card, cardHome{R: bd.SeatLay(p.Seat).Chosen, At: atFaceUp, Pos: int8(i)})
	}
	for r, row := range bd.Disp.Rows {
		for i, c := range row {
			slot, top := RowSlot(row, i)
			if slot >= layout.Slots {
				continue
			}
			rect := bd.lay.Rows[r].Slots[slot]
			if top {
				dx, dy := StackOffset(rect.W, rect.H)
				rect.X += dx
				rect.Y += dy
			}
			add(c, cardHome{R: rect, At: AtRow, Row: int8(r), Pos: int8(i), Top: top})
		}
	}
	twins := bd.Disp.Config.Variant == engine.Double
	for c := engine.Card(1); int(c) <= engine.DeckSize; c++ {
		a, b := SpriteIdx(c, 0), SpriteIdx(c, 1)
		if twins {
			// Keep the assignment unless the other one moves the sprites less.
			o0, o1 := &bd.occ[a], &bd.occ[b]
			if bd.swap[c] {
				o0, o1 = o1, o0
			}
			keep := homeCost(&bd.Cards[a], o0) + homeCost(&bd.Cards[b], o1)
			alt := homeCost(&bd.Cards[a], o1) + homeCost(&bd.Cards[b], o0)
			if alt < keep {
				bd.swap[c] = !bd.swap[c]
			}
		} else {
			bd.swap[c] = false
		}
		if bd.swap[c] {
			bd.Homes[a], bd.Homes[b] = bd.occ[b], bd.occ[a]
		} else {
			bd.Homes[a], bd.Homes[b] = bd.occ[a], bd.occ[b]
		}
	}
}

// homeCost is how far sprite sp would travel to home h: nothing for no home, the distance from
// where it is going for a sprite on the table, more for a hidden sprite and most for one flying
// to a pile (it is gone).
func homeCost(sp *cardSprite, h *cardHome) float64 {
	switch {
	case h.At == AtNone:
		return 0
	case !sp.Vis:
		return 1e6
	case sp.HideAtEnd:
		return 1e7
	}
	return math.Abs(sp.Tx-h.R.X) + math.Abs(sp.Ty-h.R.Y)
}

// SpriteAt returns the sprite whose home is the given place, or -1.
func (bd *board) SpriteAt(at uint8, row, pos int) int {
	for i := range bd.Homes {
		if h := &bd.Homes[i]; h.At == at && int(h.Pos) == pos && (at != AtRow || int(h.Row) == row) {
			return i
		}
	}
	return -1
}
