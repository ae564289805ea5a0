// Package store defines what the game server keeps durable and how: a room's metadata, the log
// of its current game and its last chat lines (Store), and the text port's room names (Names).
// It links no database driver: the stores are in its subpackages, sqlite (an embedded file, the
// default) and pg (PostgreSQL, shared by several server processes).
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
	// Delete removes a room, its log, its chat and the names that lead to it.
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
