package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// SQLAccounts is Accounts on the tables accounts, devices, pairings, plays and hits (and chat,
// for RewriteChat) of a DB: the SQL both stores share. Times are Unix milliseconds.
type SQLAccounts struct {
	db DB
}

var _ Accounts = SQLAccounts{}

// taken maps the database's refusal of a duplicate key to ErrTaken.
func (s SQLAccounts) taken(err error) error {
	if s.db.Unique(err) {
		return ErrTaken
	}
	return err
}

// CreateAccount implements Accounts.
func (s SQLAccounts) CreateAccount(ctx context.Context, a Account, d Device) error {
	err := s.db.Tx(ctx, func(tx Conn) error {
		if _, err := tx.Exec(ctx, `INSERT INTO accounts (id, handle, name, password, created) VALUES ($1, $2, $3, $4, $5)`,
			a.ID, a.Handle, a.Name, a.Password, ms(a.Created)); err != nil {
			return err
		}
		return insertDevice(ctx, tx, d)
	})
	return fail(s.db, "create account "+a.Handle, s.taken(err))
}

func insertDevice(ctx context.Context, tx Conn, d Device) error {
	_, err := tx.Exec(ctx, `INSERT INTO devices (id, account, label, secret, created, seen) VALUES ($1, $2, $3, $4, $5, $6)`,
		d.ID, d.Account, d.Label, d.Secret, ms(d.Created), ms(d.Seen))
	return err
}

const accountColumns = `id, handle, name, password, created`

func scanAccount(row Row) (Account, error) {
	var a Account
	var created int64
	err := row.Scan(&a.ID, &a.Handle, &a.Name, &a.Password, &created)
	if errors.Is(err, ErrNoRows) {
		return a, ErrNoAccount
	}
	a.Created = fromMS(created)
	return a, err
}

// AccountBySecret implements Accounts.
func (s SQLAccounts) AccountBySecret(ctx context.Context, secret string, now time.Time) (Account, Device, error) {
	var a Account
	var d Device
	err := s.db.Tx(ctx, func(tx Conn) error {
		var created, seen int64
		err := tx.QueryRow(ctx, `UPDATE devices SET seen = $2 WHERE secret = $1 RETURNING id, account, label, secret, created, seen`,
			secret, ms(now)).Scan(&d.ID, &d.Account, &d.Label, &d.Secret, &created, &seen)
		if errors.Is(err, ErrNoRows) {
			return ErrNoAccount
		}
		if err != nil {
			return err
		}
		d.Created, d.Seen = fromMS(created), fromMS(seen)
		a, err = scanAccount(tx.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = $1`, d.Account))
		return err
	})
	return a, d, fail(s.db, "sign in", err)
}

// AccountByHandle implements Accounts.
func (s SQLAccounts) AccountByHandle(ctx context.Context, handle string) (Account, error) {
	a, err := scanAccount(s.db.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE handle = $1`, handle))
	return a, fail(s.db, "account "+handle, err)
}

// AccountByID implements Accounts.
func (s SQLAccounts) AccountByID(ctx context.Context, id string) (Account, error) {
	a, err := scanAccount(s.db.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = $1`, id))
	return a, fail(s.db, "account", err)
}

// update runs one statement that must change a row (else ErrNoAccount).
func (s SQLAccounts) update(ctx context.Context, what, q string, args ...any) error {
	n, err := s.db.Exec(ctx, q, args...)
	if err == nil && n == 0 {
		err = ErrNoAccount
	}
	return fail(s.db, what, err)
}

// RenameAccount implements Accounts.
func (s SQLAccounts) RenameAccount(ctx context.Context, id, name string) error {
	return s.update(ctx, "rename account", `UPDATE accounts SET name = $2 WHERE id = $1`, id, name)
}

// SetPassword implements Accounts.
func (s SQLAccounts) SetPassword(ctx context.Context, id, hash string) error {
	return s.update(ctx, "set password", `UPDATE accounts SET password = $2 WHERE id = $1`, id, hash)
}

// Devices implements Accounts.
func (s SQLAccounts) Devices(ctx context.Context, account string) ([]Device, error) {
	var out []Device
	err := s.db.Query(ctx, `SELECT id, account, label, secret, created, seen FROM devices WHERE account = $1 ORDER BY created, id`, []any{account}, func(row Row) error {
		var d Device
		var created, seen int64
		if err := row.Scan(&d.ID, &d.Account, &d.Label, &d.Secret, &created, &seen); err != nil {
			return err
		}
		d.Created, d.Seen = fromMS(created), fromMS(seen)
		out = append(out, d)
		return nil
	})
	if err != nil {
		return nil, fail(s.db, "devices", err)
	}
	return out, nil
}

// AddDevice implements Accounts.
func (s SQLAccounts) AddDevice(ctx context.Context, d Device) error {
	err := s.db.Tx(ctx, func(tx Conn) error {
		var one int
		if err := tx.QueryRow(ctx, `SELECT 1 FROM accounts WHERE id = $1`+s.db.ForShare(), d.Account).Scan(&one); errors.Is(err, ErrNoRows) {
			return ErrNoAccount
		} else if err != nil {
			return err
		}
		return insertDevice(ctx, tx, d)
	})
	return fail(s.db, "add device", s.taken(err))
}

// RevokeDevice implements Accounts.
func (s SQLAccounts) RevokeDevice(ctx context.Context, account, device string) error {
	return s.update(ctx, "revoke device", `DELETE FROM devices WHERE account = $1 AND id = $2`, account, device)
}

// Live implements Accounts.
func (s SQLAccounts) Live(ctx context.Context, accounts, devices []string) (map[string]Account, map[string]bool, error) {
	as := map[string]Account{}
	err := s.in(ctx, `SELECT id, handle, name FROM accounts WHERE id IN `, accounts, func(row Row) error {
		var a Account
		err := row.Scan(&a.ID, &a.Handle, &a.Name)
		as[a.ID] = a
		return err
	})
	if err != nil {
		return nil, nil, fail(s.db, "live accounts", err)
	}
	ds := map[string]bool{}
	err = s.in(ctx, `SELECT id FROM devices WHERE id IN `, devices, func(row Row) error {
		var id string
		err := row.Scan(&id)
		ds[id] = true
		return err
	})
	if err != nil {
		return nil, nil, fail(s.db, "live devices", err)
	}
	return as, ds, nil
}

// in runs the query, which ends in "IN ", for the ids, up to 500 at a time.
func (s SQLAccounts) in(ctx context.Context, query string, ids []string, each func(Row) error) error {
	for len(ids) > 0 {
		n := min(len(ids), 500)
		args := make([]any, n)
		in := make([]string, n)
		for i, id := range ids[:n] {
			args[i], in[i] = id, fmt.Sprintf("$%d", i+1)
		}
		if err := s.db.Query(ctx, query+`(`+strings.Join(in, ", ")+`)`, args, each); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

// AddPairing implements Accounts.
func (s SQLAccounts) AddPairing(ctx context.Context, p Pairing) error {
	err := s.db.Tx(ctx, func(tx Conn) error {
		if _, err := tx.Exec(ctx, `DELETE FROM pairings WHERE account = $1`, p.Account); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO pairings (code, account, expires) VALUES ($1, $2, $3)`, p.Code, p.Account, ms(p.Expires))
		return err
	})
	return fail(s.db, "add pairing code", err)
}

// RedeemPairing implements Accounts.
func (s SQLAccounts) RedeemPairing(ctx context.Context, code string, now time.Time, d Device) (Account, error) {
	var a Account
	err := s.db.Tx(ctx, func(tx Conn) error {
		var expires int64
		// The row is deleted, so two devices redeeming one code at once: one of them finds it.
		err := tx.QueryRow(ctx, `DELETE FROM pairings WHERE code = $1 RETURNING account, expires`, code).Scan(&d.Account, &expires)
		if errors.Is(err, ErrNoRows) {
			return ErrNoAccount
		}
		if err != nil {
			return err
		}
		if expires <= ms(now) {
			return errExpired
		}
		if a, err = scanAccount(tx.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = $1`+s.db.ForShare(), d.Account)); err != nil {
			return err
		}
		return insertDevice(ctx, tx, d)
	})
	if errors.Is(err, errExpired) {
		// The expired code is used up all the same.
		if _, derr := s.db.Exec(ctx, `DELETE FROM pairings WHERE code = $1`, code); derr != nil {
			err = errors.Join(err, derr)
		}
		err = fmt.Errorf("%w: %w", ErrNoAccount, err)
	}
	return a, fail(s.db, "redeem pairing code", s.taken(err))
}

var errExpired = errors.New("the code has expired")

// AddPlay implements Accounts.
func (s SQLAccounts) AddPlay(ctx context.Context, account, code string, at time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO plays (account, code, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
		account, code, ms(at))
	return fail(s.db, "add play", err)
}

// Plays implements Accounts.
func (s SQLAccounts) Plays(ctx context.Context, account string) ([]Play, error) {
	var out []Play
	err := s.db.Query(ctx, `SELECT code, at FROM plays WHERE account = $1 ORDER BY at, code`, []any{account}, func(row Row) error {
		var p Play
		var at int64
		if err := row.Scan(&p.Code, &at); err != nil {
			return err
		}
		p.At = fromMS(at)
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fail(s.db, "plays", err)
	}
	return out, nil
}

// RewriteChat implements Accounts.
func (s SQLAccounts) RewriteChat(ctx context.Context, code string, lines []ChatLine) error {
	b := make([]Stmt, len(lines))
	for i, l := range lines {
		b[i] = Stmt{`UPDATE chat SET data = $3 WHERE code = $1 AND n = $2`, []any{code, l.N, string(l.Data)}}
	}
	return fail(s.db, "rewrite chat of room "+code, s.batch(ctx, b))
}

// batch runs the statements in one transaction.
func (s SQLAccounts) batch(ctx context.Context, b []Stmt) error {
	return s.db.Tx(ctx, func(tx Conn) error { return tx.Batch(ctx, b) })
}

// DeleteAccount implements Accounts.
func (s SQLAccounts) DeleteAccount(ctx context.Context, id string) error {
	var b []Stmt
	for _, q := range []string{
		`DELETE FROM devices WHERE account = $1`,
		`DELETE FROM pairings WHERE account = $1`,
		`DELETE FROM plays WHERE account = $1`,
		`DELETE FROM accounts WHERE id = $1`,
	} {
		b = append(b, Stmt{q, []any{id}})
	}
	return fail(s.db, "delete account", s.batch(ctx, b))
}

// Hit implements Accounts: one statement, so processes counting one key at once each see
// their own count.
func (s SQLAccounts) Hit(ctx context.Context, key string, win, expires int64) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `INSERT INTO hits (name, win, n, expires) VALUES ($1, $2, 1, $3)
		ON CONFLICT (name) DO UPDATE SET n = CASE WHEN excluded.win > hits.win THEN 1 ELSE hits.n + 1 END,
			win = CASE WHEN excluded.win > hits.win THEN excluded.win ELSE hits.win END,
			expires = CASE WHEN excluded.win > hits.win THEN excluded.expires ELSE hits.expires END
		RETURNING n`, key, win, expires).Scan(&n)
	if err != nil {
		return 0, fail(s.db, "count "+key, err)
	}
	return n, nil
}

// PruneHits implements Accounts.
func (s SQLAccounts) PruneHits(ctx context.Context, now int64) error {
	return fail(s.db, "prune counters", s.batch(ctx, []Stmt{
		{`DELETE FROM hits WHERE expires < $1`, []any{now}},
		{`DELETE FROM pairings WHERE expires < $1`, []any{now * 1000}},
	}))
}
