// Package account is the server's side of a player who is someone from game to game: accounts
// without e-mail, each with a display name, a unique handle and the devices signed in to it
// (each with a secret it made, of which the store keeps only the hash), one-time pairing codes
// that add a device, an optional password (Argon2id) to sign in anywhere, and the rate limits
// that keep guessing and mass creation slow. The accounts live in the store (store.Accounts),
// shared by every server process, and so do the limits' counters.
package account

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"nimmt/clock"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/server/store"
)

// The errors of the service. Others wrap ErrInvalid (a field out of range: bad_message).
var (
	// ErrLimited refuses an attempt over its rate limit.
	ErrLimited = errors.New("account: too many attempts; wait and try again")
	// ErrWrong refuses a secret, handle and password, or pairing code that no account has.
	ErrWrong = errors.New("account: no account has this secret, handle and password, or pairing code")
	// ErrInvalid is a field out of range (a name, secret, password, code, device).
	ErrInvalid = errors.New("account: invalid")
	// ErrGone refuses a session whose account was deleted or whose device was revoked.
	ErrGone = errors.New("account: the account or this device is no longer signed in; sign in again")
)

// Rule is a rate limit: at most N attempts per Per (fixed windows of Per, counted in the store,
// so across every server process).
type Rule struct {
	N   int
	Per time.Duration
}

// Limits are the service's rate limits; a zero Rule takes its default.
type Limits struct {
	// CreatePerAddr: accounts made from one address (default 5 an hour).
	CreatePerAddr Rule
	// PairPerAddr: pairing codes tried from one address, right or wrong (default 10 in 10 minutes).
	PairPerAddr Rule
	// CodesPerAccount: pairing codes one account makes (default 10 an hour).
	CodesPerAccount Rule
	// PasswordPerAddr: password sign-ins tried from one address (default 20 in 15 minutes).
	PasswordPerAddr Rule
	// PasswordPerAccount: password sign-ins tried for one handle (default 10 in 15 minutes). Past
	// it the handle's password does not sign in until the window ends; its devices still do.
	PasswordPerAccount Rule
}

func (l *Limits) defaults() {
	set := func(r *Rule, n int, per time.Duration) {
		if r.N == 0 {
			r.N = n
		}
		if r.Per == 0 {
			r.Per = per
		}
	}
	set(&l.CreatePerAddr, 5, time.Hour)
	set(&l.PairPerAddr, 10, 10*time.Minute)
	set(&l.CodesPerAccount, 10, time.Hour)
	set(&l.PasswordPerAddr, 20, 15*time.Minute)
	set(&l.PasswordPerAccount, 10, 15*time.Minute)
}

// Config tunes a Service. The zero value is usable.
type Config struct {
	Clock  clock.Clock // nil: the wall clock
	Random io.Reader   // IDs, handles and pairing codes; nil: crypto/rand
	// Params are new password hashes' Argon2id parameters; zero: DefaultParams.
	Params Params
	Limits Limits
	Log    *slog.Logger // nil: slog.Default
}

// PairingLife is how long a pairing code lasts.
const PairingLife = 10 * time.Minute

// MaxDevices is the most devices an account has.
const MaxDevices = 20

// DeletedName is the name a deleted account's seats keep in the rooms it played in.
const DeletedName = "deleted player"

// Service keeps accounts in a store. It is safe for concurrent use.
type Service struct {
	st     store.Accounts
	cfg    Config
	filter *Filter

	mu     sync.Mutex
	pruned time.Time // when the limits' counters were last pruned
}

// New returns the service over st.
func New(st store.Accounts, cfg Config) *Service {
	if cfg.Clock == nil {
		cfg.Clock = clock.Wall{}
	}
	if cfg.Random == nil {
		cfg.Random = rand.Reader
	}
	if cfg.Params == (Params{}) {
		cfg.Params = DefaultParams
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	cfg.Limits.defaults()
	return &Service{st: st, cfg: cfg, filter: NewFilter()}
}

// Filter is the service's word filter.
func (s *Service) Filter() *Filter { return s.filter }

// Session is a signed-in connection's account and device ("" when signed in with a password).
type Session struct {
	Account store.Account
	Device  string
}

// ID is the session's account ID ("" for none).
func (s *Session) ID() string {
	if s == nil {
		return ""
	}
	return s.Account.ID
}

// CheckName reports whether name may be a display name: a player name (protocol.CheckName) of
// at least 2 characters, holding no word of the filter's lists, and not a reserved one.
func (s *Service) CheckName(name string) error {
	if err := protocol.CheckName(name); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if utf8.RuneCountInString(name) < 2 {
		return fmt.Errorf("%w: a display name has at least 2 characters", ErrInvalid)
	}
	if s.filter.Reserved(name) {
		return fmt.Errorf("%w: %q is reserved: choose another name", ErrInvalid, name)
	}
	if w := s.filter.Blocked(name); w != "" {
		return fmt.Errorf("%w: the name holds a word that is not allowed (%q): choose another", ErrInvalid, w)
	}
	return nil
}

func invalid(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%w: %w", ErrInvalid, err)
}

// allow counts an attempt under the rule and key and reports whether it is within the limit.
func (s *Service) allow(ctx context.Context, r Rule, key string) error {
	now := s.cfg.Clock.Now()
	per := int64(r.Per / time.Second)
	win := now.Unix() / per
	n, err := s.st.Hit(ctx, key, win, (win+1)*per)
	if err != nil {
		return err
	}
	s.mu.Lock()
	prune := now.Sub(s.pruned) >= time.Hour
	if prune {
		s.pruned = now
	}
	s.mu.Unlock()
	if prune {
		if err := s.st.PruneHits(ctx, now.Unix()); err != nil {
			s.cfg.Log.Error("account: prune the limits' counters", "err", err)
		}
	}
	if n > r.N {
		return fmt.Errorf("%w (at most %d per %v)", ErrLimited, r.N, r.Per)
	}
	return nil
}

// randomID returns 128 random bits as hex: an account's or a device's ID.
func (s *Service) randomID() (string, error) {
	var b [16]byte
	if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
		return "", fmt.Errorf("account: random: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// handleAlphabet are the characters of a handle's random part: no 0/o, 1/l/i.
const handleAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// drawn returns n characters of alphabet drawn evenly.
func (s *Service) drawn(alphabet string, n int) (string, error) {
	out := make([]byte, 0, n)
	var b [1]byte
	for len(out) < n {
		if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
			return "", fmt.Errorf("account: random: %w", err)
		}
		if int(b[0]) < 256/len(alphabet)*len(alphabet) {
			out = append(out, alphabet[int(b[0])%len(alphabet)])
		}
	}
	return string(out), nil
}

// handleBase is the start of a handle made for name: its first letters and digits (ASCII,
// accents undone, at most 8), or "player".
func handleBase(name string) string {
	var b strings.Builder
	for _, r := range fold(name) {
		if b.Len() < 8 && ('a' <= r && r <= 'z' || '0' <= r && r <= '9') {
			b.WriteRune(r)
		}
	}
	if b.Len() < 2 {
		return "player"
	}
	return b.String()
}

// device makes a device of the account with the secret and label.
func (s *Service) device(account, secret, label string) (store.Device, error) {
	id, err := s.randomID()
	if err != nil {
		return store.Device{}, err
	}
	now := s.cfg.Clock.Now()
	return store.Device{ID: id, Account: account, Label: label, Secret: HashSecret(secret), Created: now, Seen: now}, nil
}

// Create makes an account with the display name and its first device, which holds secret (made
// by the client), and returns its session. addr is the client's address, for the rate limit.
func (s *Service) Create(ctx context.Context, addr, name, secret, label string) (*Session, error) {
	if err := s.CheckName(name); err != nil {
		return nil, err
	}
	if err := accountmsg.CheckSecret(secret); err != nil {
		return nil, invalid(err)
	}
	if err := accountmsg.CheckDevice(label); err != nil {
		return nil, invalid(err)
	}
	if err := s.allow(ctx, s.cfg.Limits.CreatePerAddr, "create:"+addr); err != nil {
		return nil, err
	}
	id, err := s.randomID()
	if err != nil {
		return nil, err
	}
	d, err := s.device(id, secret, label)
	if err != nil {
		return nil, err
	}
	base := handleBase(name)
	for try := range 8 {
		suffix, err := s.drawn(handleAlphabet, 3+try/4)
		if err != nil {
			return nil, err
		}
		a := store.Account{ID: id, Handle: base + "-" + suffix, Name: name, Created: d.Created}
		err = s.st.CreateAccount(ctx, a, d)
		if err == nil {
			return &Session{Account: a, Device: d.ID}, nil
		}
		if !errors.Is(err, store.ErrTaken) {
			return nil, err
		}
		// The handle was taken, or the secret is another device's: a client that sent
		// account_new again after its answer was lost signs in with it.
		if sess, err := s.SignIn(ctx, secret); err == nil {
			return sess, nil
		}
	}
	return nil, errors.New("account: no free handle found; try again")
}

// SignIn returns the session of the device whose secret this is.
func (s *Service) SignIn(ctx context.Context, secret string) (*Session, error) {
	if err := accountmsg.CheckSecret(secret); err != nil {
		return nil, invalid(err)
	}
	a, d, err := s.st.AccountBySecret(ctx, HashSecret(secret), s.cfg.Clock.Now())
	if errors.Is(err, store.ErrNoAccount) {
		return nil, ErrWrong
	}
	if err != nil {
		return nil, err
	}
	return &Session{Account: a, Device: d.ID}, nil
}

// NormalHandle writes a handle as the store keeps it (lower case, no spaces around).
func NormalHandle(h string) string { return strings.ToLower(strings.TrimSpace(h)) }

// Login returns the session of the account with the handle and password, within the limits
// per address and per handle.
func (s *Service) Login(ctx context.Context, addr, handle, password string) (*Session, error) {
	handle = NormalHandle(handle)
	if handle == "" || len(handle) > 64 || password == "" || len(password) > 4*accountmsg.MaxPasswordRunes {
		return nil, fmt.Errorf("%w: a handle and a password", ErrInvalid)
	}
	if err := s.allow(ctx, s.cfg.Limits.PasswordPerAddr, "password:"+addr); err != nil {
		return nil, err
	}
	if err := s.allow(ctx, s.cfg.Limits.PasswordPerAccount, "password@"+handle); err != nil {
		return nil, err
	}
	a, err := s.st.AccountByHandle(ctx, handle)
	if err != nil && !errors.Is(err, store.ErrNoAccount) {
		return nil, err
	}
	hash := a.Password
	if hash == "" {
		hash = dummyHash(s.cfg.Params) // as slow as a wrong password
	}
	ok, err := CheckPassword(hash, password)
	if err != nil {
		return nil, err
	}
	if !ok || a.Password == "" {
		return nil, ErrWrong
	}
	return &Session{Account: a}, nil
}

// Current returns the session as the store has it now (a new name, a password set), or ErrGone
// when its account was deleted or its device revoked.
func (s *Service) Current(ctx context.Context, sess *Session) (*Session, error) {
	if sess == nil {
		return nil, ErrGone
	}
	a, err := s.st.AccountByID(ctx, sess.Account.ID)
	if errors.Is(err, store.ErrNoAccount) {
		return nil, ErrGone
	}
	if err != nil {
		return nil, err
	}
	if sess.Device != "" {
		ds, err := s.st.Devices(ctx, a.ID)
		if err != nil {
			return nil, err
		}
		found := false
		for _, d := range ds {
			found = found || d.ID == sess.Device
		}
		if !found {
			return nil, ErrGone
		}
	}
	return &Session{Account: a, Device: sess.Device}, nil
}

// NewPairing makes a one-time pairing code for the session's account, replacing its earlier
// one, and returns it with its expiry.
func (s *Service) NewPairing(ctx context.Context, sess *Session) (string, time.Time, error) {
	sess, err := s.Current(ctx, sess)
	if err != nil {
		return "", time.Time{}, err
	}
	if err := s.allow(ctx, s.cfg.Limits.CodesPerAccount, "codes@"+sess.Account.ID); err != nil {
		return "", time.Time{}, err
	}
	ds, err := s.st.Devices(ctx, sess.Account.ID)
	if err != nil {
		return "", time.Time{}, err
	}
	if len(ds) >= MaxDevices {
		return "", time.Time{}, fmt.Errorf("%w: the account has %d devices, the most: revoke one first", ErrInvalid, len(ds))
	}
	code, err := s.drawn(protocol.CodeAlphabet, accountmsg.PairingLength)
	if err != nil {
		return "", time.Time{}, err
	}
	exp := s.cfg.Clock.Now().Add(PairingLife)
	if err := s.st.AddPairing(ctx, store.Pairing{Code: HashSecret(code), Account: sess.Account.ID, Expires: exp}); err != nil {
		return "", time.Time{}, err
	}
	return code[:5] + "-" + code[5:], exp, nil
}

// normalCode reads a pairing code as a person types it: any case, with or without the dash or
// spaces.
func normalCode(code string) (string, error) {
	c := strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(code))
	if len(c) != accountmsg.PairingLength {
		return "", fmt.Errorf("%w: a pairing code has %d letters and digits, e.g. K7QMZ-P3XRT", ErrInvalid, accountmsg.PairingLength)
	}
	for i := range len(c) {
		if strings.IndexByte(protocol.CodeAlphabet, c[i]) < 0 {
			return "", fmt.Errorf("%w: %q is not a pairing code character", ErrInvalid, c[i])
		}
	}
	return c, nil
}

// Pair redeems a pairing code: a new device holding secret joins the code's account. addr is
// the client's address: every try counts against its limit, right or wrong.
func (s *Service) Pair(ctx context.Context, addr, code, secret, label string) (*Session, error) {
	if err := accountmsg.CheckSecret(secret); err != nil {
		return nil, invalid(err)
	}
	if err := accountmsg.CheckDevice(label); err != nil {
		return nil, invalid(err)
	}
	if err := s.allow(ctx, s.cfg.Limits.PairPerAddr, "pair:"+addr); err != nil {
		return nil, err
	}
	c, err := normalCode(code)
	if err != nil {
		return nil, err
	}
	d, err := s.device("", secret, label)
	if err != nil {
		return nil, err
	}
	a, err := s.st.RedeemPairing(ctx, HashSecret(c), s.cfg.Clock.Now(), d)
	switch {
	case errors.Is(err, store.ErrNoAccount):
		return nil, ErrWrong
	case errors.Is(err, store.ErrTaken):
		return nil, fmt.Errorf("%w: this device secret is another device's: make a new one", ErrInvalid)
	case err != nil:
		return nil, err
	}
	return &Session{Account: a, Device: d.ID}, nil
}

// Devices returns the session's account's devices, oldest first.
func (s *Service) Devices(ctx context.Context, sess *Session) ([]store.Device, error) {
	sess, err := s.Current(ctx, sess)
	if err != nil {
		return nil, err
	}
	return s.st.Devices(ctx, sess.Account.ID)
}

// Revoke removes one of the account's devices (this one too: then the session ends).
func (s *Service) Revoke(ctx context.Context, sess *Session, device string) error {
	sess, err := s.Current(ctx, sess)
	if err != nil {
		return err
	}
	err = s.st.RevokeDevice(ctx, sess.Account.ID, device)
	if errors.Is(err, store.ErrNoAccount) {
		return fmt.Errorf("%w: the account has no device %q", ErrInvalid, device)
	}
	return err
}

// SetPassword sets the account's password ("" removes it) and returns the session as it is now.
func (s *Service) SetPassword(ctx context.Context, sess *Session, password string) (*Session, error) {
	sess, err := s.Current(ctx, sess)
	if err != nil {
		return nil, err
	}
	hash := ""
	if password != "" {
		if err := accountmsg.CheckPassword(password); err != nil {
			return nil, invalid(err)
		}
		if hash, err = HashPassword(password, s.cfg.Params); err != nil {
			return nil, err
		}
	}
	if err := s.st.SetPassword(ctx, sess.Account.ID, hash); err != nil {
		return nil, err
	}
	sess.Account.Password = hash
	return sess, nil
}

// Rename sets the account's display name and returns the session as it is now.
func (s *Service) Rename(ctx context.Context, sess *Session, name string) (*Session, error) {
	if err := s.CheckName(name); err != nil {
		return nil, err
	}
	sess, err := s.Current(ctx, sess)
	if err != nil {
		return nil, err
	}
	if err := s.st.RenameAccount(ctx, sess.Account.ID, name); err != nil {
		return nil, err
	}
	sess.Account.Name = name
	return sess, nil
}

// RenameHandle sets the display name of the account with the handle (the operator's rename:
// the name passes the same rules as a player's) and returns the account as it is now.
func (s *Service) RenameHandle(ctx context.Context, handle, name string) (store.Account, error) {
	if err := s.CheckName(name); err != nil {
		return store.Account{}, err
	}
	a, err := s.st.AccountByHandle(ctx, NormalHandle(handle))
	if errors.Is(err, store.ErrNoAccount) {
		return a, fmt.Errorf("account: no account has the handle %q", handle)
	}
	if err != nil {
		return a, err
	}
	if err := s.st.RenameAccount(ctx, a.ID, name); err != nil {
		return a, err
	}
	a.Name = name
	return a, nil
}

// AddPlay records that the account took a seat in the room.
func (s *Service) AddPlay(ctx context.Context, sess *Session, code string) error {
	return s.st.AddPlay(ctx, sess.Account.ID, code, s.cfg.Clock.Now())
}

// Plays returns the rooms the account took a seat in.
func (s *Service) Plays(ctx context.Context, sess *Session) ([]store.Play, error) {
	return s.st.Plays(ctx, sess.Account.ID)
}

// Delete removes the account with its devices, codes and plays (the rooms it played in are
// the server's to anonymise first).
func (s *Service) Delete(ctx context.Context, sess *Session) error {
	return s.st.DeleteAccount(ctx, sess.Account.ID)
}

// RewriteChat replaces stored chat lines of a room (a deleted account's, without its name and
// words).
func (s *Service) RewriteChat(ctx context.Context, code string, lines []store.ChatLine) error {
	if len(lines) == 0 {
		return nil
	}
	return s.st.RewriteChat(ctx, code, lines)
}
