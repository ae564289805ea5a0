package pg

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"nimmt/server/store"
)

// LockClass is the first key of the advisory lock (LockClass, owner) by which a process shows
// that it is alive: PostgreSQL releases it when the process's connection ends, so the leases of a
// process that died (or lost its connection) are free at once.
const LockClass = 0x6e6d // "nm"

// channel is the LISTEN/NOTIFY channel on which a process asks for a room: the payload is the
// room code. It only wakes the holder; the request itself is the lease row's wanted flag.
const channel = "nimmt_leases"

// Leases is store.Leases on PostgreSQL: a row leases(code, owner, wanted) per room served, and
// the owner's life as a session advisory lock held on a connection of its own. A request for a
// room sets the row's wanted flag and notifies; the holder reads the flags on every poll (the
// notification only makes it look at once), so a lost notification delays, never loses, a
// request.
type Leases struct {
	s      *Store
	url    string
	poll   time.Duration
	events chan store.LeaseEvent
	wake   chan struct{}
	quit   chan struct{}
	done   sync.WaitGroup

	checking sync.Mutex // one check at a time: a pgx.Conn serves one query at a time

	mu    sync.Mutex
	conn  *pgx.Conn // holds the advisory lock; nil while lost
	owner int32
}

var _ store.Leases = (*Leases)(nil)

// OpenLeases starts this process's leases on the database at url, the store s's: from now on a
// commit of s stores a room's change only while this process holds the room's lease. poll is
// how often the process checks that its lock holds and reads the requests for its rooms.
func OpenLeases(ctx context.Context, s *Store, url string, poll time.Duration) (*Leases, error) {
	l := &Leases{s: s, url: url, poll: poll, events: make(chan store.LeaseEvent, 1024),
		wake: make(chan struct{}, 1), quit: make(chan struct{})}
	if err := l.connect(ctx); err != nil {
		return nil, err
	}
	s.fence.Store(true)
	l.done.Add(2)
	go l.run()
	go l.listen()
	return l, nil
}

// connect opens the lock's connection and takes the lock under a new owner number.
func (l *Leases) connect(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, l.url)
	if err != nil {
		return fmt.Errorf("pg: leases: %w", err)
	}
	for {
		var b [4]byte
		rand.Read(b[:])
		owner := int32(binary.LittleEndian.Uint32(b[:]) & 0x7fffffff)
		if owner == 0 {
			continue
		}
		var ok bool
		if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1, $2)`, int32(LockClass), owner).Scan(&ok); err != nil {
			conn.Close(ctx)
			return fmt.Errorf("pg: leases: %w", err)
		}
		if !ok {
			continue // another process drew the same number
		}
		l.mu.Lock()
		l.conn, l.owner = conn, owner
		l.mu.Unlock()
		l.s.owner.Store(owner)
		return nil
	}
}

// Owner is this process's owner number (0 while it holds no lock).
func (l *Leases) Owner() int32 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.owner
}

// alive is the condition that the owner (an SQL expression) holds its lock.
func alive(owner string) string {
	return fmt.Sprintf(`EXISTS (SELECT 1 FROM pg_locks k WHERE k.locktype = 'advisory' AND k.classid = %d
		AND k.objid = (%s)::oid AND k.objsubid = 2 AND k.granted)`, LockClass, owner)
}

// Acquire implements store.Leases: the row is this process's if it was, if there was none, or
// if its owner is dead; and only while this process's own lock holds.
func (l *Leases) Acquire(ctx context.Context, code string) error {
	owner := l.Owner()
	if owner == 0 {
		return fmt.Errorf("pg: lease of room %s: this process holds no lock now: %w", code, store.ErrLeased)
	}
	q := `INSERT INTO leases (code, owner) SELECT $1::text, $2::integer WHERE ` + alive("$2::integer") + `
		ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, wanted = false
		WHERE leases.owner = excluded.owner OR NOT ` + alive("leases.owner") + `
		RETURNING owner`
	var got int32
	err := l.s.pool.QueryRow(ctx, q, code, owner).Scan(&got)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("pg: lease of room %s: %w", code, store.ErrLeased)
	}
	if err != nil {
		return fmt.Errorf("pg: lease of room %s: %w", code, err)
	}
	return nil
}

// Release implements store.Leases. The room counts as idle from now on for its expiry (Sweep).
func (l *Leases) Release(ctx context.Context, code string) error {
	if _, err := l.s.pool.Exec(ctx, `WITH d AS (DELETE FROM leases WHERE code = $1 AND owner = $2 RETURNING code)
		UPDATE rooms SET touched = now() WHERE code IN (SELECT code FROM d)`, code, l.Owner()); err != nil {
		return fmt.Errorf("pg: release room %s: %w", code, err)
	}
	return nil
}

// sweepBatch is how many expired rooms one Sweep deletes at most.
const sweepBatch = 500

// Sweep deletes the rooms that no live process serves and that were last changed or let go
// longer than expire ago (on the database's clock), with their logs, chat and names, at most
// sweepBatch of them; it returns how many it deleted. Each is deleted under its lease, taken
// for the sweep and locked until the deletion commits, so that no process loads a room while
// it goes: one that asks for it meanwhile finds it gone, and one that took it first keeps it.
// Any number of processes may sweep at once.
func (l *Leases) Sweep(ctx context.Context, expire time.Duration) (int, error) {
	var codes []string
	var code string
	rows, _ := l.s.pool.Query(ctx, `SELECT code FROM rooms r WHERE touched < now() - make_interval(secs => $1)
		AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.code = r.code AND `+alive("l.owner")+`)
		ORDER BY touched LIMIT $2`, expire.Seconds(), sweepBatch)
	if _, err := pgx.ForEachRow(rows, []any{&code}, func() error {
		codes = append(codes, code)
		return nil
	}); err != nil {
		return 0, fmt.Errorf("pg: sweep: %w", err)
	}
	n := 0
	for _, code := range codes {
		if err := l.Acquire(ctx, code); errors.Is(err, store.ErrLeased) {
			continue // a process serves it now
		} else if err != nil {
			return n, err
		}
		deleted := false
		err := pgx.BeginFunc(ctx, l.s.pool, func(tx pgx.Tx) error {
			var old bool
			err := tx.QueryRow(ctx, `SELECT r.touched < now() - make_interval(secs => $3) FROM leases l JOIN rooms r USING (code)
				WHERE l.code = $1 AND l.owner = $2 FOR UPDATE OF l`, code, l.Owner(), expire.Seconds()).Scan(&old)
			if errors.Is(err, pgx.ErrNoRows) || err == nil && !old {
				return nil // the lease went to a process that asked for the room, or the room is in use again
			}
			if err != nil {
				return err
			}
			deleted = true
			return deleteRoom(ctx, tx, code)
		})
		if err != nil {
			return n, fmt.Errorf("pg: sweep room %s: %w", code, err)
		}
		if deleted {
			n++
			continue
		}
		if err := l.Release(ctx, code); err != nil {
			return n, err
		}
	}
	return n, nil
}

// Request implements store.Leases.
func (l *Leases) Request(ctx context.Context, code string) error {
	if _, err := l.s.pool.Exec(ctx, `UPDATE leases SET wanted = true WHERE code = $1 AND owner <> $2`, code, l.Owner()); err != nil {
		return fmt.Errorf("pg: ask for room %s: %w", code, err)
	}
	if _, err := l.s.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, channel, code); err != nil {
		return fmt.Errorf("pg: ask for room %s: %w", code, err)
	}
	return nil
}

// Events implements store.Leases.
func (l *Leases) Events() <-chan store.LeaseEvent { return l.events }

// Close stops the leases; the lock's connection ends, and with it every lease of the process.
func (l *Leases) Close() error {
	select {
	case <-l.quit:
		return nil
	default:
	}
	close(l.quit)
	l.done.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn != nil {
		l.conn.Close(context.Background())
		l.conn = nil
	}
	return nil
}

// send passes an event on; when the hub is behind, a request is dropped (the wanted flag
// brings it back on the next poll), never a loss.
func (l *Leases) send(ev store.LeaseEvent) {
	if ev.Lost {
		select {
		case l.events <- ev:
		case <-l.quit:
		}
		return
	}
	select {
	case l.events <- ev:
	default:
	}
}

// run checks the lock and reads the requests every poll, or at once when woken, until Close.
func (l *Leases) run() {
	defer l.done.Done()
	t := time.NewTicker(l.poll)
	defer t.Stop()
	for {
		select {
		case <-l.quit:
			return
		case <-t.C:
		case <-l.wake:
		}
		l.check()
	}
}

// check reads the requests for this process's rooms on the lock's connection; if that
// connection failed, the process has lost its leases: it says so and takes a new lock.
func (l *Leases) check() {
	l.checking.Lock()
	defer l.checking.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	l.mu.Lock()
	conn, owner := l.conn, l.owner
	l.mu.Unlock()
	if conn == nil {
		if err := l.connect(ctx); err != nil {
			slog.Error("pg: leases: no lock", "err", err)
		}
		return
	}
	var codes []string
	var code string
	rows, _ := conn.Query(ctx, `SELECT code FROM leases WHERE owner = $1 AND wanted`, owner)
	_, err := pgx.ForEachRow(rows, []any{&code}, func() error {
		codes = append(codes, code)
		return nil
	})
	if err != nil {
		slog.Error("pg: leases: the lock's connection failed; every room of this process is dropped", "owner", owner, "err", err)
		conn.Close(ctx)
		l.mu.Lock()
		l.conn, l.owner = nil, 0
		l.mu.Unlock()
		l.s.owner.Store(0)
		l.send(store.LeaseEvent{Lost: true})
		return
	}
	for _, c := range codes {
		l.send(store.LeaseEvent{Code: c})
	}
}

// listen wakes run when a process asks for a room, until Close.
func (l *Leases) listen() {
	defer l.done.Done()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-l.quit
		cancel()
	}()
	for ctx.Err() == nil {
		conn, err := pgx.Connect(ctx, l.url)
		if err == nil {
			_, err = conn.Exec(ctx, "LISTEN "+channel)
			if err == nil { // the requests made while no one listened are read at once
				select {
				case l.wake <- struct{}{}:
				default:
				}
			}
			for err == nil {
				if _, err = conn.WaitForNotification(ctx); err == nil {
					select {
					case l.wake <- struct{}{}:
					default:
					}
				}
			}
			conn.Close(context.Background())
		}
		if ctx.Err() == nil {
			slog.Error("pg: leases: listen", "err", err)
			select { // the polls carry on meanwhile
			case <-ctx.Done():
			case <-time.After(l.poll):
			}
		}
	}
}
