package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

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
	quick   INTEGER NOT NULL,
	fill    INTEGER NOT NULL,
	made    INTEGER NOT NULL,
	data    TEXT NOT NULL
);
CREATE INDEX lobby_tables_variant ON lobby_tables (variant, state);
CREATE TABLE reports (
	id   INTEGER PRIMARY KEY AUTOINCREMENT,
	at   INTEGER NOT NULL,
	room TEXT NOT NULL,
	data TEXT NOT NULL
);
CREATE TABLE bans (
	who    TEXT PRIMARY KEY,
	reason TEXT NOT NULL,
	at     INTEGER NOT NULL,
	until  INTEGER NOT NULL
);`

// PutTable implements store.Lobby.
func (s *Store) PutTable(ctx context.Context, t store.Table) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO lobby_tables (code, variant, seats, taken, state, quick, fill, made, data)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (code) DO UPDATE SET variant = excluded.variant, seats = excluded.seats, taken = excluded.taken,
		state = excluded.state, quick = excluded.quick, fill = excluded.fill, data = excluded.data`,
		t.Code, t.Variant, t.Seats, t.Taken, t.State, t.Quick, t.Fill, t.Made, string(t.Data)); err != nil {
		return fmt.Errorf("sqlite: list table %s: %w", t.Code, err)
	}
	return nil
}

// DropTable implements store.Lobby.
func (s *Store) DropTable(ctx context.Context, code string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM lobby_tables WHERE code = $1`, code); err != nil {
		return fmt.Errorf("sqlite: unlist table %s: %w", code, err)
	}
	return nil
}

// Tables implements store.Lobby.
func (s *Store) Tables(ctx context.Context, f store.TableFilter) ([]store.Table, error) {
	q, args := store.TablesQuery(f)
	var out []store.Table
	err := s.query(ctx, q, args, func(rows *sql.Rows) error {
		var t store.Table
		var data string
		if err := rows.Scan(&t.Code, &t.Variant, &t.Seats, &t.Taken, &t.State, &t.Quick, &t.Fill, &t.Made, &data); err != nil {
			return err
		}
		t.Data = []byte(data)
		out = append(out, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: tables: %w", err)
	}
	return out, nil
}

// TablesChanged implements store.Lobby: one process uses an SQLite file, so no other process
// changes the list.
func (s *Store) TablesChanged() <-chan struct{} { return nil }

// AddReport implements store.Lobby.
func (s *Store) AddReport(ctx context.Context, r store.Report) (int64, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO reports (at, room, data) VALUES ($1, $2, $3)`, r.At.UnixMilli(), r.Room, string(r.Data))
	if err != nil {
		return 0, fmt.Errorf("sqlite: store report: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, fmt.Errorf("sqlite: store report: %w", err)
	}
	return id, nil
}

// Reports implements store.Lobby.
func (s *Store) Reports(ctx context.Context, n int) ([]store.Report, error) {
	var out []store.Report
	err := s.query(ctx, `SELECT id, at, room, data FROM reports ORDER BY id DESC LIMIT $1`, []any{n}, func(rows *sql.Rows) error {
		var r store.Report
		var at int64
		var data string
		if err := rows.Scan(&r.ID, &at, &r.Room, &data); err != nil {
			return err
		}
		r.At, r.Data = time.UnixMilli(at).UTC(), []byte(data)
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: reports: %w", err)
	}
	return out, nil
}

// Ban implements store.Lobby.
func (s *Store) Ban(ctx context.Context, b store.Ban) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO bans (who, reason, at, until) VALUES ($1, $2, $3, $4)
		ON CONFLICT (who) DO UPDATE SET reason = excluded.reason, at = excluded.at, until = excluded.until`,
		b.Who, b.Reason, b.At.UnixMilli(), unixOrZero(b.Until)); err != nil {
		return fmt.Errorf("sqlite: ban %s: %w", b.Who, err)
	}
	return nil
}

// Unban implements store.Lobby.
func (s *Store) Unban(ctx context.Context, who string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM bans WHERE who = $1`, who)
	if err != nil {
		return false, fmt.Errorf("sqlite: unban %s: %w", who, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("sqlite: unban %s: %w", who, err)
	}
	return n > 0, nil
}

// Bans implements store.Lobby.
func (s *Store) Bans(ctx context.Context, now time.Time) ([]store.Ban, error) {
	var out []store.Ban
	err := s.query(ctx, `SELECT who, reason, at, until FROM bans WHERE until = 0 OR until > $1 ORDER BY who`, []any{now.UnixMilli()}, func(rows *sql.Rows) error {
		b, err := store.ScanBan(rows)
		out = append(out, b)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: bans: %w", err)
	}
	return out, nil
}

// Banned implements store.Lobby.
func (s *Store) Banned(ctx context.Context, whos []string, now time.Time) (store.Ban, bool, error) {
	if len(whos) == 0 {
		return store.Ban{}, false, nil
	}
	q, args := store.BannedQuery(whos, now.UnixMilli())
	b, err := store.ScanBan(s.db.QueryRowContext(ctx, q, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return store.Ban{}, false, nil
	}
	if err != nil {
		return store.Ban{}, false, fmt.Errorf("sqlite: banned: %w", err)
	}
	return b, true, nil
}

// unixOrZero is t in Unix milliseconds, 0 for the zero time.
func unixOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}
