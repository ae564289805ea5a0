package pg

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"nimmt/server/store"
)

var _ store.Accounts = (*Store)(nil)

// accountsSchema is the migration that adds the accounts' tables (store.Accounts). Times are Unix
// milliseconds.
const accountsSchema = `CREATE TABLE accounts (
	id       TEXT PRIMARY KEY,
	handle   TEXT NOT NULL UNIQUE,
	name     TEXT NOT NULL,
	password TEXT NOT NULL DEFAULT '',
	created  BIGINT NOT NULL
);
CREATE TABLE devices (
	id      TEXT PRIMARY KEY,
	account TEXT NOT NULL,
	label   TEXT NOT NULL,
	secret  TEXT NOT NULL UNIQUE,
	created BIGINT NOT NULL,
	seen    BIGINT NOT NULL
);
CREATE INDEX devices_account ON devices (account);
CREATE TABLE pairings (
	code    TEXT PRIMARY KEY,
	account TEXT NOT NULL,
	expires BIGINT NOT NULL
);
CREATE INDEX pairings_account ON pairings (account);
CREATE TABLE plays (
	account TEXT NOT NULL,
	code    TEXT NOT NULL,
	at      BIGINT NOT NULL,
	PRIMARY KEY (account, code)
);
CREATE TABLE hits (
	name    TEXT PRIMARY KEY,
	win     BIGINT NOT NULL,
	n       INTEGER NOT NULL,
	expires BIGINT NOT NULL
);`

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(n int64) time.Time { return time.UnixMilli(n).UTC() }

// unique reports whether err is PostgreSQL's refusal of a duplicate key.
func unique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// CreateAccount implements store.Accounts.
func (s *Store) CreateAccount(ctx context.Context, a store.Account, d store.Device) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO accounts (id, handle, name, password, created) VALUES ($1, $2, $3, $4, $5)`,
			a.ID, a.Handle, a.Name, a.Password, ms(a.Created)); err != nil {
			return err
		}
		return insertDevice(ctx, tx, d)
	})
	if unique(err) {
		err = store.ErrTaken
	}
	if err != nil {
		return fmt.Errorf("pg: create account %s: %w", a.Handle, err)
	}
	return nil
}

func insertDevice(ctx context.Context, tx pgx.Tx, d store.Device) error {
	_, err := tx.Exec(ctx, `INSERT INTO devices (id, account, label, secret, created, seen) VALUES ($1, $2, $3, $4, $5, $6)`,
		d.ID, d.Account, d.Label, d.Secret, ms(d.Created), ms(d.Seen))
	return err
}

const accountColumns = `id, handle, name, password, created`

func scanAccount(row pgx.Row) (store.Account, error) {
	var a store.Account
	var created int64
	err := row.Scan(&a.ID, &a.Handle, &a.Name, &a.Password, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, store.ErrNoAccount
	}
	a.Created = fromMS(created)
	return a, err
}

// AccountBySecret implements store.Accounts.
func (s *Store) AccountBySecret(ctx context.Context, secret string, now time.Time) (store.Account, store.Device, error) {
	var a store.Account
	var d store.Device
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var created, seen int64
		err := tx.QueryRow(ctx, `UPDATE devices SET seen = $2 WHERE secret = $1 RETURNING id, account, label, secret, created, seen`,
			secret, ms(now)).Scan(&d.ID, &d.Account, &d.Label, &d.Secret, &created, &seen)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNoAccount
		}
		if err != nil {
			return err
		}
		d.Created, d.Seen = fromMS(created), fromMS(seen)
		a, err = scanAccount(tx.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = $1`, d.Account))
		return err
	})
	if err != nil {
		return a, d, fmt.Errorf("pg: sign in: %w", err)
	}
	return a, d, nil
}

// AccountByHandle implements store.Accounts.
func (s *Store) AccountByHandle(ctx context.Context, handle string) (store.Account, error) {
	a, err := scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE handle = $1`, handle))
	if err != nil {
		return a, fmt.Errorf("pg: account %s: %w", handle, err)
	}
	return a, nil
}

// AccountByID implements store.Accounts.
func (s *Store) AccountByID(ctx context.Context, id string) (store.Account, error) {
	a, err := scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = $1`, id))
	if err != nil {
		return a, fmt.Errorf("pg: account: %w", err)
	}
	return a, nil
}

// update runs one statement that must change a row (else store.ErrNoAccount).
func (s *Store) update(ctx context.Context, what, q string, args ...any) error {
	tag, err := s.pool.Exec(ctx, q, args...)
	if err == nil && tag.RowsAffected() == 0 {
		err = store.ErrNoAccount
	}
	if err != nil {
		return fmt.Errorf("pg: %s: %w", what, err)
	}
	return nil
}

// RenameAccount implements store.Accounts.
func (s *Store) RenameAccount(ctx context.Context, id, name string) error {
	return s.update(ctx, "rename account", `UPDATE accounts SET name = $2 WHERE id = $1`, id, name)
}

// SetPassword implements store.Accounts.
func (s *Store) SetPassword(ctx context.Context, id, hash string) error {
	return s.update(ctx, "set password", `UPDATE accounts SET password = $2 WHERE id = $1`, id, hash)
}

// Devices implements store.Accounts.
func (s *Store) Devices(ctx context.Context, account string) ([]store.Device, error) {
	var out []store.Device
	var d store.Device
	var created, seen int64
	rows, _ := s.pool.Query(ctx, `SELECT id, account, label, secret, created, seen FROM devices WHERE account = $1 ORDER BY created, id`, account)
	if _, err := pgx.ForEachRow(rows, []any{&d.ID, &d.Account, &d.Label, &d.Secret, &created, &seen}, func() error {
		d.Created, d.Seen = fromMS(created), fromMS(seen)
		out = append(out, d)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("pg: devices: %w", err)
	}
	return out, nil
}

// AddDevice implements store.Accounts.
func (s *Store) AddDevice(ctx context.Context, d store.Device) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var one int
		if err := tx.QueryRow(ctx, `SELECT 1 FROM accounts WHERE id = $1 FOR SHARE`, d.Account).Scan(&one); errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNoAccount
		} else if err != nil {
			return err
		}
		return insertDevice(ctx, tx, d)
	})
	if unique(err) {
		err = store.ErrTaken
	}
	if err != nil {
		return fmt.Errorf("pg: add device: %w", err)
	}
	return nil
}

// RevokeDevice implements store.Accounts.
func (s *Store) RevokeDevice(ctx context.Context, account, device string) error {
	return s.update(ctx, "revoke device", `DELETE FROM devices WHERE account = $1 AND id = $2`, account, device)
}

// AddPairing implements store.Accounts.
func (s *Store) AddPairing(ctx context.Context, p store.Pairing) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM pairings WHERE account = $1`, p.Account); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO pairings (code, account, expires) VALUES ($1, $2, $3)`, p.Code, p.Account, ms(p.Expires))
		return err
	})
	if err != nil {
		return fmt.Errorf("pg: add pairing code: %w", err)
	}
	return nil
}

// RedeemPairing implements store.Accounts.
func (s *Store) RedeemPairing(ctx context.Context, code string, now time.Time, d store.Device) (store.Account, error) {
	var a store.Account
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var expires int64
		// The row is deleted, so two devices redeeming one code at once: one of them finds it.
		err := tx.QueryRow(ctx, `DELETE FROM pairings WHERE code = $1 RETURNING account, expires`, code).Scan(&d.Account, &expires)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNoAccount
		}
		if err != nil {
			return err
		}
		if expires <= ms(now) {
			return errExpired
		}
		if a, err = scanAccount(tx.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = $1 FOR SHARE`, d.Account)); err != nil {
			return err
		}
		return insertDevice(ctx, tx, d)
	})
	if errors.Is(err, errExpired) {
		// The expired code is used up all the same.
		if _, derr := s.pool.Exec(ctx, `DELETE FROM pairings WHERE code = $1`, code); derr != nil {
			err = errors.Join(err, derr)
		}
		err = fmt.Errorf("%w: %w", store.ErrNoAccount, err)
	}
	if unique(err) {
		err = store.ErrTaken
	}
	if err != nil {
		return a, fmt.Errorf("pg: redeem pairing code: %w", err)
	}
	return a, nil
}

var errExpired = errors.New("the code has expired")

// AddPlay implements store.Accounts.
func (s *Store) AddPlay(ctx context.Context, account, code string, at time.Time) error {
	if _, err := s.pool.Exec(ctx, `INSERT INTO plays (account, code, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
		account, code, ms(at)); err != nil {
		return fmt.Errorf("pg: add play: %w", err)
	}
	return nil
}

// Plays implements store.Accounts.
func (s *Store) Plays(ctx context.Context, account string) ([]store.Play, error) {
	var out []store.Play
	var code string
	var at int64
	rows, _ := s.pool.Query(ctx, `SELECT code, at FROM plays WHERE account = $1 ORDER BY at, code`, account)
	if _, err := pgx.ForEachRow(rows, []any{&code, &at}, func() error {
		out = append(out, store.Play{Code: code, At: fromMS(at)})
		return nil
	}); err != nil {
		return nil, fmt.Errorf("pg: plays: %w", err)
	}
	return out, nil
}

// RewriteChat implements store.Accounts.
func (s *Store) RewriteChat(ctx context.Context, code string, lines []store.ChatLine) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		for _, l := range lines {
			b.Queue(`UPDATE chat SET data = $3 WHERE code = $1 AND n = $2`, code, l.N, string(l.Data))
		}
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return fmt.Errorf("pg: rewrite chat of room %s: %w", code, err)
	}
	return nil
}

// DeleteAccount implements store.Accounts.
func (s *Store) DeleteAccount(ctx context.Context, id string) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		for _, q := range []string{
			`DELETE FROM devices WHERE account = $1`,
			`DELETE FROM pairings WHERE account = $1`,
			`DELETE FROM plays WHERE account = $1`,
			`DELETE FROM accounts WHERE id = $1`,
		} {
			b.Queue(q, id)
		}
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return fmt.Errorf("pg: delete account: %w", err)
	}
	return nil
}

// Hit implements store.Accounts: one statement, so processes counting one key at once each
// see their own count.
func (s *Store) Hit(ctx context.Context, key string, win, expires int64) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `INSERT INTO hits (name, win, n, expires) VALUES ($1, $2, 1, $3)
		ON CONFLICT (name) DO UPDATE SET n = CASE WHEN excluded.win > hits.win THEN 1 ELSE hits.n + 1 END,
			win = CASE WHEN excluded.win > hits.win THEN excluded.win ELSE hits.win END,
			expires = CASE WHEN excluded.win > hits.win THEN excluded.expires ELSE hits.expires END
		RETURNING n`, key, win, expires).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("pg: count %s: %w", key, err)
	}
	return n, nil
}

// PruneHits implements store.Accounts.
func (s *Store) PruneHits(ctx context.Context, now int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(`DELETE FROM hits WHERE expires < $1`, now)
		b.Queue(`DELETE FROM pairings WHERE expires < $1`, now*1000)
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return fmt.Errorf("pg: prune counters: %w", err)
	}
	return nil
}
