package engine

import (
	"encoding/json"
	"fmt"
)

// Event is one step of the game. The concrete types are RoundDealt, SeatChose, CardsRevealed,
// RowChoiceRequired, RowTaken, CardPlaced, RoundScored and GameOver, and for the variants
// CardDrafted, DraftDone, OrderChoiceRequired, OrderChosen, KeepChoiceRequired and CardsKept. A user interface consumes
// them one by one; View.Apply folds them into what a seat sees.
type Event interface {
	// Type returns the event's name as written in JSON, e.g. "card_placed".
	Type() string
}

// RoundDealt starts a round: the four row cards and the hands.
type RoundDealt struct {
	Round int           `json:"round"` // 1-based
	Rows  [NumRows]Card `json:"rows"`  // the first card of each row; all 0 when the table is kept (TCG's second half) or drafted (Pool)
	Hands [][]Card      `json:"hands"` // each seat's hand, lowest first; nil for hands the seat may not see
	Sizes []int         `json:"sizes"` // each seat's hand size
	// Stacked are the twins of row starters turned over at the deal (Double), each on its twin.
	Stacked []Card `json:"stacked,omitempty"`
	// Pool is the face-up deck the seats draft their hands from (Logic, Tournament game 1).
	Pool []Card `json:"pool,omitempty"`
	// First is the seat that drafts or plays first (Open: holds the first-player card this turn).
	First int `json:"first,omitempty"`
}

// SeatChose says a seat has chosen its card(s) for the turn (or changed its choice). In Open and
// Hand the cards are played face up and every stream shows them.
type SeatChose struct {
	Seat  int    `json:"seat"`
	Card  Card   `json:"card,omitempty"`  // the (lowest) card, only in streams that may see it
	Cards []Card `json:"cards,omitempty"` // every card when a seat plays more than one (Nifty, Hand)
}

// CardDrafted says a seat took a card of the face-up pool into its hand (Logic, Tournament).
type CardDrafted struct {
	Seat int  `json:"seat"`
	Card Card `json:"card"`
}

// DraftDone ends the draft: the four cards left start the rows, lowest first.
type DraftDone struct {
	Rows [NumRows]Card `json:"rows"`
}

// OrderChoiceRequired says a seat must choose which of its two cards it places first (Nifty).
type OrderChoiceRequired struct {
	Seat  int    `json:"seat"`
	Cards []Card `json:"cards"`
}

// OrderChosen gives the order a seat places its two cards in (Nifty).
type OrderChosen struct {
	Seat  int    `json:"seat"`
	Cards []Card `json:"cards"` // first card first
}

// KeepChoiceRequired says a seat that took a row must choose which of its cards go to its hand
// (Hand variant). Cards are the row's cards.
type KeepChoiceRequired struct {
	Seat  int    `json:"seat"`
	Cards []Card `json:"cards"`
}

// CardsKept says which taken cards a seat put in its hand and which in its pile (Hand variant).
type CardsKept struct {
	Seat      int    `json:"seat"`
	Hand      []Card `json:"hand"`
	Pile      []Card `json:"pile"`
	Bullheads int    `json:"bullheads"` // of the cards put in the pile
}

// CardsRevealed turns the chosen cards face up, in resolution order (lowest first).
type CardsRevealed struct {
	Round int    `json:"round"`
	Turn  int    `json:"turn"` // 1-based within the round
	Plays []Play `json:"plays"`
}

// RowChoiceRequired says a seat's card is lower than every row (rule 4): the game waits until
// that seat chooses the row it takes.
type RowChoiceRequired struct {
	Seat int  `json:"seat"`
	Card Card `json:"card"`
}

// TakeReason says why a seat took a row.
type TakeReason uint8

// The reasons a row is taken.
const (
	TakeFull   TakeReason = iota + 1 // rule 3: the card would be the sixth
	TakeTooLow                       // rule 4: the card is lower than every row
)

// String returns "full" or "too-low".
func (r TakeReason) String() string {
	switch r {
	case TakeFull:
		return "full"
	case TakeTooLow:
		return "too-low"
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// MarshalText writes the reason's name.
func (r TakeReason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a reason's name.
func (r *TakeReason) UnmarshalText(b []byte) error {
	switch string(b) {
	case "full":
		*r = TakeFull
	case "too-low":
		*r = TakeTooLow
	default:
		return errorf("engine: unknown take reason %q", b)
	}
	return nil
}

// RowTaken says a seat took every card of a row into its pile.
type RowTaken struct {
	Seat      int        `json:"seat"`
	Row       int        `json:"row"` // 0-based
	Cards     []Card     `json:"cards"`
	Bullheads int        `json:"bullheads"`
	Reason    TakeReason `json:"reason"`
	// Shared marks a row two seats take together with twins (Double): each event carries half
	// the bullheads rounded up; the first seat's event carries the cards.
	Shared bool `json:"shared,omitempty"`
}

// CardPlaced puts a seat's card in a row at a position (0-based; 0 means it starts the row).
type CardPlaced struct {
	Seat int  `json:"seat"`
	Card Card `json:"card"`
	Row  int  `json:"row"`
	Pos  int  `json:"pos"`
}

// RoundScored ends a round: each seat's bullheads this round and its total.
type RoundScored struct {
	Round     int   `json:"round"`
	Penalties []int `json:"penalties"`
	Totals    []int `json:"totals"`
}

// GameOver ends the game: final totals and the winners (every seat with the lowest total).
type GameOver struct {
	Totals  []int `json:"totals"`
	Winners []int `json:"winners"`
}

// Type implements Event.
func (RoundDealt) Type() string { return "round_dealt" }

// Type implements Event.
func (SeatChose) Type() string { return "seat_chose" }

// Type implements Event.
func (CardsRevealed) Type() string { return "cards_revealed" }

// Type implements Event.
func (RowChoiceRequired) Type() string { return "row_choice_required" }

// Type implements Event.
func (RowTaken) Type() string { return "row_taken" }

// Type implements Event.
func (CardPlaced) Type() string { return "card_placed" }

// Type implements Event.
func (RoundScored) Type() string { return "round_scored" }

// Type implements Event.
func (GameOver) Type() string { return "game_over" }

// Type implements Event.
func (CardDrafted) Type() string { return "card_drafted" }

// Type implements Event.
func (DraftDone) Type() string { return "draft_done" }

// Type implements Event.
func (OrderChoiceRequired) Type() string { return "order_choice_required" }

// Type implements Event.
func (OrderChosen) Type() string { return "order_chosen" }

// Type implements Event.
func (KeepChoiceRequired) Type() string { return "keep_choice_required" }

// Type implements Event.
func (CardsKept) Type() string { return "cards_kept" }

// MarshalEvent encodes an event as one JSON object whose "type" field names the event.
func MarshalEvent(e Event) ([]byte, error) {
	body, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(body)+32)
	out = append(out, `{"type":"`...)
	out = append(out, e.Type()...)
	out = append(out, '"')
	if len(body) > 2 {
		out = append(out, ',')
	}
	return append(out, body[1:]...), nil
}

// UnmarshalEvent decodes an event written by MarshalEvent.
func UnmarshalEvent(b []byte) (Event, error) {
	var head struct {
		Type string `json:"type"`
	}
	if t, ok := typeFirst(b); ok {
		head.Type = t // MarshalEvent's form: the whole event is checked as it is decoded below
	} else if err := json.Unmarshal(b, &head); err != nil {
		return nil, errorf("engine: event: %w", err)
	}
	var e Event
	switch head.Type {
	case "round_dealt":
		e = &RoundDealt{}
	case "seat_chose":
		e = &SeatChose{}
	case "cards_revealed":
		e = &CardsRevealed{}
	case "row_choice_required":
		e = &RowChoiceRequired{}
	case "row_taken":
		e = &RowTaken{}
	case "card_placed":
		e = &CardPlaced{}
	case "round_scored":
		e = &RoundScored{}
	case "game_over":
		e = &GameOver{}
	case "card_drafted":
		e = &CardDrafted{}
	case "draft_done":
		e = &DraftDone{}
	case "order_choice_required":
		e = &OrderChoiceRequired{}
	case "order_chosen":
		e = &OrderChosen{}
	case "keep_choice_required":
		e = &KeepChoiceRequired{}
	case "cards_kept":
		e = &CardsKept{}
	default:
		return nil, errorf("engine: unknown event type %q", head.Type)
	}
	if err := json.Unmarshal(b, e); err != nil {
		return nil, errorf("engine: event %s: %w", head.Type, err)
	}
	// Return values, as the game emits them.
	switch p := e.(type) {
	case *RoundDealt:
		return *p, nil
	case *SeatChose:
		return *p, nil
	case *CardsRevealed:
		return *p, nil
	case *RowChoiceRequired:
		return *p, nil
	case *RowTaken:
		return *p, nil
	case *CardPlaced:
		return *p, nil
	case *RoundScored:
		return *p, nil
	case *GameOver:
		return *p, nil
	case *CardDrafted:
		return *p, nil
	case *DraftDone:
		return *p, nil
	case *OrderChoiceRequired:
		return *p, nil
	case *OrderChosen:
		return *p, nil
	case *KeepChoiceRequired:
		return *p, nil
	case *CardsKept:
		return *p, nil
	}
	return e, nil
}

// typeFirst returns the event type of b when b opens with it as MarshalEvent writes it
// ({"type":"card_placed",…), the name in lower case letters and underscores.
func typeFirst(b []byte) (string, bool) {
	const open = `{"type":"`
	if len(b) < len(open) || string(b[:len(open)]) != open {
		return "", false
	}
	for i, c := range b[len(open):] {
		switch {
		case c == '"':
			return string(b[len(open) : len(open)+i]), i > 0
		case c != '_' && (c < 'a' || c > 'z'):
			return "", false
		}
	}
	return "", false
}
