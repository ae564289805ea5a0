package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/server/account"
	"nimmt/server/store"
)

// This file is the hub's part in accounts (package account): a connection signs in with an
// account message, before or after hello; a signed-in connection's seats belong to its account
// (they carry the account's ID and name, and any of its devices takes the seat back with a
// hello without a token); export and delete read and anonymise the rooms it played in.

// accountWait bounds an account message's work in the store.
const accountWait = 10 * time.Second

// newAccounts returns the hub's account service over st, or nil when st keeps no accounts.
func newAccounts(st store.Store, opts Options) *account.Service {
	as, ok := st.(store.Accounts)
	if !ok {
		return nil
	}
	cfg := opts.Accounts
	if cfg.Clock == nil {
		cfg.Clock = opts.Clock
	}
	if cfg.Log == nil {
		cfg.Log = opts.Log
	}
	return account.New(as, cfg)
}

// Accounts returns the hub's account service, or nil when its store keeps no accounts.
func (h *Hub) Accounts() *account.Service { return h.accounts }

// SignIn makes the session's seats the account's (the seat it holds now, if a guest's, too): the
// text port signs its connections in. It is called from the goroutine that calls Handle.
func (p *Peer) SignIn(s *account.Session) {
	p.setAcct(s)
	if err := p.bindHeld(); err != nil {
		p.hub.opts.Log.Error("server: the seat was not bound to the account", "room", p.code, "err", err)
	}
}

// setAcct signs the connection in to s (nil: out).
func (p *Peer) setAcct(s *account.Session) {
	p.acct = s
	p.hub.access.signIn(p, s)
}

// bindHeld makes the guest seat the connection holds, if any, its account's.
func (p *Peer) bindHeld() error {
	r := p.room
	if r == nil || p.acct == nil {
		return nil
	}
	r.mu.Lock()
	s := p.seat
	free := s != nil && s.Account == "" && !p.closed && !r.closed
	r.mu.Unlock()
	if !free {
		return nil
	}
	if err := p.addPlay(r.code); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if p.seat != s || s.Account != "" || p.closed || r.closed {
		return nil
	}
	s.Account = p.acct.ID()
	return r.update()
}

// accountCode is the protocol error code of an account error.
func accountCode(err error) string {
	var ce *codeError
	switch {
	case errors.As(err, &ce):
		return ce.code
	case errors.Is(err, account.ErrLimited):
		return protocol.ErrLimit
	case errors.Is(err, account.ErrWrong):
		return protocol.ErrSignIn
	case errors.Is(err, account.ErrInvalid):
		return protocol.ErrBadMessage
	case errors.Is(err, account.ErrGone):
		return protocol.ErrNoAccount
	}
	return protocol.ErrServer
}

// accountMessage answers m if it is an account message and reports whether it was one.
func (p *Peer) accountMessage(m protocol.Message) bool {
	switch m.(type) {
	case accountmsg.AccountNew, accountmsg.SignIn, accountmsg.PairCode, accountmsg.Pair, accountmsg.ListDevices,
		accountmsg.Revoke, accountmsg.SetPassword, accountmsg.Rename, accountmsg.ExportAccount, accountmsg.DeleteAccount:
	default:
		return false
	}
	as := p.hub.accounts
	if as == nil {
		p.fail(protocol.ErrServer, m.Type(), errors.New("server: this server keeps no accounts"))
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), accountWait)
	defer cancel()
	reply, err := p.account(ctx, as, m)
	if err != nil {
		if errors.Is(err, account.ErrGone) {
			p.setAcct(nil)
		}
		if accountCode(err) == protocol.ErrServer {
			p.hub.opts.Log.Error("server: account", "message", m.Type(), "err", err)
		}
		p.fail(accountCode(err), m.Type(), err)
		return true
	}
	p.sink.Send(reply)
	return true
}

// account runs an account message and returns the answer.
func (p *Peer) account(ctx context.Context, as *account.Service, m protocol.Message) (protocol.Message, error) {
	var sess *account.Session
	var err error
	switch m := m.(type) {
	case accountmsg.AccountNew:
		sess, err = as.Create(ctx, p.addr, m.Name, m.Secret, m.Device)
	case accountmsg.SignIn:
		if m.Secret != "" {
			sess, err = as.SignIn(ctx, m.Secret)
		} else {
			sess, err = as.Login(ctx, p.addr, m.Handle, m.Password)
		}
	case accountmsg.Pair:
		sess, err = as.Pair(ctx, p.addr, m.Code, m.Secret, m.Device)
	default:
		if p.acct == nil {
			return nil, refuse(protocol.ErrNoAccount, "sign in first (account_new, sign_in or pair)")
		}
		return p.signedIn(ctx, as, m)
	}
	if err != nil {
		return nil, err
	}
	p.setAcct(sess)
	if err := p.bindHeld(); err != nil {
		return nil, err
	}
	return accountOf(sess), nil
}

func accountOf(s *account.Session) accountmsg.Account {
	return accountmsg.Account{Handle: s.Account.Handle, Name: s.Account.Name, Device: s.Device, Password: s.Account.Password != ""}
}

// signedIn runs an account message that needs the connection signed in.
func (p *Peer) signedIn(ctx context.Context, as *account.Service, m protocol.Message) (protocol.Message, error) {
	switch m := m.(type) {
	case accountmsg.PairCode:
		code, exp, err := as.NewPairing(ctx, p.acct)
		if err != nil {
			return nil, err
		}
		return accountmsg.Pairing{Code: code, Expires: exp.UnixMilli()}, nil
	case accountmsg.Revoke:
		if err := as.Revoke(ctx, p.acct, m.Device); err != nil {
			return nil, err
		}
		// The device's other connections, here and on the other processes, are signed out.
		defer p.hub.access.changed()
		if m.Device == p.acct.Device {
			p.setAcct(nil)
			return accountmsg.DeviceList{}, nil
		}
		return p.devices(ctx, as)
	case accountmsg.ListDevices:
		return p.devices(ctx, as)
	case accountmsg.SetPassword:
		sess, err := as.SetPassword(ctx, p.acct, m.Password)
		if err != nil {
			return nil, err
		}
		p.setAcct(sess)
		return accountOf(sess), nil
	case accountmsg.Rename:
		sess, err := as.Rename(ctx, p.acct, m.Name)
		if err != nil {
			return nil, err
		}
		p.setAcct(sess)
		p.hub.access.changed() // the account's seats and other connections take the name
		return accountOf(sess), nil
	case accountmsg.ExportAccount:
		return p.hub.exportAccount(ctx, as, p.acct)
	case accountmsg.DeleteAccount:
		sess, err := as.Current(ctx, p.acct)
		if err != nil {
			return nil, err
		}
		if account.NormalHandle(m.Handle) != sess.Account.Handle {
			return nil, refuse(protocol.ErrBadMessage, "to delete the account, send its handle (%s)", sess.Account.Handle)
		}
		if err := p.hub.deleteAccount(ctx, as, sess); err != nil {
			return nil, err
		}
		p.setAcct(nil)
		p.hub.access.changed() // the account's other connections are signed out
		return accountmsg.AccountDeleted{}, nil
	}
	return nil, refuse(protocol.ErrBadMessage, "a client does not send %s", m.Type())
}

func (p *Peer) devices(ctx context.Context, as *account.Service) (protocol.Message, error) {
	ds, err := as.Devices(ctx, p.acct)
	if err != nil {
		return nil, err
	}
	out := accountmsg.DeviceList{Devices: []accountmsg.DeviceInfo{}}
	for _, d := range ds {
		out.Devices = append(out.Devices, accountmsg.DeviceInfo{ID: d.ID, Label: d.Label, Created: d.Created.UnixMilli(),
			Seen: d.Seen.UnixMilli(), This: d.ID == p.acct.Device})
	}
	return out, nil
}

// seatName is the name a connection takes a seat with: its account's display name when signed
// in (it passed the account's word filter), else the name it sent.
func (p *Peer) seatName(name string) string {
	if p.acct != nil {
		// The name as last checked: the operator may have renamed the account since sign-in.
		if n := p.hub.access.name(p); n != "" {
			return n
		}
		return p.acct.Account.Name
	}
	return name
}

// seatNameIn is seatName for a seat in room r (under its lock): a signed-in person whose display
// name a person at the table has already (names are not unique) sits as "NAME HANDLE".
func (p *Peer) seatNameIn(r *Room, name string) string {
	name = p.seatName(name)
	if p.acct == nil {
		return name
	}
	for _, x := range r.Seats {
		if x.Kind == protocol.KindPerson && strings.EqualFold(x.Name, name) {
			return withHandle(name, p.acct.Account.Handle)
		}
	}
	return name
}

// withHandle is the display name followed by the account's handle, the name cut to leave the
// handle room: how a person sits where another at the table has their name.
func withHandle(name, handle string) string {
	keep := max(1, protocol.MaxNameRunes-1-utf8.RuneCountInString(handle))
	if rs := []rune(name); len(rs) > keep {
		name = strings.TrimSpace(string(rs[:keep]))
	}
	return name + " " + handle
}

// bind makes seat s the connection's account's, if it is signed in.
func (p *Peer) bind(s *seat) {
	s.Account = p.acct.ID()
}

// addPlay records that the connection's account takes a seat in the room: before the seat is
// stored, so that an export finds every room with a seat of the account.
func (p *Peer) addPlay(code string) error {
	if p.acct == nil || p.hub.accounts == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), accountWait)
	defer cancel()
	if err := p.hub.accounts.AddPlay(ctx, p.acct, code); err != nil {
		return refuse(protocol.ErrServer, "the seat could not be stored: %v", err)
	}
	return nil
}

// seatOfAccount returns the room's person's seat that belongs to the account, or nil.
func (m *meta) seatOfAccount(id string) *seat {
	if id == "" {
		return nil
	}
	for _, x := range m.Seats {
		if x.Account == id {
			return x
		}
	}
	return nil
}

// exportAccount gathers everything stored about the session's account: its profile, its
// devices, and of every stored room in which it holds a seat, that seat's hands, moves and chat
// lines; nothing of any other seat.
func (h *Hub) exportAccount(ctx context.Context, as *account.Service, sess *account.Session) (accountmsg.AccountData, error) {
	sess, err := as.Current(ctx, sess)
	if err != nil {
		return accountmsg.AccountData{}, err
	}
	a := sess.Account
	out := accountmsg.AccountData{Handle: a.Handle, Name: a.Name, Created: a.Created.UnixMilli(), Password: a.Password != "",
		Devices: []accountmsg.DeviceInfo{}, Rooms: []accountmsg.PlayedRoom{}}
	ds, err := as.Devices(ctx, sess)
	if err != nil {
		return out, err
	}
	for _, d := range ds {
		out.Devices = append(out.Devices, accountmsg.DeviceInfo{ID: d.ID, Label: d.Label, Created: d.Created.UnixMilli(), Seen: d.Seen.UnixMilli(), This: d.ID == sess.Device})
	}
	plays, err := as.Plays(ctx, sess)
	if err != nil {
		return out, err
	}
	for _, pl := range plays {
		sr, err := h.store.LoadRoom(ctx, pl.Code)
		if errors.Is(err, store.ErrNotFound) {
			continue // the room expired: nothing of it is kept
		}
		if err != nil {
			return out, err
		}
		rooms, err := playedRooms(sr, a.ID, pl.At)
		if err != nil {
			return out, err
		}
		out.Rooms = append(out.Rooms, rooms...)
	}
	return out, nil
}

// playedRooms returns what room sr holds of the account's seats (none, or one).
func playedRooms(sr store.Room, id string, at time.Time) ([]accountmsg.PlayedRoom, error) {
	var m meta
	if err := json.Unmarshal(sr.Meta, &m); err != nil {
		return nil, fmt.Errorf("server: room %s: %w", sr.Code, err)
	}
	var out []accountmsg.PlayedRoom
	for i, s := range m.Seats {
		if s.Account != id {
			continue
		}
		pr := accountmsg.PlayedRoom{Code: sr.Code, Joined: at.UnixMilli(), Settings: m.Settings, State: m.State, Game: sr.Game,
			Seat: i, Name: s.Name, Colour: s.Colour, Hands: [][]engine.Card{}, Moves: []engine.Move{}, Chat: []string{}}
		for _, e := range sr.Log {
			switch e.Kind {
			case store.EntryDeal:
				var d engine.Deal
				if err := json.Unmarshal(e.Data, &d); err != nil {
					return nil, fmt.Errorf("server: room %s: %w", sr.Code, err)
				}
				if i < len(d.Hands) {
					pr.Hands = append(pr.Hands, d.Hands[i])
				}
			case store.EntryMove:
				var mv engine.Move
				if err := json.Unmarshal(e.Data, &mv); err != nil {
					return nil, fmt.Errorf("server: room %s: %w", sr.Code, err)
				}
				if mv.Seat == i {
					pr.Moves = append(pr.Moves, mv)
				}
			}
		}
		for _, l := range sr.Chat {
			var c protocol.Chat
			if err := json.Unmarshal(l.Data, &c); err != nil {
				return nil, fmt.Errorf("server: room %s: %w", sr.Code, err)
			}
			if !c.System && c.Seat == i && c.Name == s.Name {
				pr.Chat = append(pr.Chat, c.Text)
			}
		}
		out = append(out, pr)
	}
	return out, nil
}

// deleteAccount anonymises the account's seats in every room it played in (the seat keeps its
// moves under account.DeletedName, so the game replays as it was; its token goes, so nobody
// takes it back), then deletes the account. A room that cannot be reached now (it moves between
// processes) fails the deletion, which changes no account and can be sent again.
func (h *Hub) deleteAccount(ctx context.Context, as *account.Service, sess *account.Session) error {
	plays, err := as.Plays(ctx, sess)
	if err != nil {
		return err
	}
	for _, pl := range plays {
		r, err := h.open(pl.Code)
		if err != nil {
			return fmt.Errorf("server: room %s: %w", pl.Code, err)
		}
		if r == nil {
			continue
		}
		if err := r.anonymise(ctx, as, sess.Account.ID); err != nil {
			return err
		}
	}
	return as.Delete(ctx, sess)
}

// accounts adds the accounts of the room's seats to ids.
func (r *Room) accounts(ids map[string]bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.Seats {
		if s.Account != "" {
			ids[s.Account] = true
		}
	}
}

// followNames has each seat of an account whose display name changed take the new one (live:
// the accounts as they are now; a seat of an account not there keeps its name: a deleted
// account's seats are anonymised), and the room's chat lines name it so, in memory and in the
// store. The seat's name is the account's, or with its handle where another person at the table
// has that name (seatNameIn).
func (r *Room) followNames(ctx context.Context, as *account.Service, live map[string]store.Account) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil // being reloaded: the next check finds it loaded again
	}
	olds := map[int]string{} // the seats renamed and their names before
	for i, s := range r.Seats {
		a, ok := live[s.Account]
		if s.Account == "" || !ok || s.Name == a.Name || s.Name == withHandle(a.Name, a.Handle) {
			continue
		}
		name := a.Name
		for j, x := range r.Seats {
			if j != i && x.Kind == protocol.KindPerson && strings.EqualFold(x.Name, a.Name) {
				name = withHandle(a.Name, a.Handle)
				break
			}
		}
		olds[i] = s.Name
		s.Name = name
	}
	if len(olds) == 0 {
		return nil
	}
	if err := r.rewriteChat(ctx, as, func(c *protocol.Chat) bool { return renameIn(c, olds, r.Seats) }); err != nil {
		for i, name := range olds {
			r.Seats[i].Name = name
		}
		return err
	}
	if r.game != nil {
		r.game.SetPlayers(r.names())
	}
	return r.update()
}

// rewriteChat applies edit to the room's chat lines, the outbox's and those not staged yet (it
// reports whether it changed a line), and stores the lines it changed; they change in memory
// once the store has them. The lines being stored are stored first. Under the room's lock.
func (r *Room) rewriteChat(ctx context.Context, as *account.Service, edit func(c *protocol.Chat) bool) error {
	r.out.settle()
	type change struct {
		line *protocol.Chat
		c    protocol.Chat
	}
	var changes []change
	var stored []store.ChatLine
	for _, lines := range [][]protocol.Chat{r.out.chat, r.journal.chat} {
		for k := range lines {
			c := lines[k]
			if !edit(&c) {
				continue
			}
			data, err := json.Marshal(c)
			if err != nil {
				return fmt.Errorf("server: %w", err)
			}
			changes = append(changes, change{&lines[k], c})
			stored = append(stored, store.ChatLine{N: c.N, Data: data})
		}
	}
	if len(stored) == 0 {
		return nil
	}
	if err := as.RewriteChat(ctx, r.code, stored); err != nil {
		return err
	}
	for _, x := range changes {
		*x.line = x.c
	}
	return nil
}

// renameIn names the seats renamed (olds: their names before) by their names now in a chat
// line: a line said by one of them (by its index and old name), and the room's lines that start
// with an old name (NAME joined, left, is away…). It reports whether it changed the line.
func renameIn(c *protocol.Chat, olds map[int]string, seats []*seat) bool {
	if !c.System {
		if old, ok := olds[c.Seat]; ok && c.Name == old {
			c.Name = seats[c.Seat].Name
			return true
		}
		return false
	}
	for i, old := range olds {
		if rest, ok := strings.CutPrefix(c.Text, old+" "); ok {
			c.Text = seats[i].Name + " " + rest
			return true
		}
	}
	return false
}

// DeletedLine is the text a deleted account's chat lines keep.
const DeletedLine = "(deleted)"

// anonymise renames the account's seats account.DeletedName and unbinds them, and takes its
// name and words out of the room's chat lines, in memory and in the store.
func (r *Room) anonymise(ctx context.Context, as *account.Service, id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return errors.New("server: the room is being reloaded; try again")
	}
	names := map[int]string{} // the account's seats and their names
	for i, s := range r.Seats {
		if s.Account == id {
			names[i] = s.Name
		}
	}
	if len(names) == 0 {
		return nil
	}
	if err := r.rewriteChat(ctx, as, func(c *protocol.Chat) bool { return scrub(c, names) }); err != nil {
		return err
	}
	for i := range names {
		s := r.Seats[i]
		s.Name, s.Account, s.Token = account.DeletedName, "", ""
	}
	if r.game != nil {
		r.game.SetPlayers(r.names())
	}
	return r.update()
}

// scrub takes the names out of a chat line: a line said by one of the seats (by its index and
// name) keeps DeletedLine, and the room's lines that start with one of the names (NAME joined,
// left, is away…) name account.DeletedName instead. It reports whether it changed the line.
func scrub(c *protocol.Chat, names map[int]string) bool {
	if !c.System {
		if name, ok := names[c.Seat]; ok && c.Name == name {
			c.Name, c.Text = account.DeletedName, DeletedLine
			return true
		}
		return false
	}
	for _, name := range names {
		if rest, ok := strings.CutPrefix(c.Text, name+" "); ok {
			c.Text = account.DeletedName + " " + rest
			return true
		}
	}
	return false
}
