package server

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"nimmt/clock"
	"nimmt/protocol"
	"nimmt/server/account"
	"nimmt/server/store"
)

// This file makes a ban, a revoked device, a deleted account and a new display name take effect
// on the open connections and the seats held, not only on new ones (docs/protocol.md
// "Moderation"). The hub knows who each connection is: its address and, when signed in, its
// account, device and display name. It checks them all, and the accounts of its rooms' seats,
// against the stored bans, devices and accounts when this process banned, revoked, deleted or
// renamed, and when the store says another process did (PostgreSQL NOTIFY: a wake-up, the bans
// and accounts are in the database); and every banTTL while connections are open (the operator's
// admin command on SQLite is another process, which cannot wake this one). A connection found
// banned gets `error` `banned`, one whose device was revoked or account deleted `error`
// `revoked`; then it is closed. An account whose display name changed sits under the new one
// (Room.followNames), and its connections take seats with it.

// access is the hub's part in bans and revocations on open connections.
type access struct {
	h *Hub
	// all wakes the checker to check bans, devices and accounts.
	all chan struct{}

	mu    sync.Mutex
	conns map[*Peer]who
	timer clock.Stopper // the next periodic check, while connections are open
}

// who is who a connection is: its address, and when signed in its account, device and the
// account's display name as last checked.
type who struct {
	addr, account, device, name string
}

// ids are who's identities as bans name them (moderation.go).
func (w who) ids() []string {
	ids := []string{"addr:" + w.addr}
	if w.account != "" {
		ids = append(ids, "account:"+w.account)
	}
	return ids
}

func newAccess(h *Hub) *access {
	a := &access{h: h, all: make(chan struct{}, 1), conns: map[*Peer]who{}}
	if h.lobby.st == nil && h.accounts == nil {
		return a // nothing to check
	}
	var changed <-chan struct{}
	if w, ok := h.lobby.st.(store.AccessWatcher); ok {
		changed = w.AccessChanged()
	} else if w, ok := h.store.(store.AccessWatcher); ok {
		changed = w.AccessChanged()
	}
	h.bg.Go(func() { a.run(changed) })
	return a
}

// add counts a new connection in.
func (a *access) add(p *Peer) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.conns[p] = who{addr: p.addr}
	a.arm()
}

// signIn notes that p is signed in to s (nil: signed out).
func (a *access) signIn(p *Peer, s *account.Session) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, open := a.conns[p]; !open {
		return
	}
	w := who{addr: p.addr}
	if s != nil {
		w.account, w.device, w.name = s.ID(), s.Device, s.Account.Name
	}
	a.conns[p] = w
}

// name is the display name of p's account as last checked ("" when p is not signed in or is
// closed).
func (a *access) name(p *Peer) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.conns[p].name
}

// drop counts a connection that closed out.
func (a *access) drop(p *Peer) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.conns, p)
	if len(a.conns) == 0 && a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
}

// arm sets the next periodic check while connections are open (under a.mu).
func (a *access) arm() {
	if a.timer != nil || len(a.conns) == 0 || (a.h.lobby.st == nil && a.h.accounts == nil) {
		return
	}
	a.timer = a.h.clock.AfterFunc(banTTL, func() {
		a.mu.Lock()
		a.timer = nil
		a.arm()
		a.mu.Unlock()
		poke(a.all)
	})
}

// changed has every open connection checked against the bans, devices and accounts stored:
// this process banned someone, revoked a device, deleted or renamed an account.
func (a *access) changed() { poke(a.all) }

// poke wakes a channel unless it is awake already.
func poke(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// run checks the open connections whenever it is woken, until the hub closes; changed is the
// store's wake-up when another process changed a ban, a device or an account (nil: none).
func (a *access) run(changed <-chan struct{}) {
	for {
		select {
		case <-a.h.quit:
			return
		case <-changed:
			a.sweep()
		case <-a.all:
			a.sweep()
		}
	}
}

// sweep closes the open connections that are banned, and those signed in with a device revoked
// or an account deleted, telling each why; and has the seats and connections of accounts whose
// display name changed take the new one. A store that cannot say leaves them as they are (and
// logs why): the next check tries again.
func (a *access) sweep() {
	a.mu.Lock()
	conns := maps.Clone(a.conns)
	a.mu.Unlock()
	if len(conns) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), takeWait)
	defer cancel()
	if l := a.h.lobby; l.st != nil {
		// The checks that new connections remember are made again too.
		l.bans.mu.Lock()
		clear(l.bans.entries)
		l.bans.mu.Unlock()
		bans, err := l.st.Bans(ctx, a.h.clock.Now())
		if err != nil {
			a.h.opts.Log.Error("server: the bans could not be read", "err", err)
		}
		byWho := map[string]store.Ban{}
		for _, b := range bans {
			byWho[b.Who] = b
		}
		for p, w := range conns {
			for _, id := range w.ids() {
				if b, ok := byWho[id]; ok {
					a.cut(p, protocol.ErrBanned, banMessage(b), "banned")
					delete(conns, p)
					break
				}
			}
		}
	}
	as, ok := a.h.store.(store.Accounts)
	if !ok || a.h.accounts == nil {
		return
	}
	rooms := a.h.held()
	ids := map[string]bool{}
	var devs []string
	for _, w := range conns {
		if w.account != "" {
			ids[w.account] = true
		}
		if w.device != "" {
			devs = append(devs, w.device)
		}
	}
	for _, r := range rooms {
		r.accounts(ids)
	}
	if len(ids) == 0 {
		return
	}
	live, liveDevices, err := as.Live(ctx, slices.Collect(maps.Keys(ids)), devs)
	if err != nil {
		a.h.opts.Log.Error("server: the signed-in devices could not be checked", "err", err)
		return
	}
	for p, w := range conns {
		if w.account == "" {
			continue
		}
		acct, ok := live[w.account]
		if !ok || (w.device != "" && !liveDevices[w.device]) {
			a.cut(p, protocol.ErrRevoked, "server: this device was removed from its account, or the account deleted: sign in again", "signed out")
		} else if acct.Name != w.name {
			a.mu.Lock()
			if x, open := a.conns[p]; open && x.account == w.account {
				x.name = acct.Name
				a.conns[p] = x
			}
			a.mu.Unlock()
		}
	}
	for _, r := range rooms {
		if err := r.followNames(ctx, a.h.accounts, live); err != nil {
			a.h.opts.Log.Error("server: a seat could not take its account's new name", "room", r.code, "err", err)
		}
	}
}

// cut tells a connection why it ends, and closes it.
func (a *access) cut(p *Peer, code, msg, reason string) {
	a.mu.Lock()
	_, open := a.conns[p]
	delete(a.conns, p)
	a.mu.Unlock()
	if !open {
		return
	}
	p.sink.Send(protocol.Error{Code: code, Message: msg})
	p.sink.Close(reason)
}

// banMessage is what a banned connection is told.
func banMessage(b store.Ban) string {
	msg := protocol.BannedMessage
	if b.Reason != "" {
		msg += ": " + b.Reason
	}
	if !b.Until.IsZero() {
		msg += " (until " + b.Until.UTC().Format(time.RFC3339) + ")"
	}
	return msg
}
