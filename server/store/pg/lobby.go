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

// lobbyListen is the store's listener on lobbyChannel, started by the first TablesChanged.
type lobbyListen struct {
	once    sync.Once
	start   sync.Once
	id      string // this process's name in the payloads
	changed chan struct{}
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

// listenLobby listens on lobbyChannel until the store closes, connecting again after a failure.
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
			_, err = conn.Exec(ctx, "LISTEN "+lobbyChannel)
			// A change made while the listener was away is read at once.
			l.wake()
			for err == nil {
				var n *pgconn.Notification
				if n, err = conn.WaitForNotification(ctx); err == nil && n.Payload != l.id {
					l.wake()
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

func (l *lobbyListen) wake() {
	select {
	case l.changed <- struct{}{}:
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
