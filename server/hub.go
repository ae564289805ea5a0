// Package server hosts rooms of 6 nimmt!: each room owns an authoritative engine.Game, seats
// people and bots, runs the decision timer, stores every accepted action before anyone hears of
// it, and sends each connection only what its seat may see.
//
// The Hub is transport-free: a transport (the WebSocket endpoint in this package, the text port,
// a test) calls Hub.Connect with a Sink that delivers protocol messages to its client, then feeds
// the client's messages to Peer.Handle and calls Peer.Close when the client goes.
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"nimmt/clock"
	"nimmt/protocol"
	"nimmt/server/account"
	"nimmt/server/store"
)

// Sink delivers messages to one client. Send must not block (a transport queues, and closes a
// client that cannot keep up); Close ends the client's connection.
type Sink interface {
	Send(m protocol.Message)
	Close(reason string)
}

// Options tune a Hub. The zero value is usable.
type Options struct {
	// Clock is the time rooms see; nil means the wall clock.
	Clock clock.Clock
	// Random is the source of room codes, tokens and game seeds; nil means crypto/rand.
	Random io.Reader
	// Grace is how long a disconnected person's seat waits before its fallback bot decides for
	// it; 0 means the room's timer, or 30 s without a timer.
	Grace time.Duration
	// JoinAttempts is how many join and token attempts (a hello with a seat token) an address
	// may make per minute, in bursts of as many; 0 means 30.
	JoinAttempts int
	// CreateAttempts is how many rooms an address may create per minute, in bursts of as many;
	// 0 means 10.
	CreateAttempts int
	// MaxRooms caps the rooms held; 0 means 100,000.
	MaxRooms int
	// Expire is how long a room nobody is connected to is kept: then it is removed from memory
	// and from the store (log, chat and text-port names too). 0 means 24 hours. A game still being
	// played then was abandoned: its people's bots have played it out after the grace.
	Expire time.Duration
	// Log receives the hub's notes; nil means slog.Default.
	Log *slog.Logger
	// Leases, when set, makes the hub one of several processes sharing the store (shared.go):
	// rooms are loaded when a connection names them, not at start, and served only while this
	// process holds their lease. nil: this process is the store's only one.
	Leases store.Leases
	// Evict is how long, with Leases, a room nobody is connected to and not being played is
	// held before it is let go (it stays in the store); 0 means 5 minutes.
	Evict time.Duration
	// Accounts tunes the accounts (account.go), kept when the store is also a store.Accounts;
	// its Clock and Log default to the hub's.
	Accounts account.Config
	// Lobby keeps the list of public tables, reports and bans (lobby.go); nil means the store,
	// when it is also a store.Lobby. Without one, public play is refused.
	Lobby store.Lobby
	// LobbyEvery is the least time between two readings of the list of public tables for the
	// connections that follow it (the changes in between are sent at once after it); 0 means
	// 250 ms, a negative value no pause (tests on a clock that does not move).
	LobbyEvery time.Duration
}

// Hub holds the rooms.
type Hub struct {
	opts  Options
	store store.Store
	names store.Names // nil: the store keeps no room names
	clock clock.Clock

	mu       sync.Mutex
	rooms    map[string]*Room
	attempts attempts // each address's creates and joins against their limits
	// creates are the create IDs answered lately (creates.go).
	creates map[string]*created
	closed  bool
	// loading has a channel for each room being loaded (with Leases), closed when it is.
	loading map[string]chan struct{}
	quit    chan struct{} // closed by Close
	// bg counts the hub's own goroutines that use the store (the access checker, the lobby's
	// writer and listener, the lease events, the evictor): Close waits for them, so none touches
	// the store once it returns. The lobby's refreshes it waits for after them (lobby.stop).
	bg sync.WaitGroup

	metrics  *Metrics
	storeLog storeLog
	accounts *account.Service // nil when the store keeps no accounts (account.go)
	lobby    *lobby
	access   *access // who the open connections are, for bans and revocations (access.go)
}

// attempts counts each address's attempts against its per-minute limits, under its own lock
// (not the hub's: a flood of attempts does not hold up the rooms).
type attempts struct {
	mu           sync.Mutex
	join, create int // the limits a minute (Options.JoinAttempts, CreateAttempts)
	buckets      map[attemptKey]*bucket
}

// attemptKey is what an address attempts: its creates and its joins are limited apart.
type attemptKey struct {
	create bool
	addr   string
}

// NewHub returns a hub over st with every stored room restored as it was (with Options.Leases,
// each when a connection names it). When st is also a store.Names (both stores of
// nimmt/server/store are), it keeps the text port's room names.
func NewHub(st store.Store, opts Options) (*Hub, error) {
	if opts.Clock == nil {
		opts.Clock = clock.Wall{}
	}
	if opts.Random == nil {
		opts.Random = rand.Reader
	}
	if opts.JoinAttempts == 0 {
		opts.JoinAttempts = 30
	}
	if opts.CreateAttempts == 0 {
		opts.CreateAttempts = 10
	}
	if opts.MaxRooms == 0 {
		opts.MaxRooms = 100_000
	}
	if opts.Expire == 0 {
		opts.Expire = 24 * time.Hour
	}
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	if opts.Evict == 0 {
		opts.Evict = 5 * time.Minute
	}
	if opts.LobbyEvery == 0 {
		opts.LobbyEvery = 250 * time.Millisecond
	}
	if opts.Lobby == nil {
		opts.Lobby, _ = st.(store.Lobby)
	}
	names, _ := st.(store.Names)
	h := &Hub{opts: opts, store: st, names: names, clock: opts.Clock, rooms: map[string]*Room{}, creates: map[string]*created{},
		loading: map[string]chan struct{}{}, quit: make(chan struct{}), attempts: attempts{join: opts.JoinAttempts, create: opts.CreateAttempts}}
	h.metrics = newMetrics(h)
	h.accounts = newAccounts(st, opts)
	h.lobby = newLobby(h, opts.Lobby, opts.LobbyEvery)
	h.access = newAccess(h)
	if opts.Leases != nil {
		h.bg.Go(h.leaseEvents)
		h.bg.Go(h.evictor)
		return h, nil
	}
	stored, err := st.Load(context.Background())
	if err != nil {
		h.Close()
		return nil, err
	}
	rooms, err := restoreAll(h, stored, runtime.GOMAXPROCS(0))
	if err != nil {
		h.Close()
		return nil, err
	}
	for _, r := range rooms {
		h.rooms[r.code] = r
	}
	for _, r := range h.rooms {
		r.mu.Lock()
		r.update()
		r.mu.Unlock()
	}
	return h, nil
}

// Rooms returns the number of rooms held.
func (h *Hub) Rooms() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms)
}

// Room returns the room with the code, or nil.
func (h *Hub) Room(code string) *Room {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.rooms[code]
}

// Close stops every room's timer and closes every connection, and returns once the hub's own
// goroutines have stopped using the store; the store stays open (every accepted action is
// already in it), and the caller may close it then.
func (h *Hub) Close() {
	h.mu.Lock()
	if !h.closed {
		close(h.quit)
	}
	h.closed = true
	rooms := make([]*Room, 0, len(h.rooms))
	for _, r := range h.rooms {
		rooms = append(rooms, r)
	}
	h.mu.Unlock()
	for _, r := range rooms {
		r.shutdown()
	}
	h.bg.Wait()
	if h.lobby != nil {
		h.lobby.stop()
	}
}

// Connect starts a client's session in the room with the code (empty: the client will create a
// room). addr identifies the client's address for the join-attempt limit. The first message the
// client sends must be Hello (with a code) or Create (without).
func (h *Hub) Connect(code, addr string, sink Sink) *Peer {
	p := &Peer{hub: h, code: code, addr: addr, sink: sink}
	h.access.add(p)
	return p
}

// newCode draws a room code no room has.
func (h *Hub) newCode() (string, error) {
	for range 20 {
		var b [protocol.CodeLength]byte
		if _, err := io.ReadFull(h.opts.Random, b[:]); err != nil {
			return "", fmt.Errorf("server: room code: %w", err)
		}
		n := len(protocol.CodeAlphabet)
		ok := true
		for i, x := range b {
			if int(x) >= 256/n*n { // reject to keep every character equally likely
				ok = false
				break
			}
			b[i] = protocol.CodeAlphabet[int(x)%n]
		}
		if ok && h.rooms[string(b[:])] == nil {
			return string(b[:]), nil
		}
	}
	return "", errors.New("server: no free room code")
}

// newToken returns a seat token (128 random bits) and its stored hash.
func (h *Hub) newToken() (token, hash string, err error) {
	var b [16]byte
	if _, err := io.ReadFull(h.opts.Random, b[:]); err != nil {
		return "", "", fmt.Errorf("server: token: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func (h *Hub) newSeed() uint64 {
	var b [8]byte
	if _, err := io.ReadFull(h.opts.Random, b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.LittleEndian.Uint64(b[:])
}

// reload replaces a room whose change could not be stored by the room as stored, and closes the
// old room's connections: their clients reconnect to the stored state. It closes them last, once
// the room is replaced or let go: a client that reconnects at once finds the room where it is now
// (here, or with the process that fenced this one), never this process's closed copy.
func (h *Hub) reload(old *Room) {
	old.closed = true
	if old.timer != nil {
		old.timer.Stop()
	}
	defer func() {
		for p := range old.peers {
			p.sink.Close("the server could not store the last change; reconnect")
		}
	}()
	if h.opts.Leases != nil {
		// A refused change may mean that another process serves the room now: then this one
		// lets it go.
		if err := h.opts.Leases.Acquire(context.Background(), old.code); err != nil {
			h.opts.Log.Error("server: the room is another process's now", "room", old.code, "err", err)
			h.mu.Lock()
			if h.rooms[old.code] == old {
				delete(h.rooms, old.code)
			}
			h.mu.Unlock()
			return
		}
	}
	sr, err := h.store.LoadRoom(context.Background(), old.code)
	if errors.Is(err, store.ErrNotFound) {
		h.mu.Lock()
		delete(h.rooms, old.code)
		h.mu.Unlock()
		return
	}
	if err != nil {
		h.opts.Log.Error("server: reload", "room", old.code, "err", err)
		return
	}
	r, err := restoreRoom(h, sr)
	if err != nil {
		h.opts.Log.Error("server: reload", "room", old.code, "err", err)
		return
	}
	h.mu.Lock()
	h.rooms[r.code] = r
	h.mu.Unlock()
	r.mu.Lock()
	r.arm(h.clock.Now())
	r.mu.Unlock()
}

// allow counts an attempt of addr at now, a create or a join (a token attempt too), against its
// per-minute limit.
func (a *attempts) allow(create bool, addr string, now time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.buckets == nil {
		a.buckets = map[attemptKey]*bucket{}
	}
	k := attemptKey{create: create, addr: addr}
	b := a.buckets[k]
	if b == nil {
		if len(a.buckets) > 100_000 {
			for k, v := range a.buckets {
				if v.full(now) {
					delete(a.buckets, k)
				}
			}
		}
		n := a.join
		if create {
			n = a.create
		}
		b = newBucket(float64(n), float64(n)/60, now)
		a.buckets[k] = b
	}
	return b.take(now)
}

// bucket is a token bucket: up to size tokens, refilled at rate per second.
type bucket struct {
	size, rate, tokens float64
	at                 time.Time
}

func newBucket(size, rate float64, now time.Time) *bucket {
	return &bucket{size: size, rate: rate, tokens: size, at: now}
}

func (b *bucket) refill(now time.Time) {
	if d := now.Sub(b.at).Seconds(); d > 0 {
		b.tokens = min(b.size, b.tokens+d*b.rate)
		b.at = now
	}
}

func (b *bucket) take(now time.Time) bool {
	b.refill(now)
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

func (b *bucket) full(now time.Time) bool {
	b.refill(now)
	return b.tokens >= b.size
}
