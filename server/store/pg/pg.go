// Package pg is the game server's PostgreSQL store (pgx, a connection pool): the store that
// several server processes share.
package pg

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"nimmt/server/store"
)

// Store is a store.Store and store.Names on a PostgreSQL database. Commits are grouped
// (store.Batcher).
type Store struct {
	pool  *pgxpool.Pool
	batch *store.Batcher
	// owner, when set (OpenLeases), is this process's lease number: a commit stores a room's
	// change only while the room's lease is this process's (else store.ErrFenced).
	owner atomic.Int32
	fence atomic.Bool
	// listen is the lobby's listener (lobby.go).
	listen lobbyListen

	store.SQL // Load, LoadRoom, the names, the accounts, the lobby: the SQL both stores share
}

var (
	_ store.Store = (*Store)(nil)
	_ store.Names = (*Store)(nil)
)

// migrationLock is the advisory lock key under which a process migrates the schema, so that
// processes started together migrate one after another.
const migrationLock = 0x6e696d6d74 // "nimmt"

// migrations are the schema's versions: migration i brings the schema from version i to i+1.
var migrations = []string{
	`CREATE TABLE rooms (
	code TEXT PRIMARY KEY,
	game INTEGER NOT NULL,
	meta TEXT NOT NULL
);
CREATE TABLE log (
	code TEXT NOT NULL,
	game INTEGER NOT NULL,
	n    INTEGER NOT NULL,
	kind INTEGER NOT NULL,
	data TEXT NOT NULL,
	PRIMARY KEY (code, game, n)
);
CREATE TABLE chat (
	code TEXT NOT NULL,
	n    INTEGER NOT NULL,
	data TEXT NOT NULL,
	PRIMARY KEY (code, n)
);
CREATE TABLE names (
	name TEXT PRIMARY KEY,
	code TEXT NOT NULL
);
CREATE INDEX names_code ON names (code);`,
	// The rooms' leases (leases.go): the owner is a process's number, alive while the process
	// holds the advisory lock (lockClass, owner); wanted: another process asked for the room.
	`CREATE TABLE leases (
	code   TEXT PRIMARY KEY,
	owner  INTEGER NOT NULL,
	wanted BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX leases_owner ON leases (owner) WHERE wanted;`,
	accountsSchema, // accounts.go
	// When each room was last changed (its metadata stored) or let go by a process: a room no
	// live process serves is deleted once this is older than the expiry (Leases.Sweep).
	`ALTER TABLE rooms ADD COLUMN touched TIMESTAMPTZ NOT NULL DEFAULT now();
CREATE INDEX rooms_touched ON rooms (touched);`,
	lobbySchema, // lobby.go
}

// Open connects to the PostgreSQL database at url (postgres://user@host:port/db?...) and brings
// its schema to the current version.
func Open(ctx context.Context, url string) (*Store, error) {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("pg: open: %w", err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("pg: migrate: %w", err)
	}
	s := &Store{pool: pool}
	s.SQL = store.NewSQL(newDB(pool), s.notifyLobby)
	s.batch = store.NewBatcher(s.writeBatch)
	return s, nil
}

// migrate brings the schema to the last version in one transaction, under an advisory lock.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
			return err
		}
		var v int
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v); err != nil {
			return err
		}
		if v > len(migrations) {
			return fmt.Errorf("the schema is at version %d, newer than this server's %d", v, len(migrations))
		}
		for ; v < len(migrations); v++ {
			if _, err := tx.Exec(ctx, migrations[v]); err != nil {
				return fmt.Errorf("version %d: %w", v+1, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, v+1); err != nil {
				return err
			}
		}
		return nil
	})
}

// Pool is the store's connection pool.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Commit implements store.Store.
func (s *Store) Commit(ctx context.Context, c store.Change) error { return s.batch.Commit(ctx, c) }

// SetCommitDelay makes the store start a transaction at most once per d (store.Batcher.SetDelay).
func (s *Store) SetCommitDelay(d time.Duration) { s.batch.SetDelay(d) }

// writeBatch stores the changes in one transaction, its statements sent in one round trip.
func (s *Store) writeBatch(ctx context.Context, batch []store.Change) error {
	fence, owner := s.fence.Load(), s.owner.Load()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		var fenced []string // the room of each fence query, in order; "" for the other statements
		for _, c := range batch {
			if fence {
				// The lease row is locked until the commit: a process taking the room waits
				// for this transaction, then loads the room with this change in it.
				b.Queue(`SELECT 1 FROM leases WHERE code = $1 AND owner = $2 FOR SHARE`, c.Code, owner)
				fenced = append(fenced, c.Code)
			}
			if c.Meta != nil {
				b.Queue(`INSERT INTO rooms (code, game, meta) VALUES ($1, $2, $3)
					ON CONFLICT (code) DO UPDATE SET game = excluded.game, meta = excluded.meta, touched = now()`, c.Code, c.Game, string(c.Meta))
			}
			for i, e := range c.Entries {
				b.Queue(`INSERT INTO log (code, game, n, kind, data) VALUES ($1, $2, $3, $4, $5)`,
					c.Code, c.Game, c.First+i, int(e.Kind), string(e.Data))
			}
			for _, l := range c.Chat {
				b.Queue(`INSERT INTO chat (code, n, data) VALUES ($1, $2, $3)`, c.Code, l.N, string(l.Data))
			}
			if len(c.Chat) > 0 && c.ChatCap > 0 {
				b.Queue(`DELETE FROM chat WHERE code = $1 AND n <= $2`, c.Code, c.Chat[len(c.Chat)-1].N-c.ChatCap)
			}
			for len(fenced) < b.Len() {
				fenced = append(fenced, "")
			}
		}
		br := tx.SendBatch(ctx, b)
		for _, code := range fenced {
			tag, err := br.Exec()
			if err != nil {
				return errors.Join(err, br.Close())
			}
			if code != "" && tag.RowsAffected() != 1 {
				return errors.Join(fmt.Errorf("room %s: %w", code, store.ErrFenced), br.Close())
			}
		}
		return br.Close()
	})
	if err != nil {
		if len(batch) == 1 {
			return fmt.Errorf("pg: store room %s: %w", batch[0].Code, err)
		}
		return fmt.Errorf("pg: store %d rooms: %w", len(batch), err)
	}
	return nil
}

// Delete implements store.Store.
func (s *Store) Delete(ctx context.Context, code string) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return deleteRoom(ctx, tx, code) })
	if err != nil {
		return fmt.Errorf("pg: delete room %s: %w", code, err)
	}
	return nil
}

// deleteRoom removes a room, its log, chat, names and lease in the transaction.
func deleteRoom(ctx context.Context, tx pgx.Tx, code string) error {
	b := &pgx.Batch{}
	for _, q := range []string{
		`DELETE FROM log WHERE code = $1`,
		`DELETE FROM chat WHERE code = $1`,
		`DELETE FROM names WHERE code = $1`,
		`DELETE FROM plays WHERE code = $1`,
		`DELETE FROM rooms WHERE code = $1`,
		`DELETE FROM leases WHERE code = $1`,
	} {
		b.Queue(q, code)
	}
	return tx.SendBatch(ctx, b).Close()
}

// Close implements store.Store: it waits for the commits under way, then closes the pool.
func (s *Store) Close() error {
	s.stopLobby()
	s.batch.Close()
	s.pool.Close()
	return nil
}

// Ping reports whether the database answers (the health check's).
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return fmt.Errorf("pg: %w", err)
	}
	return nil
}
