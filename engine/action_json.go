package engine

import (
	"encoding/json"
)

// actionJSON is the wire form of an Action: "cards" only for plays, "row" only for row choices.
type actionJSON struct {
	Seat  *int         `json:"seat,omitempty"`
	Kind  DecisionKind `json:"kind"`
	Cards []Card       `json:"cards,omitempty"`
	Row   *int         `json:"row,omitempty"`
}

func (a Action) wire(seat *int) actionJSON {
	w := actionJSON{Seat: seat, Kind: a.Kind}
	if a.Kind == DecideRow {
		w.Row = &a.Row
	} else {
		w.Cards = a.Cards
	}
	return w
}

func (w actionJSON) action() (Action, error) {
	a := Action{Kind: w.Kind, Cards: w.Cards}
	switch w.Kind {
	case DecideRow:
		if w.Row == nil {
			return Action{}, newError("engine: row action without a row")
		}
		a.Row = *w.Row
	case DecidePlay:
		if len(w.Cards) == 0 {
			return Action{}, newError("engine: play action without cards")
		}
	}
	return a, nil
}

// MarshalJSON writes {"kind":"play","cards":[…]} or {"kind":"row","row":N}.
func (a Action) MarshalJSON() ([]byte, error) { return json.Marshal(a.wire(nil)) }

// UnmarshalJSON reads the form MarshalJSON writes.
func (a *Action) UnmarshalJSON(b []byte) error {
	var w actionJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	v, err := w.action()
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// MarshalJSON writes the action with its seat: {"seat":0,"kind":"play","cards":[12]}.
func (m Move) MarshalJSON() ([]byte, error) { return json.Marshal(m.Action.wire(&m.Seat)) }

// UnmarshalJSON reads the form MarshalJSON writes; the seat is required.
// Keys are read strictly, as ParseRecord reads them (the server's log stores moves alone).
func (m *Move) UnmarshalJSON(b []byte) error {
	var w actionJSON
	if err := unmarshalStrict(b, &w, actionShape, "action"); err != nil {
		return err
	}
	if w.Seat == nil {
		return newError("engine: action without a seat")
	}
	a, err := w.action()
	if err != nil {
		return err
	}
	*m = Move{Seat: *w.Seat, Action: a}
	return nil
}
