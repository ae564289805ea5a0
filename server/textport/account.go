package textport

import (
	"context"
	"crypto/rand"
	"errors"
	"strings"
	"time"

	"nimmt/protocol/accountmsg"
	"nimmt/server/account"
)

// accountWait bounds a sign-in's work in the store.
const accountWait = 10 * time.Second

// login runs "login HANDLE PASSWORD" and "login SECRET": the connection signs in to the account,
// and the seats it takes from then on (in rooms it enters later or is in now) are the account's.
func (c *conn) login(f []string) {
	as := c.srv.hub.Accounts()
	if as == nil {
		c.say("", "error: this server keeps no accounts")
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), accountWait)
	defer cancel()
	var sess *account.Session
	var err error
	switch len(f) {
	case 2:
		sess, err = as.SignIn(ctx, f[1])
	case 3:
		sess, err = as.Login(ctx, c.addr, f[1], f[2])
	default:
		c.say("", expected("login"))
		return
	}
	if err != nil {
		c.say("", "error: "+accountError(err))
		return
	}
	c.signIn(sess)
}

// pair runs "pair CODE": the connection becomes a new device of the code's account, with a secret
// of its own that "login SECRET" signs in with later.
func (c *conn) pair(f []string) {
	as := c.srv.hub.Accounts()
	if as == nil {
		c.say("", "error: this server keeps no accounts")
		return
	}
	if len(f) != 2 {
		c.say("", expected("pair"))
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), accountWait)
	defer cancel()
	secret := newSecret()
	sess, err := as.Pair(ctx, c.addr, f[1], secret, "text port")
	if err != nil {
		c.say("", "error: "+accountError(err))
		return
	}
	c.signIn(sess)
	c.say("", "* this connection is a device of the account now; sign in again with: login "+secret)
}

// newSecret returns a device secret of 130 random bits (26 base32 characters) that
// accountmsg.CheckSecret takes.
func newSecret() string {
	for {
		if s := rand.Text(); checkSecret(s) {
			return s
		}
	}
}

// signIn binds the connection, and its rooms' sessions, to the account.
func (c *conn) signIn(sess *account.Session) {
	c.acct = sess
	for _, r := range c.rooms {
		r.peer.SignIn(sess)
	}
	c.say("", "* signed in as "+sess.Account.Name+" ("+sess.Account.Handle+"); your seats are your account's")
}

// accountError is an account error as the port prints it, without the package's prefix.
func accountError(err error) string {
	msg := err.Error()
	switch {
	case errors.Is(err, account.ErrLimited):
		msg = "too many attempts; wait and try again"
	case errors.Is(err, account.ErrWrong):
		msg = "no account has this handle and password, secret, or pairing code"
	}
	return strings.TrimPrefix(strings.ReplaceAll(msg, "account: invalid: ", ""), "account: ")
}

// checkSecret reports whether s may be a device secret.
func checkSecret(s string) bool { return accountmsg.CheckSecret(s) == nil }
