package textport_test

import (
	"context"
	"strings"
	"testing"
)

// "login HANDLE PASSWORD" and "pair CODE" sign a text connection in: the seat it holds becomes
// the account's, the seats it takes carry the account's name, and a paired connection gets a
// secret of its own that signs in later.
func TestTextLoginAndPair(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, fastText)
	as := e.hub.Accounts()
	sess, err := as.Create(ctx, "10.0.0.1", "Ann Lee", "phone-secret-abcdefghijklmnop", "phone")
	if err != nil {
		t.Fatal(err)
	}
	if sess, err = as.SetPassword(ctx, sess, "correct-horse"); err != nil {
		t.Fatal(err)
	}
	h := sess.Account.Handle

	c1 := dialText(t, e.text, "ann")
	c1.expectErrors([]struct{ cmd, want string }{
		{"login " + h + " wrong-horse", "no account has this handle and password"},
		{"login", `expected "login HANDLE PASSWORD"`},
		{"pair ABC", "a pairing code has 10 letters"},
	})
	elm := c1.makeRoom("join game as blue on elm") // a guest's seat, the account's once signed in
	c1.send("login " + h + " correct-horse")
	c1.untilHas("signed in as Ann Lee (" + h + ")")
	if ps, err := as.Plays(ctx, sess); err != nil || len(ps) != 1 || ps[0].Code != elm {
		t.Errorf("the seat held at the login is not the account's: %+v, %v", ps, err)
	}
	code := c1.makeRoom("join game as red on oak")
	bo := dialWS(t, e.ws, code, "Bo", 1)
	if seats := bo.st.Room.Seats; len(seats) != 2 || seats[0].Name != "Ann Lee" {
		t.Errorf("seats %+v", seats)
	}

	pc, _, err := as.NewPairing(ctx, sess)
	if err != nil {
		t.Fatal(err)
	}
	c2 := dialText(t, e.text, "ann 2")
	c2.send("pair " + strings.ToLower(pc))
	c2.untilHas("signed in as Ann Lee")
	l := c2.untilHas("sign in again with: login ")
	secret := l[strings.LastIndex(l, " ")+1:]
	if got, err := as.SignIn(ctx, secret); err != nil || got.Account.ID != sess.Account.ID {
		t.Errorf("the text port's secret %q: %+v, %v", secret, got, err)
	}
	c2.send("pair " + pc)
	if l := c2.untilErr(); !strings.Contains(l, "pairing code") {
		t.Errorf("a code used twice: %q", l)
	}
}
