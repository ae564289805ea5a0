package sqlite

import (
	"context"
	"database/sql"
	"strings"

	"nimmt/server/store"
)

// db is the database as a store.DB, for the SQL both stores share (store.SQL).
type db struct {
	conn
	s *Store
}

var _ store.DB = db{}

// querier is what the database and a transaction both do.
type querier interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

// conn is the database or a transaction as a store.Conn.
type conn struct{ q querier }

func newDB(s *Store) db { return db{conn: conn{s.db}, s: s} }

// Name implements store.DB.
func (db) Name() string { return "sqlite" }

// Tx implements store.DB.
func (d db) Tx(ctx context.Context, f func(store.Conn) error) error {
	return d.s.tx(ctx, func(tx *sql.Tx) error { return f(conn{tx}) })
}

// Snapshot implements store.DB: the queries run on the database, one after another.
func (d db) Snapshot(ctx context.Context, f func(store.Conn) error) error { return f(d.conn) }

// Unique implements store.DB: SQLite's refusal of a duplicate key.
func (db) Unique(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// ForShare implements store.DB: SQLite has no such clause, and one writer at a time.
func (db) ForShare() string { return "" }

// Exec implements store.Conn.
func (c conn) Exec(ctx context.Context, q string, args ...any) (int64, error) {
	res, err := c.q.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// QueryRow implements store.Conn.
func (c conn) QueryRow(ctx context.Context, q string, args ...any) store.Row {
	return store.NoRows(c.q.QueryRowContext(ctx, q, args...), sql.ErrNoRows)
}

// Query implements store.Conn.
func (c conn) Query(ctx context.Context, q string, args []any, each func(store.Row) error) error {
	rows, err := c.q.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return store.EachRow(rows, each)
}

// Batch implements store.Conn: the statements one after another.
func (c conn) Batch(ctx context.Context, stmts []store.Stmt) error {
	for _, s := range stmts {
		if _, err := c.q.ExecContext(ctx, s.SQL, s.Args...); err != nil {
			return err
		}
	}
	return nil
}
