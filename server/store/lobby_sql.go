package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// SQLLobby is Lobby, but for TablesChanged, on the tables lobby_tables (and rooms, which holds
// the tables' rooms), reports and bans of a DB: the SQL both stores share.
type SQLLobby struct {
	db DB
	// notify, when set, tells the other processes in tx that the list of tables changed.
	notify func(ctx context.Context, tx Conn) error
}

// change runs a statement that changes the list of tables, and notify with it.
func (s SQLLobby) change(ctx context.Context, q string, args ...any) error {
	if s.notify == nil {
		_, err := s.db.Exec(ctx, q, args...)
		return err
	}
	return s.db.Tx(ctx, func(tx Conn) error {
		if _, err := tx.Exec(ctx, q, args...); err != nil {
			return err
		}
		return s.notify(ctx, tx)
	})
}

// PutTable implements Lobby.
func (s SQLLobby) PutTable(ctx context.Context, t Table) error {
	return fail(s.db, "list table "+t.Code, s.change(ctx, `INSERT INTO lobby_tables (code, variant, seats, taken, state, quick, fill, made, data)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (code) DO UPDATE SET variant = excluded.variant, seats = excluded.seats, taken = excluded.taken,
		state = excluded.state, quick = excluded.quick, fill = excluded.fill, data = excluded.data`,
		t.Code, t.Variant, t.Seats, t.Taken, t.State, t.Quick, t.Fill, t.Made, string(t.Data)))
}

// DropTable implements Lobby.
func (s SQLLobby) DropTable(ctx context.Context, code string) error {
	return fail(s.db, "unlist table "+code, s.change(ctx, `DELETE FROM lobby_tables WHERE code = $1`, code))
}

// Tables implements Lobby.
func (s SQLLobby) Tables(ctx context.Context, f TableFilter) ([]Table, error) {
	q, args := tablesQuery(f)
	var out []Table
	err := s.db.Query(ctx, q, args, func(row Row) error {
		var t Table
		var data string
		if err := row.Scan(&t.Code, &t.Variant, &t.Seats, &t.Taken, &t.State, &t.Quick, &t.Fill, &t.Made, &data); err != nil {
			return err
		}
		t.Data = []byte(data)
		out = append(out, t)
		return nil
	})
	if err != nil {
		return nil, fail(s.db, "tables", err)
	}
	return out, nil
}

// AddReport implements Lobby.
func (s SQLLobby) AddReport(ctx context.Context, r Report) (int64, error) {
	var id int64
	if err := s.db.QueryRow(ctx, `INSERT INTO reports (at, room, data) VALUES ($1, $2, $3) RETURNING id`,
		ms(r.At), r.Room, string(r.Data)).Scan(&id); err != nil {
		return 0, fail(s.db, "store report", err)
	}
	return id, nil
}

// Reports implements Lobby.
func (s SQLLobby) Reports(ctx context.Context, n int) ([]Report, error) {
	var out []Report
	err := s.db.Query(ctx, `SELECT id, at, room, data FROM reports ORDER BY id DESC LIMIT $1`, []any{n}, func(row Row) error {
		var r Report
		var at int64
		var data string
		if err := row.Scan(&r.ID, &at, &r.Room, &data); err != nil {
			return err
		}
		r.At, r.Data = fromMS(at), []byte(data)
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, fail(s.db, "reports", err)
	}
	return out, nil
}

// DeleteReports implements Lobby.
func (s SQLLobby) DeleteReports(ctx context.Context, before time.Time) (int64, error) {
	n, err := s.db.Exec(ctx, `DELETE FROM reports WHERE at < $1`, ms(before))
	return n, fail(s.db, "delete reports", err)
}

// Ban implements Lobby.
func (s SQLLobby) Ban(ctx context.Context, b Ban) error {
	var until int64
	if !b.Until.IsZero() {
		until = ms(b.Until)
	}
	_, err := s.db.Exec(ctx, `INSERT INTO bans (who, reason, at, until) VALUES ($1, $2, $3, $4)
		ON CONFLICT (who) DO UPDATE SET reason = excluded.reason, at = excluded.at, until = excluded.until`,
		b.Who, b.Reason, ms(b.At), until)
	return fail(s.db, "ban "+b.Who, err)
}

// Unban implements Lobby.
func (s SQLLobby) Unban(ctx context.Context, who string) (bool, error) {
	n, err := s.db.Exec(ctx, `DELETE FROM bans WHERE who = $1`, who)
	if err != nil {
		return false, fail(s.db, "unban "+who, err)
	}
	return n > 0, nil
}

// Bans implements Lobby.
func (s SQLLobby) Bans(ctx context.Context, now time.Time) ([]Ban, error) {
	var out []Ban
	err := s.db.Query(ctx, `SELECT who, reason, at, until FROM bans WHERE until = 0 OR until > $1 ORDER BY who`, []any{ms(now)}, func(row Row) error {
		b, err := scanBan(row)
		out = append(out, b)
		return err
	})
	if err != nil {
		return nil, fail(s.db, "bans", err)
	}
	return out, nil
}

// Banned implements Lobby.
func (s SQLLobby) Banned(ctx context.Context, whos []string, now time.Time) (Ban, bool, error) {
	if len(whos) == 0 {
		return Ban{}, false, nil
	}
	q, args := bannedQuery(whos, ms(now))
	b, err := scanBan(s.db.QueryRow(ctx, q, args...))
	if errors.Is(err, ErrNoRows) {
		return Ban{}, false, nil
	}
	if err != nil {
		return Ban{}, false, fail(s.db, "banned", err)
	}
	return b, true, nil
}

// tablesQuery returns the SQL query of Tables for f and its arguments ($1, $2, … placeholders,
// which both stores take), on the table lobby_tables (and rooms, which holds the tables' rooms).
func tablesQuery(f TableFilter) (string, []any) {
	var args []any
	q := `SELECT code, variant, seats, taken, state, quick, fill, made, data FROM lobby_tables t
	WHERE EXISTS (SELECT 1 FROM rooms r WHERE r.code = t.code)`
	cond := func(c string, v any) {
		args = append(args, v)
		q += fmt.Sprintf(" AND %s $%d", c, len(args))
	}
	if f.Variant != "" {
		cond("variant =", f.Variant)
	}
	if f.Seats > 0 {
		cond("seats =", f.Seats)
	}
	if f.MinSeats > 0 {
		cond("seats >=", f.MinSeats)
	}
	if f.MaxSeats > 0 {
		cond("seats <=", f.MaxSeats)
	}
	if f.State != "" {
		cond("state =", f.State)
	}
	if f.Quick {
		cond("quick =", true)
	}
	if f.Open {
		q += " AND taken < seats"
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 500
	}
	args = append(args, limit)
	q += fmt.Sprintf(" ORDER BY taken DESC, made, code LIMIT $%d", len(args))
	return q, args
}

// bannedQuery returns the SQL query of Banned for whos at now (Unix milliseconds) and its
// arguments, on the table bans.
func bannedQuery(whos []string, now int64) (string, []any) {
	args := []any{now}
	var in []string
	for _, w := range whos {
		args = append(args, w)
		in = append(in, fmt.Sprintf("$%d", len(args)))
	}
	return `SELECT who, reason, at, until FROM bans WHERE (until = 0 OR until > $1) AND who IN (` +
		strings.Join(in, ", ") + `) ORDER BY who LIMIT 1`, args
}

// scanBan reads a row of the bans table's who, reason, at and until (Unix milliseconds, 0: for
// ever) into a Ban.
func scanBan(row Row) (Ban, error) {
	var b Ban
	var at, until int64
	if err := row.Scan(&b.Who, &b.Reason, &at, &until); err != nil {
		return b, err
	}
	b.At = fromMS(at)
	if until != 0 {
		b.Until = fromMS(until)
	}
	return b, nil
}
