//go:build !js

package client_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/client/clienttest"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/server"
	"nimmt/server/servertest"
	"nimmt/server/store"
)

// accountLink is an AccountLink the test waits on: ask sends a request and returns its answer.
type accountLink struct {
	t    *testing.T
	l    *client.AccountLink
	news chan struct{}
}

func openAccount(t *testing.T, d client.Dialer) *accountLink {
	a := &accountLink{t: t, news: make(chan struct{}, 1)}
	a.l = client.OpenAccount(d, "", client.LinkOptions{Notify: func() {
		select {
		case a.news <- struct{}{}:
		default:
		}
	}})
	t.Cleanup(a.l.Close)
	return a
}

// ask sends m and returns its one answer.
func (a *accountLink) ask(m protocol.Message) protocol.Message {
	a.t.Helper()
	a.l.Send(m)
	// Busy until answered; on a busy machine the answer may already wait for Poll.
	if !a.l.Busy() && !a.l.Pending() {
		a.t.Fatalf("%s sent: not busy", m.Type())
	}
	deadline := time.After(time.Minute)
	for {
		in, err := a.l.Poll()
		switch {
		case len(in) > 1:
			a.t.Fatalf("%s: %d answers %+v", m.Type(), len(in), in)
		case len(in) == 1:
			if a.l.Busy() {
				a.t.Errorf("%s answered: still busy", m.Type())
			}
			return in[0]
		case err != nil:
			a.t.Fatalf("%s: %v", m.Type(), err)
		}
		select {
		case <-a.news:
		case <-deadline:
			a.t.Fatalf("%s: no answer", m.Type())
		}
	}
}

// end waits for the link to fail and returns why.
func (a *accountLink) end() error {
	a.t.Helper()
	for {
		if _, err := a.l.Poll(); err != nil {
			return err
		}
		select {
		case <-a.news:
		case <-time.After(time.Minute):
			a.t.Fatal("the link lasts")
		}
	}
}

// The profile page's link over a real server: an account made, a second device paired with the
// code the first shows, the devices listed and one revoked (whose link the server ends with
// error revoked), the export, a refused and a
// confirmed deletion, after which the secret signs in no more.
func TestAccountLink(t *testing.T) {
	ts := servertest.New(t, server.Options{}, fast)
	one, two := client.NewSecret(), client.NewSecret()
	if one == two || accountmsg.CheckSecret(one) != nil {
		t.Fatalf("secrets %q %q", one, two)
	}
	a := openAccount(t, ts.Dial)
	acct, ok := a.ask(accountmsg.AccountNew{Secret: one, Name: "Ann", Device: "desktop"}).(accountmsg.Account)
	if !ok || acct.Name != "Ann" || acct.Handle == "" || acct.Device == "" {
		t.Fatalf("account_new: %+v", acct)
	}
	code, ok := a.ask(accountmsg.PairCode{}).(accountmsg.Pairing)
	if !ok || len(code.Code) < accountmsg.PairingLength {
		t.Fatalf("pair_code: %+v", code)
	}
	b := openAccount(t, ts.Dial)
	if acct2, ok := b.ask(accountmsg.Pair{Code: code.Code, Secret: two, Device: "phone"}).(accountmsg.Account); !ok || acct2.Handle != acct.Handle {
		t.Fatalf("pair: %+v", acct2)
	}
	ds, ok := a.ask(accountmsg.ListDevices{}).(accountmsg.DeviceList)
	if !ok || len(ds.Devices) != 2 {
		t.Fatalf("list_devices: %+v", ds)
	}
	phone := ds.Devices[0]
	if phone.This {
		phone = ds.Devices[1]
	}
	if phone.This || phone.Label != "phone" {
		t.Fatalf("list_devices: %+v", ds)
	}
	ds, ok = a.ask(accountmsg.Revoke{Device: phone.ID}).(accountmsg.DeviceList)
	if !ok || len(ds.Devices) != 1 || !ds.Devices[0].This {
		t.Fatalf("revoke: %+v", ds)
	}
	var fe *client.FailedError
	if err := b.end(); !errors.As(err, &fe) || fe.Refusal.Code != protocol.ErrRevoked {
		t.Errorf("the revoked device's link: %v", err)
	}
	data, ok := a.ask(accountmsg.ExportAccount{}).(accountmsg.AccountData)
	if !ok || data.Handle != acct.Handle || len(data.Devices) != 1 {
		t.Fatalf("export: %+v", data)
	}
	if e, ok := a.ask(accountmsg.DeleteAccount{Handle: "someone-else"}).(protocol.Error); !ok || e.Ref != accountmsg.TypeDeleteAccount {
		t.Fatalf("delete with the wrong handle: %+v", e)
	}
	if _, ok := a.ask(accountmsg.DeleteAccount{Handle: acct.Handle}).(accountmsg.AccountDeleted); !ok {
		t.Fatal("not deleted")
	}
	c := openAccount(t, ts.Dial)
	if e, ok := c.ask(accountmsg.SignIn{Secret: one}).(protocol.Error); !ok || e.Code != protocol.ErrSignIn {
		t.Errorf("the deleted account's secret signs in: %+v", e)
	}
}

// A server that cannot be reached fails the link with the dialer's error; Close fails it with
// ErrClosed.
func TestAccountLinkFails(t *testing.T) {
	refused := errors.New("connection refused")
	a := openAccount(t, func(context.Context, string, string) (client.Transport, error) { return nil, refused })
	a.l.Send(accountmsg.ListDevices{})
	<-a.news
	if _, err := a.l.Poll(); !errors.Is(err, refused) || a.l.Busy() {
		t.Errorf("err %v, busy %v", err, a.l.Busy())
	}
	ts := servertest.New(t, server.Options{}, fast)
	b := openAccount(t, ts.Dial)
	b.l.Close()
	if _, err := b.l.Poll(); !errors.Is(err, client.ErrClosed) {
		t.Errorf("closed: %v", err)
	}
}

// openLink opens a Link through d that signs in with signIn, and returns a wait for its news.
func openLink(t *testing.T, d client.Dialer, code string, first, signIn protocol.Message) (*client.Link, func(what string, cond func() bool)) {
	news := make(chan struct{}, 1)
	l := client.Open(d, "", code, first, client.LinkOptions{SignIn: signIn, Notify: func() {
		select {
		case news <- struct{}{}:
		default:
		}
	}})
	t.Cleanup(l.Close)
	return l, func(what string, cond func() bool) {
		t.Helper()
		for l.Poll(); !cond(); l.Poll() {
			if st := l.Status(); st.Phase == client.LinkFailed {
				t.Fatalf("%s: %v", what, st.Err)
			}
			select {
			case <-news:
			case <-time.After(time.Minute):
				t.Fatalf("%s: nothing came", what)
			}
		}
	}
}

// A Link that signs in first takes its seat under the account's display name (the seat is the
// account's); one whose secret the server does not know plays as a guest, and the refusal of its
// sign-in is not the room's error.
func TestLinkSignsIn(t *testing.T) {
	ts := servertest.New(t, server.Options{}, fast)
	secret := client.NewSecret()
	a := openAccount(t, ts.Dial)
	if _, ok := a.ask(accountmsg.AccountNew{Secret: secret, Name: "Ann Lee"}).(accountmsg.Account); !ok {
		t.Fatal("no account")
	}
	s := protocol.DefaultSettings(3)
	ann, wait := openLink(t, ts.Dial, "", protocol.Create{Version: protocol.Version, Settings: s, Name: "Guest"}, accountmsg.SignIn{Secret: secret})
	wait("the room", func() bool { return len(ann.State().Room.Seats) == 1 })
	if name := ann.State().Room.Seats[0].Name; name != "Ann Lee" {
		t.Errorf("the signed-in seat is %q, not the account's name", name)
	}
	bo, wait := openLink(t, ts.Dial, ann.State().Code, protocol.Join{Name: "Bo"}, accountmsg.SignIn{Secret: client.NewSecret()})
	wait("Bo's seat", func() bool { return bo.State().Room.You == 1 })
	if errs := bo.State().Errors; len(errs) != 0 || bo.State().Room.Seats[1].Name != "Bo" {
		t.Errorf("the guest: errors %+v, seats %+v", errs, bo.State().Room.Seats)
	}
}

// A Link ends, without connecting again, when the server signs its device out (its account
// deleted on the profile page) or bans its address while it is in a room: the error says why.
// Before, the one carried on as a guest and the other connected again to be refused.
func TestLinkEndsRevokedOrBanned(t *testing.T) {
	ts := servertest.New(t, server.Options{}, fast)
	secret := client.NewSecret()
	a := openAccount(t, ts.Dial)
	acct, ok := a.ask(accountmsg.AccountNew{Secret: secret, Name: "Ann"}).(accountmsg.Account)
	if !ok {
		t.Fatal("no account")
	}
	d := &clienttest.Dialer{To: ts.Dial}
	ann, wait := openLink(t, d.Dial, "", protocol.Create{Version: protocol.Version, Settings: protocol.DefaultSettings(3), Name: "Ann"}, accountmsg.SignIn{Secret: secret})
	wait("the room", func() bool { return len(ann.State().Room.Seats) == 1 })
	bd := &clienttest.Dialer{To: ts.Dial}
	bo, waitBo := openLink(t, bd.Dial, ann.State().Code, protocol.Join{Name: "Bo"}, nil)
	waitBo("Bo's seat", func() bool { return bo.State().Room.You == 1 })

	// ended waits for l to fail or to connect again, and checks that it failed with code.
	ended := func(who string, l *client.Link, d *clienttest.Dialer, wait func(string, func() bool), code string) {
		t.Helper()
		wait(who+" ended", func() bool { return l.Status().Phase == client.LinkFailed || d.Dials() > 1 })
		var fe *client.FailedError
		if st := l.Status(); !errors.As(st.Err, &fe) || fe.Refusal.Code != code || d.Dials() != 1 {
			t.Errorf("%s: status %v %v after %d connections; want failed: %s after 1", who, st.Phase, st.Err, d.Dials(), code)
		}
	}
	if _, ok := a.ask(accountmsg.DeleteAccount{Handle: acct.Handle}).(accountmsg.AccountDeleted); !ok {
		t.Fatal("not deleted")
	}
	ended("Ann", ann, d, wait, protocol.ErrRevoked)
	if err := ts.Ban(store.Ban{Who: "addr:127.0.0.1", Reason: "spam", At: ts.Clock.Now()}); err != nil {
		t.Fatal(err)
	}
	ts.Clock.Advance(10 * time.Second) // the hub's next check of the bans
	ended("Bo", bo, bd, waitBo, protocol.ErrBanned)
}
