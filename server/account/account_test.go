package account_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"nimmt/clock"
	"nimmt/server/account"
	"nimmt/server/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// cheap are Argon2id parameters that keep the tests fast; the hash's form is the same.
var cheap = account.Params{Time: 1, Memory: 64, Threads: 1}

func newService(t *testing.T) (*account.Service, *clock.Manual) {
	t.Helper()
	c := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	return openService(t, storetest.New(t), c), c
}

// openService opens the database db again and returns a service on it: another process's.
func openService(t *testing.T, db *storetest.DB, c *clock.Manual) *account.Service {
	t.Helper()
	st, err := db.Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return account.New(st, account.Config{Clock: c, Params: cheap})
}

// Two processes on one database share the limits and the accounts: an address that made its
// accounts on one makes none on the other, and a code made on one is redeemed on the other.
func TestTwoProcesses(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	c := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	p1, p2 := openService(t, db, c), openService(t, db, c)
	var ann *account.Session
	for i := range 5 {
		s, err := p1.Create(ctx, "1.1.1.1", "Ann", secret(i), "")
		if err != nil {
			t.Fatal(err)
		}
		ann = s
	}
	if _, err := p2.Create(ctx, "1.1.1.1", "Ann", secret(9), ""); !errors.Is(err, account.ErrLimited) {
		t.Errorf("the other process made a 6th account: %v", err)
	}
	code, _, err := p1.NewPairing(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := p2.Pair(ctx, "2.2.2.2", code, secret(10), ""); err != nil || got.Account.ID != ann.Account.ID {
		t.Errorf("pair on the other process: %+v, %v", got, err)
	}
}

// secret is a device secret of 128 random bits' form, different for each n.
func secret(n int) string { return fmt.Sprintf("Secret-%04d-abcdefghijklmnop", n) }

func TestNames(t *testing.T) {
	s, _ := newService(t)
	for name, ok := range map[string]bool{
		"Ann": true, "Peacock": true, "Scunthorpe": true, "Matsushita": true, "Grass Hopper": true, "Zoë": true,
		"A": false, "": false, "Cock 7": false, "Sh1t": false, "bullshit": false, "F u c k": false, "FÜCKER": false,
		"Hurensohn": false, "Deleted Player": false, "deleted-player": false, "ADMIN": false, "pu7a": false,
		"Ann<script>": false, strings.Repeat("a", 25): false,
	} {
		err := s.CheckName(name)
		if (err == nil) != ok {
			t.Errorf("%q: %v", name, err)
		}
		if err != nil && !errors.Is(err, account.ErrInvalid) {
			t.Errorf("%q: %v is not ErrInvalid", name, err)
		}
	}
}

func TestPasswordHash(t *testing.T) {
	h, err := account.HashPassword("correct horse", cheap)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^\$argon2id\$v=19\$m=64,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`).MatchString(h) {
		t.Errorf("hash %q", h)
	}
	if h2, _ := account.HashPassword("correct horse", cheap); h2 == h {
		t.Error("two hashes of one password are alike: no salt")
	}
	for pw, want := range map[string]bool{"correct horse": true, "correct horsE": false, "": false} {
		if ok, err := account.CheckPassword(h, pw); ok != want || err != nil {
			t.Errorf("%q: %v, %v", pw, ok, err)
		}
	}
	for _, bad := range []string{"", "$argon2i$v=19$m=64,t=1,p=1$AAAA$AAAA", strings.Replace(h, "m=64", "m=x", 1), h[:len(h)-44] + "$!!"} {
		if _, err := account.CheckPassword(bad, "x"); err == nil {
			t.Errorf("%q checked", bad)
		}
	}
}

func TestCreateAndSignIn(t *testing.T) {
	ctx := context.Background()
	s, c := newService(t)
	sess, err := s.Create(ctx, "1.1.1.1", "Ann Lee", secret(1), "phone")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^annlee-[2-9a-z]{3}$`).MatchString(sess.Account.Handle) || sess.Account.Name != "Ann Lee" || sess.Device == "" {
		t.Errorf("session %+v", sess)
	}
	got, err := s.SignIn(ctx, secret(1))
	if err != nil || got.Account.ID != sess.Account.ID || got.Device != sess.Device {
		t.Errorf("sign in: %+v, %v", got, err)
	}
	if _, err := s.SignIn(ctx, secret(2)); !errors.Is(err, account.ErrWrong) {
		t.Errorf("an unknown secret: %v", err)
	}
	if _, err := s.SignIn(ctx, "short"); !errors.Is(err, account.ErrInvalid) {
		t.Errorf("a short secret: %v", err)
	}
	// account_new sent again with the same secret (its answer lost) signs in to the same account.
	again, err := s.Create(ctx, "1.1.1.1", "Ann Lee", secret(1), "phone")
	if err != nil || again.Account.ID != sess.Account.ID {
		t.Errorf("created again: %+v, %v", again, err)
	}
	// The address has made 2 of its 5 an hour; the next 3 pass, the 6th is refused, another
	// address is not, and an hour later the first may again.
	for i := range 3 {
		if _, err := s.Create(ctx, "1.1.1.1", "Bo", secret(10+i), ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Create(ctx, "1.1.1.1", "Bo", secret(20), ""); !errors.Is(err, account.ErrLimited) {
		t.Errorf("the 6th account in an hour: %v", err)
	}
	if _, err := s.Create(ctx, "2.2.2.2", "Bo", secret(21), ""); err != nil {
		t.Errorf("another address: %v", err)
	}
	c.Advance(time.Hour)
	if _, err := s.Create(ctx, "1.1.1.1", "Bo", secret(22), ""); err != nil {
		t.Errorf("an hour later: %v", err)
	}
	if _, err := s.Create(ctx, "3.3.3.3", "Sh1t", secret(23), ""); !errors.Is(err, account.ErrInvalid) {
		t.Errorf("a filtered name: %v", err)
	}
}

func TestPairing(t *testing.T) {
	ctx := context.Background()
	s, c := newService(t)
	ann, err := s.Create(ctx, "1.1.1.1", "Ann", secret(1), "phone")
	if err != nil {
		t.Fatal(err)
	}
	code, exp, err := s.NewPairing(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$`).MatchString(code) || !exp.Equal(c.Now().Add(account.PairingLife)) {
		t.Errorf("code %q expires %v", code, exp)
	}
	// Typed a minute later in lower case without the dash, on device 2, which brings its own
	// secret.
	c.Advance(time.Minute)
	pc, err := s.Pair(ctx, "2.2.2.2", strings.ToLower(strings.ReplaceAll(code, "-", "")), secret(2), "laptop")
	if err != nil || pc.Account.ID != ann.Account.ID || pc.Device == ann.Device {
		t.Fatalf("pair: %+v, %v", pc, err)
	}
	if _, err := s.Pair(ctx, "2.2.2.2", code, secret(3), ""); !errors.Is(err, account.ErrWrong) {
		t.Errorf("a code used twice: %v", err)
	}
	if got, err := s.SignIn(ctx, secret(2)); err != nil || got.Account.ID != ann.Account.ID {
		t.Errorf("device 2 signs in: %+v, %v", got, err)
	}
	ds, err := s.Devices(ctx, ann)
	if err != nil || len(ds) != 2 || ds[1].Label != "laptop" || ds[1].Secret == secret(2) {
		t.Errorf("devices %+v, %v", ds, err)
	}
	// An expired code adds nothing.
	code, _, err = s.NewPairing(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	c.Advance(account.PairingLife)
	if _, err := s.Pair(ctx, "2.2.2.2", code, secret(4), ""); !errors.Is(err, account.ErrWrong) {
		t.Errorf("an expired code: %v", err)
	}
	// An address tries 10 codes in 10 minutes, right or wrong (it has tried once in this
	// window, which the clock's move started).
	for i := range 9 {
		if _, err := s.Pair(ctx, "2.2.2.2", fmt.Sprintf("AAAAA-AAAA%c", "23456789A"[i]), secret(5), ""); !errors.Is(err, account.ErrWrong) {
			t.Fatalf("try %d: %v", i, err)
		}
	}
	code, _, err = s.NewPairing(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Pair(ctx, "2.2.2.2", code, secret(6), ""); !errors.Is(err, account.ErrLimited) {
		t.Errorf("the 11th try: %v", err)
	}
	if _, err := s.Pair(ctx, "3.3.3.3", code, secret(6), ""); err != nil {
		t.Errorf("another address: %v", err)
	}
	// Device 1 revokes device 2: its secret signs in no more, and its session is gone.
	if err := s.Revoke(ctx, ann, pc.Device); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SignIn(ctx, secret(2)); !errors.Is(err, account.ErrWrong) {
		t.Errorf("a revoked device signs in: %v", err)
	}
	if _, _, err := s.NewPairing(ctx, pc); !errors.Is(err, account.ErrGone) {
		t.Errorf("a revoked device's session: %v", err)
	}
	// An account makes 10 codes an hour (it has made 3).
	for i := range 7 {
		if _, _, err := s.NewPairing(ctx, ann); err != nil {
			t.Fatalf("code %d: %v", 4+i, err)
		}
	}
	if _, _, err := s.NewPairing(ctx, ann); !errors.Is(err, account.ErrLimited) {
		t.Errorf("the 11th code in an hour: %v", err)
	}
	c.Advance(time.Hour)
	if _, _, err := s.NewPairing(ctx, ann); err != nil {
		t.Errorf("an hour later: %v", err)
	}
}

func TestPasswordSignIn(t *testing.T) {
	ctx := context.Background()
	s, c := newService(t)
	ann, err := s.Create(ctx, "1.1.1.1", "Ann", secret(1), "")
	if err != nil {
		t.Fatal(err)
	}
	h := ann.Account.Handle
	if _, err := s.Login(ctx, "9.9.9.9", h, "anything at all"); !errors.Is(err, account.ErrWrong) {
		t.Errorf("no password set: %v", err)
	}
	if _, err := s.SetPassword(ctx, ann, "short"); !errors.Is(err, account.ErrInvalid) {
		t.Errorf("a short password: %v", err)
	}
	if _, err := s.SetPassword(ctx, ann, "correct horse"); err != nil {
		t.Fatal(err)
	}
	got, err := s.Login(ctx, "9.9.9.9", strings.ToUpper(h), "correct horse")
	if err != nil || got.Account.ID != ann.Account.ID || got.Device != "" {
		t.Errorf("login: %+v, %v", got, err)
	}
	// One handle is tried 10 times in 15 minutes (it has been twice), from any address; its
	// devices still sign in; 15 minutes later the password does again.
	for i := range 8 {
		if _, err := s.Login(ctx, fmt.Sprintf("10.0.0.%d", i), h, "wrong horse"); !errors.Is(err, account.ErrWrong) {
			t.Fatalf("try %d: %v", i, err)
		}
	}
	if _, err := s.Login(ctx, "10.0.1.1", h, "correct horse"); !errors.Is(err, account.ErrLimited) {
		t.Errorf("the 11th try of a handle: %v", err)
	}
	if _, err := s.SignIn(ctx, secret(1)); err != nil {
		t.Errorf("the device: %v", err)
	}
	c.Advance(15 * time.Minute)
	if _, err := s.Login(ctx, "10.0.1.1", h, "correct horse"); err != nil {
		t.Errorf("15 minutes later: %v", err)
	}
	// One address tries 20 sign-ins in 15 minutes, whichever handles.
	for i := range 20 {
		if _, err := s.Login(ctx, "7.7.7.7", fmt.Sprintf("nobody-%d", i), "wrong horse"); !errors.Is(err, account.ErrWrong) {
			t.Fatalf("try %d: %v", i, err)
		}
	}
	if _, err := s.Login(ctx, "7.7.7.7", h, "correct horse"); !errors.Is(err, account.ErrLimited) {
		t.Errorf("the address's 21st try: %v", err)
	}
	// Removing the password: it signs in no more.
	if _, err := s.SetPassword(ctx, ann, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Login(ctx, "8.8.8.8", h, "correct horse"); !errors.Is(err, account.ErrWrong) {
		t.Errorf("a removed password: %v", err)
	}
}
