package server

import (
	"context"
	"errors"
	"time"

	"nimmt/clock"
	"nimmt/protocol"
)

// This file exports what other transports (the text port, the load generator) need of the hub.

// Clock returns the hub's clock.
func (h *Hub) Clock() clock.Clock { return h.clock }

// NameRoom stores that the room name (the text port's "oak") leads to the room with the code, so
// that the name outlives a restart; the name goes when the room expires.
func (h *Hub) NameRoom(name, code string) error {
	if h.names == nil {
		return errNoNames
	}
	return h.names.SetName(context.Background(), name, code)
}

var errNoNames = errors.New("server: the store keeps no room names")

// RoomNames returns the stored room names of the rooms the hub holds, with their codes.
func (h *Hub) RoomNames() (map[string]string, error) {
	if h.names == nil {
		return nil, errNoNames
	}
	names, err := h.names.Names(context.Background())
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for name, code := range names {
		if h.rooms[code] == nil {
			delete(names, name)
		}
	}
	return names, nil
}

// Summary returns the room as a spectator sees it: settings, state, seats and result.
func (r *Room) Summary() protocol.Room {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.snapshot(-1)
}

// Limiter is a token bucket: up to Size events at once, refilled at Rate per second. A transport
// uses it to limit how fast a connection may send.
type Limiter struct{ b *bucket }

// NewLimiter returns a full limiter of size events refilled at rate per second from now.
func NewLimiter(size, rate float64, now time.Time) *Limiter {
	return &Limiter{b: newBucket(size, rate, now)}
}

// Allow takes one event from the bucket at now; false means none is left.
func (l *Limiter) Allow(now time.Time) bool { return l.b.take(now) }
