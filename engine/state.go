package engine

import "math/rand/v2"

// Row is one of the four rows on the table, its cards in ascending order.
type Row struct {
	cards [RowLimit]Card
	n     uint8
}

// Len returns the number of cards in the row.
func (r *Row) Len() int { return int(r.n) }

// Last returns the row's last (highest) card, or 0 for an empty row.
func (r *Row) Last() Card {
	if r.n == 0 {
		return 0
	}
	return r.cards[r.n-1]
}

// At returns the i-th card of the row, counting from 0.
func (r *Row) At(i int) Card { return r.cards[i] }

// Cards appends the row's cards to dst and returns it.
func (r *Row) Cards(dst []Card) []Card { return append(dst, r.cards[:r.n]...) }

// Bullheads returns the row's total penalty.
func (r *Row) Bullheads() int {
	n := 0
	for _, c := range r.cards[:r.n] {
		n += int(bullheads[c])
	}
	return n
}

// Full reports whether the row holds five cards, so the next card placed there takes it.
func (r *Row) Full() bool { return r.n >= RowLimit }

func (r *Row) reset(c Card) { r.cards[0], r.n = c, 1 }

func (r *Row) push(c Card) { r.cards[r.n] = c; r.n++ }

// Hand is a seat's hand, kept in ascending order.
type Hand struct {
	cards [MaxHand]Card
	n     uint8
}

// Len returns the number of cards in the hand.
func (h *Hand) Len() int { return int(h.n) }

// At returns the i-th lowest card of the hand.
func (h *Hand) At(i int) Card { return h.cards[i] }

// Cards appends the hand's cards, lowest first, to dst and returns it.
func (h *Hand) Cards(dst []Card) []Card { return append(dst, h.cards[:h.n]...) }

// Has reports whether the hand holds card c.
func (h *Hand) Has(c Card) bool { return h.index(c) >= 0 }

func (h *Hand) index(c Card) int {
	for i := 0; i < int(h.n); i++ {
		if h.cards[i] == c {
			return i
		}
	}
	return -1
}

// Add inserts card c in order. It reports false when the hand is full.
func (h *Hand) Add(c Card) bool {
	if int(h.n) >= MaxHand {
		return false
	}
	i := int(h.n)
	for i > 0 && h.cards[i-1] > c {
		h.cards[i] = h.cards[i-1]
		i--
	}
	h.cards[i] = c
	h.n++
	return true
}

// Remove takes card c out of the hand. It reports false when the hand does not hold it.
func (h *Hand) Remove(c Card) bool {
	i := h.index(c)
	if i < 0 {
		return false
	}
	h.removeAt(i)
	return true
}

func (h *Hand) removeAt(i int) {
	copy(h.cards[i:h.n-1], h.cards[i+1:h.n])
	h.n--
	h.cards[h.n] = 0
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
	best, bestLast := -1, Card(0)
	for i := range s.Rows {
		if l := s.Rows[i].Last(); l < c && l >= bestLast {
			best, bestLast = i, l
		}
	}
	return best
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
	r := &s.Rows[row&3] // row may be -1; fixed below
	switch {
	case row < 0:
		row = tooLowRow
		r = &s.Rows[row]
		took = r.Bullheads()
		r.reset(c)
	case r.Full():
		took = r.Bullheads()
		r.reset(c)
	default:
		r.push(c)
	}
	s.Penalty[seat] += int16(took)
	return row, took
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
		row := 0
		if s.Target(p.Card) < 0 {
			if rc != nil {
				row = rc.ChooseRow(s, p.Seat, p.Card)
			} else {
				row = s.CheapestRow()
			}
		}
		s.Place(p.Seat, p.Card, row)
	}
}

// DealRandom shuffles the 104 cards with r and deals handSize cards to each of seats seats and
// the four row cards, starting a fresh round with no penalties.
func (s *State) DealRandom(r *rand.Rand, seats, handSize int) {
	var deck [DeckSize]Card
	for i := range deck {
		deck[i] = Card(i + 1)
	}
	need := seats*handSize + NumRows
	// Partial Fisher–Yates: only the cards dealt need shuffling.
	for i := 0; i < need; i++ {
		j := i + r.IntN(DeckSize-i)
		deck[i], deck[j] = deck[j], deck[i]
	}
	*s = State{Seats: seats}
	k := 0
	for seat := 0; seat < seats; seat++ {
		h := &s.Hands[seat]
		for j := 0; j < handSize; j++ {
			h.Add(deck[k])
			k++
		}
	}
	for i := range s.Rows {
		s.Rows[i].reset(deck[k])
		k++
	}
}

// RandomCard returns a card of seat's hand chosen uniformly with r, or 0 for an empty hand.
func (s *State) RandomCard(seat int, r *rand.Rand) Card {
	h := &s.Hands[seat]
	if h.n == 0 {
		return 0
	}
	return h.cards[r.IntN(int(h.n))]
}

// PlayRandomRound plays the rest of the round with every seat choosing uniformly at random and
// rule 4 answered by rc (nil: the cheapest row).
func (s *State) PlayRandomRound(r *rand.Rand, rc RowChooser) {
	var cards [MaxSeats]Card
	for s.Hands[0].n > 0 {
		for seat := 0; seat < s.Seats; seat++ {
			cards[seat] = s.RandomCard(seat, r)
		}
		s.PlayTurn(&cards, rc)
	}
}
