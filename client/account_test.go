//go:build !js

package client_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/server"
	"nimmt/server/servertest"
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

// The profile page's link over a real server: an account made, a second device paired with the
// code the first shows, the devices listed and one revoked, the export, a refused and a
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
	if e, ok := b.ask(accountmsg.ListDevices{}).(protocol.Error); !ok || e.Code != protocol.ErrNoAccount {
		t.Errorf("the revoked device lists: %+v", e)
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

// openLink opens a Link on ts that signs in with signIn, and returns a wait for its news.
func openLink(t *testing.T, ts *servertest.Server, code string, first, signIn protocol.Message) (*client.Link, func(what string, cond func() bool)) {
	news := make(chan struct{}, 1)
	l := client.Open(ts.Dial, "", code, first, client.LinkOptions{SignIn: signIn, Notify: func() {
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
	ann, wait := openLink(t, ts, "", protocol.Create{Version: protocol.Version, Settings: s, Name: "Guest"}, accountmsg.SignIn{Secret: secret})
	wait("the room", func() bool { return len(ann.State().Room.Seats) == 1 })
	if name := ann.State().Room.Seats[0].Name; name != "Ann Lee" {
		t.Errorf("the signed-in seat is %q, not the account's name", name)
	}
	bo, wait := openLink(t, ts, ann.State().Code, protocol.Join{Name: "Bo"}, accountmsg.SignIn{Secret: client.NewSecret()})
	wait("Bo's seat", func() bool { return bo.State().Room.You == 1 })
	if errs := bo.State().Errors; len(errs) != 0 || bo.State().Room.Seats[1].Name != "Bo" {
		t.Errorf("the guest: errors %+v, seats %+v", errs, bo.State().Room.Seats)
	}
}
