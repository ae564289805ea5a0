// Package store defines what the game server keeps durable and how: a room's metadata, the log
// of its current game and its last chat lines (Store), and the text port's room names (Names).
// It links no database driver: the stores are in its subpackages, sqlite (an embedded file, the
// default) and pg (PostgreSQL, shared by several server processes). The SQL the two share is
// written here once (SQL: SQLRooms, SQLNames, SQLAccounts, SQLLobby) over the DB each driver
// gives (sql.go); a driver keeps what differs: its schema, commits, leases and notifications.
package store

import (
	"context"
	"errors"
)

// EntryKind is the kind of a game-log entry.
type EntryKind uint8

// The kinds of game-log entry.
const (
	EntryDeal EntryKind = iota + 1 // a round's deal: engine.Deal as JSON
	EntryMove                      // an accepted action: engine.Move as JSON
)

// Entry is one line of a game's log: the rounds' deals and the accepted actions, in the order
// the engine made and accepted them. Together with the room's settings and seats they are the
// game's engine record.
type Entry struct {
	Kind EntryKind
	Data []byte
}

// ChatLine is a stored chat line of a room: N counts the room's lines from 1, Data is the
// protocol.Chat message as JSON.
type ChatLine struct {
	N    int
	Data []byte
}

// Room is a room as the store holds it: its metadata (settings, seats, state), the log of its
// current game and its last chat lines (at most the cap given to Commit, oldest first).
type Room struct {
	Code string
	Game int
	Meta []byte
	Log  []Entry
	Chat []ChatLine
}

// Change is what one room stores at once: its metadata (unless nil), the entries of game
// Game's log numbered from First on, and chat lines; the store keeps the last ChatCap lines of
// the room.
type Change struct {
	Code    string
	Game    int
	Meta    []byte
	First   int
	Entries []Entry
	Chat    []ChatLine
	ChatCap int
}

// ErrNotFound is returned by LoadRoom for a room the store does not hold.
var ErrNotFound = errors.New("store: no such room")

// Store keeps rooms durable. Every method is safe for concurrent use.
type Store interface {
	// Commit stores a room's change in one transaction (it may share it with other rooms'
	// changes): when it returns nil, the change is durable. An entry or chat number already
	// stored is an error, so an action is never stored twice: this fences a writer that holds
	// a stale copy of the room. When ctx ends before the change is durable, Commit returns
	// ctx's error and the change may or may not have been stored: the caller reloads the room.
	Commit(ctx context.Context, c Change) error
	// Load returns every room with its current game's log and last chat lines.
	Load(ctx context.Context) ([]Room, error)
	// LoadRoom returns one room as Load would, or ErrNotFound.
	LoadRoom(ctx context.Context, code string) (Room, error)
	// Delete removes a room, its log, its chat, the names that lead to it and the accounts'
	// plays in it.
	Delete(ctx context.Context, code string) error
	// Close releases the store, after the changes being committed.
	Close() error
}

// Names keeps the text port's room names (such as "oak"), each leading to a room code.
type Names interface {
	// SetName stores that the room name leads to the room with the code.
	SetName(ctx context.Context, name, code string) error
	// Name returns the code the name leads to, or "" when none.
	Name(ctx context.Context, name string) (string, error)
	// Names returns every stored room name with its room code.
	Names(ctx context.Context) (map[string]string, error)
}

// ErrFenced is returned by Commit when the room's lease is no longer this process's: another
// process serves the room, and this one's copy is stale.
var ErrFenced = errors.New("store: the room's lease is another process's")

// ErrLeased is returned by Leases.Acquire for a room another live process serves.
var ErrLeased = errors.New("store: the room is served by another process")

// Leases keeps two processes from serving one room: a process loads a room, and serves it,
// only while it holds the room's lease. A lease lasts while its process lives (a process that
// dies, or loses its connection to the database, loses all its leases at once); it moves to
// another process when the holder releases it, or when the holder is dead. A holder that lost
// its leases without noticing is fenced by Store.Commit: the next owner's entries are there.
type Leases interface {
	// Acquire takes the room's lease for this process: nil when this process holds it (already
	// or now), ErrLeased when another live process does.
	Acquire(ctx context.Context, code string) error
	// Release gives the room's lease up.
	Release(ctx context.Context, code string) error
	// Request asks the live process holding the room's lease to release it: it is told by
	// Events (the request is stored, and a notification wakes the holder at once).
	Request(ctx context.Context, code string) error
	// Events tells this process what happened to its leases: requests for rooms it holds, and
	// the loss of them all.
	Events() <-chan LeaseEvent
}

// LeaseEvent is something that happened to this process's leases.
type LeaseEvent struct {
	// Code is the room another process asked for; "" with Lost.
	Code string
	// Lost says that this process lost every lease it held (its hold on the database ended):
	// it must stop serving every room it holds.
	Lost bool
}
