package server_test

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/server"
	"nimmt/server/account"
	"nimmt/server/store"
)

// accountOptions are the hub's options for the account tests: cheap password hashes, two
// accounts per address an hour.
var accountOptions = server.Options{Accounts: account.Config{
	Params: account.Params{Time: 1, Memory: 64, Threads: 1},
	Limits: account.Limits{CreatePerAddr: account.Rule{N: 2, Per: time.Hour}},
}}

func deviceSecret(n int) string { return fmt.Sprintf("device-secret-%02d-abcdefghijkl", n) }

// reply reads until a message of the type, failing the test on an error first.
func (p *player) reply(typ string) protocol.Message {
	p.t.Helper()
	m := p.until(typ, func(m protocol.Message) bool { return m.Type() == typ || m.Type() == protocol.TypeError })
	if e, ok := m.(protocol.Error); ok {
		p.t.Fatalf("%s waiting for %s: %+v", p.name, typ, e)
	}
	return m
}

// signUp connects p (to the room code, or "" for /ws) and makes an account.
func (p *player) signUp(url, code string, secret int) accountmsg.Account {
	p.t.Helper()
	p.connect(url, code)
	p.send(accountmsg.AccountNew{Secret: deviceSecret(secret), Name: p.name, Device: "phone"})
	return p.reply(accountmsg.TypeAccount).(accountmsg.Account)
}

// Two accounts, each on two devices paired with a one-time code: a seat is the account's, so
// its other device takes it back without the seat token; a revoked device signs in no more;
// account creation is limited per address.
func TestAccountsOnTwoDevices(t *testing.T) {
	ts := newTestServer(t, accountOptions, fast)
	ann, bo := newPlayer(t, "Ann Lee", 1), newPlayer(t, "Bo", 2)
	annAcct := ann.signUp(ts.url, "", 1)
	boAcct := bo.signUp(ts.url, "", 2)
	if annAcct.Handle == boAcct.Handle || annAcct.Name != "Ann Lee" || annAcct.Device == "" {
		t.Fatalf("accounts %+v %+v", annAcct, boAcct)
	}
	pair := func(p *player, secret int) (*player, accountmsg.Account) {
		p.send(accountmsg.PairCode{})
		code := p.reply(accountmsg.TypePairing).(accountmsg.Pairing)
		if code.Expires != ts.clock.Now().Add(account.PairingLife).UnixMilli() {
			t.Errorf("pairing code %+v", code)
		}
		ts.clock.Advance(time.Second) // the new device is the newer
		d2 := newPlayer(t, p.name+" 2", uint64(secret))
		d2.connect(ts.url, "")
		d2.send(accountmsg.Pair{Code: code.Code, Secret: deviceSecret(secret), Device: "laptop"})
		return d2, d2.reply(accountmsg.TypeAccount).(accountmsg.Account)
	}
	ann2, ann2Acct := pair(ann, 11)
	_, bo2Acct := pair(bo, 12)
	if ann2Acct.Handle != annAcct.Handle || ann2Acct.Device == annAcct.Device || bo2Acct.Handle != boAcct.Handle {
		t.Fatalf("paired %+v %+v", ann2Acct, bo2Acct)
	}
	ann2.send(accountmsg.ListDevices{})
	ds := ann2.reply(accountmsg.TypeDeviceList).(accountmsg.DeviceList).Devices
	if len(ds) != 2 || ds[0].ID != annAcct.Device || ds[0].This || ds[1].ID != ann2Acct.Device || !ds[1].This || ds[1].Label != "laptop" {
		t.Errorf("devices %+v", ds)
	}

	// A third account from the address is over its limit.
	cy := newPlayer(t, "Cy", 3)
	cy.connect(ts.url, "")
	cy.send(accountmsg.AccountNew{Secret: deviceSecret(3), Name: "Cy"})
	if e := cy.untilError(); e.Code != protocol.ErrLimit || e.Ref != accountmsg.TypeAccountNew {
		t.Errorf("a third account: %+v", e)
	}

	// Ann's device 1 makes a room; her seat carries her account's name, not the create's.
	ann.send(protocol.Create{Version: protocol.Version, Settings: protocol.DefaultSettings(4), Name: "Whoever"})
	ann.untilType(protocol.TypeRoom)
	code := ann.st.Code
	bo.connect(ts.url, code)
	bo.send(accountmsg.SignIn{Secret: deviceSecret(2)})
	bo.reply(accountmsg.TypeAccount)
	bo.hello()
	bo.join()
	room := bo.st.Room
	if len(room.Seats) != 2 || room.Seats[0].Name != "Ann Lee" || room.Seats[1].Name != "Bo" {
		t.Fatalf("seats %+v", room.Seats)
	}
	// Device 2 says hello without a token: it takes Ann's seat, and device 1 is replaced.
	ann2.connect(ts.url, code)
	ann2.send(accountmsg.SignIn{Secret: deviceSecret(11)})
	ann2.reply(accountmsg.TypeAccount)
	ann2.hello()
	if ann2.st.Room.You != 0 {
		t.Errorf("device 2 holds seat %d", ann2.st.Room.You)
	}
	if e := ann.untilError(); e.Code != protocol.ErrReplaced {
		t.Errorf("device 1: %+v", e)
	}
	// Another account of the same name sits under its name and handle.
	ann3 := newPlayer(t, "Ann Lee", 4)
	ann3.connect(ts.url, code)
	ann3.send(accountmsg.AccountNew{Secret: deviceSecret(4), Name: "Ann Lee"})
	if e := ann3.untilError(); e.Code != protocol.ErrLimit {
		t.Fatalf("a third account from the address: %+v", e)
	}
	ts.clock.Advance(time.Hour)
	ann3.send(accountmsg.AccountNew{Secret: deviceSecret(4), Name: "Ann Lee"})
	other := ann3.reply(accountmsg.TypeAccount).(accountmsg.Account)
	ann3.hello()
	ann3.join()
	if got := ann3.st.Room.Seats[2].Name; got != "Ann Lee "+other.Handle {
		t.Errorf("the second Ann Lee sits as %q", got)
	}
	// A device of another account, or none, watches.
	cy.connect(ts.url, code)
	cy.hello()
	if cy.st.Room.You != -1 {
		t.Errorf("a guest holds seat %d", cy.st.Room.You)
	}

	// Device 2 revokes device 1, which signs in no more.
	ann2.send(accountmsg.Revoke{Device: annAcct.Device})
	if ds := ann2.reply(accountmsg.TypeDeviceList).(accountmsg.DeviceList).Devices; len(ds) != 1 || ds[0].ID != ann2Acct.Device {
		t.Errorf("devices after the revoke %+v", ds)
	}
	ann.connect(ts.url, "")
	ann.send(accountmsg.SignIn{Secret: deviceSecret(1)})
	if e := ann.untilError(); e.Code != protocol.ErrSignIn {
		t.Errorf("a revoked device signs in: %+v", e)
	}
	ann.send(accountmsg.ListDevices{})
	if e := ann.untilError(); e.Code != protocol.ErrNoAccount {
		t.Errorf("devices without signing in: %+v", e)
	}
}

// Export returns what the server keeps of the account and nothing of the other players; delete
// leaves the game with the account's moves under "deleted player", and the stored game replays
// as it was.
func TestAccountExportAndDelete(t *testing.T) {
	ts := newTestServer(t, accountOptions, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	annAcct := ann.signUp(ts.url, "", 1)
	code := ann.create(protocol.Settings{Seats: 3, EndScore: 66, Rounds: 1})
	bo.signUp(ts.url, code, 2)
	bo.hello()
	bo.join()
	ann.send(protocol.Say{Text: "good luck"})
	bo.send(protocol.Say{Text: "have fun"})
	ann.untilLine("have fun")
	ann.untilLine("good luck")
	ann.send(protocol.AddBot{Level: "beginner"})
	ann.send(protocol.Start{})
	playAll(t, ann, bo)
	before := ts.hub.Room(code).Record()

	ann.send(accountmsg.ExportAccount{})
	data := ann.reply(accountmsg.TypeAccountData).(accountmsg.AccountData)
	var raw []byte
	for _, f := range ann.allFrames() {
		if bytes.HasPrefix(f, []byte(`{"type":"account_data"`)) {
			raw = f
		}
	}
	if data.Handle != annAcct.Handle || data.Name != "Ann" || len(data.Devices) != 1 || len(data.Rooms) != 1 {
		t.Fatalf("export %s", raw)
	}
	pr := data.Rooms[0]
	var hands [][]engine.Card
	var moves []engine.Move
	for _, r := range before.Rounds {
		hands = append(hands, r.Hands[0])
		for _, m := range r.Actions {
			if m.Seat == 0 {
				moves = append(moves, m)
			}
		}
	}
	if pr.Code != code || pr.Seat != 0 || pr.Name != "Ann" || pr.State != protocol.StateOver || len(moves) == 0 ||
		!reflect.DeepEqual(pr.Hands, hands) || !reflect.DeepEqual(pr.Moves, moves) || !slices.Equal(pr.Chat, []string{"good luck"}) {
		t.Errorf("room in the export %+v\nwant hands %v moves %v", pr, hands, moves)
	}
	for _, other := range []string{"Bo", "have fun", "Beginner", `"seat":1`, `"seat":2`} {
		if bytes.Contains(raw, []byte(other)) {
			t.Errorf("the export holds %q: %s", other, raw)
		}
	}

	ann.send(accountmsg.DeleteAccount{Handle: "someone-else"})
	if e := ann.untilError(); e.Code != protocol.ErrBadMessage {
		t.Errorf("delete with another handle: %+v", e)
	}
	ann.send(accountmsg.DeleteAccount{Handle: annAcct.Handle})
	ann.reply(accountmsg.TypeAccountDeleted)
	bo.until("the seat renamed", func(m protocol.Message) bool {
		r, ok := m.(protocol.Room)
		return ok && r.Seats[0].Name == account.DeletedName
	})

	// Stored and loaded again, the game is the same but for the name.
	ts.stop()
	ts.start(accountOptions, fast)
	after := ts.hub.Room(code).Record()
	if !reflect.DeepEqual(after.Rounds, before.Rounds) || !reflect.DeepEqual(after.Config, before.Config) {
		t.Error("the game replays differently after the delete")
	}
	if want := []string{account.DeletedName, "Bo", before.Players[2]}; !slices.Equal(after.Players, want) {
		t.Errorf("players %v, want %v", after.Players, want)
	}
	// Its chat lines lost its name and words (the line is there, as DeletedLine); the others'
	// stay.
	cy := newPlayer(t, "Cy", 3)
	cy.connect(ts.url, code)
	cy.hello()
	cy.untilLine("have fun")
	cy.untilLine(server.DeletedLine)
	for _, c := range cy.st.Chat {
		if c.Name == "Ann" || strings.Contains(c.Text, "good luck") || strings.HasPrefix(c.Text, "Ann ") {
			t.Errorf("a chat line keeps the deleted account: %+v", c)
		}
	}
	ann.connect(ts.url, "")
	ann.send(accountmsg.SignIn{Secret: deviceSecret(1)})
	if e := ann.untilError(); e.Code != protocol.ErrSignIn {
		t.Errorf("a deleted account signs in: %+v", e)
	}
	bo.connect(ts.url, "")
	bo.send(accountmsg.SignIn{Secret: deviceSecret(2)})
	bo.reply(accountmsg.TypeAccount)
	bo.send(accountmsg.ExportAccount{})
	if d := bo.reply(accountmsg.TypeAccountData).(accountmsg.AccountData); len(d.Rooms) != 1 || d.Rooms[0].Seat != 1 || d.Rooms[0].Name != "Bo" {
		t.Errorf("the other's export %+v", d)
	}
}

// A new display name reaches the table: the player's own rename at once, the operator's (another
// process, as `admin rename` is) by the next check; the account's seat and its chat lines take
// it, the old name is left nowhere in the room, and the player's open connection takes new seats
// with it.
func TestRenameReachesSeats(t *testing.T) {
	ts := newTestServer(t, accountOptions, fast)
	ann, bo := newPlayer(t, "Ann Lee", 1), newPlayer(t, "Bo", 2)
	acct := ann.signUp(ts.url, "", 1)
	ann.send(protocol.Create{Version: protocol.Version, Settings: protocol.DefaultSettings(4), Name: "Whoever"})
	ann.untilType(protocol.TypeRoom)
	code := ann.st.Code
	bo.connect(ts.url, code)
	bo.hello()
	bo.join()
	ann.send(protocol.Say{Text: "hello all"})
	bo.untilLine("hello all")
	seat0 := func(p *player, name string) {
		t.Helper()
		if len(p.st.Room.Seats) > 0 && p.st.Room.Seats[0].Name == name {
			return
		}
		p.until("seat 0 named "+name, func(protocol.Message) bool {
			return len(p.st.Room.Seats) > 0 && p.st.Room.Seats[0].Name == name
		})
	}

	ann.send(accountmsg.Rename{Name: "Annie"})
	if a := ann.reply(accountmsg.TypeAccount).(accountmsg.Account); a.Name != "Annie" {
		t.Fatalf("renamed %+v", a)
	}
	seat0(bo, "Annie")

	as := ts.store.(store.Accounts)
	if _, err := account.New(as, account.Config{}).RenameHandle(context.Background(), acct.Handle, "Ann B"); err != nil {
		t.Fatal(err)
	}
	ts.clock.Advance(10 * time.Second) // the periodic check (SQLite; PostgreSQL is woken at once)
	seat0(bo, "Ann B")
	if bo.st.Room.Seats[1].Name != "Bo" {
		t.Errorf("Bo's seat is named %q", bo.st.Room.Seats[1].Name)
	}

	// Someone coming in hears the chat as the room keeps it: under the new name, the old ones
	// nowhere.
	cy := newPlayer(t, "Cy", 3)
	cy.connect(ts.url, code)
	cy.hello()
	cy.untilLine("hello all")
	said := false
	for _, c := range cy.st.Chat {
		if strings.Contains(c.Name+" "+c.Text, "Ann Lee") || strings.Contains(c.Name+" "+c.Text, "Annie") {
			t.Errorf("a chat line keeps an old name: %+v", c)
		}
		if c.Text == "hello all" {
			said = true
			if c.Name != "Ann B" {
				t.Errorf("Ann's line is said by %q", c.Name)
			}
		}
	}
	if !said {
		t.Errorf("Ann's line is gone: %+v", cy.st.Chat)
	}

	// Ann's open connection, signed in before the operator's rename, sits again under the new
	// name: the seat she takes is named by the account as last checked, not as at her sign-in.
	ann.send(protocol.Leave{})
	ann.until("seat 0 left", func(protocol.Message) bool { return ann.st.Room.You == -1 })
	ann.join()
	if got := ann.st.Room.Seats[ann.st.Room.You].Name; got != "Ann B" {
		t.Errorf("the seat taken again is named %q", got)
	}
}
