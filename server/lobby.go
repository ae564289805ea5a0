package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"nimmt/bots"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store"
)

// This file is the lobby: the list of public tables and quick match (docs/protocol.md "Public
// tables"). The list lives in the store (store.Lobby), so any process serves it: each room,
// held by one process, writes its own listing there whenever it changes (a writer goroutine
// does, off the room's lock); a process reads the list again when one of its rooms changed
// it or when the store says another process did (PostgreSQL NOTIFY, a wake-up only), at most
// once per Options.LobbyEvery, and sends each subscribed connection its filtered list when
// that changed.

// errNoLobby refuses public play on a hub whose store keeps no lobby.
var errNoLobby = refuse(protocol.ErrState, "this server keeps no list of public tables")

// lobby is the hub's part of the lobby.
type lobby struct {
	h     *Hub
	st    store.Lobby // nil: no public play
	every time.Duration

	// gen numbers the reads of the list: a connection is never sent a list read before the one
	// it has.
	gen atomic.Int64
	// quick makes one quick match at a time in this process, so that two people asking at once
	// meet at one table.
	quick sync.Mutex
	// writing is held while listings are stored, so that they are stored in the order made.
	writing sync.Mutex

	mu      sync.Mutex
	pending map[string]*pendingTable // listings to write, by room code
	// local holds this process's listings not stored yet, for quick match.
	local map[string]protocol.Table
	wake  chan struct{}
	subs  map[*Peer]struct{}
	busy  bool // a refresh runs
	again bool // the list changed during the refresh
	timer clock.Stopper
	last  time.Time // when the last refresh read the list
	// refreshing counts the refreshes running, for stop; one is started only under mu while the
	// hub is open.
	refreshing sync.WaitGroup

	// cache is the last reading of the whole list.
	cache listCache

	// send serialises the lists sent to the subscribers.
	send sync.Mutex
	bans banCache
}

// listCache is a reading of the whole list: its number, when it was read, the tables.
type listCache struct {
	gen    int64
	at     time.Time
	tables []protocol.Table
}

// pendingTable is a listing to write: the table, or its removal (nil).
type pendingTable struct {
	t    *store.Table
	list *protocol.Table
}

// subscription is what a lobby connection selected and was last sent.
type subscription struct {
	variant string
	seats   int
	gen     int64
	last    []byte
}

// roomLobby is a room's part of the lobby, under the room's lock: the listing it last handed
// to the writer.
type roomLobby struct {
	listed *protocol.Table
	known  bool // the room's listing (or its absence) was handed to the writer since it loaded
	made   int64
}

func newLobby(h *Hub, st store.Lobby, every time.Duration) *lobby {
	l := &lobby{h: h, st: st, every: every, pending: map[string]*pendingTable{}, local: map[string]protocol.Table{},
		wake: make(chan struct{}, 1), subs: map[*Peer]struct{}{}}
	l.bans.entries = map[string]banEntry{}
	if st != nil {
		// Both run until the hub closes, and Close waits for them (Hub.bg).
		h.bg.Go(l.write)
		// The store's channel is asked for here, not on the goroutine: the hub owns the store
		// only until Close.
		if ch := st.TablesChanged(); ch != nil {
			h.bg.Go(func() { l.listen(ch) })
		}
	}
	return l
}

// listing is the room as the lobby lists it, and whether it is listed: a public room waiting
// for players or being played.
func (r *Room) listing() (protocol.Table, bool) {
	if !r.Settings.Public || (r.State != protocol.StateLobby && r.State != protocol.StatePlaying) {
		return protocol.Table{}, false
	}
	t := protocol.Table{Code: r.code, Settings: r.Settings, State: r.State, Game: r.Game, StartAt: r.startAt(),
		Seats: make([]protocol.TableSeat, len(r.Seats))}
	for i, s := range r.Seats {
		t.Seats[i] = protocol.TableSeat{Name: s.Name, Colour: s.Colour, Kind: s.Kind}
	}
	for p := range r.peers {
		if p.seat == nil {
			t.Spectators++
		}
	}
	return t, true
}

// publish hands the room's listing to the writer when it changed (under the room's lock).
func (r *Room) publish() {
	l := r.hub.lobby
	if l.st == nil || !r.Settings.Public {
		return
	}
	t, listed := r.listing()
	rl := &r.lobby
	if rl.known && ((!listed && rl.listed == nil) || (listed && rl.listed != nil && sameTable(rl.listed, &t))) {
		return
	}
	rl.known = true
	p := &pendingTable{}
	if listed {
		if rl.made == 0 {
			rl.made = r.hub.clock.Now().UnixMilli()
		}
		rl.listed = &t
		data, err := json.Marshal(t)
		if err != nil {
			r.hub.opts.Log.Error("server: lobby listing", "room", r.code, "err", err)
			return
		}
		p.list = &t
		p.t = &store.Table{Code: r.code, Variant: r.Settings.Variant.String(), Seats: r.Settings.Seats, Taken: len(t.Seats),
			State: r.State, Quick: r.Settings.Quick, Fill: r.Settings.Fill, Made: rl.made, Data: data}
	} else {
		rl.listed = nil
	}
	l.mu.Lock()
	l.pending[r.code] = p
	if p.list != nil {
		l.local[r.code] = *p.list
	} else {
		delete(l.local, r.code)
	}
	l.mu.Unlock()
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// unlist takes a room that is removed off the list.
func (r *Room) unlist() {
	if r.Settings.Public {
		r.lobby.known = true
		r.lobby.listed = nil
		r.Settings.Public = false // nothing lists it again
		l := r.hub.lobby
		l.mu.Lock()
		l.pending[r.code] = &pendingTable{}
		delete(l.local, r.code)
		l.mu.Unlock()
		select {
		case l.wake <- struct{}{}:
		default:
		}
	}
}

func sameTable(a, b *protocol.Table) bool {
	return a.Code == b.Code && a.Settings == b.Settings && a.State == b.State && a.Game == b.Game &&
		a.Spectators == b.Spectators && a.StartAt == b.StartAt && slices.Equal(a.Seats, b.Seats)
}

// write stores the listings handed to it, then has the subscribers' lists read again, until
// the hub closes.
func (l *lobby) write() {
	for {
		select {
		case <-l.h.quit:
			return
		case <-l.wake:
		}
		l.writing.Lock()
		l.mu.Lock()
		pending := l.pending
		l.pending = map[string]*pendingTable{}
		l.mu.Unlock()
		for code, p := range pending {
			l.put(code, p)
		}
		l.writing.Unlock()
		l.changed()
	}
}

// flush stores the room's listing handed to the writer, if any, now (a quick match does, before
// another process's quick match reads the list).
func (l *lobby) flush(code string) {
	l.writing.Lock()
	l.mu.Lock()
	p := l.pending[code]
	delete(l.pending, code)
	l.mu.Unlock()
	if p != nil {
		l.put(code, p)
	}
	l.writing.Unlock()
	if p != nil {
		l.changed()
	}
}

// put stores a listing (under l.writing).
func (l *lobby) put(code string, p *pendingTable) {
	ctx, cancel := context.WithTimeout(context.Background(), takeWait)
	var err error
	if p.t != nil {
		err = l.st.PutTable(ctx, *p.t)
	} else {
		err = l.st.DropTable(ctx, code)
	}
	cancel()
	if err != nil {
		// The room's next change writes its listing again.
		l.h.opts.Log.Error("server: lobby: the table's listing could not be stored", "room", code, "err", err)
		return
	}
	if p.list != nil {
		// Stored: quick match reads it from the store from now on.
		l.mu.Lock()
		if cur, ok := l.local[code]; ok && sameTable(&cur, p.list) {
			delete(l.local, code)
		}
		l.mu.Unlock()
	}
}

// listen has the list read again whenever another process changed it, until the hub closes.
func (l *lobby) listen(ch <-chan struct{}) {
	for {
		select {
		case <-l.h.quit:
			return
		case <-ch:
			l.changed()
		}
	}
}

// changed has the list read again for the subscribers: at once, unless the last read was less
// than LobbyEvery ago (then when it is that old), or a read runs (then once it is over).
func (l *lobby) changed() {
	l.mu.Lock()
	defer l.mu.Unlock()
	select {
	case <-l.h.quit:
		return
	default:
	}
	if len(l.subs) == 0 {
		l.cache = listCache{} // nobody is sent the change: the next follower reads the list
		return
	}
	if l.busy {
		l.again = true
		return
	}
	now := l.h.clock.Now()
	if next := l.last.Add(l.every); now.Before(next) {
		if l.timer == nil {
			l.timer = l.h.clock.AfterFunc(next.Sub(now), func() {
				l.mu.Lock()
				l.timer = nil
				l.last = time.Time{}
				l.mu.Unlock()
				l.changed()
			})
		}
		return
	}
	l.busy, l.last = true, now
	l.refreshing.Go(l.refresh)
}

// stop returns once no refresh runs, and none can start (the hub's quit is closed first): they
// read the store, which the hub's owner may close once Close returns.
func (l *lobby) stop() {
	l.mu.Lock()
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	l.mu.Unlock()
	l.refreshing.Wait()
}

// refresh reads the list and sends each subscriber its selection if it changed.
func (l *lobby) refresh() {
	gen, tables, err := l.readAll(true)
	l.mu.Lock()
	subs := make([]*Peer, 0, len(l.subs))
	for p := range l.subs {
		subs = append(subs, p)
	}
	l.mu.Unlock()
	if err != nil {
		l.h.opts.Log.Error("server: lobby: the list could not be read", "err", err)
	} else {
		l.send.Lock()
		sel := map[filterKey]*selection{} // each selection is made and encoded once
		for _, p := range subs {
			l.sendTo(p, gen, tables, sel)
		}
		l.send.Unlock()
	}
	l.mu.Lock()
	l.busy = false
	again := l.again
	l.again = false
	l.mu.Unlock()
	if again {
		l.changed()
	}
}

// maxListed caps the tables a subscriber is sent.
const maxListed = 100

// filterKey is what a subscription selects.
type filterKey struct {
	variant string
	seats   int
}

// selection is the tables a filter selects, and their encoding.
type selection struct {
	out protocol.Tables
	b   []byte
}

// sendTo sends p its selection of tables (read as gen) unless it has a newer one or the same
// (under l.send); sel keeps the selections made of these tables.
func (l *lobby) sendTo(p *Peer, gen int64, tables []protocol.Table, sel map[filterKey]*selection) {
	sub := p.sub
	if sub == nil || sub.gen > gen {
		return
	}
	key := filterKey{sub.variant, sub.seats}
	x := sel[key]
	if x == nil {
		x = &selection{out: protocol.Tables{Tables: []protocol.Table{}}}
		for _, t := range tables {
			if (key.variant == "" || t.Settings.Variant.String() == key.variant) && (key.seats == 0 || t.Settings.Seats == key.seats) {
				x.out.Tables = append(x.out.Tables, t)
				if len(x.out.Tables) == maxListed {
					break
				}
			}
		}
		var err error
		if x.b, err = json.Marshal(x.out); err != nil {
			return
		}
		sel[key] = x
	}
	if string(x.b) == string(sub.last) {
		return
	}
	sub.gen, sub.last = gen, x.b
	p.sink.Send(x.out)
}

// readAll returns the whole list and its reading's number: read now when fresh says so, else
// the last reading if it is less than LobbyEvery old (so that connections changing their filter
// do not read the list more often than the refreshes do).
func (l *lobby) readAll(fresh bool) (int64, []protocol.Table, error) {
	now := l.h.clock.Now()
	l.mu.Lock()
	if c := l.cache; !fresh && c.tables != nil && now.Before(c.at.Add(l.every)) {
		l.mu.Unlock()
		return c.gen, c.tables, nil
	}
	l.mu.Unlock()
	gen := l.gen.Add(1)
	tables, err := l.read(context.Background(), store.TableFilter{})
	if err == nil {
		l.mu.Lock()
		if gen > l.cache.gen {
			l.cache = listCache{gen: gen, at: now, tables: tables}
		}
		l.mu.Unlock()
	}
	return gen, tables, err
}

// read returns the listed tables f selects.
func (l *lobby) read(ctx context.Context, f store.TableFilter) ([]protocol.Table, error) {
	ctx, cancel := context.WithTimeout(ctx, takeWait)
	defer cancel()
	rows, err := l.st.Tables(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]protocol.Table, 0, len(rows))
	for _, row := range rows {
		var t protocol.Table
		if err := json.Unmarshal(row.Data, &t); err != nil {
			l.h.opts.Log.Error("server: lobby: a listing could not be read", "room", row.Code, "err", err)
			continue
		}
		out = append(out, t)
	}
	return out, nil
}

// subscribe makes p a lobby connection with the filter of m (or changes its filter), and sends
// it the list.
func (p *Peer) subscribe(m protocol.Lobby) {
	l := p.hub.lobby
	if !p.public(m, m.Version) {
		return
	}
	if m.Variant != "" {
		v, err := engine.ParseVariant(m.Variant)
		if err != nil {
			p.fail(protocol.ErrBadMessage, m.Type(), fmt.Errorf("server: %w", err))
			return
		}
		m.Variant = v.String()
	}
	if m.Seats < 0 || m.Seats > engine.MaxSeats {
		p.fail(protocol.ErrBadMessage, m.Type(), fmt.Errorf("server: seats is 0 (any) to %d, not %d", engine.MaxSeats, m.Seats))
		return
	}
	// p follows the list before the list is read: a listing stored while it is read then has
	// the list read again for p too (refresh), where a follower added after its reading would
	// keep that older list until the next change.
	l.send.Lock()
	l.mu.Lock()
	l.subs[p] = struct{}{}
	l.mu.Unlock()
	p.sub = &subscription{variant: m.Variant, seats: m.Seats}
	l.send.Unlock()
	gen, tables, err := l.readAll(false)
	if err != nil {
		p.fail(protocol.ErrServer, m.Type(), fmt.Errorf("server: the list of tables could not be read: %w", err))
		return
	}
	l.send.Lock()
	defer l.send.Unlock()
	l.sendTo(p, gen, tables, map[filterKey]*selection{})
}

// Tables returns the listed public tables of the variant (empty: all) and seat count (0: all),
// the fullest first, as the lobby lists them.
func (h *Hub) Tables(variant string, seats int) ([]protocol.Table, error) {
	if h.lobby.st == nil {
		return nil, errNoLobby
	}
	f := store.TableFilter{Variant: variant, Seats: seats}
	return h.lobby.read(context.Background(), f)
}

// startAt is when a public table waiting for people is filled with bots and started, in Unix
// milliseconds; 0: not set.
func (m *meta) startAt() int64 {
	if m.State != protocol.StateLobby {
		return 0
	}
	return m.StartAt
}

// openTable sets a new public table's start: Fill seconds from now, if it fills with bots.
func (m *meta) openTable(now time.Time) {
	if m.Settings.Public && m.Settings.Fill > 0 {
		m.StartAt = now.Add(time.Duration(m.Settings.Fill) * time.Second).UnixMilli()
	}
}

// startTable starts a public table waiting for people when it is time: a quick-match table
// once full, a table that fills with bots at its StartAt (its empty seats then get bots) —
// unless no person is seated.
func (r *Room) startTable(now time.Time) {
	if r.State != protocol.StateLobby || !r.Settings.Public {
		return
	}
	full := len(r.Seats) >= r.Settings.Seats
	due := r.StartAt != 0 && !now.Before(time.UnixMilli(r.StartAt))
	if !(r.Settings.Quick && full) && !due {
		return
	}
	if !slices.ContainsFunc(r.Seats, func(s *seat) bool { return s.Kind == protocol.KindPerson }) {
		// Everybody left: no game of bots alone. The next person quick match seats here sets
		// the start again.
		r.StartAt = 0
		return
	}
	if !full {
		n := 0
		for _, s := range r.Seats {
			if s.Kind == protocol.KindBot {
				n++
			}
		}
		for len(r.Seats) < r.Settings.Seats {
			n++
			if err := r.takeSeat(botSeat(bots.LevelIntermediate, n)); err != nil {
				break
			}
		}
		r.journal.system("bots took the empty seats")
	}
	if lo, _ := engine.SeatsAllowed(r.Settings.Variant); len(r.Seats) < lo {
		return
	}
	r.StartAt = 0
	if err := r.start(); err != nil {
		r.hub.opts.Log.Error("server: a public table could not start", "room", r.code, "err", err)
		return
	}
	r.journal.system("the game starts")
}

// botSeat is the seat of the n-th bot of a room, of the level.
func botSeat(level string, n int) *seat {
	return &seat{seatData: seatData{Name: fmt.Sprintf("%s bot %d", strings.ToUpper(level[:1])+level[1:], n), Kind: protocol.KindBot, Level: level}}
}

// quick seats p at a forming quick-match table that fits m, or opens one.
func (p *Peer) quick(m protocol.Quick) {
	h := p.hub
	l := h.lobby
	if !p.public(m, m.Version) {
		return
	}
	if err := m.Check(); err != nil {
		p.fail(protocol.ErrBadMessage, m.Type(), err)
		return
	}
	if _, err := checkPerson(m.Name, m.Colour, m.Fallback); err != nil {
		p.fail(protocol.ErrBadMessage, m.Type(), err)
		return
	}
	l.quick.Lock()
	defer l.quick.Unlock()
	if ql, ok := l.st.(store.QuickLocker); ok {
		// Other processes too make one quick match at a time, and each lists its table
		// before the next one reads the list.
		ctx, cancel := context.WithTimeout(context.Background(), takeWait)
		unlock, err := ql.LockQuick(ctx, m.Variant.String())
		cancel()
		if err != nil {
			p.fail(protocol.ErrServer, m.Type(), fmt.Errorf("server: quick match: %w", err))
			return
		}
		defer unlock()
	}
	codes, err := l.candidates(m)
	if err != nil {
		p.fail(protocol.ErrServer, m.Type(), fmt.Errorf("server: the list of tables could not be read: %w", err))
		return
	}
	for _, code := range codes {
		r, err := h.open(code)
		if err != nil || r == nil {
			continue
		}
		if p.quickSeat(r, m) {
			l.flush(code)
			return
		}
	}
	set := protocol.Settings{Variant: m.Variant, Seats: m.Max, EndScore: engine.DefaultEndScore, Timer: protocol.DefaultTimer,
		Public: true, Quick: true, Fill: m.Fill}
	s, _ := checkPerson(m.Name, m.Colour, m.Fallback)
	p.leaveLobby()
	if code, _ := p.makeRoom(protocol.Create{Version: m.Version, Settings: set, Name: m.Name, Colour: m.Colour, Fallback: m.Fallback}, s); code != "" {
		l.flush(code)
	}
}

// candidates returns the codes of the forming quick-match tables that fit m, the fullest first:
// those of the stored list and those of this process not stored yet.
func (l *lobby) candidates(m protocol.Quick) ([]string, error) {
	f := store.TableFilter{Variant: m.Variant.String(), MinSeats: m.Min, MaxSeats: m.Max, State: protocol.StateLobby, Open: true, Quick: true}
	// This process's listings first, then the store's: the writer drops a listing from local
	// only once it is stored, so a table is in one or the other (read the other way round, a
	// table stored between the two readings was in neither).
	l.mu.Lock()
	local := make([]protocol.Table, 0, len(l.local))
	for _, t := range l.local {
		local = append(local, t)
	}
	l.mu.Unlock()
	tables, err := l.read(context.Background(), f)
	if err != nil {
		return nil, err
	}
	for _, t := range local {
		if !slices.ContainsFunc(tables, func(x protocol.Table) bool { return x.Code == t.Code }) {
			tables = append(tables, t)
		}
	}
	var codes []string
	for _, t := range tables {
		s := t.Settings
		if t.State == protocol.StateLobby && s.Quick && s.Variant == m.Variant && s.Seats >= m.Min && s.Seats <= m.Max &&
			len(t.Seats) < s.Seats && (s.Fill > 0) == (m.Fill > 0) {
			codes = append(codes, t.Code)
		}
	}
	return codes, nil
}

// quickSeat seats p at the quick-match table r if it still fits m; it reports whether it did.
// A person who wants bots sooner than the table brings its start forward.
func (p *Peer) quickSeat(r *Room, m protocol.Quick) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.Settings
	if r.closed || r.expired || r.State != protocol.StateLobby || !s.Quick || s.Variant != m.Variant || s.Seats < m.Min || s.Seats > m.Max ||
		len(r.Seats) >= s.Seats || (s.Fill > 0) != (m.Fill > 0) || r.kickedOut(p) {
		return false
	}
	st, err := checkPerson(m.Name, m.Colour, m.Fallback)
	if err != nil {
		return false
	}
	if slices.ContainsFunc(r.Seats, func(x *seat) bool { return x.Colour == st.Colour }) {
		st.Colour = "" // the first free colour
	}
	if slices.ContainsFunc(r.Seats, func(x *seat) bool { return x.Kind == protocol.KindPerson && strings.EqualFold(x.Name, st.Name) }) {
		return false
	}
	if m.Fill > 0 {
		if at := r.hub.clock.Now().Add(time.Duration(m.Fill) * time.Second).UnixMilli(); r.StartAt == 0 || at < r.StartAt {
			r.StartAt = at
		}
	}
	p.leaveLobby()
	r.welcome(p, nil, -1, 0)
	p.joinNow(r, protocol.Join{Name: st.Name, Colour: st.Colour, Fallback: m.Fallback}, m.Type())
	return true
}

// leaveLobby ends p's subscription: it enters a room, or it closed.
func (p *Peer) leaveLobby() {
	if p.sub == nil {
		return
	}
	l := p.hub.lobby
	l.send.Lock()
	defer l.send.Unlock()
	l.mu.Lock()
	delete(l.subs, p)
	l.mu.Unlock()
	p.sub = nil
}

// public refuses a message of public play (of protocol version v) unless the server speaks the
// version and keeps a lobby; it reports whether it did not.
func (p *Peer) public(m protocol.Message, v int) bool {
	if v != protocol.Version {
		p.fail(protocol.ErrVersion, m.Type(), fmt.Errorf("server: protocol version %d; this server speaks %d", v, protocol.Version))
		p.sink.Close("protocol version")
		return false
	}
	if p.hub.lobby.st == nil {
		p.fail(protocol.ErrState, m.Type(), errNoLobby)
		return false
	}
	return true
}

// lobbyEndpoint refuses m unless it came on the endpoint without a room code; it reports
// whether it did not.
func (p *Peer) lobbyEndpoint(m protocol.Message) bool {
	if p.code != "" {
		p.fail(protocol.ErrBadMessage, m.Type(), fmt.Errorf("server: %s on the endpoint without a room code, /ws", m.Type()))
		return false
	}
	return true
}

// sit answers Sit: the connection enters the room as a hello without a token would, then takes
// a free seat as Join does.
func (p *Peer) sit(m protocol.Sit) {
	p.hello(protocol.Hello{Version: m.Version})
	r := p.room
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || p.closed {
		return
	}
	p.joinNow(r, protocol.Join{Name: m.Name, Colour: m.Colour, Fallback: m.Fallback}, m.Type())
}

// joinNow seats p in r (under r's lock) as a Join would, and answers once the change is stored
// (ref: the message answered).
func (p *Peer) joinNow(r *Room, j protocol.Join, ref string) {
	r.out.inline = true
	reply, err := p.join(r, j)
	r.out.inline = false
	if werr := r.out.wait(r.out.seq); err == nil && werr != nil {
		err = refuse(protocol.ErrServer, "%v", werr)
	}
	if err != nil {
		p.fail(errorCode(err), ref, err)
		return
	}
	if reply != nil {
		p.sink.Send(reply)
	}
}

// errorCode is the protocol error code of a refusal.
func errorCode(err error) string {
	var ce *codeError
	if errors.As(err, &ce) {
		return ce.code
	}
	return protocol.ErrBadMessage
}
