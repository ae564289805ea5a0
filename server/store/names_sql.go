package store

import (
	"context"
	"errors"
)

// SQLNames is Names on the table names of a DB: the SQL both stores share.
type SQLNames struct {
	db DB
}

var _ Names = SQLNames{}

// SetName implements Names.
func (s SQLNames) SetName(ctx context.Context, name, code string) error {
	_, err := s.db.Exec(ctx, `INSERT INTO names (name, code) VALUES ($1, $2)
		ON CONFLICT (name) DO UPDATE SET code = excluded.code`, name, code)
	return fail(s.db, "store room name "+name, err)
}

// Name implements Names.
func (s SQLNames) Name(ctx context.Context, name string) (string, error) {
	var code string
	err := s.db.QueryRow(ctx, `SELECT code FROM names WHERE name = $1`, name).Scan(&code)
	if errors.Is(err, ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fail(s.db, "room name "+name, err)
	}
	return code, nil
}

// Names implements Names.
func (s SQLNames) Names(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	err := s.db.Query(ctx, `SELECT name, code FROM names`, nil, func(row Row) error {
		var name, code string
		if err := row.Scan(&name, &code); err != nil {
			return err
		}
		out[name] = code
		return nil
	})
	if err != nil {
		return nil, fail(s.db, "load room names", err)
	}
	return out, nil
}
