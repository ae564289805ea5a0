package sqlite

import "nimmt/server/store"

var _ store.Accounts = (*Store)(nil)

// accountsSchema is the migration that adds the accounts' tables (store.Accounts). Times are Unix
// milliseconds.
const accountsSchema = `CREATE TABLE accounts (
	id       TEXT PRIMARY KEY,
	handle   TEXT NOT NULL UNIQUE,
	name     TEXT NOT NULL,
	password TEXT NOT NULL DEFAULT '',
	created  INTEGER NOT NULL
);
CREATE TABLE devices (
	id      TEXT PRIMARY KEY,
	account TEXT NOT NULL,
	label   TEXT NOT NULL,
	secret  TEXT NOT NULL UNIQUE,
	created INTEGER NOT NULL,
	seen    INTEGER NOT NULL
);
CREATE INDEX devices_account ON devices (account);
CREATE TABLE pairings (
	code    TEXT PRIMARY KEY,
	account TEXT NOT NULL,
	expires INTEGER NOT NULL
);
CREATE INDEX pairings_account ON pairings (account);
CREATE TABLE plays (
	account TEXT NOT NULL,
	code    TEXT NOT NULL,
	at      INTEGER NOT NULL,
	PRIMARY KEY (account, code)
);
CREATE TABLE hits (
	name    TEXT PRIMARY KEY,
	win     INTEGER NOT NULL,
	n       INTEGER NOT NULL,
	expires INTEGER NOT NULL
);`
