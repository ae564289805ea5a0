package pg

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"nimmt/server/store"
)

var _ store.Lobby = (*Store)(nil)

// lobbySchema is the schema version of the lobby: the public tables, reports and bans.
const lobbySchema = `CREATE TABLE lobby_tables (
	code    TEXT PRIMARY KEY,
	variant TEXT NOT NULL,
	seats   INTEGER NOT NULL,
	taken   INTEGER NOT NULL,
	state   TEXT NOT NULL,
	quick   BOOLEAN NOT NULL,
	fill    INTEGER NOT NULL,
	made    BIGINT NOT NULL,
	data    TEXT NOT NULL
);
CREATE INDEX lobby_tables_variant ON lobby_tables (variant, state);
CREATE TABLE reports (
	id   BIGSERIAL PRIMARY KEY,
	at   BIGINT NOT NULL,
	room TEXT NOT NULL,
	data TEXT NOT NULL
);
CREATE TABLE bans (
	who    TEXT PRIMARY KEY,
	reason TEXT NOT NULL,
	at     BIGINT NOT NULL,
	until  BIGINT NOT NULL
);`

// lobbyChannel is the LISTEN/NOTIFY channel on which a process says it changed the list of
// public tables: a wake-up only (the payload names the process, which ignores its own); the
// list is in lobby_tables.
const lobbyChannel = "nimmt_lobby"

// lobbyListen is the store's listener on lobbyChannel, started by the first TablesChanged.
type lobbyListen struct {
	once    sync.Once
	start   sync.Once
	id      string // this process's name in the payloads
	changed chan struct{}
	quit    chan struct{}
	done    chan struct{}
}

// lobbyID returns this store's name in the notifications' payloads.
func (s *Store) lobbyID() string {
	s.listen.once.Do(func() {
		var b [8]byte
		rand.Read(b[:])
		s.listen.id = hex.EncodeToString(b[:])
		s.listen.changed = make(chan struct{}, 1)
		s.listen.quit = make(chan struct{})
		s.listen.done = make(chan struct{})
	})
	return s.listen.id
}

// PutTable implements store.Lobby; other processes are notified.
func (s *Store) PutTable(ctx context.Context, t store.Table) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO lobby_tables (code, variant, seats, taken, state, quick, fill, made, data)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
			ON CONFLICT (code) DO UPDATE SET variant = excluded.variant, seats = excluded.seats, taken = excluded.taken,
			state = excluded.state, quick = excluded.quick, fill = excluded.fill, data = excluded.data`,
			t.Code, t.Variant, t.Seats, t.Taken, t.State, t.Quick, t.Fill, t.Made, string(t.Data)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, lobbyChannel, s.lobbyID())
		return err
	})
	if err != nil {
		return fmt.Errorf("pg: list table %s: %w", t.Code, err)
	}
	return nil
}

// DropTable implements store.Lobby; other processes are notified.
func (s *Store) DropTable(ctx context.Context, code string) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM lobby_tables WHERE code = $1`, code); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, lobbyChannel, s.lobbyID())
		return err
	})
	if err != nil {
		return fmt.Errorf("pg: unlist table %s: %w", code, err)
	}
	return nil
}

// Tables implements store.Lobby.
func (s *Store) Tables(ctx context.Context, f store.TableFilter) ([]store.Table, error) {
	q, args := store.TablesQuery(f)
	var out []store.Table
	var t store.Table
	var data string
	rows, _ := s.pool.Query(ctx, q, args...)
	if _, err := pgx.ForEachRow(rows, []any{&t.Code, &t.Variant, &t.Seats, &t.Taken, &t.State, &t.Quick, &t.Fill, &t.Made, &data}, func() error {
		t.Data = []byte(data)
		out = append(out, t)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("pg: tables: %w", err)
	}
	return out, nil
}

// TablesChanged implements store.Lobby: a LISTEN on its own connection, started at the first
// call, wakes the channel when another process changed the list.
func (s *Store) TablesChanged() <-chan struct{} {
	s.lobbyID()
	s.listen.start.Do(func() { go s.listenLobby() })
	return s.listen.changed
}

// listenLobby listens on lobbyChannel until the store closes, connecting again after a failure.
func (s *Store) listenLobby() {
	l := &s.listen
	defer close(l.done)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-l.quit
		cancel()
	}()
	for ctx.Err() == nil {
		conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
		if err == nil {
			_, err = conn.Exec(ctx, "LISTEN "+lobbyChannel)
			// A change made while the listener was away is read at once.
			l.wake()
			for err == nil {
				var n *pgconn.Notification
				if n, err = conn.WaitForNotification(ctx); err == nil && n.Payload != l.id {
					l.wake()
				}
			}
			conn.Close(context.Background())
		}
		if ctx.Err() == nil {
			slog.Error("pg: lobby: listen", "err", err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}

func (l *lobbyListen) wake() {
	select {
	case l.changed <- struct{}{}:
	default:
	}
}

// stopLobby ends the listener, if it runs.
func (s *Store) stopLobby() {
	l := &s.listen
	if l.quit == nil {
		return
	}
	started := true
	l.start.Do(func() { started = false })
	close(l.quit)
	if started {
		<-l.done
	}
}

// AddReport implements store.Lobby.
func (s *Store) AddReport(ctx context.Context, r store.Report) (int64, error) {
	var id int64
	if err := s.pool.QueryRow(ctx, `INSERT INTO reports (at, room, data) VALUES ($1, $2, $3) RETURNING id`,
		r.At.UnixMilli(), r.Room, string(r.Data)).Scan(&id); err != nil {
		return 0, fmt.Errorf("pg: store report: %w", err)
	}
	return id, nil
}

// Reports implements store.Lobby.
func (s *Store) Reports(ctx context.Context, n int) ([]store.Report, error) {
	var out []store.Report
	var r store.Report
	var at int64
	var data string
	rows, _ := s.pool.Query(ctx, `SELECT id, at, room, data FROM reports ORDER BY id DESC LIMIT $1`, n)
	if _, err := pgx.ForEachRow(rows, []any{&r.ID, &at, &r.Room, &data}, func() error {
		r.At, r.Data = time.UnixMilli(at).UTC(), []byte(data)
		out = append(out, r)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("pg: reports: %w", err)
	}
	return out, nil
}

// Ban implements store.Lobby.
func (s *Store) Ban(ctx context.Context, b store.Ban) error {
	var until int64
	if !b.Until.IsZero() {
		until = b.Until.UnixMilli()
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO bans (who, reason, at, until) VALUES ($1, $2, $3, $4)
		ON CONFLICT (who) DO UPDATE SET reason = excluded.reason, at = excluded.at, until = excluded.until`,
		b.Who, b.Reason, b.At.UnixMilli(), until); err != nil {
		return fmt.Errorf("pg: ban %s: %w", b.Who, err)
	}
	return nil
}

// Unban implements store.Lobby.
func (s *Store) Unban(ctx context.Context, who string) (bool, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM bans WHERE who = $1`, who)
	if err != nil {
		return false, fmt.Errorf("pg: unban %s: %w", who, err)
	}
	return tag.RowsAffected() > 0, nil
}

// Bans implements store.Lobby.
func (s *Store) Bans(ctx context.Context, now time.Time) ([]store.Ban, error) {
	var out []store.Ban
	rows, err := s.pool.Query(ctx, `SELECT who, reason, at, until FROM bans WHERE until = 0 OR until > $1 ORDER BY who`, now.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("pg: bans: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		b, err := store.ScanBan(rows)
		if err != nil {
			return nil, fmt.Errorf("pg: bans: %w", err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("pg: bans: %w", err)
	}
	return out, nil
}

// Banned implements store.Lobby.
func (s *Store) Banned(ctx context.Context, whos []string, now time.Time) (store.Ban, bool, error) {
	if len(whos) == 0 {
		return store.Ban{}, false, nil
	}
	q, args := store.BannedQuery(whos, now.UnixMilli())
	b, err := store.ScanBan(s.pool.QueryRow(ctx, q, args...))
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Ban{}, false, nil
	}
	if err != nil {
		return store.Ban{}, false, fmt.Errorf("pg: banned: %w", err)
	}
	return b, true, nil
}
