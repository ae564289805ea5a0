// Package leakcheck says which cards a seat may not know at each event of a recorded game, for
// the tests that record what a connection received (WebSocket frames, text port lines) and check
// that no other hand's card reached it before the rules reveal it.
package leakcheck

import (
	"encoding/json"
	"fmt"

	"nimmt/engine"
)

// cardKeys are the JSON fields of events that hold cards.
var cardKeys = map[string]bool{"card": true, "cards": true, "hand": true, "hands": true, "rows": true, "pool": true, "stacked": true, "pile": true}

// Cards collects every number under a card field of a decoded JSON value into out.
func Cards(v any, out map[int]bool) { cardsIn(v, false, out) }

func cardsIn(v any, under bool, out map[int]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, y := range x {
			cardsIn(y, under || cardKeys[k], out)
		}
	case []any:
		for _, y := range x {
			cardsIn(y, under, out)
		}
	case float64:
		if under && x > 0 {
			out[int(x)] = true
		}
	}
}

// EventCards returns the cards an event shows.
func EventCards(e engine.Event) (map[int]bool, error) {
	b, err := engine.MarshalEvent(e)
	if err != nil {
		return nil, fmt.Errorf("leakcheck: %w", err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("leakcheck: %w", err)
	}
	out := map[int]bool{}
	Cards(v, out)
	return out, nil
}

// Secrets replays the record and returns, for each event k of the game, the cards of other
// seats' hands that seat (-1: a spectator) may not know once event k is out: dealt to another
// seat this round and not shown by the public stream up to k.
func Secrets(rec *engine.Record, seat int) ([]map[int]bool, error) {
	g, err := engine.Replay(rec, nil)
	if err != nil {
		return nil, fmt.Errorf("leakcheck: %w", err)
	}
	full, public := g.Events(), g.EventsFor(-1, 0)
	secret := make([]map[int]bool, len(full))
	var hidden, seen map[int]bool
	for k, e := range full {
		if d, ok := e.(engine.RoundDealt); ok {
			hidden, seen = map[int]bool{}, map[int]bool{}
			for s, h := range d.Hands {
				for _, c := range h {
					if s != seat {
						hidden[int(c)] = true
					}
				}
			}
			if seat >= 0 {
				for _, c := range d.Hands[seat] {
					seen[int(c)] = true
				}
			}
		}
		shown, err := EventCards(public[k])
		if err != nil {
			return nil, err
		}
		for c := range shown {
			seen[c] = true
		}
		secret[k] = map[int]bool{}
		for c := range hidden {
			if !seen[c] {
				secret[k][c] = true
			}
		}
	}
	return secret, nil
}
