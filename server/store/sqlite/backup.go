package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
)

// Backup copies the SQLite database at path into a new file out while servers go on using
// it (SQLite's VACUUM INTO: one read transaction, so the copy is the database at one moment,
// every committed action in it, compacted). It opens a connection of its own, so another
// process — `server backup` beside a running server — may call it. out must not exist. The copy
// is a database Open opens as it is: to restore, stop the server and put the copy in the
// database's place (and remove the old file's -wal and -shm).
func Backup(ctx context.Context, path, out string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("sqlite: backup: %s exists", out)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("sqlite: backup: open %s: %w", path, err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO $1`, out); err != nil {
		os.Remove(out)
		return fmt.Errorf("sqlite: backup %s into %s: %w", path, out, err)
	}
	return nil
}

// Ping reports whether the database answers a query (the health check's).
func (s *Store) Ping(ctx context.Context) error {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master`).Scan(&n); err != nil {
		return fmt.Errorf("sqlite: store: %w", err)
	}
	return nil
}
