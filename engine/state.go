package engine

import "math/bits"

// Row is one of the four rows on the table, its cards in ascending order.
type Row struct {
	cards [RowLimit]Card
	n     uint8
	last  Card  // cards[n-1], kept for the hot path of Target
	bull  uint8 // the row's bullheads
}

// Len returns the number of cards in the row.
func (r *Row) Len() int { return int(r.n) }

// Last returns the row's last (highest) card, or 0 for an empty row.
func (r *Row) Last() Card { return r.last }

// At returns the i-th card of the row, counting from 0.
func (r *Row) At(i int) Card { return r.cards[i] }

// Cards appends the row's cards to dst and returns it.
func (r *Row) Cards(dst []Card) []Card { return append(dst, r.cards[:r.n]...) }

// Bullheads returns the row's total penalty.
func (r *Row) Bullheads() int { return int(r.bull) }

// Full reports whether the row holds five cards, so the next card placed there takes it.
func (r *Row) Full() bool { return r.n >= RowLimit }

func (r *Row) reset(c Card) { r.cards[0], r.n, r.last, r.bull = c, 1, c, bullheads[c] }

func (r *Row) push(c Card) { r.cards[r.n] = c; r.n++; r.last = c; r.bull += bullheads[c] }

// Hand is a seat's hand: a set of cards, read lowest first. A Hand is two machine words, so the
// fast path copies, adds and removes cards in constant time.
type Hand struct {
	bits [2]uint64 // bit c%64 of word c/64 is card c
}

// Len returns the number of cards in the hand.
func (h *Hand) Len() int { return bits.OnesCount64(h.bits[0]) + bits.OnesCount64(h.bits[1]) }

// At returns the i-th lowest card of the hand, counting from 0, or 0 if there is none.
func (h *Hand) At(i int) Card {
	for w := 0; w < 2; w++ {
		x := h.bits[w]
		n := bits.OnesCount64(x)
		if i >= n {
			i -= n
			continue
		}
		return Card(w*64 + select64(x, i))
	}
	return 0
}

// select64 returns the position of the k-th (from 0) set bit of x, which has more than k set
// bits. It is branch-free: byte popcounts by SWAR, their running sums by one multiplication, the
// byte holding the bit by a bytewise comparison, and the bit within it from a table.
func select64(x uint64, k int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	c := x - (x>>1)&0x5555555555555555
	c = c&0x3333333333333333 + (c>>2)&0x3333333333333333
	c = (c + c>>4) & 0x0f0f0f0f0f0f0f0f
	cum := c * ones // byte i: set bits in bytes 0..i
	// Byte i of le has its high bit set iff cum_i <= k: the bit lies in a later byte.
	le := (uint64(k)*ones | highs) - cum
	b := bits.TrailingZeros64(^le&highs) >> 3
	before := int((cum << 8 >> (8 * b)) & 0xff) // set bits in bytes 0..b-1
	return b*8 + int(selectInByte[uint8(x>>(8*b))][(k-before)&7])
}

// selectInByte[v][k] is the position of the k-th set bit of the byte v.
var selectInByte = func() (t [256][8]uint8) {
	for v := range t {
		k := 0
		for i := 0; i < 8; i++ {
			if v&(1<<i) != 0 {
				t[v][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()

// Cards appends the hand's cards, lowest first, to dst and returns it.
func (h *Hand) Cards(dst []Card) []Card {
	for w := 0; w < 2; w++ {
		for x := h.bits[w]; x != 0; x &= x - 1 {
			dst = append(dst, Card(w*64+bits.TrailingZeros64(x)))
		}
	}
	return dst
}

// Has reports whether the hand holds card c.
func (h *Hand) Has(c Card) bool { return c < 128 && h.bits[c>>6]&(1<<(c&63)) != 0 }

// Add puts card c (1–127) in the hand. It reports false when c is out of range or already held.
func (h *Hand) Add(c Card) bool {
	if c == 0 || c >= 128 || h.Has(c) {
		return false
	}
	h.bits[c>>6] |= 1 << (c & 63)
	return true
}

// Remove takes card c out of the hand. It reports false when the hand does not hold it.
func (h *Hand) Remove(c Card) bool {
	if !h.Has(c) {
		return false
	}
	h.bits[c>>6] &^= 1 << (c & 63)
	return true
}

// Clear empties the hand.
func (h *Hand) Clear() { *h = Hand{} }

// State is the fast path: the table of one round as a fixed-size value. Copying a State is a
// plain assignment and allocates nothing, so searches copy it freely. It plays the basic rules
// with one card per seat per turn, placed lowest first.
type State struct {
	// Rows are the four rows on the table.
	Rows [NumRows]Row
	// Hands are the seats' hands; a search fills the hands it cannot see with guesses.
	Hands [MaxSeats]Hand
	// Penalty is the bullheads each seat has taken this round.
	Penalty [MaxSeats]int16
	// Seats is the number of seats.
	Seats int
}

// SetRows starts the four rows with the given cards.
func (s *State) SetRows(first [NumRows]Card) {
	for i, c := range first {
		s.Rows[i].reset(c)
	}
}

// SetHand replaces a seat's hand with cards.
func (s *State) SetHand(seat int, cards []Card) {
	h := &s.Hands[seat]
	h.Clear()
	for _, c := range cards {
		h.Add(c)
	}
}

// Target returns the row card c goes to by rules 1 and 2 — the row whose last card is the
// highest one below c — or -1 when c is lower than every row's last card (rule 4).
func (s *State) Target(c Card) int {
	// Branch-free: key = (c-last-1) as a byte, which is below 104 exactly when last < c and
	// wraps to 151 or more otherwise; the smallest key, tagged with its row, wins.
	k0 := uint(c-s.Rows[0].last-1) << 2 // row 0's tag is 0
	k1 := uint(c-s.Rows[1].last-1)<<2 | 1
	k2 := uint(c-s.Rows[2].last-1)<<2 | 2
	k3 := uint(c-s.Rows[3].last-1)<<2 | 3
	m := min(k0, k1, k2, k3)
	if m >= DeckSize<<2 {
		return -1
	}
	return int(m & 3)
}

// CheapestRow returns the row with the fewest bullheads; ties go to the row with fewer cards,
// then to the lower row number. It is the usual answer to rule 4 ("he will usually choose the
// row that will score him the fewest minus points").
func (s *State) CheapestRow() int {
	best, bestB, bestN := 0, 1<<30, 0
	for i := range s.Rows {
		b, n := s.Rows[i].Bullheads(), s.Rows[i].Len()
		if b < bestB || (b == bestB && n < bestN) {
			best, bestB, bestN = i, b, n
		}
	}
	return best
}

// Place puts seat's card c on the table. If c is lower than every row, the seat takes row
// tooLowRow (rule 4); otherwise tooLowRow is ignored. It returns the row the card went to and the
// bullheads the seat took (0 when it took nothing). The card need not be in the seat's hand.
func (s *State) Place(seat int, c Card, tooLowRow int) (row, took int) {
	row = s.Target(c)
	if row < 0 {
		row = tooLowRow
		r := &s.Rows[row]
		took = r.Bullheads()
		r.reset(c)
		s.Penalty[seat] += int16(took)
		return row, took
	}
	return row, s.append(seat, c, row)
}

// append adds c to row (its rule 1–2 target), taking the row if it is full, and returns the
// bullheads taken.
func (s *State) append(seat int, c Card, row int) int {
	r := &s.Rows[row]
	if r.n < RowLimit {
		r.push(c)
		return 0
	}
	took := r.Bullheads()
	r.reset(c)
	s.Penalty[seat] += int16(took)
	return took
}

// RowChooser answers rule 4 for a search: which row seat takes when card c is lower than every
// row. s is the table at that moment.
type RowChooser interface {
	ChooseRow(s *State, seat int, c Card) int
}

// Play is one seat's card in a turn.
type Play struct {
	Seat int  `json:"seat"`
	Card Card `json:"card"`
}

// PlayTurn plays one turn: cards[seat] is each seat's card (already chosen; it is removed from the
// seat's hand). The cards are placed lowest first. rc answers rule 4; nil takes the cheapest row.
func (s *State) PlayTurn(cards *[MaxSeats]Card, rc RowChooser) {
	var order [MaxSeats]Play
	n := 0
	for seat := 0; seat < s.Seats; seat++ {
		c := cards[seat]
		s.Hands[seat].Remove(c)
		i := n
		for i > 0 && order[i-1].Card > c {
			order[i] = order[i-1]
			i--
		}
		order[i] = Play{seat, c}
		n++
	}
	for _, p := range order[:n] {
		if row := s.Target(p.Card); row >= 0 {
			s.append(p.Seat, p.Card, row)
			continue
		}
		row := 0
		if rc != nil {
			row = rc.ChooseRow(s, p.Seat, p.Card)
		} else {
			row = s.CheapestRow()
		}
		r := &s.Rows[row]
		s.Penalty[p.Seat] += int16(r.Bullheads())
		r.reset(p.Card)
	}
}
