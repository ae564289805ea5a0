// Package sqlite is the game server's embedded store: one SQLite file (pure Go, no cgo) in WAL
// mode, the default, which needs no setup.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go

	"nimmt/server/store"
)

// Store is a store.Store and store.Names on an SQLite file. Commits are grouped (store.Batcher).
type Store struct {
	db    *sql.DB
	ckpt  *sql.DB          // the checkpointer's connection
	stmt  [stmts]*sql.Stmt // prepared once: SQLite parses a statement in a good part of its cost
	batch *store.Batcher

	quit     chan struct{} // closed by Close: the checkpointer stops
	ckptDone chan struct{}

	closeOnce sync.Once
	closeErr  error

	store.SQL // Load, LoadRoom, the names, the accounts, the lobby: the SQL both stores share
}

var (
	_ store.Store = (*Store)(nil)
	_ store.Names = (*Store)(nil)
)

// checkpointEvery is how often the checkpointer copies the WAL into the database file.
const checkpointEvery = time.Second

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

// migrations are the schema's versions: migration i brings the schema from version i to i+1.
// The first creates the tables only if missing: files from before the versions have them.
var migrations = []string{
	`CREATE TABLE IF NOT EXISTS rooms (
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
);`,
	accountsSchema, // accounts.go
	lobbySchema,    // lobby.go
}

// Open opens (creating if needed) the SQLite database file at path, in WAL mode, and brings its
// schema to the current version: a commit is in the file once Commit returns, so killing the
// process loses nothing committed.
func Open(path string) (*Store, error) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(10000)"
	// The writer does not checkpoint the WAL into the database itself (a checkpoint copies pages
	// and syncs the file, and would hold up every room waiting for the next commit): a second
	// connection does it in the background (checkpointer).
	db, err := sql.Open("sqlite", dsn+"&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	ckpt, err := sql.Open("sqlite", dsn)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	ckpt.SetMaxOpenConns(1)
	// SQLite has one writer; one connection keeps the writers from meeting "database is locked".
	db.SetMaxOpenConns(1)
	fail := func(what string, err error) (*Store, error) {
		db.Close()
		ckpt.Close()
		return nil, fmt.Errorf("sqlite: %s in %s: %w", what, path, err)
	}
	if err := migrate(db); err != nil {
		return fail("migrate", err)
	}
	s := &Store{db: db, ckpt: ckpt, quit: make(chan struct{}), ckptDone: make(chan struct{})}
	for i, q := range stmtText {
		if s.stmt[i], err = db.Prepare(q); err != nil {
			return fail("prepare statements", err)
		}
	}
	s.SQL = store.NewSQL(newDB(s), nil)
	s.batch = store.NewBatcher(s.writeBatch)
	go s.checkpointer()
	return s, nil
}

// migrate brings the schema to the last version, each migration in its own transaction.
func migrate(db *sql.DB) error {
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var v int
	if err := db.QueryRow(`SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v); err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("the schema is at version %d, newer than this server's %d", v, len(migrations))
	}
	for ; v < len(migrations); v++ {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migrations[v]); err != nil {
			return errors.Join(fmt.Errorf("version %d: %w", v+1, err), tx.Rollback())
		}
		if _, err := tx.Exec(`INSERT INTO schema_version (version) VALUES ($1)`, v+1); err != nil {
			return errors.Join(err, tx.Rollback())
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// checkpointer copies the committed WAL into the database file every checkpointEvery, without
// holding up the writer (a PASSIVE checkpoint takes no lock a commit needs), until Close.
func (s *Store) checkpointer() {
	defer close(s.ckptDone)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	var quiet throttle
	for {
		select {
		case <-s.quit:
			return
		case now := <-t.C:
			_, err := s.ckpt.Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
			if say, n := quiet.failed(err, now); say && err != nil {
				slog.Error("sqlite: WAL checkpoint", "err", err, "failures since the last line", n)
			} else if say {
				slog.Info("sqlite: WAL checkpoints work again", "failures", n)
			}
		}
	}
}

// failureLogEvery is the least time between two log lines of a failure that repeats (a full disk
// fails every checkpoint, once a second).
const failureLogEvery = time.Minute

// throttle says when a failure that repeats is worth a log line: its first time, then at most
// once per failureLogEvery, and the first success after it.
type throttle struct {
	last    time.Time // when the last line was said
	failing bool
	n       int // failures since the last line
}

// failed takes the outcome of one try at now (err nil: it worked) and returns whether to say a
// line, with the number of failures it stands for.
func (t *throttle) failed(err error, now time.Time) (say bool, n int) {
	if err == nil {
		if !t.failing {
			return false, 0
		}
		n = t.n
		*t = throttle{}
		return true, n
	}
	t.n++
	if t.failing && now.Sub(t.last) < failureLogEvery {
		return false, 0
	}
	t.failing, t.last, n, t.n = true, now, t.n, 0
	return true, n
}

// Commit implements store.Store.
func (s *Store) Commit(ctx context.Context, c store.Change) error { return s.batch.Commit(ctx, c) }

// SetCommitDelay makes the store start a transaction at most once per d (store.Batcher.SetDelay).
func (s *Store) SetCommitDelay(d time.Duration) { s.batch.SetDelay(d) }

// writeBatch stores the changes in one transaction.
func (s *Store) writeBatch(ctx context.Context, batch []store.Change) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		for _, c := range batch {
			if err := s.write(ctx, tx, c); err != nil {
				return err
			}
		}
		return nil
	})
}

// tx runs f in a transaction and commits it.
func (s *Store) tx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	if err := f(tx); err != nil {
		return errors.Join(err, tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	return nil
}

// write stores one room's change in tx.
func (s *Store) write(ctx context.Context, tx *sql.Tx, c store.Change) error {
	exec := func(i int, args ...any) error {
		if _, err := tx.StmtContext(ctx, s.stmt[i]).ExecContext(ctx, args...); err != nil {
			return fmt.Errorf("sqlite: store room %s: %w", c.Code, err)
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

// Delete implements store.Store.
func (s *Store) Delete(ctx context.Context, code string) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{
			`DELETE FROM log WHERE code = $1`,
			`DELETE FROM chat WHERE code = $1`,
			`DELETE FROM names WHERE code = $1`,
			`DELETE FROM plays WHERE code = $1`,
			`DELETE FROM rooms WHERE code = $1`,
		} {
			if _, err := tx.ExecContext(ctx, q, code); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: delete room %s: %w", code, err)
	}
	return nil
}

// Close implements store.Store: it waits for the commits under way, then checkpoints the WAL
// into the database file and closes it.
func (s *Store) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.close() })
	return s.closeErr
}

func (s *Store) close() error {
	s.batch.Close()
	close(s.quit)
	<-s.ckptDone
	for _, st := range s.stmt {
		st.Close()
	}
	// A last checkpoint, so a clean shutdown leaves the database file whole.
	_, err := s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	return errors.Join(err, s.ckpt.Close(), s.db.Close())
}
