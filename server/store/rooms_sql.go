package store

import (
	"context"
	"fmt"
)

// SQLRooms is the reading of Store (Load and LoadRoom) on the tables rooms, log and chat of a
// DB: the SQL both stores share. Commit and Delete are the drivers' own.
type SQLRooms struct {
	db DB
}

// Load implements Store.
func (s SQLRooms) Load(ctx context.Context) ([]Room, error) {
	return s.load(ctx, "", "")
}

// LoadRoom implements Store.
func (s SQLRooms) LoadRoom(ctx context.Context, code string) (Room, error) {
	rooms, err := s.load(ctx, " WHERE code = $1", code)
	if err != nil {
		return Room{}, err
	}
	if len(rooms) == 0 {
		return Room{}, fail(s.db, "room "+code, ErrNotFound)
	}
	return rooms[0], nil
}

// load reads the rooms that where (a WHERE clause on code, or "") selects with the argument,
// in one DB.Snapshot so that the rooms, logs and chat agree.
func (s SQLRooms) load(ctx context.Context, where, arg string) ([]Room, error) {
	var args []any
	lwhere := ""
	if where != "" {
		args = []any{arg}
		lwhere = " WHERE l.code = $1"
	}
	var l loader
	err := s.db.Snapshot(ctx, func(c Conn) error {
		err := c.Query(ctx, `SELECT code, game, meta FROM rooms`+where+` ORDER BY code`, args, func(row Row) error {
			var code, meta string
			var game int
			if err := row.Scan(&code, &game, &meta); err != nil {
				return err
			}
			l.addRoom(code, game, []byte(meta))
			return nil
		})
		if err != nil {
			return fmt.Errorf("load rooms: %w", err)
		}
		err = c.Query(ctx, `SELECT l.code, l.n, l.kind, l.data FROM log l JOIN rooms r ON l.code = r.code AND l.game = r.game`+lwhere+` ORDER BY l.code, l.n`, args, func(row Row) error {
			var code, data string
			var n, kind int
			if err := row.Scan(&code, &n, &kind, &data); err != nil {
				return err
			}
			return l.addEntry(code, n, kind, []byte(data))
		})
		if err != nil {
			return fmt.Errorf("load logs: %w", err)
		}
		err = c.Query(ctx, `SELECT code, n, data FROM chat`+where+` ORDER BY code, n`, args, func(row Row) error {
			var code, data string
			var n int
			if err := row.Scan(&code, &n, &data); err != nil {
				return err
			}
			l.addChat(code, n, []byte(data))
			return nil
		})
		if err != nil {
			return fmt.Errorf("load chat: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.db.Name(), err)
	}
	return l.rooms, nil
}
