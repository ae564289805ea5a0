package scenes

import (
	"strings"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/client/clienttest"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/scenes/menu"
	"nimmt/scenes/online"
	"nimmt/scenes/ui"
	"nimmt/server"
	"nimmt/server/servertest"
	"nimmt/server/store"
)

// servedRoom opens og's room screen on a link to srv whose first message is first, counting the
// connections, and waits until the room is seen with this device's seat in it, and the seat's
// token is kept in the settings (the token may come in a message after the room's).
func servedRoom(t *testing.T, og *onlineGame, p notePacer, srv *servertest.Server, code string, first protocol.Message) (*online.Room, *clienttest.Dialer) {
	t.Helper()
	d := &clienttest.Dialer{To: srv.Dial}
	og.dial.Dialer = d.Dial
	link := og.dialLink(srv.URL(), code, first)
	t.Cleanup(link.Close)
	r := online.NewRoom(og.host, &og.dial, link, srv.URL(), false)
	og.cur = r
	og.until(t, p, "the room", func() bool {
		tok := r.Link.State().Token
		return r.Opened && r.State().You >= 0 && tok != "" && og.Settings.Online.Token == tok
	})
	return r, d
}

// TestRoomSignedOutOrBanned: Ann, signed in on this device, is in a room of a real server when
// her account is deleted from another: the room's connection ends without another, the status
// line says why in words, the device forgets its secret and the seat (in the saved settings
// too), and only Leave is offered (no Copy link), which goes to the menu. Bo, a guest in the
// room, is then banned: his connection ends the same way, the status line saying the operator's
// reason, the device forgets his seat in that room, and so does Play online's list of public
// tables after it.
func TestRoomSignedOutOrBanned(t *testing.T) {
	srv := servertest.New(t, publicOpts, server.HTTPOptions{Rate: 1e9})
	secret := client.NewSecret()
	news := make(chan struct{}, 1)
	acct := client.OpenAccount(srv.Dial, "", client.LinkOptions{Notify: func() {
		select {
		case news <- struct{}{}:
		default:
		}
	}})
	t.Cleanup(acct.Close)
	acct.Send(accountmsg.AccountNew{Secret: secret, Name: "Ann Lee"})
	handle := handleOf(t, acct, news)
	og, p := newServedGame(t, srv, "Ann")
	og.Settings.Online.Secret = secret
	og.SaveSettings()
	r, d := servedRoom(t, og, p, srv, "", protocol.Create{Version: protocol.Version, Settings: clienttest.Settings(), Name: "Ann"})
	if og.Settings.Online.Token == "" || r.State().Seats[0].Name != "Ann Lee" {
		t.Fatalf("token %q, seat %+v: not the account's", og.Settings.Online.Token, r.State().Seats[0])
	}
	og2, p2 := newServedGame(t, srv, "Bo")
	r2, d2 := servedRoom(t, og2, p2, srv, r.State().Code, protocol.Sit{Version: protocol.Version, Name: "Bo"})

	// over waits for the room's link to end and checks what the screen says and offers.
	over := func(og *onlineGame, p notePacer, r *online.Room, d *clienttest.Dialer, want msg.Message) {
		t.Helper()
		og.until(t, p, "the end", func() bool { return r.Status.Phase == client.LinkFailed || d.Dials() > 1 })
		if st := og.TestState().Online; d.Dials() != 1 || st.Status != want.String() {
			t.Errorf("after %d connections the status line says %q, want %q", d.Dials(), st.Status, want.String())
		}
		if !og.has("leave") || og.has("copy") || og.has("chat") || og.has("add-bot") || og.has("mod-1") || og.has("mod-0") {
			t.Errorf("the buttons of an ended room: %s", labels(og))
		}
	}
	acct.Send(accountmsg.DeleteAccount{Handle: handle})
	over(og, p, r, d, msg.New(msg.RoomErrRevoked))
	og.FlushSaves()
	saved, err := og.Opts.Storage.Load(ui.SettingsFile)
	if o := og.Settings.Online; o.Secret != "" || o.Token != "" || err != nil || strings.Contains(string(saved), secret) {
		t.Errorf("signed out: secret %q, token %q; saved (%v) %s", o.Secret, o.Token, err, saved)
	}
	og.Tap(t, "leave")
	og.tickIdle(t)
	if _, ok := og.cur.(*menu.Menu); !ok {
		t.Errorf("scene %s after Leave", og.cur.Name())
	}

	if err := srv.Ban(store.Ban{Who: "addr:127.0.0.1", Reason: "spam", At: srv.Clock.Now()}); err != nil {
		t.Fatal(err)
	}
	srv.Clock.Advance(10 * time.Second) // the hub's next check of the bans
	tok := og2.Settings.Online.Token
	over(og2, p2, r2, d2, msg.New(msg.RoomErrBanned, "spam"))
	// The ban's seat is forgotten (Back to room would be refused with the ban again), saved too.
	og2.FlushSaves()
	saved, err = og2.Opts.Storage.Load(ui.SettingsFile)
	if o := og2.Settings.Online; tok == "" || o.Token != "" || o.Code != "" || err != nil || strings.Contains(string(saved), tok) {
		t.Errorf("banned: token %q (was %q), code %q; saved (%v) %s", o.Token, tok, o.Code, err, saved)
	}
	// Play online's list of public tables, opened after Leave, is refused and says why too.
	og2.Tap(t, "leave")
	og2.tickIdle(t)
	og2.Tap(t, "online")
	og2.tickIdle(t)
	pub, ok := og2.cur.(*online.Public)
	if !ok {
		t.Fatalf("scene %s after Play online", og2.cur.Name())
	}
	t.Cleanup(pub.Link.Close)
	og2.until(t, p2, "the list refused", func() bool { return pub.Link.Status().Phase == client.LinkFailed })
	if n, want := og2.TestState().Notice, msg.New(msg.RoomErrBanned, "spam").String(); n != want {
		t.Errorf("the list says %q, want %q", n, want)
	}
}

// handleOf waits for the account link's answer to account_new and returns the handle.
func handleOf(t *testing.T, a *client.AccountLink, news chan struct{}) string {
	t.Helper()
	for {
		in, err := a.Poll()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range in {
			if acct, ok := m.(accountmsg.Account); ok {
				return acct.Handle
			}
		}
		select {
		case <-news:
		case <-time.After(clienttest.Guard):
			t.Fatal("no account")
		}
	}
}
