package pg

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"nimmt/server/store"
)

// db is the pool as a store.DB, for the SQL both stores share (store.SQL).
type db struct {
	conn
	pool *pgxpool.Pool
}

var _ store.DB = db{}

// querier is what the pool and a transaction both do.
type querier interface {
	Exec(ctx context.Context, q string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, q string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, q string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// conn is the pool or a transaction as a store.Conn.
type conn struct{ q querier }

func newDB(pool *pgxpool.Pool) db { return db{conn: conn{pool}, pool: pool} }

// Name implements store.DB.
func (db) Name() string { return "pg" }

// Tx implements store.DB.
func (d db) Tx(ctx context.Context, f func(store.Conn) error) error {
	return pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error { return f(conn{tx}) })
}

// Snapshot implements store.DB: a read-only repeatable-read transaction.
func (d db) Snapshot(ctx context.Context, f func(store.Conn) error) error {
	return pgx.BeginTxFunc(ctx, d.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly},
		func(tx pgx.Tx) error { return f(conn{tx}) })
}

// Unique implements store.DB: PostgreSQL's unique_violation.
func (db) Unique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// ForShare implements store.DB.
func (db) ForShare() string { return " FOR SHARE" }

// Exec implements store.Conn.
func (c conn) Exec(ctx context.Context, q string, args ...any) (int64, error) {
	tag, err := c.q.Exec(ctx, q, args...)
	return tag.RowsAffected(), err
}

// QueryRow implements store.Conn.
func (c conn) QueryRow(ctx context.Context, q string, args ...any) store.Row {
	return store.NoRows(c.q.QueryRow(ctx, q, args...), pgx.ErrNoRows)
}

// Query implements store.Conn.
func (c conn) Query(ctx context.Context, q string, args []any, each func(store.Row) error) error {
	rows, err := c.q.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return store.EachRow(rows, each)
}

// Batch implements store.Conn: the statements go in one round trip.
func (c conn) Batch(ctx context.Context, stmts []store.Stmt) error {
	b := &pgx.Batch{}
	for _, s := range stmts {
		b.Queue(s.SQL, s.Args...)
	}
	return c.q.SendBatch(ctx, b).Close()
}
