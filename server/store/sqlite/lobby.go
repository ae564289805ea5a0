package sqlite

import "nimmt/server/store"

var _ store.Lobby = (*Store)(nil)

// lobbySchema is the schema version of the lobby: the public tables, reports and bans.
const lobbySchema = `CREATE TABLE lobby_tables (
	code    TEXT PRIMARY KEY,
	variant TEXT NOT NULL,
	seats   INTEGER NOT NULL,
	taken   INTEGER NOT NULL,
	state   TEXT NOT NULL,
	quick   INTEGER NOT NULL,
	fill    INTEGER NOT NULL,
	made    INTEGER NOT NULL,
	data    TEXT NOT NULL
);
CREATE INDEX lobby_tables_variant ON lobby_tables (variant, state);
CREATE TABLE reports (
	id   INTEGER PRIMARY KEY AUTOINCREMENT,
	at   INTEGER NOT NULL,
	room TEXT NOT NULL,
	data TEXT NOT NULL
);
CREATE TABLE bans (
	who    TEXT PRIMARY KEY,
	reason TEXT NOT NULL,
	at     INTEGER NOT NULL,
	until  INTEGER NOT NULL
);`

// TablesChanged implements store.Lobby: one process uses an SQLite file, so no other process
// changes the list.
func (s *Store) TablesChanged() <-chan struct{} { return nil }
