package engine

// Test helpers, exported to the engine's external tests (package engine_test): a fast uniform
// generator and random play on the fast path's State. No code outside the tests uses them.

import (
	"math/bits"
	"math/rand/v2"
)

// Rand is the fast path's uniform generator in the engine's tests and benchmarks (the random
// rounds of TestStateAgreesWithGame, BenchmarkRound4/10): it reads a math/rand/v2 PCG 16 bits at
// a time and maps them to a range with Lemire's multiply-and-reject method, so every result is
// exactly uniform while one 64-bit step serves up to four draws; random rounds draw millions of
// small numbers, and this halves their cost against rand.Rand.IntN. The bots draw from their own
// generators. A Rand is not safe for concurrent use.
type Rand struct {
	src  *rand.PCG
	buf  uint64
	left uint8 // 16-bit chunks left in buf
}

// NewRand returns a Rand reading from src.
func NewRand(src *rand.PCG) *Rand { return &Rand{src: src} }

// NewRandSeed returns a Rand reading from a PCG seeded with seed.
func NewRandSeed(seed uint64) *Rand { return NewRand(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

func (r *Rand) next16() uint32 {
	if r.left == 0 {
		r.buf, r.left = r.src.Uint64(), 4
	}
	x := uint32(r.buf & 0xffff)
	r.buf >>= 16
	r.left--
	return x
}

// IntN returns a uniform number in [0, n). n must be 1 to 65536.
func (r *Rand) IntN(n int) int {
	un := uint32(n)
	m := r.next16() * un
	if l := m & 0xffff; l < un {
		t := (0x10000 - un) % un
		for l < t {
			m = r.next16() * un
			l = m & 0xffff
		}
	}
	return int(m >> 16)
}

// Uint64 returns 64 uniform bits from the source.
func (r *Rand) Uint64() uint64 { return r.src.Uint64() }

// orderedDeck is the cards 1–104 in order, copied to start a shuffle.
var orderedDeck = func() (d [DeckSize]Card) {
	for i := range d {
		d[i] = Card(i + 1)
	}
	return d
}()

// DealRandom shuffles the 104 cards with r and deals handSize cards to each of seats seats and
// the four row cards, starting a fresh round with no penalties.
func (s *State) DealRandom(r *Rand, seats, handSize int) {
	*s = State{Seats: seats}
	// A partial Fisher–Yates shuffle of a copy of the ordered deck: only the cards dealt are drawn.
	deck := orderedDeck
	k := 0
	draw := func() Card {
		j := k + r.IntN(DeckSize-k)
		deck[k], deck[j] = deck[j], deck[k]
		k++
		return deck[k-1]
	}
	for seat := 0; seat < seats; seat++ {
		h := &s.Hands[seat]
		for j := 0; j < handSize; j++ {
			h.Add(draw())
		}
	}
	for i := range s.Rows {
		s.Rows[i].reset(draw())
	}
}

// RandomCard returns a card of seat's hand chosen uniformly with r, or 0 for an empty hand.
func (s *State) RandomCard(seat int, r *Rand) Card {
	h := &s.Hands[seat]
	n0 := bits.OnesCount64(h.bits[0])
	n := n0 + bits.OnesCount64(h.bits[1])
	if n == 0 {
		return 0
	}
	if k := r.IntN(n); k < n0 {
		return Card(select64(h.bits[0], k))
	} else {
		return Card(64 + select64(h.bits[1], k-n0))
	}
}

// PlayRandomRound plays the rest of the round with every seat choosing uniformly at random and
// rule 4 answered by rc (nil: the cheapest row).
func (s *State) PlayRandomRound(r *Rand, rc RowChooser) {
	var cards [MaxSeats]Card
	for s.Hands[0].bits != [2]uint64{} {
		for seat := 0; seat < s.Seats; seat++ {
			cards[seat] = s.RandomCard(seat, r)
		}
		s.PlayTurn(&cards, rc)
	}
}
