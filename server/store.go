package server

import (
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

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

// ChatLine is a stored chat line of a room: N counts the room's lines from 1, Data is the
// protocol.Chat message as JSON.
type ChatLine struct {
	N    int
	Data []byte
}

// StoredRoom is a room as the store holds it: its metadata (settings, seats, state), the log
// of its current game and its last chat lines (at most the cap given to Commit, oldest first).
type StoredRoom struct {
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

// Store keeps rooms durable. Every method is safe for concurrent use.
type Store interface {
	// Commit stores a room's change in one transaction (it may share it with other rooms'
	// changes): when it returns nil, the change is durable. An entry or chat number already
	// stored is an error, so an action is never stored twice.
	Commit(c Change) error
	// Load returns every room with its current game's log and last chat lines.
	Load() ([]StoredRoom, error)
	// Delete removes a room, its log, its chat and the names that lead to it.
	Delete(code string) error
	// SetName stores that the room name (a text-port name such as "oak") leads to the room with
	// the code.
	SetName(name, code string) error
	// Names returns every stored room name with its room code.
	Names() (map[string]string, error)
	// Close releases the store, after the changes being committed.
	Close() error
}

// SQLStore is a Store on database/sql: an embedded SQLite file (OpenSQLite) now; the statements
// are plain SQL with $N parameters, so PostgreSQL takes them unchanged.
//
// Commits are grouped: one goroutine writes, and the changes that arrive while it commits go
// into its next transaction together, so that the rooms' actions share the cost of a commit
// while each still returns only once its own change is durable.
type SQLStore struct {
	db   *sql.DB
	ckpt *sql.DB          // the checkpointer's connection
	stmt [stmts]*sql.Stmt // prepared once: SQLite parses a statement in a good part of its cost

	mu      sync.Mutex
	queue   []*commitReq
	delay   time.Duration // see SetCommitDelay
	closed  bool
	wake    chan struct{}
	stopped chan struct{}

	quit     chan struct{} // closed by Close: the checkpointer stops
	ckptDone chan struct{}
}

// checkpointEvery is how often the checkpointer copies the WAL into the database file.
const checkpointEvery = time.Second

// checkpointer copies the committed WAL into the database file every checkpointEvery, without
// holding up the writer (a PASSIVE checkpoint takes no lock a commit needs), until Close.
func (s *SQLStore) checkpointer() {
	defer close(s.ckptDone)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-s.quit:
			return
		case <-t.C:
			if _, err := s.ckpt.Exec(`PRAGMA wal_checkpoint(PASSIVE)`); err != nil {
				slog.Error("server: WAL checkpoint", "err", err)
			}
		}
	}
}

// The statements of write.
const (
	stmtMeta = iota
	stmtLog
	stmtChat
	stmtTrimChat
	stmts
)

var stmtText = [stmts]string{
	stmtMeta: `INSERT INTO rooms (code, game, meta) VALUES ($1, $2, $3)
		ON CONFLICT (code) DO UPDATE SET game = excluded.game, meta = excluded.meta`,
	stmtLog:      `INSERT INTO log (code, game, n, kind, data) VALUES ($1, $2, $3, $4, $5)`,
	stmtChat:     `INSERT INTO chat (code, n, data) VALUES ($1, $2, $3)`,
	stmtTrimChat: `DELETE FROM chat WHERE code = $1 AND n <= $2`,
}

type commitReq struct {
	c    Change
	done chan error
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
);
CREATE TABLE IF NOT EXISTS chat (
	code TEXT NOT NULL,
	n    INTEGER NOT NULL,
	data TEXT NOT NULL,
	PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS names (
	name TEXT PRIMARY KEY,
	code TEXT NOT NULL
);`

// OpenSQLite opens (creating if needed) the SQLite database file at path, in WAL mode: a commit
// is in the file once Commit returns, so killing the process loses nothing committed.
func OpenSQLite(path string) (*SQLStore, error) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(10000)"
	// The writer does not checkpoint the WAL into the database itself (a checkpoint copies pages
	// and syncs the file, and would hold up every room waiting for the next commit): a second
	// connection does it in the background (checkpointer).
	db, err := sql.Open("sqlite", dsn+"&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		return nil, fmt.Errorf("server: open %s: %w", path, err)
	}
	ckpt, err := sql.Open("sqlite", dsn)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("server: open %s: %w", path, err)
	}
	ckpt.SetMaxOpenConns(1)
	// SQLite has one writer; one connection keeps the writers from meeting "database is locked".
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		ckpt.Close()
		return nil, fmt.Errorf("server: create tables in %s: %w", path, err)
	}
	s := &SQLStore{db: db, ckpt: ckpt, wake: make(chan struct{}, 1), stopped: make(chan struct{}),
		quit: make(chan struct{}), ckptDone: make(chan struct{})}
	for i, q := range stmtText {
		if s.stmt[i], err = db.Prepare(q); err != nil {
			db.Close()
			ckpt.Close()
			return nil, fmt.Errorf("server: prepare statements in %s: %w", path, err)
		}
	}
	go s.committer()
	go s.checkpointer()
	return s, nil
}

// Commit implements Store.
func (s *SQLStore) Commit(c Change) error {
	req := &commitReq{c: c, done: make(chan error, 1)}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return fmt.Errorf("server: store room %s: the store is closed", c.Code)
	}
	s.queue = append(s.queue, req)
	select { // under the lock: Close closes wake under it
	case s.wake <- struct{}{}:
	default:
	}
	s.mu.Unlock()
	return <-req.done
}

// SetCommitDelay makes the store start a transaction at most once per d: a change that comes
// less than d after the last transaction began waits for the rest of d, with the changes that
// come meanwhile, so that under load many rooms share each transaction (a transaction's fixed
// cost — its pages written to the WAL — is most of a lone change's cost). A change that comes
// after a quiet spell of d is written at once. 0, the default, writes each batch as soon as the
// last ends.
func (s *SQLStore) SetCommitDelay(d time.Duration) {
	s.mu.Lock()
	s.delay = d
	s.mu.Unlock()
}

// committer writes the queued changes, all that wait in one transaction, until Close.
func (s *SQLStore) committer() {
	defer close(s.stopped)
	var last time.Time // when the last transaction began
	for range s.wake {
		for {
			s.mu.Lock()
			waiting, d := len(s.queue), s.delay
			s.mu.Unlock()
			if waiting == 0 {
				break
			}
			if wait := d - time.Since(last); d > 0 && wait > 0 {
				time.Sleep(wait) // the changes that come meanwhile join this transaction
			}
			s.mu.Lock()
			batch := s.queue
			s.queue = nil
			s.mu.Unlock()
			last = time.Now()
			s.commitBatch(batch)
		}
	}
}

// commitBatch stores a batch in one transaction; if that fails, each change alone, so that one
// refused change does not refuse the others.
func (s *SQLStore) commitBatch(batch []*commitReq) {
	err := s.tx(func(tx *sql.Tx) error {
		for _, r := range batch {
			if err := s.write(tx, r.c); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil || len(batch) == 1 {
		for _, r := range batch {
			r.done <- err
		}
		return
	}
	for _, r := range batch {
		r.done <- s.tx(func(tx *sql.Tx) error { return s.write(tx, r.c) })
	}
}

// tx runs f in a transaction and commits it.
func (s *SQLStore) tx(f func(*sql.Tx) error) (err error) {
	tx, err := s.db.Begin()
	if err != nil {
		return fmt.Errorf("server: store: %w", err)
	}
	if err := f(tx); err != nil {
		return errors.Join(err, tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("server: store: %w", err)
	}
	return nil
}

// write stores one room's change in tx.
func (s *SQLStore) write(tx *sql.Tx, c Change) error {
	exec := func(i int, args ...any) error {
		if _, err := tx.Stmt(s.stmt[i]).Exec(args...); err != nil {
			return fmt.Errorf("server: store room %s: %w", c.Code, err)
		}
		return nil
	}
	if c.Meta != nil {
		if err := exec(stmtMeta, c.Code, c.Game, string(c.Meta)); err != nil {
			return err
		}
	}
	for i, e := range c.Entries {
		if err := exec(stmtLog, c.Code, c.Game, c.First+i, int(e.Kind), string(e.Data)); err != nil {
			return err
		}
	}
	for _, l := range c.Chat {
		if err := exec(stmtChat, c.Code, l.N, string(l.Data)); err != nil {
			return err
		}
	}
	if len(c.Chat) > 0 && c.ChatCap > 0 {
		if err := exec(stmtTrimChat, c.Code, c.Chat[len(c.Chat)-1].N-c.ChatCap); err != nil {
			return err
		}
	}
	return nil
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
	for rows.Next() {
		var code, data string
		var n, kind int
		if err := rows.Scan(&code, &n, &kind, &data); err != nil {
			rows.Close()
			return nil, fmt.Errorf("server: load logs: %w", err)
		}
		r := &out[index[code]]
		if n != len(r.Log) {
			rows.Close()
			return nil, fmt.Errorf("server: room %s: log entry %d missing", code, len(r.Log))
		}
		r.Log = append(r.Log, Entry{Kind: EntryKind(kind), Data: []byte(data)})
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, fmt.Errorf("server: load logs: %w", err)
	}
	rows, err = s.db.Query(`SELECT code, n, data FROM chat ORDER BY code, n`)
	if err != nil {
		return nil, fmt.Errorf("server: load chat: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var code, data string
		var n int
		if err := rows.Scan(&code, &n, &data); err != nil {
			return nil, fmt.Errorf("server: load chat: %w", err)
		}
		if i, ok := index[code]; ok {
			out[i].Chat = append(out[i].Chat, ChatLine{N: n, Data: []byte(data)})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("server: load chat: %w", err)
	}
	return out, nil
}

// Delete implements Store.
func (s *SQLStore) Delete(code string) error {
	err := s.tx(func(tx *sql.Tx) error {
		for _, q := range []string{
			`DELETE FROM log WHERE code = $1`,
			`DELETE FROM chat WHERE code = $1`,
			`DELETE FROM names WHERE code = $1`,
			`DELETE FROM rooms WHERE code = $1`,
		} {
			if _, err := tx.Exec(q, code); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("server: delete room %s: %w", code, err)
	}
	return nil
}

// SetName implements Store.
func (s *SQLStore) SetName(name, code string) error {
	if _, err := s.db.Exec(`INSERT INTO names (name, code) VALUES ($1, $2)
		ON CONFLICT (name) DO UPDATE SET code = excluded.code`, name, code); err != nil {
		return fmt.Errorf("server: store room name %s: %w", name, err)
	}
	return nil
}

// Names implements Store.
func (s *SQLStore) Names() (map[string]string, error) {
	rows, err := s.db.Query(`SELECT name, code FROM names`)
	if err != nil {
		return nil, fmt.Errorf("server: load room names: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var name, code string
		if err := rows.Scan(&name, &code); err != nil {
			return nil, fmt.Errorf("server: load room names: %w", err)
		}
		out[name] = code
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("server: load room names: %w", err)
	}
	return out, nil
}

// Close implements Store: it waits for the commits under way, then closes the database.
func (s *SQLStore) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.wake)
	s.mu.Unlock()
	<-s.stopped
	close(s.quit)
	<-s.ckptDone
	for _, st := range s.stmt {
		st.Close()
	}
	// A last checkpoint, so a clean shutdown leaves the database file whole.
	_, err := s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	return errors.Join(err, s.ckpt.Close(), s.db.Close())
}
