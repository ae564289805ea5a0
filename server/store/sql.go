package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// SQL is the SQL both stores share, whole: a driver's Store embeds it and adds its own Commit,
// Delete, Close and TablesChanged.
type SQL struct {
	SQLRooms
	SQLNames
	SQLAccounts
	SQLLobby
}

// NewSQL returns the rooms, room names, accounts and lobby kept in db. notify, when not nil, is
// run in the transaction that changes the list of public tables, to tell the other processes
// (their TablesChanged).
func NewSQL(db DB, notify func(ctx context.Context, tx Conn) error) SQL {
	return SQL{SQLRooms{db}, SQLNames{db}, SQLAccounts{db}, SQLLobby{db, notify}}
}

// DB is what a database driver gives the SQL that both stores share (SQL):
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
	// Snapshot runs f to read with several queries: on a view of the database that the
	// other writers do not change while f runs, where they can.
	Snapshot(ctx context.Context, f func(Conn) error) error
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

// Rows is a query's rows as the drivers give them.
type Rows interface {
	Row
	Next() bool
	Err() error
}

// EachRow calls each for every row of rows, in order, until each fails; then it returns that
// failure, or rows' own error.
func EachRow(rows Rows, each func(Row) error) error {
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// NoRows returns row with its Scan saying ErrNoRows for noRows, the driver's error for a
// query that found no row.
func NoRows(row Row, noRows error) Row { return noRowsRow{row, noRows} }

type noRowsRow struct {
	row    Row
	noRows error
}

func (r noRowsRow) Scan(dest ...any) error {
	err := r.row.Scan(dest...)
	if errors.Is(err, r.noRows) {
		return ErrNoRows
	}
	return err
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
