// Package accountmsg holds the protocol's account messages (docs/protocol.md, "Accounts") and
// registers them with nimmt/protocol's decoders when it is linked: a program that does not
// import it (the game, until its account screens) neither links them nor decodes them.
package accountmsg

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"nimmt/engine"
	"nimmt/protocol"
)

// The account messages' types (docs/protocol.md, "Accounts"). An account message may come
// before hello or create on either endpoint, or at any time after: the connection is signed in
// from the server's Account answer on.
const (
	// Client to server.
	TypeAccountNew    = "account_new"
	TypeSignIn        = "sign_in"
	TypePairCode      = "pair_code"
	TypePair          = "pair"
	TypeListDevices   = "list_devices"
	TypeRevoke        = "revoke"
	TypeSetPassword   = "set_password"
	TypeRename        = "rename"
	TypeExportAccount = "export_account"
	TypeDeleteAccount = "delete_account"

	// Server to client.
	TypeAccount        = "account"
	TypePairing        = "pairing"
	TypeDeviceList     = "device_list"
	TypeAccountData    = "account_data"
	TypeAccountDeleted = "account_deleted"
)

// Limits of the account messages.
const (
	// MaxPasswordRunes is the longest password; MinPasswordRunes the shortest.
	MaxPasswordRunes = 128
	MinPasswordRunes = 8
	// PairingLength is the number of characters of a pairing code (of protocol.CodeAlphabet); it is
	// shown in two groups of five ("K7QMZ-P3XRT").
	PairingLength = 10
)

func init() {
	protocol.RegisterServer(map[string]func([]byte) (protocol.Message, error){
		TypeAccount:        dec[Account],
		TypePairing:        dec[Pairing],
		TypeDeviceList:     dec[DeviceList],
		TypeAccountData:    dec[AccountData],
		TypeAccountDeleted: dec[AccountDeleted],
	})
}

// dec decodes a message of type T.
func dec[T protocol.Message](b []byte) (protocol.Message, error) {
	var m T
	err := json.Unmarshal(b, &m)
	return m, err
}

// AccountNew makes an account with the display name and signs the connection in to it. Secret
// is the device's secret, made by the client (at least 128 random bits, as CheckSecret says)
// and kept with its settings; Device is what the person calls the device (may be empty).
type AccountNew struct {
	// Not comparable: no equality code in the wasm (#25).
	_      [0]func()
	Secret string `json:"secret"`
	Name   string `json:"name"`
	Device string `json:"device,omitempty"`
}

// SignIn signs the connection in with a device's secret, or with a handle and password.
type SignIn struct {
	// Not comparable: no equality code in the wasm (#25).
	_        [0]func()
	Secret   string `json:"secret,omitempty"`
	Handle   string `json:"handle,omitempty"`
	Password string `json:"password,omitempty"`
}

// PairCode asks for a one-time pairing code that adds another device to the signed-in account.
type PairCode struct{}

// Pair redeems a pairing code: the connection's device joins the code's account with its own
// secret, and is signed in.
type Pair struct {
	// Not comparable: no equality code in the wasm (#25).
	_      [0]func()
	Code   string `json:"code"`
	Secret string `json:"secret"`
	Device string `json:"device,omitempty"`
}

// ListDevices asks for the signed-in account's devices.
type ListDevices struct{}

// Revoke removes one of the account's devices (by its ID in DeviceList): its secret no longer
// signs in.
type Revoke struct {
	Device string `json:"device"`
}

// SetPassword sets the account's password (empty: removes it), for signing in anywhere with
// the handle.
type SetPassword struct {
	Password string `json:"password"`
}

// Rename sets the account's display name.
type Rename struct {
	Name string `json:"name"`
}

// ExportAccount asks for everything the server keeps about the signed-in account.
type ExportAccount struct{}

// DeleteAccount deletes the signed-in account; Handle must be its handle (a confirmation).
type DeleteAccount struct {
	Handle string `json:"handle"`
}

// Account tells a connection which account it is signed in to.
type Account struct {
	// Not comparable: no equality code in the wasm (#25).
	_      [0]func()
	Handle string `json:"handle"`
	Name   string `json:"name"`
	// Device is this device's ID (empty when signed in with a password).
	Device   string `json:"device,omitempty"`
	Password bool   `json:"password,omitempty"` // a password is set
}

// Pairing is a new pairing code and when it expires (Unix ms, server clock).
type Pairing struct {
	// Not comparable: no equality code in the wasm (#25).
	_       [0]func()
	Code    string `json:"code"`
	Expires int64  `json:"expires"`
}

// DeviceInfo is one device of an account.
type DeviceInfo struct {
	// Not comparable: no equality code in the wasm (#25).
	_       [0]func()
	ID      string `json:"id"`
	Label   string `json:"label,omitempty"`
	Created int64  `json:"created"` // Unix ms
	Seen    int64  `json:"seen"`    // Unix ms: the last sign-in
	This    bool   `json:"this,omitempty"`
}

// DeviceList is the account's devices, oldest first.
type DeviceList struct {
	Devices []DeviceInfo `json:"devices"`
}

// AccountData is everything the server keeps about an account, and nothing about anyone else.
type AccountData struct {
	Handle   string       `json:"handle"`
	Name     string       `json:"name"`
	Created  int64        `json:"created"`
	Password bool         `json:"password"` // a password (its hash) is kept
	Devices  []DeviceInfo `json:"devices"`
	Rooms    []PlayedRoom `json:"rooms"`
}

// PlayedRoom is a stored room in which the account holds a seat: the room's settings and state,
// the seat, and of the current game (the one the server keeps) the seat's hands as dealt, its
// moves and its chat lines.
type PlayedRoom struct {
	Code     string            `json:"code"`
	Joined   int64             `json:"joined"` // Unix ms
	Settings protocol.Settings `json:"settings"`
	State    string            `json:"state"`
	Game     int               `json:"game"`
	Seat     int               `json:"seat"`
	Name     string            `json:"name"`
	Colour   string            `json:"colour"`
	Hands    [][]engine.Card   `json:"hands"`
	Moves    []engine.Move     `json:"moves"`
	Chat     []string          `json:"chat"`
}

// AccountDeleted confirms that the account was deleted; the connection is signed out.
type AccountDeleted struct{}

// Type implements protocol.Message.
func (AccountNew) Type() string { return TypeAccountNew }

// Type implements protocol.Message.
func (SignIn) Type() string { return TypeSignIn }

// Type implements protocol.Message.
func (PairCode) Type() string { return TypePairCode }

// Type implements protocol.Message.
func (Pair) Type() string { return TypePair }

// Type implements protocol.Message.
func (ListDevices) Type() string { return TypeListDevices }

// Type implements protocol.Message.
func (Revoke) Type() string { return TypeRevoke }

// Type implements protocol.Message.
func (SetPassword) Type() string { return TypeSetPassword }

// Type implements protocol.Message.
func (Rename) Type() string { return TypeRename }

// Type implements protocol.Message.
func (ExportAccount) Type() string { return TypeExportAccount }

// Type implements protocol.Message.
func (DeleteAccount) Type() string { return TypeDeleteAccount }

// Type implements protocol.Message.
func (Account) Type() string { return TypeAccount }

// Type implements protocol.Message.
func (Pairing) Type() string { return TypePairing }

// Type implements protocol.Message.
func (DeviceList) Type() string { return TypeDeviceList }

// Type implements protocol.Message.
func (AccountData) Type() string { return TypeAccountData }

// Type implements protocol.Message.
func (AccountDeleted) Type() string { return TypeAccountDeleted }

// CheckSecret reports whether s may be a device secret: the same form as a create ID
// (protocol.CheckCreateID), at least 128 random bits.
func CheckSecret(s string) error {
	if err := protocol.CheckCreateID(s); err != nil {
		return fmt.Errorf("protocol: a device secret is %d to %d letters, digits, - and _ holding at least 128 random bits (%w)", protocol.MinCreateID, protocol.MaxCreateID, err)
	}
	return nil
}

// CheckPassword reports whether a password is acceptable: MinPasswordRunes to MaxPasswordRunes
// characters of valid UTF-8.
func CheckPassword(p string) error {
	n := utf8.RuneCountInString(p)
	if !utf8.ValidString(p) || n < MinPasswordRunes || n > MaxPasswordRunes {
		return fmt.Errorf("protocol: a password has %d to %d characters", MinPasswordRunes, MaxPasswordRunes)
	}
	return nil
}

// CheckDevice reports whether a device label is acceptable: empty, or as a name (protocol.CheckName).
func CheckDevice(label string) error {
	if label == "" {
		return nil
	}
	if err := protocol.CheckName(label); err != nil {
		return fmt.Errorf("protocol: a device label: %w", err)
	}
	return nil
}
