package store

import (
	"context"
	"errors"
	"time"
)

// Account is a player's account as the store keeps it: no e-mail, no real name.
type Account struct {
	ID string // random and opaque, never shown
	// Handle is unique, lower case, short and shown (e.g. "ann-7k2"): the name to sign in with.
	Handle string
	// Name is the display name; several accounts may have one name.
	Name string
	// Password is the password's slow hash (Argon2id, in the PHC string form); "": none set.
	Password string
	Created  time.Time
}

// Device is one device signed in to an account: it holds a secret of its own, of which the
// store keeps only the hash.
type Device struct {
	ID      string
	Account string
	Label   string // what the person calls it ("phone"); may be ""
	// Secret is the SHA-256 of the device's secret, hex: the secret has 128 random bits or more.
	Secret  string
	Created time.Time
	Seen    time.Time // the last sign-in
}

// Pairing is a one-time code that adds a device to an account until it expires.
type Pairing struct {
	Code    string // the SHA-256 of the code, hex
	Account string
	Expires time.Time
}

// Play is a room in which an account held a seat.
type Play struct {
	Code string
	At   time.Time // when the seat was taken
}

// ErrNoAccount is returned for an account, device or pairing code the store does not hold.
var ErrNoAccount = errors.New("store: no such account, device or code")

// ErrTaken is returned by CreateAccount for a handle or device secret another account has.
var ErrTaken = errors.New("store: the handle or secret is taken")

// Accounts keeps players' accounts, their devices and pairing codes, the rooms they played in,
// and the counters of the rate limits that every server process shares. Every method is safe
// for concurrent use.
type Accounts interface {
	// CreateAccount stores a new account with its first device (ErrTaken when the handle or
	// the device's secret is another's).
	CreateAccount(ctx context.Context, a Account, d Device) error
	// AccountBySecret returns the account and device whose secret hash this is (ErrNoAccount),
	// and marks the device seen at now.
	AccountBySecret(ctx context.Context, secret string, now time.Time) (Account, Device, error)
	// AccountByHandle returns the account with the handle (ErrNoAccount).
	AccountByHandle(ctx context.Context, handle string) (Account, error)
	// AccountByID returns the account with the ID (ErrNoAccount).
	AccountByID(ctx context.Context, id string) (Account, error)
	// RenameAccount sets an account's display name (ErrNoAccount).
	RenameAccount(ctx context.Context, id, name string) error
	// SetPassword sets an account's password hash; "" removes the password (ErrNoAccount).
	SetPassword(ctx context.Context, id, hash string) error
	// Devices returns an account's devices, oldest first.
	Devices(ctx context.Context, account string) ([]Device, error)
	// AddDevice adds a device to its account (ErrNoAccount; ErrTaken for a secret another
	// device has).
	AddDevice(ctx context.Context, d Device) error
	// RevokeDevice removes one of an account's devices: its secret signs in no more
	// (ErrNoAccount when the account has no such device).
	RevokeDevice(ctx context.Context, account, device string) error
	// Live returns which of the account IDs and device IDs the store holds (an account deleted
	// or a device revoked is not), each account with its handle and display name as they are
	// now: a process checks its signed-in connections and its rooms' seats with it.
	Live(ctx context.Context, accounts, devices []string) (liveAccounts map[string]Account, liveDevices map[string]bool, err error)
	// AddPairing stores a pairing code, replacing the account's earlier ones: an account has
	// at most one live code.
	AddPairing(ctx context.Context, p Pairing) error
	// RedeemPairing uses the code (its hash) up and adds device d to its account, when the
	// code has not expired at now, and returns the account. A code is redeemed once: the
	// second time, or after it expired, it is ErrNoAccount.
	RedeemPairing(ctx context.Context, code string, now time.Time, d Device) (Account, error)
	// AddPlay records that the account took a seat in the room (once per room).
	AddPlay(ctx context.Context, account, code string, at time.Time) error
	// Plays returns the rooms the account took a seat in, oldest first.
	Plays(ctx context.Context, account string) ([]Play, error)
	// RewriteChat replaces the data of a room's stored chat lines (by their N; a line not stored
	// is left out): a deleted account's lines lose its name and words.
	RewriteChat(ctx context.Context, code string, lines []ChatLine) error
	// DeleteAccount removes the account, its devices, pairing codes and plays.
	DeleteAccount(ctx context.Context, id string) error
	// Hit counts one event under the key in the time window win (a number that grows with
	// time) and returns the events counted in that window so far, this one included; a later
	// window starts the count again, and an earlier one (a process whose clock lags) counts in
	// the stored window. The counter may be dropped after expires (Unix seconds).
	Hit(ctx context.Context, key string, win, expires int64) (int, error)
	// PruneHits drops the counters whose expiry is before now (Unix seconds), and the pairing
	// codes expired then.
	PruneHits(ctx context.Context, now int64) error
}
