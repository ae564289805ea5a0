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
	"nimmt/server/account"
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

	acct *account.Session // the account signed in, or nil (account.go); Handle's goroutine only
	// sub is the connection's subscription to the lobby's list (lobby.go); muted the seats it
	// muted and reports the reports it made (moderation.go).
	sub     *subscription
	muted   map[*seat]bool
	reports int
}

// Handle acts on one message from the client. A refused message gets an Error; a message that
// makes the session pointless (a wrong version, an unknown room) also closes it.
func (p *Peer) Handle(m protocol.Message) {
	if p.accountMessage(m) {
		return
	}
	if p.room == nil {
		switch m.(type) {
		case protocol.Hello, protocol.Create, protocol.Lobby, protocol.Quick, protocol.Sit:
			if p.banned(m.Type()) {
				return
			}
		}
		switch m := m.(type) {
		case protocol.Hello:
			p.hello(m)
		case protocol.Create:
			p.leaveLobby()
			p.create(m)
		case protocol.Lobby:
			if p.lobbyEndpoint(m) {
				p.subscribe(m)
			}
		case protocol.Quick:
			if p.lobbyEndpoint(m) {
				p.quick(m)
			}
		case protocol.Sit:
			if p.code == "" {
				p.fail(protocol.ErrBadMessage, m.Type(), errors.New("server: sit on a room's endpoint, /ws/CODE"))
				return
			}
			p.sit(m)
		default:
			p.fail(protocol.ErrBadMessage, m.Type(), errors.New("the first message is hello or sit (or create, lobby or quick, on the endpoint without a room code)"))
		}
		return
	}
	start := time.Now()
	r := p.room
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || p.closed {
		return
	}
	r.out.inline = true
	reply, err := p.handle(r, m)
	r.out.inline = false
	// The answer waits until the change is stored and everyone told: this goroutine commits it,
	// releasing the room's lock meanwhile.
	if werr := r.out.wait(r.out.seq); err == nil && werr != nil {
		err = refuse(protocol.ErrServer, "%v", werr)
	}
	if _, ok := m.(protocol.Act); ok && err == nil {
		p.hub.metrics.action(start)
	}
	if err == nil && reply != nil {
		p.sink.Send(reply)
	}
	if err != nil {
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
	p.hub.access.drop(p)
	r := p.room
	if r == nil {
		p.leaveLobby()
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if p.closed {
		return
	}
	p.closed = true
	r.detach(p)
}

func (p *Peer) hello(m protocol.Hello) {
	if m.Version != protocol.Version {
		p.fail(protocol.ErrVersion, m.Type(), fmt.Errorf("server: protocol version %d; this server speaks %d", m.Version, protocol.Version))
		p.sink.Close("protocol version")
		return
	}
	r, err := p.hub.open(p.code)
	if err != nil {
		p.hub.opts.Log.Error("server: open", "room", p.code, "err", err)
		p.fail(protocol.ErrServer, m.Type(), errMoving)
		p.sink.Close("room not available here now")
		return
	}
	if r == nil {
		p.fail(protocol.ErrNoRoom, m.Type(), fmt.Errorf("server: no room %q", p.code))
		p.sink.Close("no such room")
		return
	}
	if m.Token != "" && !p.hub.attempts.allow(false, p.addr, p.hub.clock.Now()) {
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
		if s = r.seatOf(m.Token); s == nil {
			p.fail(protocol.ErrToken, m.Type(), errors.New("server: no seat of this room has that token"))
			return
		}
	} else {
		s = r.seatOfAccount(p.acct.ID()) // any device of the seat's account takes it back
	}
	if s == nil && r.kickedOut(p) {
		p.fail(protocol.ErrKicked, m.Type(), errKicked)
		p.sink.Close("kicked out of the room")
		return
	}
	r.welcome(p, s, m.Game, m.Since)
}

func link(code string) string { return "/?room=" + code }

// attach puts p in room r holding seat s (nil: watching).
func (p *Peer) attach(r *Room, s *seat) {
	p.room = r
	p.seat = s
	r.peers[p] = struct{}{}
	if s != nil {
		s.conns++
		s.addr = p.addr
	}
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
	s, err := checkPerson(p.seatName(m.Name), m.Colour, m.Fallback)
	if err != nil {
		p.fail(protocol.ErrBadMessage, m.Type(), err)
		return
	}
	p.bind(s)
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
	if !h.attempts.allow(true, p.addr, h.clock.Now()) {
		p.fail(protocol.ErrLimit, m.Type(), errors.New("server: too many attempts from this address; wait a minute"))
		p.sink.Close("too many attempts")
		return "", ""
	}
	code, err := h.drawCode()
	if err != nil {
		p.fail(protocol.ErrServer, m.Type(), err)
		return "", ""
	}
	h.mu.Lock()
	if h.closed || len(h.rooms) >= h.opts.MaxRooms || h.rooms[code] != nil {
		h.mu.Unlock()
		p.fail(protocol.ErrLimit, m.Type(), errors.New("server: no room can be made now"))
		return "", ""
	}
	r, err := newRoom(h, code, m.Settings)
	if err != nil {
		h.mu.Unlock()
		p.fail(protocol.ErrServer, m.Type(), err)
		return "", ""
	}
	r.openTable(h.clock.Now())
	h.rooms[code] = r
	h.mu.Unlock()

	if err := p.addPlay(code); err != nil {
		h.mu.Lock()
		delete(h.rooms, code)
		h.mu.Unlock()
		p.fail(protocol.ErrServer, m.Type(), err)
		return "", ""
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	token, err = r.seatPerson(s)
	if err == nil {
		// Stored before anyone hears of it: a client never holds a code and token for a room
		// the store does not have. A failing store has taken the room out of the hub.
		if err = r.stage(); err == nil {
			err = r.out.wait(r.out.seq)
		}
	}
	if err != nil {
		h.mu.Lock()
		if h.rooms[code] == r {
			delete(h.rooms, code)
		}
		h.mu.Unlock()
		p.fail(protocol.ErrServer, m.Type(), fmt.Errorf("server: the room could not be made: %w", err))
		return "", ""
	}
	p.attach(r, s)
	p.sink.Send(protocol.Welcome{Version: protocol.Version, Code: code, Link: link(code)})
	p.sink.Send(protocol.Joined{Token: token, Colour: s.Colour})
	err = r.update()
	if err == nil {
		err = r.out.wait(r.out.seq)
	}
	if err != nil {
		p.fail(protocol.ErrServer, m.Type(), err)
		return "", ""
	}
	return code, token
}

// checkPerson checks a person's name, colour and fallback level and returns their seat.
func checkPerson(name, colour, fallback string) (*seat, error) {
	if err := protocol.CheckName(name); err != nil {
		return nil, err
	}
	if err := checkWords(name); err != nil {
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

// handle translates a message in the room into the room's command, under its lock, once it has
// checked that the connection may ask it (it holds a seat; it is the host's). reply is what the
// client is told once the change is stored.
func (p *Peer) handle(r *Room, m protocol.Message) (reply protocol.Message, err error) {
	switch m := m.(type) {
	case protocol.Hello, protocol.Create:
		return nil, refuse(protocol.ErrBadMessage, "already in room %s", r.code)
	case protocol.Join:
		return p.join(r, m)
	case protocol.Say:
		return p.say(r, m.Text)
	}
	return nil, p.command(r, m)
}

// command translates a message that has no answer but the change it makes.
func (p *Peer) command(r *Room, m protocol.Message) error {
	switch m := m.(type) {
	case protocol.Leave:
		if err := p.seated(); err != nil {
			return err
		}
		if err := r.leave(p.seat); err != nil {
			return err
		}
		p.seat = nil
		return nil
	case protocol.AddBot:
		if err := p.host(r); err != nil {
			return err
		}
		return r.addBot(m.Level)
	case protocol.RemoveBot:
		if err := p.host(r); err != nil {
			return err
		}
		return r.removeBot(m.Seat)
	case protocol.Start:
		if err := p.host(r); err != nil {
			return err
		}
		return r.begin()
	case protocol.Act:
		if p.seat == nil {
			return refuse(protocol.ErrNoSeat, "spectators do not play: join before the start")
		}
		return r.act(p.seat, m.Game, m.Action)
	case protocol.Back:
		if err := p.seated(); err != nil {
			return err
		}
		return r.back(p.seat)
	case protocol.Resign:
		if err := p.seated(); err != nil {
			return err
		}
		return r.resign(p.seat)
	case protocol.Finish:
		if err := p.host(r); err != nil {
			return err
		}
		return r.finishNow()
	case protocol.Again:
		if err := p.host(r); err != nil {
			return err
		}
		return r.again()
	case protocol.Kick:
		if err := p.host(r); err != nil {
			return err
		}
		return r.kick(m.Seat)
	case protocol.Mute:
		return p.mute(r, m.Seat, true)
	case protocol.Unmute:
		return p.mute(r, m.Seat, false)
	case protocol.Report:
		return p.report(r, m)
	}
	return refuse(protocol.ErrBadMessage, "a client does not send %s", m.Type())
}

func (p *Peer) host(r *Room) error {
	if p.seat == nil || r.index(p.seat) != r.Host {
		return refuse(protocol.ErrNotHost, "only the host may do this")
	}
	return nil
}

// seated refuses a connection that holds no seat.
func (p *Peer) seated() error {
	if p.seat == nil {
		return refuse(protocol.ErrNoSeat, "you hold no seat")
	}
	return nil
}

func (p *Peer) join(r *Room, m protocol.Join) (protocol.Message, error) {
	if p.seat != nil {
		return nil, refuse(protocol.ErrState, "you hold seat %d already", r.index(p.seat))
	}
	s, err := checkPerson(p.seatNameIn(r, m.Name), m.Colour, m.Fallback)
	if err != nil {
		return nil, &codeError{code: protocol.ErrBadMessage, err: err}
	}
	p.bind(s)
	if r.kickedOut(p) {
		return nil, errKicked
	}
	if !p.hub.attempts.allow(false, p.addr, p.hub.clock.Now()) {
		return nil, refuse(protocol.ErrLimit, "too many attempts from this address; wait a minute")
	}
	if err := p.addPlay(r.code); err != nil {
		return nil, err
	}
	token, err := r.join(p, s)
	if err != nil {
		return nil, err
	}
	s.addr = p.addr
	return protocol.Joined{Token: token, Colour: s.Colour}, nil
}

// say translates a chat line: a slash command becomes the room's command, other text is said.
func (p *Peer) say(r *Room, text string) (protocol.Message, error) {
	text = strings.TrimSpace(text)
	if err := protocol.CheckChat(text); err != nil {
		return nil, &codeError{code: protocol.ErrBadMessage, err: err}
	}
	m, err := protocol.ParseChat(text, protocol.ChatDefaults{Levels: bots.Levels()})
	switch {
	case errors.Is(err, protocol.ErrChatHelp):
		return protocol.Chat{Seat: -1, Text: help(p.host(r) == nil), System: true}, nil
	case err != nil:
		return nil, &codeError{code: protocol.ErrBadMessage, err: err}
	}
	if s, ok := m.(protocol.Say); ok {
		text, err := r.chatText(s.Text)
		if err != nil {
			return nil, err
		}
		return nil, r.talk(p.seat, text)
	}
	return p.handle(r, m)
}

// help says the chat's commands: the host's with the bot levels, a guest's without the host's.
func help(host bool) string {
	if !host {
		return protocol.ChatHelpGuest
	}
	return protocol.ChatHelp + "; LEVEL is one of " + strings.Join(bots.Levels(), ", ")
}
