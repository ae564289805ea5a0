package server_test

import (
	"context"
	"testing"
	"time"

	"nimmt/clock"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/server/account"
	"nimmt/server/store"
	"nimmt/server/store/storetest"
)

// Two people ask for a quick match at the same moment on two processes on one PostgreSQL: they
// meet at one table (the choice is made under a lock in the database, and a process lists its
// new table before the next choice reads the list). Three rounds, each a new table of two.
func TestSharedQuickMatchAtOnce(t *testing.T) {
	db := storetest.NewPostgres(t)
	a, b := newSharedHub(t, db, time.Hour), newSharedHub(t, db, time.Hour)
	for round := range 3 {
		ann, bo := newPlayer(t, "Ann", uint64(2*round+1)), newPlayer(t, "Bo", uint64(2*round+2))
		ann.connect(a.url, "")
		bo.connect(b.url, "")
		q := protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: 2, Max: 2}
		q.Name = ann.name
		ann.send(q)
		q.Name = bo.name
		bo.send(q)
		ann.untilType(protocol.TypeJoined)
		bo.untilType(protocol.TypeJoined)
		if ann.st.Code != bo.st.Code {
			t.Fatalf("round %d: Ann at %s (A), Bo at %s (B): two tables", round+1, ann.st.Code, bo.st.Code)
		}
	}
}

// untilCut reads until p is sent an error, checks its code and that the connection is then
// closed.
func (p *player) untilCut(code string) protocol.Error {
	p.t.Helper()
	e := p.untilError()
	if e.Code != code {
		p.t.Errorf("%s: %+v; want %s", p.name, e, code)
	}
	for {
		if _, err := p.recv(); err != nil {
			return e
		}
	}
}

// A ban holds for the connections open when it is made: the operator's admin command (another
// process: here the test writes the store) bans an address; within the time a ban check is
// remembered (10 s, on the hub's clock), the connection in a room and the one following the
// list are told why and closed.
func TestBanClosesOpenConnections(t *testing.T) {
	ts := newTestServer(t, lobbyOpts, fast)
	ann, w := newPlayer(t, "Ann", 1), newPlayer(t, "W", 2)
	ann.connect(ts.url, "")
	ann.create(noTimer(3))
	w.connect(ts.url, "")
	w.send(protocol.Lobby{Version: protocol.Version})
	w.untilType(protocol.TypeTables)
	if err := ts.store.Ban(context.Background(), store.Ban{Who: "addr:127.0.0.1", Reason: "spam", At: ts.clock.Now()}); err != nil {
		t.Fatal(err)
	}
	ts.clock.Advance(10 * time.Second)
	for _, p := range []*player{ann, w} {
		if e := p.untilCut(protocol.ErrBanned); e.Message != "server: you are banned from this server: spam" {
			t.Errorf("%s: %+v", p.name, e)
		}
	}
}

// Two processes on one PostgreSQL, on clocks that do not move (no periodic check): a device
// revoked on B signs out its connection on A at once; an account renamed by another process (as
// the admin command does) sits under the new name in A's room at once, and a ban stored so
// closes the banned account's connection on A at once (NOTIFY wakes A).
func TestSharedBanAndRevokeAtOnce(t *testing.T) {
	db := storetest.NewPostgres(t)
	optsA, optsB := accountOptions, accountOptions
	optsA.Clock = clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	optsB.Clock = clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	a, b := newSharedHubWith(t, db, time.Hour, optsA), newSharedHubWith(t, db, time.Hour, optsB)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	annAcct := ann.signUp(a.url, "", 1)
	code := ann.create(noTimer(3))
	boAcct := bo.signUp(a.url, code, 2)
	bo.hello()
	bo.join()

	ann.send(accountmsg.PairCode{})
	pairing := ann.reply(accountmsg.TypePairing).(accountmsg.Pairing)
	ann2 := newPlayer(t, "Ann 2", 3)
	ann2.connect(b.url, "")
	ann2.send(accountmsg.Pair{Code: pairing.Code, Secret: deviceSecret(11), Device: "laptop"})
	ann2.reply(accountmsg.TypeAccount)
	ann2.send(accountmsg.Revoke{Device: annAcct.Device})
	ann2.reply(accountmsg.TypeDeviceList)
	ann.untilCut(protocol.ErrRevoked)

	ctx := context.Background()
	acct, err := b.store.AccountByHandle(ctx, boAcct.Handle)
	if err != nil {
		t.Fatal(err)
	}
	// The operator renames Bo on B: his seat in A's room takes the name at once.
	if _, err := account.New(b.store, account.Config{}).RenameHandle(ctx, boAcct.Handle, "Bo Renamed"); err != nil {
		t.Fatal(err)
	}
	bo.until("Bo's seat renamed", func(protocol.Message) bool {
		return len(bo.st.Room.Seats) > 1 && bo.st.Room.Seats[1].Name == "Bo Renamed"
	})
	if err := b.store.Ban(ctx, store.Ban{Who: "account:" + acct.ID, At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	bo.untilCut(protocol.ErrBanned)
}
