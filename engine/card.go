// Package engine implements the rules of 6 nimmt! (Take 6!): the deal, the simultaneous choice of
// cards, their placement lowest first by rules 1–4, row taking, scoring and the end of the game.
//
// The engine is pure: it imports no graphics, no clock and no globals. Randomness comes from a
// seeded math/rand/v2 generator passed in, so a game is deterministic from its seed, and every
// deal is written to the game record so a game can be re-run without the generator.
//
// The placement rule of every variant lives in one place, Landing (View.Land, Placer.Land): the
// row a card goes to, which end, on a twin, whether it takes the row and the bullheads it takes.
// Two layers play it:
//   - Game is the event-emitting engine used by the user interface, the arena and game records.
//     Every step is an Event; each seat sees only what it may know through View. Game places every
//     card by Landing.
//   - State is the fast path for bots: a fixed-size value (copying it allocates nothing) that plays
//     turns and whole rounds of the basic rules without events or allocations, on rows of its own.
//     TestStateAgreesWithGame plays random rounds through both and checks they agree.
//
// Where the rule texts in shared/rules disagree, the AMIGO rulebook (004) decides; see
// docs/rules-decisions.md.
package engine

import (
	"fmt"
	"strconv"
)

// Card is a card number, 1 to 104. The zero Card means "no card".
type Card uint8

// DeckSize is the number of cards in one deck.
const DeckSize = 104

// bullheads[c] is the penalty of card c (index 0 unused).
var bullheads = func() (t [DeckSize + 1]uint8) {
	for c := 1; c <= DeckSize; c++ {
		switch {
		case c == 55:
			t[c] = 7
		case c%11 == 0:
			t[c] = 5
		case c%10 == 0:
			t[c] = 3
		case c%5 == 0:
			t[c] = 2
		default:
			t[c] = 1
		}
	}
	return t
}()

// Bullheads returns the penalty points printed on the card: 7 for 55, 5 for the other multiples
// of 11, 3 for multiples of 10, 2 for the other multiples of 5, and 1 for every other card.
// It returns 0 for a card outside 1–104.
func (c Card) Bullheads() int {
	if int(c) > DeckSize {
		return 0
	}
	return int(bullheads[c])
}

// Valid reports whether c is a card of the deck (1–104).
func (c Card) Valid() bool { return c >= 1 && int(c) <= DeckSize }

// String returns the card number.
func (c Card) String() string { return strconv.Itoa(int(c)) }

// SumBullheads returns the total penalty of cards.
func SumBullheads(cards []Card) int {
	n := 0
	for _, c := range cards {
		n += c.Bullheads()
	}
	return n
}

// DeckBullheads is the total penalty of the full 104-card deck.
const DeckBullheads = 171

// cardErr formats a card for error messages.
func cardErr(c Card) string { return fmt.Sprintf("card %d", c) }

// MarshalJSON writes the card as a JSON number (so []Card is an array, not base64).
func (c Card) MarshalJSON() ([]byte, error) { return strconv.AppendUint(nil, uint64(c), 10), nil }

// UnmarshalJSON reads a card number; it rejects anything but an integer 0–255. Whether the card
// is in play is the engine's check, not the decoder's.
func (c *Card) UnmarshalJSON(b []byte) error {
	n, err := strconv.ParseUint(string(b), 10, 8)
	if err != nil {
		return errorf("engine: card %s: not a card number", b)
	}
	*c = Card(n)
	return nil
}
