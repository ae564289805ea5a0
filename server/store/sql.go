package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// DB is what a database driver gives the SQL that both stores share (SQLAccounts, SQLLobby):
// statements with $1, $2, … placeholders (PostgreSQL and SQLite both take them), run on the
// database or in a transaction, and the few things the databases say differently. Times are
// stored as Unix milliseconds (BIGINT or INTEGER columns).
type DB interface {
	Conn
	// Name is the driver's name, which starts its errors ("pg", "sqlite").
	Name() string
	// Tx runs f in a transaction, committed when f returns nil and rolled back otherwise.
	Tx(ctx context.Context, f func(Conn) error) error
	// Unique reports whether err is the database's refusal of a duplicate key.
	Unique(err error) bool
	// ForShare is the clause that ends a SELECT to keep the rows it read from changing until
	// the transaction ends (" FOR SHARE"), or "" where a transaction does so already.
	ForShare() string
}

// Conn runs statements on a database or in one of its transactions.
type Conn interface {
	// Exec runs a statement and returns the number of rows it changed.
	Exec(ctx context.Context, q string, args ...any) (int64, error)
	// QueryRow runs a query for its first row; the row's Scan returns ErrNoRows when there is
	// none.
	QueryRow(ctx context.Context, q string, args ...any) Row
	// Query runs a query and calls row for each of its rows, in order, until row fails.
	Query(ctx context.Context, q string, args []any, row func(Row) error) error
	// Batch runs the statements in order (in one round trip where the database can).
	Batch(ctx context.Context, stmts []Stmt) error
}

// Row is a row of a query's result.
type Row interface {
	Scan(dest ...any) error
}

// Stmt is a statement with its arguments.
type Stmt struct {
	SQL  string
	Args []any
}

// ErrNoRows is returned by the Scan of a Conn.QueryRow that found no row.
var ErrNoRows = errors.New("store: no rows")

// ms is t in Unix milliseconds, as the tables keep times.
func ms(t time.Time) int64 { return t.UnixMilli() }

// fromMS is the time of n Unix milliseconds, in UTC.
func fromMS(n int64) time.Time { return time.UnixMilli(n).UTC() }

// fail wraps err, when not nil, with the driver's name and what failed.
func fail(db DB, what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %s: %w", db.Name(), what, err)
}
