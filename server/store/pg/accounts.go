package pg

import "nimmt/server/store"

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
