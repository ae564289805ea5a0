package pg

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"nimmt/server/store"
)

var _ store.Lobby = (*Store)(nil)

// lobbySchema is the schema version of the lobby: the public tables, reports and bans.
const lobbySchema = `CREATE TABLE lobby_tables (
	code    TEXT PRIMARY KEY,
	variant TEXT NOT NULL,
	seats   INTEGER NOT NULL,
	taken   INTEGER NOT NULL,
	state   TEXT NOT NULL,
	quick   BOOLEAN NOT NULL,
	fill    INTEGER NOT NULL,
	made    BIGINT NOT NULL,
	data    TEXT NOT NULL
);
CREATE INDEX lobby_tables_variant ON lobby_tables (variant, state);
CREATE TABLE reports (
	id   BIGSERIAL PRIMARY KEY,
	at   BIGINT NOT NULL,
	room TEXT NOT NULL,
	data TEXT NOT NULL
);
CREATE TABLE bans (
	who    TEXT PRIMARY KEY,
	reason TEXT NOT NULL,
	at     BIGINT NOT NULL,
	until  BIGINT NOT NULL
);`

// lobbyChannel is the LISTEN/NOTIFY channel on which a process says it changed the list of
// public tables: a wake-up only (the payload names the process, which ignores its own); the
// list is in lobby_tables.
const lobbyChannel = "nimmt_lobby"

// accessChannel is the LISTEN/NOTIFY channel on which a process (a server, or the operator's
// admin command) says it banned someone, revoked a device, deleted or renamed an account: a
// wake-up only (the bans, devices and accounts are in their tables), on which the servers check
// their open connections and their rooms' seats again.
const accessChannel = "nimmt_access"

// lobbyListen is the store's listener on lobbyChannel and accessChannel, started by the first
// TablesChanged or AccessChanged.
type lobbyListen struct {
	once    sync.Once
	start   sync.Once
	id      string // this process's name in the payloads
	changed chan struct{}
	access  chan struct{}
	quit    chan struct{}
	done    chan struct{}
}

// lobbyID returns this store's name in the notifications' payloads.
func (s *Store) lobbyID() string {
	s.listen.once.Do(func() {
		var b [8]byte
		rand.Read(b[:])
		s.listen.id = hex.EncodeToString(b[:])
		s.listen.changed = make(chan struct{}, 1)
		s.listen.access = make(chan struct{}, 1)
		s.listen.quit = make(chan struct{})
		s.listen.done = make(chan struct{})
	})
	return s.listen.id
}

// notifyLobby tells the other processes, in the transaction that changed the list of public
// tables, that it changed.
func (s *Store) notifyLobby(ctx context.Context, tx store.Conn) error {
	_, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, lobbyChannel, s.lobbyID())
	return err
}

// TablesChanged implements store.Lobby: a LISTEN on its own connection, started at the first
// call, wakes the channel when another process changed the list.
func (s *Store) TablesChanged() <-chan struct{} {
	s.lobbyID()
	s.listen.start.Do(func() { go s.listenLobby() })
	return s.listen.changed
}

// AccessChanged implements store.AccessWatcher: the listener of TablesChanged wakes this channel
// when another process banned someone, revoked a device or deleted an account.
func (s *Store) AccessChanged() <-chan struct{} {
	s.lobbyID()
	s.listen.start.Do(func() { go s.listenLobby() })
	return s.listen.access
}

// notifyAccess tells the other processes that a ban, a device or an account changed. The
// change is stored already: a failure is logged (the servers' periodic check finds it).
func (s *Store) notifyAccess(ctx context.Context) {
	if _, err := s.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, accessChannel, s.lobbyID()); err != nil {
		slog.Error("pg: notify", "channel", accessChannel, "err", err)
	}
}

// Ban implements store.Lobby, and tells the other processes.
func (s *Store) Ban(ctx context.Context, b store.Ban) error {
	if err := s.SQL.Ban(ctx, b); err != nil {
		return err
	}
	s.notifyAccess(ctx)
	return nil
}

// RevokeDevice implements store.Accounts, and tells the other processes.
func (s *Store) RevokeDevice(ctx context.Context, account, device string) error {
	if err := s.SQL.RevokeDevice(ctx, account, device); err != nil {
		return err
	}
	s.notifyAccess(ctx)
	return nil
}

// DeleteAccount implements store.Accounts, and tells the other processes.
func (s *Store) DeleteAccount(ctx context.Context, id string) error {
	if err := s.SQL.DeleteAccount(ctx, id); err != nil {
		return err
	}
	s.notifyAccess(ctx)
	return nil
}

// RenameAccount implements store.Accounts, and tells the other processes: the account's seats
// there take the new name.
func (s *Store) RenameAccount(ctx context.Context, id, name string) error {
	if err := s.SQL.RenameAccount(ctx, id, name); err != nil {
		return err
	}
	s.notifyAccess(ctx)
	return nil
}

// listenLobby listens on lobbyChannel and accessChannel until the store closes, connecting
// again after a failure.
func (s *Store) listenLobby() {
	l := &s.listen
	defer close(l.done)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-l.quit
		cancel()
	}()
	for ctx.Err() == nil {
		conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
		if err == nil {
			if _, err = conn.Exec(ctx, "LISTEN "+lobbyChannel); err == nil {
				_, err = conn.Exec(ctx, "LISTEN "+accessChannel)
			}
			// A change made while the listener was away is read at once.
			wake(l.changed)
			wake(l.access)
			for err == nil {
				var n *pgconn.Notification
				if n, err = conn.WaitForNotification(ctx); err == nil && n.Payload != l.id {
					if n.Channel == accessChannel {
						wake(l.access)
					} else {
						wake(l.changed)
					}
				}
			}
			conn.Close(context.Background())
		}
		if ctx.Err() == nil {
			slog.Error("pg: lobby: listen", "err", err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}

// wake wakes a listener's channel, unless it is awake already.
func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// stopLobby ends the listener, if it runs.
func (s *Store) stopLobby() {
	l := &s.listen
	if l.quit == nil {
		return
	}
	started := true
	l.start.Do(func() { started = false })
	close(l.quit)
	if started {
		<-l.done
	}
}

// QuickClass is the first key of the advisory lock (QuickClass, hashtext(KEY)) under which one
// quick match of a key at a time, across the processes, chooses its table.
const QuickClass = 0x6e71 // "nq"

var _ store.QuickLocker = (*Store)(nil)

// LockQuick implements store.QuickLocker: a session advisory lock on a connection held until
// unlock (a process that dies drops its connection, and the lock with it).
func (s *Store) LockQuick(ctx context.Context, key string) (func(), error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("pg: quick-match lock: %w", err)
	}
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1, hashtext($2))`, int32(QuickClass), key); err != nil {
		// The connection may hold the lock or be broken: it is not handed to anyone else.
		conn.Hijack().Close(context.Background())
		return nil, fmt.Errorf("pg: quick-match lock: %w", err)
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := conn.Exec(ctx, `SELECT pg_advisory_unlock($1, hashtext($2))`, int32(QuickClass), key); err != nil {
			slog.Error("pg: quick-match unlock", "err", err)
			conn.Hijack().Close(context.Background())
			return
		}
		conn.Release()
	}, nil
}
