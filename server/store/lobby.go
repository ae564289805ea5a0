package store

import (
	"context"
	"time"
)

// Table is a public table as the lobby lists it: the columns the list is filtered and ordered
// by, and Data, the listing the clients get (protocol.Table as JSON).
type Table struct {
	Code    string
	Variant string
	// Seats is the most seats of the table, Taken the seats taken.
	Seats, Taken int
	// State is the room's state (lobby or playing); Quick says it is a quick-match table.
	State string
	Quick bool
	// Fill is the seconds after which bots fill the table's empty seats (0: it waits for people).
	Fill int
	// Made is when the table was first listed (Unix milliseconds): the oldest forming table is
	// offered first.
	Made int64
	Data []byte
}

// TableFilter selects tables: every field left zero selects all.
type TableFilter struct {
	Variant string
	// Seats selects the tables of exactly this many seats; MinSeats and MaxSeats a range.
	Seats, MinSeats, MaxSeats int
	State                     string
	// Open selects the tables with a free seat; Quick the quick-match tables.
	Open, Quick bool
	// Limit caps the tables returned; 0 means 500.
	Limit int
}

// Report is a report of a chat line: Data holds what the server kept with it (the line, the
// lines before it, who reported whom), as JSON.
type Report struct {
	ID   int64
	At   time.Time
	Room string
	Data []byte
}

// Ban keeps an address or an account out: Who is "addr:1.2.3.4" or "account:ID". A zero Until
// bans for ever.
type Ban struct {
	Who    string
	Reason string
	At     time.Time
	Until  time.Time
}

// Lobby keeps the list of public tables, which any server process serves, and what moderation
// stores: reports of chat lines and bans. Every method is safe for concurrent use.
type Lobby interface {
	// PutTable lists a table, or replaces its listing.
	PutTable(ctx context.Context, t Table) error
	// DropTable takes a table off the list (a table not listed is no error).
	DropTable(ctx context.Context, code string) error
	// Tables returns the listed tables that f selects whose room the store still holds, the
	// fullest first, then the oldest.
	Tables(ctx context.Context, f TableFilter) ([]Table, error)
	// TablesChanged tells this process that another process changed the list (a wake-up: the
	// list is read again; nil when no other process can change it).
	TablesChanged() <-chan struct{}

	// AddReport stores a report and returns its ID.
	AddReport(ctx context.Context, r Report) (int64, error)
	// Reports returns the last n reports, newest first.
	Reports(ctx context.Context, n int) ([]Report, error)
	// DeleteReports deletes the reports made before the time and returns how many it deleted.
	DeleteReports(ctx context.Context, before time.Time) (int64, error)

	// Ban stores a ban (replacing one of the same Who).
	Ban(ctx context.Context, b Ban) error
	// Unban lifts the ban of who; it reports whether there was one.
	Unban(ctx context.Context, who string) (bool, error)
	// Bans returns every ban, lifted ones aside, at now.
	Bans(ctx context.Context, now time.Time) ([]Ban, error)
	// Banned returns the ban of the first of whos banned at now, if any.
	Banned(ctx context.Context, whos []string, now time.Time) (Ban, bool, error)
}

// QuickLocker is a Lobby that several processes share: a quick match holds its lock while it
// reads the forming tables and seats its person at one or lists a new one, so that two people
// asking at once on two processes meet at one table. A store of one process (SQLite) needs none.
type QuickLocker interface {
	// LockQuick waits for the lock of the quick matches of the key (their variant: a quick
	// match seats only at a table of its variant) until ctx ends, and returns what releases it.
	LockQuick(ctx context.Context, key string) (unlock func(), err error)
}

// AccessWatcher is a store that several processes share (PostgreSQL): AccessChanged tells this
// process that another banned someone, revoked a device, deleted or renamed an account (a
// wake-up: the open connections and the rooms' seats are checked again against the bans,
// devices and accounts stored).
type AccessWatcher interface {
	AccessChanged() <-chan struct{}
}
