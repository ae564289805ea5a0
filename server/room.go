package server

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"nimmt/bots"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store"
)

// seat is one seat of a room. Its seatData is stored; the other fields live while the process
// does.
type seat struct {
	seatData

	conns    int       // open connections holding the seat
	goneAt   time.Time // when the last one closed
	deadline time.Time // when the pending decision passes to the bot; zero: none
	decKey   [3]int    // round, turn and phase of the decision the deadline is for
	bot      bots.Bot
	addr     string // the address of the connection that last held the seat (moderation.go)
}

// seatData is what the store keeps of a seat.
type seatData struct {
	Name     string `json:"name"`
	Colour   string `json:"colour"`
	Kind     string `json:"kind"`
	Level    string `json:"level"`           // a bot's level, a person's fallback
	Token    string `json:"token,omitempty"` // SHA-256 of a person's seat token, hex
	Seed     uint64 `json:"seed"`            // the seat's bot's seed
	Away     bool   `json:"away,omitempty"`
	Resigned bool   `json:"resigned,omitempty"`
	Account  string `json:"account,omitempty"` // the ID of the person's account; "": a guest (account.go)
	// Due is the pending decision's deadline (Unix milliseconds; 0: none) and DueFor the
	// decision's round, turn and phase: a process that loads the room arms its timer from them.
	Due    int64  `json:"due,omitempty"`
	DueFor [3]int `json:"dueFor,omitzero"`
}

// meta is what the store keeps of a room besides its game log: its settings, its seats and who
// is the host. Its methods are the seats' bookkeeping.
type meta struct {
	Settings protocol.Settings `json:"settings"`
	Seats    []*seat           `json:"seats"`
	Host     int               `json:"host"`
	State    string            `json:"state"`
	Game     int               `json:"game"`
	Result   *protocol.Result  `json:"result,omitempty"`
	// StartAt is when a public table waiting for people gets bots and starts (Unix ms; 0: not
	// set), Kicked who the host kicked out (lobby.go, moderation.go).
	StartAt int64    `json:"startAt,omitempty"`
	Kicked  []string `json:"kicked,omitempty"`

	hostGone bool // the host's seat was removed; passHost names the next host
}

// Room is one room: its seats, its current game and the connections watching it.
type Room struct {
	hub  *Hub
	code string

	mu sync.Mutex
	meta
	game    *engine.Game
	rng     *rand.Rand
	journal journal // what was made and not staged yet (journal.go)
	out     outbox  // the changes being stored, and what the connections were told
	peers   map[*Peer]struct{}
	timer   clock.Stopper
	timerAt time.Time
	closed  bool
	expired bool
	lobby   roomLobby

	idleSince time.Time // when the last connection left (or the room was made or restored)
}

// ChatLines is how many of a room's last chat lines are stored and sent after a hello.
const ChatLines = 50

func newRoom(h *Hub, code string, s protocol.Settings) (*Room, error) {
	r := &Room{hub: h, code: code, meta: meta{Settings: s, State: protocol.StateLobby}, peers: map[*Peer]struct{}{}, idleSince: h.clock.Now()}
	var err error
	if r.rng, err = newRNG(h.opts.Random); err != nil {
		return nil, err
	}
	r.out.init(r, nil)
	return r, nil
}

// newRNG returns a room's random source, seeded from random.
func newRNG(random io.Reader) (*rand.Rand, error) {
	var b [16]byte
	if _, err := io.ReadFull(random, b[:]); err != nil {
		return nil, fmt.Errorf("server: seed: %w", err)
	}
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:]))), nil
}

// restoreRoom rebuilds a stored room: its metadata, and its game by replaying the log.
func restoreRoom(h *Hub, sr store.Room) (*Room, error) {
	rng, err := newRNG(h.opts.Random)
	if err != nil {
		return nil, err
	}
	return restoreRoomWith(h, sr, rng)
}

// restoreRoomWith is restoreRoom with the room's random generator given: it reads nothing of the
// hub but its options and clock, so that rooms are restored in parallel (restoreAll).
func restoreRoomWith(h *Hub, sr store.Room, rng *rand.Rand) (*Room, error) {
	r := &Room{hub: h, code: sr.Code, peers: map[*Peer]struct{}{}, journal: journal{lastMeta: sr.Meta}, rng: rng}
	if err := json.Unmarshal(sr.Meta, &r.meta); err != nil {
		return nil, fmt.Errorf("server: room %s: %w", sr.Code, err)
	}
	now := h.clock.Now()
	r.idleSince = now
	for _, s := range r.Seats {
		s.goneAt = now
		if s.Due != 0 {
			s.deadline, s.decKey = time.UnixMilli(s.Due), s.DueFor
		}
	}
	var chat []protocol.Chat
	for _, l := range sr.Chat {
		var c protocol.Chat
		if err := json.Unmarshal(l.Data, &c); err != nil {
			return nil, fmt.Errorf("server: room %s: chat line %d: %w", sr.Code, l.N, err)
		}
		c.N = l.N
		chat = append(chat, c)
		r.journal.chatN = l.N
	}
	if r.State == protocol.StateLobby {
		r.out.init(r, chat)
		return r, nil
	}
	rec := &engine.Record{Format: engine.RecordFormat, Version: engine.RecordVersion, Config: r.Settings.Config(len(r.Seats)), Players: r.names()}
	for i, e := range sr.Log {
		switch e.Kind {
		case store.EntryDeal:
			var d engine.Deal
			if err := json.Unmarshal(e.Data, &d); err != nil {
				return nil, fmt.Errorf("server: room %s: log entry %d: %w", sr.Code, i, err)
			}
			rec.Rounds = append(rec.Rounds, engine.RoundRecord{Deal: d})
		case store.EntryMove:
			var m engine.Move
			if err := json.Unmarshal(e.Data, &m); err != nil || len(rec.Rounds) == 0 {
				return nil, fmt.Errorf("server: room %s: log entry %d: %w", sr.Code, i, errors.Join(err, errors.New("bad move")))
			}
			last := &rec.Rounds[len(rec.Rounds)-1]
			last.Actions = append(last.Actions, m)
		default:
			return nil, fmt.Errorf("server: room %s: log entry %d of kind %d", sr.Code, i, e.Kind)
		}
	}
	g, err := engine.Replay(rec, r.rng)
	if err != nil {
		return nil, fmt.Errorf("server: room %s: %w", sr.Code, err)
	}
	r.game = g
	r.journal.logN = len(sr.Log)
	r.out.init(r, chat)
	return r, nil
}

func (m *meta) names() []string {
	out := make([]string, len(m.Seats))
	for i, s := range m.Seats {
		out[i] = s.Name
	}
	return out
}

func (m *meta) index(s *seat) int {
	if s == nil {
		return -1
	}
	return slices.Index(m.Seats, s)
}

// grace is how long a seat whose person lost their connection waits before its bot decides for
// it, in a room of settings s: the server's -grace, else the room's decision timer, else 30 s.
func (h *Hub) grace(s protocol.Settings) time.Duration {
	switch {
	case h.opts.Grace > 0:
		return h.opts.Grace
	case s.Timer > 0:
		return time.Duration(s.Timer) * time.Second
	}
	return 30 * time.Second
}

// auto reports whether the seat's bot decides for it now.
func (r *Room) auto(s *seat, now time.Time) bool {
	return s.Kind == protocol.KindBot || s.Resigned || s.Away || (s.conns == 0 && !now.Before(s.goneAt.Add(r.hub.grace(r.Settings))))
}

// player is the bot that decides for the seat (its level's; Intermediate if the level is unknown).
func (s *seat) player() bots.Bot {
	if s.bot == nil || s.bot.Name() != s.Level {
		b, err := bots.New(s.Level, s.Seed)
		if err != nil {
			b, _ = bots.New(bots.LevelIntermediate, s.Seed)
		}
		s.bot = b
	}
	return s.bot
}

// apply makes seat i's action in the game and logs it (and the deal it led to, if any).
func (r *Room) apply(i int, a engine.Action) error {
	before := r.game.EventCount()
	if err := r.game.Act(i, a); err != nil {
		return err
	}
	if err := r.journal.move(i, a); err != nil {
		return err
	}
	for i := before; i < r.game.EventCount(); i++ {
		if e, _ := r.game.EventFor(-1, i); isDeal(e) {
			if err := r.journal.deal(r.game); err != nil {
				return err
			}
		}
	}
	return nil
}

func isDeal(e engine.Event) bool {
	_, ok := e.(engine.RoundDealt)
	return ok
}

// advance lets the bots (and the fallback bots of auto seats) decide while the game waits for
// them, and ends the room's game when the engine's ends.
func (r *Room) advance(now time.Time) {
	for r.State == protocol.StatePlaying && !r.game.Over() {
		moved := false
		for _, i := range r.game.Waiting() {
			s := r.Seats[i]
			if !r.auto(s, now) {
				continue
			}
			v := r.game.View(i)
			if v.Decision == nil {
				continue
			}
			a := s.player().Decide(&v)
			if err := r.apply(i, a); err != nil {
				r.hub.opts.Log.Error("server: a bot's action was refused; its fallback plays", "room", r.code, "seat", i, "err", err)
				if err := r.apply(i, bots.Fallback(&v)); err != nil {
					r.hub.opts.Log.Error("server: fallback refused", "room", r.code, "seat", i, "err", err)
					return
				}
			}
			moved = true
			break
		}
		if !moved {
			break
		}
	}
	if r.State == protocol.StatePlaying && r.game.Over() {
		r.State = protocol.StateOver
		r.Result = &protocol.Result{Totals: r.game.Scores(), Winners: r.game.Winners()}
	}
}

// update brings the room up to date after a change: bots decide, the timer is set for what the
// game now waits for, and the change is staged to be stored. Every connection hears of the
// change once it is stored (outbox): the caller waits for that with r.out.wait(r.out.seq) when it
// answers someone. A store failure reloads the room from the store and closes its connections
// so that they come back to the stored state. update returns an error only when the change
// could not be staged.
func (r *Room) update() error {
	now := r.hub.clock.Now()
	r.startTable(now)
	r.advance(now)
	if name := r.passHost(now, r.hub.grace(r.Settings)); name != "" {
		r.journal.system(name + " is the host now")
	}
	r.setDeadlines(now)
	// The timer is set before the change is staged: once staged, the outbox may tell the
	// connections of it at any moment, and whoever hears of a table's start time (or a
	// deadline) must find its timer already running (a test's clock moves right then).
	r.arm(now)
	err := r.stage()
	if err == nil {
		r.publish()
	}
	return err
}

// stage hands what changed of the room since it was last staged — its metadata, the log entries
// and chat lines made (the journal) — to the outbox, with the room and the events as they are now.
func (r *Room) stage() error {
	s := stage{room: r.snapshot(-1), game: r.game, gameN: r.Game}
	if r.game != nil {
		s.events = r.game.EventCount()
	}
	if err := r.journal.stage(r.code, &r.meta, &s); err != nil {
		return err
	}
	r.out.push(s)
	return nil
}

// passHost hands the host to the next person in seat order who is connected when the host's
// seat is no longer its person's: they left, or lost their connection longer ago than the grace
// (a host who comes back within it stays the host); the host stays when nobody else is
// connected. It returns the new host's name ("": the host stays).
func (m *meta) passHost(now time.Time, grace time.Duration) (name string) {
	n := len(m.Seats)
	if n == 0 {
		return ""
	}
	from := 1
	if m.hostGone { // the host's seat was removed: the seat now at its index is the next
		m.hostGone, from = false, 0
	} else if m.hostHeld(now, grace) {
		return ""
	}
	for k := from; k < n; k++ {
		j := (m.Host + k) % n
		if s := m.Seats[j]; s.Kind == protocol.KindPerson && s.conns > 0 {
			m.Host = j
			return s.Name
		}
	}
	return ""
}

// hostHeld reports whether the host's seat is still its person's at now: connected, or within
// the grace of their last connection's loss.
func (m *meta) hostHeld(now time.Time, grace time.Duration) bool {
	h := m.Seats[m.Host]
	return h.Kind == protocol.KindPerson && (h.conns > 0 || now.Before(h.goneAt.Add(grace)))
}

// setDeadlines gives each person the game now waits for a deadline for the decision, keeps the
// deadline of a decision still pending and drops the others.
func (r *Room) setDeadlines(now time.Time) {
	var waiting [engine.MaxSeats]bool
	if r.State == protocol.StatePlaying && r.Settings.Timer > 0 {
		for _, i := range r.game.Waiting() {
			waiting[i] = true
		}
	}
	key := [3]int{}
	if r.game != nil {
		key = [3]int{r.game.Round(), r.game.Turn(), int(r.game.Phase())}
	}
	for i, s := range r.Seats {
		if !waiting[i] || r.auto(s, now) {
			s.deadline = time.Time{}
			continue
		}
		if s.deadline.IsZero() || s.decKey != key {
			s.deadline = now.Add(time.Duration(r.Settings.Timer) * time.Second).Truncate(time.Millisecond)
			s.decKey = key
		}
	}
	for _, s := range r.Seats { // stored with the metadata
		s.Due, s.DueFor = 0, [3]int{}
		if !s.deadline.IsZero() {
			s.Due, s.DueFor = s.deadline.UnixMilli(), s.decKey
		}
	}
}

// arm sets the room's one timer for the next deadline or end of a disconnection grace.
func (r *Room) arm(now time.Time) {
	var next time.Time
	if r.State == protocol.StatePlaying && !r.closed {
		for _, s := range r.Seats {
			if !s.deadline.IsZero() && (next.IsZero() || s.deadline.Before(next)) {
				next = s.deadline
			}
			if s.Kind == protocol.KindPerson && s.conns == 0 && !r.auto(s, now) {
				if g := s.goneAt.Add(r.hub.grace(r.Settings)); next.IsZero() || g.Before(next) {
					next = g
				}
			}
		}
	}
	if len(r.Seats) > 0 && !r.closed && r.Seats[r.Host].conns == 0 && r.hostHeld(now, r.hub.grace(r.Settings)) {
		// The host's grace ends: the host passes on then, if someone else is connected.
		if g := r.Seats[r.Host].goneAt.Add(r.hub.grace(r.Settings)); next.IsZero() || g.Before(next) {
			next = g
		}
	}
	if ms := r.startAt(); ms != 0 && !r.closed {
		if at := time.UnixMilli(ms); next.IsZero() || at.Before(next) {
			next = at
		}
	}
	if len(r.peers) == 0 && !r.closed {
		if e := r.idleSince.Add(r.hub.opts.Expire); next.IsZero() || e.Before(next) {
			next = e
		}
	}
	if next.Equal(r.timerAt) && r.timer != nil {
		return
	}
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	r.timerAt = next
	if !next.IsZero() {
		r.timer = r.hub.clock.AfterFunc(next.Sub(now), r.wake)
	}
}

// wake runs when the room's timer fires: people past their deadline are away.
func (r *Room) wake() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	r.timer, r.timerAt = nil, time.Time{}
	now := r.hub.clock.Now()
	if len(r.peers) == 0 && !now.Before(r.idleSince.Add(r.hub.opts.Expire)) {
		r.out.settle() // a change being stored would come back after the room is deleted
		if len(r.peers) == 0 && !r.closed {
			r.expire(now)
			return
		}
	}
	for i, s := range r.Seats {
		if !s.deadline.IsZero() && !now.Before(s.deadline) && !s.Away {
			s.Away = true
			r.journal.system(fmt.Sprintf("%s is away: their %s bot decides until they are back", r.Seats[i].Name, s.Level))
		}
	}
	if err := r.update(); err != nil {
		r.hub.logUpdate("timer", r.code, err)
	}
}

// snapshot is the room as the connection holding seat you sees it.
func (r *Room) snapshot(you int) protocol.Room {
	m := protocol.Room{Code: r.code, Settings: r.Settings, State: r.State, Game: r.Game, Host: r.Host, You: you, Result: r.Result, StartAt: r.startAt()}
	m.Seats = make([]protocol.Seat, len(r.Seats))
	for i, s := range r.Seats {
		m.Seats[i] = protocol.Seat{Name: s.Name, Colour: s.Colour, Kind: s.Kind, Level: s.Level,
			Connected: s.Kind == protocol.KindBot || s.conns > 0, Away: s.Away, Resigned: s.Resigned}
		if !s.deadline.IsZero() {
			m.Seats[i].Deadline = s.deadline.UnixMilli()
			if m.Deadline == 0 || s.deadline.UnixMilli() < m.Deadline {
				m.Deadline = s.deadline.UnixMilli()
			}
		}
	}
	for p := range r.peers {
		if p.seat == nil {
			m.Spectators++
		}
	}
	return m
}

// expire removes a room nobody has been connected to for the hub's Expire time, from the store
// and from the hub; if the store refuses, the room stays and tries again after another Expire.
func (r *Room) expire(now time.Time) {
	if err := r.hub.store.Delete(context.Background(), r.code); err != nil {
		r.hub.opts.Log.Error("server: an expired room could not be removed", "room", r.code, "err", err)
		r.idleSince = now
		r.arm(now)
		return
	}
	r.closed, r.expired = true, true
	r.unlist()
	h := r.hub
	h.mu.Lock()
	if h.rooms[r.code] == r {
		delete(h.rooms, r.code)
	}
	h.mu.Unlock()
}

// start begins a game with the seats taken.
func (r *Room) start() error {
	cfg := r.Settings.Config(len(r.Seats))
	g, err := engine.NewGame(cfg, r.rng)
	if err != nil {
		return err
	}
	g.SetPlayers(r.names())
	r.game = g
	r.Game++
	r.State = protocol.StatePlaying
	r.Result = nil
	r.journal.newGame()
	for _, s := range r.Seats {
		s.Away, s.Resigned, s.deadline = false, false, time.Time{}
	}
	return r.journal.deal(g)
}

// finish ends the game now: totals are the scored rounds plus the current round's bullheads.
func (r *Room) finish() {
	v := r.game.View(0)
	totals := make([]int, len(r.Seats))
	low := 0
	for i := range totals {
		totals[i] = v.Scores[i] + v.Penalties[i]
		if i == 0 || totals[i] < low {
			low = totals[i]
		}
	}
	var winners []int
	for i, t := range totals {
		if t == low {
			winners = append(winners, i)
		}
	}
	r.State = protocol.StateOver
	r.Result = &protocol.Result{Totals: totals, Winners: winners, Finished: true}
}

// shutdown stops the room's timer and closes its connections.
func (r *Room) shutdown() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	if r.timer != nil {
		r.timer.Stop()
	}
	r.out.settle() // every change accepted is stored (or refused) before the hub closes
	for p := range r.peers {
		p.sink.Close("the server is shutting down")
	}
}

// Record returns the engine record of the room's current game (nil before the first start):
// every deal and accepted action, as stored.
func (r *Room) Record() *engine.Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.game == nil {
		return nil
	}
	return r.game.Record()
}
