package server

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/protocol"
)

// Peer is one client's session: the room it is in and the seat it holds, if any. A transport
// calls Handle with each message the client sends, from one goroutine, and Close once.
type Peer struct {
	hub  *Hub
	code string // the room code of the connection's URL; empty to create a room
	addr string
	sink Sink

	// Under the room's lock once room is set.
	room   *Room
	seat   *seat
	game   int // the game whose events the client has, up to next
	next   int
	closed bool
}

// Handle acts on one message from the client. A refused message gets an Error; a message that
// makes the session pointless (a wrong version, an unknown room) also closes it.
func (p *Peer) Handle(m protocol.Message) {
	if p.room == nil {
		switch m := m.(type) {
		case protocol.Hello:
			p.hello(m)
		case protocol.Create:
			p.create(m)
		default:
			p.fail(protocol.ErrBadMessage, m.Type(), errors.New("the first message is hello (or create, on the endpoint without a room code)"))
		}
		return
	}
	r := p.room
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || p.closed {
		return
	}
	if err := p.handle(r, m); err != nil {
		code := protocol.ErrBadMessage
		var ce *codeError
		var ae *engine.ActionError
		switch {
		case errors.As(err, &ce):
			code = ce.code
		case errors.As(err, &ae):
			code = protocol.ErrIllegal
		}
		p.sink.Send(protocol.Error{Code: code, Message: err.Error(), Ref: m.Type()})
	}
}

// codeError is an error with its protocol error code.
type codeError struct {
	code string
	err  error
}

func (e *codeError) Error() string { return e.err.Error() }
func (e *codeError) Unwrap() error { return e.err }

func refuse(code, format string, args ...any) error {
	return &codeError{code: code, err: fmt.Errorf("server: "+format, args...)}
}

func (p *Peer) fail(code, ref string, err error) {
	p.sink.Send(protocol.Error{Code: code, Message: err.Error(), Ref: ref})
}

// Close ends the session: a seat whose last connection this was is held for its person.
func (p *Peer) Close() {
	r := p.room
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if p.closed {
		return
	}
	p.closed = true
	delete(r.peers, p)
	if len(r.peers) == 0 {
		r.idleSince = r.hub.clock.Now()
	}
	if s := p.seat; s != nil {
		s.conns--
		if s.conns == 0 {
			s.goneAt = r.hub.clock.Now()
		}
	}
	if !r.closed {
		if err := r.update(); err != nil {
			r.hub.opts.Log.Error("server: close", "room", r.code, "err", err)
		}
	}
}

func (p *Peer) hello(m protocol.Hello) {
	if m.Version != protocol.Version {
		p.fail(protocol.ErrVersion, m.Type(), fmt.Errorf("server: protocol version %d; this server speaks %d", m.Version, protocol.Version))
		p.sink.Close("protocol version")
		return
	}
	r := p.hub.Room(p.code)
	if r == nil {
		p.fail(protocol.ErrNoRoom, m.Type(), fmt.Errorf("server: no room %q", p.code))
		p.sink.Close("no such room")
		return
	}
	if m.Token != "" && !p.hub.allow(p.addr) {
		p.fail(protocol.ErrLimit, m.Type(), errors.New("server: too many attempts from this address; wait a minute"))
		p.sink.Close("too many attempts")
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.expired {
		p.fail(protocol.ErrNoRoom, m.Type(), fmt.Errorf("server: no room %q", p.code))
		p.sink.Close("no such room")
		return
	}
	if r.closed {
		p.fail(protocol.ErrServer, m.Type(), errors.New("server: the room is being reloaded; reconnect"))
		p.sink.Close("room closed")
		return
	}
	var s *seat
	if m.Token != "" {
		h := hashToken(m.Token)
		for _, x := range r.Seats {
			if x.Token != "" && x.Token == h {
				s = x
			}
		}
		if s == nil {
			p.fail(protocol.ErrToken, m.Type(), errors.New("server: no seat of this room has that token"))
			return
		}
	}
	p.attach(r, s)
	if s != nil {
		s.deadline = time.Time{} // a reclaimed seat's pending decision gets a fresh deadline
	}
	if m.Game == r.Game {
		p.game, p.next = r.Game, max(m.Since, 0)
	}
	w := protocol.Welcome{Version: protocol.Version, Code: r.code, Link: link(r.code), Game: r.Game}
	if r.game != nil {
		w.Events = r.game.EventCount()
	}
	p.sink.Send(w)
	p.sink.Send(r.snapshotFor(p))
	for _, c := range r.chat {
		p.sink.Send(c)
	}
	r.sendEvents(p, nil)
	if err := r.update(); err != nil {
		r.hub.opts.Log.Error("server: hello", "room", r.code, "err", err)
	}
}

func link(code string) string { return "/?room=" + code }

// attach puts p in room r holding seat s (nil: watching).
func (p *Peer) attach(r *Room, s *seat) {
	p.room = r
	p.seat = s
	r.peers[p] = struct{}{}
	if s != nil {
		s.conns++
	}
}

func (r *Room) snapshotFor(p *Peer) protocol.Room {
	s := r.snapshot(r.index(p.seat))
	return s
}

func (p *Peer) create(m protocol.Create) {
	h := p.hub
	if m.Version != protocol.Version {
		p.fail(protocol.ErrVersion, m.Type(), fmt.Errorf("server: protocol version %d; this server speaks %d", m.Version, protocol.Version))
		p.sink.Close("protocol version")
		return
	}
	if p.code != "" {
		p.fail(protocol.ErrBadMessage, m.Type(), errors.New("server: create a room on the endpoint without a room code"))
		return
	}
	if err := m.Settings.Validate(); err != nil {
		p.fail(protocol.ErrBadMessage, m.Type(), err)
		return
	}
	s, err := checkPerson(m.Name, m.Colour, m.Fallback)
	if err != nil {
		p.fail(protocol.ErrBadMessage, m.Type(), err)
		return
	}
	if m.ID == "" {
		p.makeRoom(m, s)
		return
	}
	if err := protocol.CheckCreateID(m.ID); err != nil {
		p.fail(protocol.ErrBadMessage, m.Type(), err)
		return
	}
	c, mine := h.claimCreate(m.ID)
	if !mine {
		p.recreate(m, c)
		return
	}
	code, token := p.makeRoom(m, s)
	h.settle(m.ID, c, code, token, s.Colour)
}

// makeRoom makes the room a create asks for with s, its host's seat, and returns its code and the
// host's token, or "" when it was refused.
func (p *Peer) makeRoom(m protocol.Create, s *seat) (code, token string) {
	h := p.hub
	if !h.allow(p.addr) {
		p.fail(protocol.ErrLimit, m.Type(), errors.New("server: too many attempts from this address; wait a minute"))
		p.sink.Close("too many attempts")
		return "", ""
	}
	h.mu.Lock()
	if h.closed || len(h.rooms) >= h.opts.MaxRooms {
		h.mu.Unlock()
		p.fail(protocol.ErrLimit, m.Type(), errors.New("server: no room can be made now"))
		return "", ""
	}
	code, err := h.newCode()
	if err != nil {
		h.mu.Unlock()
		p.fail(protocol.ErrServer, m.Type(), err)
		return "", ""
	}
	r, err := newRoom(h, code, m.Settings)
	if err != nil {
		h.mu.Unlock()
		p.fail(protocol.ErrServer, m.Type(), err)
		return "", ""
	}
	h.rooms[code] = r
	h.mu.Unlock()

	r.mu.Lock()
	defer r.mu.Unlock()
	token, err = r.seatPerson(s)
	if err != nil {
		h.mu.Lock()
		delete(h.rooms, code)
		h.mu.Unlock()
		p.fail(protocol.ErrServer, m.Type(), err)
		return "", ""
	}
	p.attach(r, s)
	p.sink.Send(protocol.Welcome{Version: protocol.Version, Code: code, Link: link(code)})
	p.sink.Send(protocol.Joined{Token: token, Colour: s.Colour})
	if err := r.update(); err != nil {
		h.mu.Lock()
		delete(h.rooms, code)
		h.mu.Unlock()
		p.fail(protocol.ErrServer, m.Type(), err)
		p.sink.Close("store failed")
		return "", ""
	}
	return code, token
}

// checkPerson checks a person's name, colour and fallback level and returns their seat.
func checkPerson(name, colour, fallback string) (*seat, error) {
	if err := protocol.CheckName(name); err != nil {
		return nil, err
	}
	if err := protocol.CheckColour(colour); err != nil {
		return nil, err
	}
	if fallback == "" {
		fallback = bots.LevelIntermediate
	}
	if !slices.Contains(bots.Levels(), fallback) {
		return nil, fmt.Errorf("server: fallback level %q is not one of %s", fallback, strings.Join(bots.Levels(), ", "))
	}
	return &seat{seatData: seatData{Name: name, Colour: colour, Kind: protocol.KindPerson, Level: fallback}}, nil
}

// seatPerson adds person s to the room's seats with a free colour and a new token.
func (r *Room) seatPerson(s *seat) (string, error) {
	if err := r.takeSeat(s); err != nil {
		return "", err
	}
	token, hash, err := r.hub.newToken()
	if err != nil {
		r.Seats = r.Seats[:len(r.Seats)-1]
		return "", err
	}
	s.Token = hash
	return token, nil
}

// takeSeat adds s to the seats, giving it its colour if free or the first free one.
func (r *Room) takeSeat(s *seat) error {
	if r.State != protocol.StateLobby {
		return refuse(protocol.ErrState, "the game has started: watch it, or wait for the next")
	}
	if len(r.Seats) >= r.Settings.Seats {
		return refuse(protocol.ErrRoomFull, "all %d seats are taken", r.Settings.Seats)
	}
	used := map[string]bool{}
	for _, x := range r.Seats {
		used[x.Colour] = true
		if s.Kind == protocol.KindPerson && x.Kind == protocol.KindPerson && strings.EqualFold(x.Name, s.Name) {
			return refuse(protocol.ErrBadMessage, "%s is already seated: choose another name", s.Name)
		}
	}
	if s.Colour != "" && used[s.Colour] {
		return refuse(protocol.ErrBadMessage, "%s is taken: choose another colour", s.Colour)
	}
	if s.Colour == "" {
		for _, c := range protocol.Colours {
			if !used[c] {
				s.Colour = c
				break
			}
		}
	}
	s.Seed = r.hub.newSeed()
	r.Seats = append(r.Seats, s)
	return nil
}

// handle acts on a message in the room, under its lock.
func (p *Peer) handle(r *Room, m protocol.Message) error {
	switch m := m.(type) {
	case protocol.Hello, protocol.Create:
		return refuse(protocol.ErrBadMessage, "already in room %s", r.code)
	case protocol.Join:
		return p.join(r, m)
	case protocol.Leave:
		if p.seat == nil {
			return refuse(protocol.ErrNoSeat, "you hold no seat")
		}
		if r.State != protocol.StateLobby {
			return refuse(protocol.ErrState, "the game has started: resign instead")
		}
		i := r.index(p.seat)
		r.Seats = slices.Delete(r.Seats, i, i+1)
		r.system(p.seat.Name + " left")
		r.fixHost(i)
		p.seat.conns--
		p.seat = nil
		return r.update()
	case protocol.AddBot:
		if err := p.host(r); err != nil {
			return err
		}
		if !slices.Contains(bots.Levels(), m.Level) {
			return refuse(protocol.ErrBadMessage, "no bot level %q: one of %s", m.Level, strings.Join(bots.Levels(), ", "))
		}
		n := 1
		for _, s := range r.Seats {
			if s.Kind == protocol.KindBot {
				n++
			}
		}
		s := &seat{seatData: seatData{Name: fmt.Sprintf("%s bot %d", strings.ToUpper(m.Level[:1])+m.Level[1:], n), Kind: protocol.KindBot, Level: m.Level}}
		if err := r.takeSeat(s); err != nil {
			return err
		}
		return r.update()
	case protocol.RemoveBot:
		if err := p.hostWhen(r, protocol.StateLobby, "the game has started"); err != nil {
			return err
		}
		if m.Seat < 0 || m.Seat >= len(r.Seats) || r.Seats[m.Seat].Kind != protocol.KindBot {
			return refuse(protocol.ErrBadMessage, "seat %d holds no bot", m.Seat)
		}
		r.Seats = slices.Delete(r.Seats, m.Seat, m.Seat+1)
		r.fixHost(m.Seat)
		return r.update()
	case protocol.Start:
		if err := p.hostWhen(r, protocol.StateLobby, "the game has started"); err != nil {
			return err
		}
		if lo, _ := engine.SeatsAllowed(r.Settings.Variant); len(r.Seats) < lo {
			return refuse(protocol.ErrState, "%s needs at least %d seats: add bots or wait for players", r.Settings.Variant.Title(), lo)
		}
		if err := r.start(); err != nil {
			return refuse(protocol.ErrState, "%v", err)
		}
		return r.update()
	case protocol.Act:
		return p.act(r, m)
	case protocol.Back:
		if p.seat == nil {
			return refuse(protocol.ErrNoSeat, "you hold no seat")
		}
		p.seat.Away = false
		return r.update()
	case protocol.Resign:
		if p.seat == nil {
			return refuse(protocol.ErrNoSeat, "you hold no seat")
		}
		if r.State != protocol.StatePlaying {
			return refuse(protocol.ErrState, "no game is being played")
		}
		if p.seat.Resigned {
			return refuse(protocol.ErrState, "you have resigned already")
		}
		p.seat.Resigned = true
		r.system(fmt.Sprintf("%s resigned: their %s bot plays on", p.seat.Name, p.seat.Level))
		return r.update()
	case protocol.Finish:
		if err := p.hostWhen(r, protocol.StatePlaying, "no game is being played"); err != nil {
			return err
		}
		r.finish()
		r.system("the host finished the game")
		return r.update()
	case protocol.Again:
		if err := p.hostWhen(r, protocol.StateOver, "the game is not over"); err != nil {
			return err
		}
		if err := r.start(); err != nil {
			return refuse(protocol.ErrState, "%v", err)
		}
		return r.update()
	case protocol.Say:
		return p.say(r, m.Text)
	}
	return refuse(protocol.ErrBadMessage, "a client does not send %s", m.Type())
}

// fixHost moves the host's seat index after seat i was removed. When the host's own seat went,
// the seat that followed it holds the index for now: update's passHost then hands the host to
// the next connected person from there.
func (r *Room) fixHost(i int) {
	switch {
	case r.Host > i:
		r.Host--
	case r.Host == i:
		r.hostGone = true
		if r.Host >= len(r.Seats) {
			r.Host = 0
		}
	}
}

func (p *Peer) host(r *Room) error {
	if p.seat == nil || r.index(p.seat) != r.Host {
		return refuse(protocol.ErrNotHost, "only the host may do this")
	}
	return nil
}

// hostWhen checks that p is the host and the room is in state; msg says why not otherwise.
func (p *Peer) hostWhen(r *Room, state, msg string) error {
	if err := p.host(r); err != nil {
		return err
	}
	if r.State != state {
		return refuse(protocol.ErrState, "%s", msg)
	}
	return nil
}

func (p *Peer) join(r *Room, m protocol.Join) error {
	if p.seat != nil {
		return refuse(protocol.ErrState, "you hold seat %d already", r.index(p.seat))
	}
	s, err := checkPerson(m.Name, m.Colour, m.Fallback)
	if err != nil {
		return &codeError{code: protocol.ErrBadMessage, err: err}
	}
	if !p.hub.allow(p.addr) {
		return refuse(protocol.ErrLimit, "too many attempts from this address; wait a minute")
	}
	token, err := r.seatPerson(s)
	if err != nil {
		return err
	}
	p.seat = s
	s.conns++
	p.sink.Send(protocol.Joined{Token: token, Colour: s.Colour})
	r.system(s.Name + " joined as " + s.Colour)
	if err := r.update(); err != nil {
		return refuse(protocol.ErrServer, "%v", err)
	}
	return nil
}

func (p *Peer) act(r *Room, m protocol.Act) error {
	s := p.seat
	if s == nil {
		return refuse(protocol.ErrNoSeat, "spectators do not play: join before the start")
	}
	if r.State != protocol.StatePlaying {
		return refuse(protocol.ErrState, "no game is being played")
	}
	if m.Game != r.Game {
		return refuse(protocol.ErrState, "that was for game %d; this is game %d", m.Game, r.Game)
	}
	if s.Resigned {
		return refuse(protocol.ErrState, "you resigned: your bot plays this seat")
	}
	if err := r.apply(r.index(s), m.Action); err != nil {
		return err
	}
	s.Away = false
	s.deadline = time.Time{}
	if err := r.update(); err != nil {
		return refuse(protocol.ErrServer, "%v", err)
	}
	return nil
}

const help = "commands: /join NAME [COLOUR], /start, /resign, /help; the host: /bot LEVEL (" +
	"random, beginner, intermediate, expert), /finish, /again"

func (p *Peer) say(r *Room, text string) error {
	text = strings.TrimSpace(text)
	if err := protocol.CheckChat(text); err != nil {
		return &codeError{code: protocol.ErrBadMessage, err: err}
	}
	if !strings.HasPrefix(text, "/") {
		name := "spectator"
		if p.seat != nil {
			name = p.seat.Name
		}
		r.say(protocol.Chat{Seat: r.index(p.seat), Name: name, Text: text})
		return r.update()
	}
	f := strings.Fields(text)
	switch strings.ToLower(f[0]) {
	case "/help":
		p.sink.Send(protocol.Chat{Seat: -1, Text: help, System: true})
		return nil
	case "/join":
		if len(f) < 2 || len(f) > 3 {
			return refuse(protocol.ErrBadMessage, "/join NAME [COLOUR]")
		}
		j := protocol.Join{Name: f[1]}
		if len(f) == 3 {
			j.Colour = strings.ToLower(f[2])
		}
		return p.handle(r, j)
	case "/start":
		return p.handle(r, protocol.Start{})
	case "/resign":
		return p.handle(r, protocol.Resign{})
	case "/finish":
		return p.handle(r, protocol.Finish{})
	case "/again":
		return p.handle(r, protocol.Again{})
	case "/bot":
		if len(f) != 2 {
			return refuse(protocol.ErrBadMessage, "/bot LEVEL, with LEVEL one of %s", strings.Join(bots.Levels(), ", "))
		}
		return p.handle(r, protocol.AddBot{Level: strings.ToLower(f[1])})
	}
	return refuse(protocol.ErrBadMessage, "unknown command %s: %s", f[0], help)
}
