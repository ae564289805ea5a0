// Package leakcheck says which cards a seat may not know at each event of a recorded game, for
// the tests that record what a connection received (WebSocket frames, text port lines) and check
// that no other hand's card reached it before the rules reveal it.
package leakcheck

import (
	"encoding/json"
	"errors"
	"fmt"

	"nimmt/engine"
	"nimmt/protocol"
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

// Frames checks every protocol frame one connection received (seat -1: a spectator) against the
// game's record: no card of another seat's hand may appear in an event before the public stream
// has shown it, no frame outside an event may hold a card, and a spectator's deals hold no hand.
// Events of other games than game are skipped. It returns the events of game checked and every
// leak found (joined), or the error of a frame that is not the protocol's.
func Frames(rec *engine.Record, game, seat int, frames [][]byte) (checked int, err error) {
	// secret[k] is the set of cards the seat may not know at event k.
	secret, err := Secrets(rec, seat)
	if err != nil {
		return 0, err
	}
	var leaks []error
	for i, f := range frames {
		m, err := protocol.DecodeServer(f)
		if err != nil {
			return checked, fmt.Errorf("leakcheck: seat %d frame %d: %w: %s", seat, i, err, f)
		}
		ev, ok := m.(protocol.Event)
		if !ok {
			var v any
			if err := json.Unmarshal(f, &v); err != nil {
				return checked, fmt.Errorf("leakcheck: %w", err)
			}
			got := map[int]bool{}
			Cards(v, got)
			if len(got) > 0 {
				leaks = append(leaks, fmt.Errorf("leakcheck: seat %d frame %d holds cards outside an event: %s", seat, i, f))
			}
			continue
		}
		if ev.Game != game {
			continue
		}
		if ev.Seq >= len(secret) {
			return checked, fmt.Errorf("leakcheck: seat %d: event %d of %d", seat, ev.Seq, len(secret))
		}
		shown, err := EventCards(ev.Event)
		if err != nil {
			return checked, err
		}
		for c := range shown {
			if secret[ev.Seq][c] {
				leaks = append(leaks, fmt.Errorf("leakcheck: seat %d frame %d (event %d) shows card %d of another hand before it is revealed: %s", seat, i, ev.Seq, c, f))
			}
		}
		if d, ok := ev.Event.(engine.RoundDealt); ok && seat < 0 {
			for s, h := range d.Hands {
				if len(h) > 0 {
					leaks = append(leaks, fmt.Errorf("leakcheck: a spectator sees seat %d's hand: %s", s, f))
				}
			}
		}
		checked++
	}
	return checked, errors.Join(leaks...)
}
