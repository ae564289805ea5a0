package server

import (
	"database/sql"
	"errors"
	"fmt"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
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

// StoredRoom is a room as the store holds it: its metadata (settings, seats, state) and the log
// of its current game.
type StoredRoom struct {
	Code string
	Game int
	Meta []byte
	Log  []Entry
}

// Store keeps rooms durable. Every method is safe for concurrent use.
type Store interface {
	// Commit stores in one transaction the room's metadata (unless meta is nil) and the entries
	// of game game's log numbered from first on. An entry number already stored is an error, so
	// an action is never stored twice.
	Commit(code string, game int, meta []byte, first int, entries []Entry) error
	// Load returns every room with its current game's log.
	Load() ([]StoredRoom, error)
	// Close releases the store.
	Close() error
}

// SQLStore is a Store on database/sql: an embedded SQLite file (OpenSQLite) now; the statements
// are plain SQL with $N parameters, so PostgreSQL takes them unchanged.
type SQLStore struct {
	db *sql.DB
}

const schema = `
CREATE TABLE IF NOT EXISTS rooms (
	code TEXT PRIMARY KEY,
	game INTEGER NOT NULL,
	meta TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS log (
	code TEXT NOT NULL,
	game INTEGER NOT NULL,
	n    INTEGER NOT NULL,
	kind INTEGER NOT NULL,
	data TEXT NOT NULL,
	PRIMARY KEY (code, game, n)
);`

// OpenSQLite opens (creating if needed) the SQLite database file at path, in WAL mode: a commit
// is in the file once Commit returns, so killing the process loses nothing committed.
func OpenSQLite(path string) (*SQLStore, error) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(10000)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("server: open %s: %w", path, err)
	}
	// SQLite has one writer; one connection keeps the writers from meeting "database is locked".
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("server: create tables in %s: %w", path, err)
	}
	return &SQLStore{db: db}, nil
}

// Commit implements Store.
func (s *SQLStore) Commit(code string, game int, meta []byte, first int, entries []Entry) (err error) {
	tx, err := s.db.Begin()
	if err != nil {
		return fmt.Errorf("server: store room %s: %w", code, err)
	}
	defer func() {
		if err != nil {
			err = errors.Join(fmt.Errorf("server: store room %s: %w", code, err), tx.Rollback())
		}
	}()
	if meta != nil {
		if _, err = tx.Exec(`INSERT INTO rooms (code, game, meta) VALUES ($1, $2, $3)
			ON CONFLICT (code) DO UPDATE SET game = excluded.game, meta = excluded.meta`, code, game, string(meta)); err != nil {
			return err
		}
	}
	for i, e := range entries {
		if _, err = tx.Exec(`INSERT INTO log (code, game, n, kind, data) VALUES ($1, $2, $3, $4, $5)`,
			code, game, first+i, int(e.Kind), string(e.Data)); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Load implements Store.
func (s *SQLStore) Load() ([]StoredRoom, error) {
	rows, err := s.db.Query(`SELECT code, game, meta FROM rooms ORDER BY code`)
	if err != nil {
		return nil, fmt.Errorf("server: load rooms: %w", err)
	}
	var out []StoredRoom
	index := map[string]int{}
	for rows.Next() {
		var r StoredRoom
		var meta string
		if err := rows.Scan(&r.Code, &r.Game, &meta); err != nil {
			rows.Close()
			return nil, fmt.Errorf("server: load rooms: %w", err)
		}
		r.Meta = []byte(meta)
		index[r.Code] = len(out)
		out = append(out, r)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, fmt.Errorf("server: load rooms: %w", err)
	}
	rows, err = s.db.Query(`SELECT l.code, l.n, l.kind, l.data FROM log l JOIN rooms r ON l.code = r.code AND l.game = r.game ORDER BY l.code, l.n`)
	if err != nil {
		return nil, fmt.Errorf("server: load logs: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var code, data string
		var n, kind int
		if err := rows.Scan(&code, &n, &kind, &data); err != nil {
			return nil, fmt.Errorf("server: load logs: %w", err)
		}
		r := &out[index[code]]
		if n != len(r.Log) {
			return nil, fmt.Errorf("server: room %s: log entry %d missing", code, len(r.Log))
		}
		r.Log = append(r.Log, Entry{Kind: EntryKind(kind), Data: []byte(data)})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("server: load logs: %w", err)
	}
	return out, nil
}

// Close implements Store.
func (s *SQLStore) Close() error { return s.db.Close() }
