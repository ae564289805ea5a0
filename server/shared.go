package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"nimmt/protocol"
	"nimmt/server/store"
)

// This file is the hub's part in several processes sharing one database (Options.Leases): a
// process serves a room only while it holds the room's lease; it loads a room when a
// connection names it, asking the holder to let it go if another process holds it; it lets a
// room go when asked, when idle, or when it lost its leases, closing the room's connections
// (their clients reconnect through the balancer, to the process that now serves the room).

// errMoving refuses a connection to a room this process could not take in time.
var errMoving = errors.New("server: the room is moving between servers; reconnect")

// takeWait bounds how long a connection waits for another process to let its room go.
const takeWait = 10 * time.Second

// askEvery is how many refused attempts to take a room (one every 20 ms) pass before its
// holder is asked again.
const askEvery = 10

// open returns the room with the code: the room held, or, with leases, the room loaded from
// the store once its lease is this process's. It returns nil, nil for a room that does not
// exist.
func (h *Hub) open(code string) (*Room, error) {
	if r := h.Room(code); r != nil || h.opts.Leases == nil {
		return r, nil
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil, nil
	}
	if wait, ok := h.loading[code]; ok { // another connection loads it: wait for that
		h.mu.Unlock()
		<-wait
		return h.Room(code), nil
	}
	done := make(chan struct{})
	h.loading[code] = done
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.loading, code)
		h.mu.Unlock()
		close(done)
	}()
	return h.take(code)
}

// take acquires the room's lease (asking its holder to let it go, and waiting up to takeWait)
// and loads the room from the store.
func (h *Hub) take(code string) (*Room, error) {
	ctx, cancel := context.WithTimeout(context.Background(), takeWait)
	defer cancel()
	for try := 0; ; try++ {
		err := h.opts.Leases.Acquire(ctx, code)
		if err == nil {
			break
		}
		if !errors.Is(err, store.ErrLeased) {
			return nil, err
		}
		// Asked again now and then: the holder may have let the room go and taken it back
		// (its own clients came back to it) before this process's turn.
		if try%askEvery == 0 {
			if err := h.opts.Leases.Request(ctx, code); err != nil {
				return nil, err
			}
		}
		select {
		case <-ctx.Done():
			return nil, errMoving
		case <-time.After(20 * time.Millisecond): // the holder lets go within its next poll
		}
	}
	sr, err := h.store.LoadRoom(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errors.Join(h.opts.Leases.Release(ctx, code))
	}
	if err != nil {
		return nil, err
	}
	r, err := restoreRoom(h, sr)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil, nil
	}
	h.rooms[code] = r
	h.mu.Unlock()
	r.mu.Lock()
	// The bots decide what they owe, and the timer is armed from the stored deadlines.
	if err := r.update(); err != nil {
		h.opts.Log.Error("server: take", "room", code, "err", err)
	}
	r.mu.Unlock()
	h.opts.Log.Info("server: room taken", "room", code)
	return r, nil
}

// drawCode draws a room code no room has, here or (with leases) in the store, and takes its
// lease.
func (h *Hub) drawCode() (string, error) {
	for range 20 {
		h.mu.Lock()
		code, err := h.newCode()
		h.mu.Unlock()
		if err != nil || h.opts.Leases == nil {
			return code, err
		}
		ctx, cancel := context.WithTimeout(context.Background(), takeWait)
		err = h.opts.Leases.Acquire(ctx, code)
		if err == nil {
			_, err = h.store.LoadRoom(ctx, code)
			if err == nil { // a room of another process, idle: draw again
				err = errors.Join(store.ErrLeased, h.opts.Leases.Release(ctx, code))
			} else if errors.Is(err, store.ErrNotFound) {
				cancel()
				return code, nil
			}
		}
		cancel()
		if !errors.Is(err, store.ErrLeased) {
			return "", fmt.Errorf("server: room code: %w", err)
		}
	}
	return "", errors.New("server: no free room code")
}

// let goes of a room: its connections are closed with the reason, it leaves the hub and, when
// release says so, its lease is given up.
func (h *Hub) let(r *Room, reason string, release bool) {
	r.mu.Lock()
	r.closed = true
	if r.timer != nil {
		r.timer.Stop()
	}
	r.out.settle() // the changes being stored land before the lease goes
	for p := range r.peers {
		p.sink.Close(reason)
	}
	r.mu.Unlock()
	if release {
		// Released while the closed room is still in the hub: a connection arriving meanwhile
		// is told to reconnect, and cannot take the lease again here before it is gone (its
		// Acquire would find the row still this process's, and the release then delete it).
		ctx, cancel := context.WithTimeout(context.Background(), takeWait)
		defer cancel()
		if err := h.opts.Leases.Release(ctx, r.code); err != nil {
			h.opts.Log.Error("server: release", "room", r.code, "err", err)
		}
	}
	h.mu.Lock()
	if h.rooms[r.code] == r {
		delete(h.rooms, r.code)
	}
	h.mu.Unlock()
}

// leaseEvents answers what happens to the process's leases until the hub closes: a room
// another process asks for is let go; when every lease is lost, every room is.
func (h *Hub) leaseEvents() {
	for {
		select {
		case <-h.quit:
			return
		case ev := <-h.opts.Leases.Events():
			if ev.Lost {
				h.opts.Log.Error("server: this process lost its rooms' leases; every room is let go")
				for _, r := range h.held() {
					h.let(r, "the server lost this room; reconnect", false)
				}
				continue
			}
			h.mu.Lock()
			wait, loading := h.loading[ev.Code]
			h.mu.Unlock()
			if loading {
				// Asked while it loads the room: it lets it go once loaded (releasing the lease
				// now would leave it serving a room whose lease another process takes).
				go func() {
					<-wait
					h.letGo(ev.Code)
				}()
				continue
			}
			h.letGo(ev.Code)
		}
	}
}

// letGo lets go of the room with the code that another process asked for, and of its lease.
func (h *Hub) letGo(code string) {
	if r := h.Room(code); r != nil {
		h.let(r, "the room moves to another server; reconnect", true)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), takeWait)
	defer cancel()
	if err := h.opts.Leases.Release(ctx, code); err != nil {
		h.opts.Log.Error("server: release", "room", code, "err", err)
	}
}

// evictor lets go of the rooms nobody has been connected to for Options.Evict and whose game
// is not being played, until the hub closes: their state is in the store, and any process
// loads them again when a connection names them.
func (h *Hub) evictor() {
	t := time.NewTicker(max(h.opts.Evict/4, time.Second))
	defer t.Stop()
	for {
		select {
		case <-h.quit:
			return
		case <-t.C:
		}
		now := h.clock.Now()
		for _, r := range h.held() {
			r.mu.Lock()
			idle := len(r.peers) == 0 && !r.closed && r.State != protocol.StatePlaying && now.Sub(r.idleSince) >= h.opts.Evict
			r.mu.Unlock()
			if idle {
				h.let(r, "the room was idle", true)
			}
		}
		h.sweep()
	}
}

// sweeper is a store.Leases that deletes the rooms no process serves once they have been idle
// for the expiry (pg.Leases.Sweep).
type sweeper interface {
	Sweep(ctx context.Context, expire time.Duration) (int, error)
}

// sweep deletes the stored rooms that no process serves and that have been idle for
// Options.Expire, whoever held them last (the rooms this process holds expire by their own
// timers).
func (h *Hub) sweep() {
	sw, ok := h.opts.Leases.(sweeper)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	n, err := sw.Sweep(ctx, h.opts.Expire)
	if err != nil {
		h.opts.Log.Error("server: expired rooms could not be removed", "err", err)
	}
	if n > 0 {
		h.opts.Log.Info("server: expired rooms removed", "rooms", n)
	}
}

// held returns the rooms the hub holds.
func (h *Hub) held() []*Room {
	h.mu.Lock()
	defer h.mu.Unlock()
	rooms := make([]*Room, 0, len(h.rooms))
	for _, r := range h.rooms {
		rooms = append(rooms, r)
	}
	return rooms
}

// Elsewhere reports whether the room with the code is not held by this process but is in the
// store that several processes share (Options.Leases): another process may serve it. Without
// leases, or for a room held here or stored nowhere, it is false; a store that cannot say is
// false too (and logged).
func (h *Hub) Elsewhere(code string) bool {
	if h.opts.Leases == nil || h.Room(code) != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), takeWait)
	defer cancel()
	_, err := h.store.LoadRoom(ctx, code)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		h.opts.Log.Error("server: elsewhere", "room", code, "err", err)
	}
	return err == nil
}
