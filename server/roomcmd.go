package server

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/protocol"
)

// The room's commands: each decides whether the room may do it now, does it, and brings the room
// up to date (stages the change: it is stored, then every connection hears of it). The caller
// holds the room's lock and has checked who asks (Peer authorises: the seat's holder, the host);
// a refusal leaves the room as it was. The caller answers its client once the change is stored
// (outbox.wait), so that nothing is said of a change the store could still refuse.

// join seats person s (checked by checkPerson), held by connection p, and returns their seat
// token, which the caller hands out only once the seat is stored.
func (r *Room) join(p *Peer, s *seat) (token string, err error) {
	token, err = r.seatPerson(s)
	if err != nil {
		return "", err
	}
	p.seat = s
	s.conns++
	r.journal.system(s.Name + " joined as " + s.Colour)
	return token, r.update()
}

// leave takes seat s away before the game starts.
func (r *Room) leave(s *seat) error {
	if r.State != protocol.StateLobby {
		return refuse(protocol.ErrState, "the game has started: resign instead")
	}
	i := r.index(s)
	r.Seats = slices.Delete(r.Seats, i, i+1)
	r.journal.system(s.Name + " left")
	r.fixHost(i)
	s.conns--
	return r.update()
}

// addBot seats a bot of the level (one of bots.Levels).
func (r *Room) addBot(level string) error {
	if !slices.Contains(bots.Levels(), level) {
		return refuse(protocol.ErrBadMessage, "no bot level %q: one of %s", level, strings.Join(bots.Levels(), ", "))
	}
	n := 1
	for _, s := range r.Seats {
		if s.Kind == protocol.KindBot {
			n++
		}
	}
	s := &seat{seatData: seatData{Name: fmt.Sprintf("%s bot %d", strings.ToUpper(level[:1])+level[1:], n), Kind: protocol.KindBot, Level: level}}
	if err := r.takeSeat(s); err != nil {
		return err
	}
	return r.update()
}

// removeBot takes the bot at seat index i away before the game starts.
func (r *Room) removeBot(i int) error {
	if err := r.inLobby(); err != nil {
		return err
	}
	if i < 0 || i >= len(r.Seats) || r.Seats[i].Kind != protocol.KindBot {
		return refuse(protocol.ErrBadMessage, "seat %d (counting from 1) holds no bot", i+1)
	}
	r.Seats = slices.Delete(r.Seats, i, i+1)
	r.fixHost(i)
	return r.update()
}

// inLobby refuses unless the room waits for its first game.
func (m *meta) inLobby() error {
	switch m.State {
	case protocol.StateLobby:
		return nil
	case protocol.StateOver:
		return refuse(protocol.ErrState, "the game is over: the host starts the next with again (/again)")
	}
	return refuse(protocol.ErrState, "the game has started")
}

// begin starts the room's first game.
func (r *Room) begin() error {
	if err := r.inLobby(); err != nil {
		return err
	}
	if lo, _ := engine.SeatsAllowed(r.Settings.Variant); len(r.Seats) < lo {
		return refuse(protocol.ErrState, "%s needs at least %d seats: add bots or wait for players", r.Settings.Variant.Title(), lo)
	}
	if err := r.start(); err != nil {
		return refuse(protocol.ErrState, "%v", err)
	}
	return r.update()
}

// again starts the next game once one is over.
func (r *Room) again() error {
	if r.State != protocol.StateOver {
		return refuse(protocol.ErrState, "the game is not over")
	}
	if err := r.start(); err != nil {
		return refuse(protocol.ErrState, "%v", err)
	}
	return r.update()
}

// act makes seat s's action in game.
func (r *Room) act(s *seat, game int, a engine.Action) error {
	if r.State != protocol.StatePlaying {
		return refuse(protocol.ErrState, "no game is being played")
	}
	if game != r.Game {
		return refuse(protocol.ErrState, "that was for game %d; this is game %d", game, r.Game)
	}
	if s.Resigned {
		return refuse(protocol.ErrState, "you resigned: your bot plays this seat")
	}
	if err := r.apply(r.index(s), a); err != nil {
		return err
	}
	s.Away = false
	s.deadline = time.Time{}
	return r.update()
}

// back ends seat s's time away: its person decides again.
func (r *Room) back(s *seat) error {
	s.Away = false
	return r.update()
}

// resign hands seat s to its bot for the rest of the game.
func (r *Room) resign(s *seat) error {
	if r.State != protocol.StatePlaying {
		return refuse(protocol.ErrState, "no game is being played")
	}
	if s.Resigned {
		return refuse(protocol.ErrState, "you have resigned already")
	}
	s.Resigned = true
	r.journal.system(fmt.Sprintf("%s resigned: their %s bot plays on", s.Name, s.Level))
	return r.update()
}

// finishNow ends the game being played with the scores as they stand.
func (r *Room) finishNow() error {
	if r.State != protocol.StatePlaying {
		return refuse(protocol.ErrState, "no game is being played")
	}
	r.finish()
	r.journal.system("the host finished the game")
	return r.update()
}

// talk says a line in the room from seat s (nil: a spectator).
func (r *Room) talk(s *seat, text string) error {
	name := "spectator"
	if s != nil {
		name = s.Name
	}
	r.journal.say(protocol.Chat{Seat: r.index(s), Name: name, Text: text})
	return r.update()
}

// detach takes a closed connection out of the room: a seat whose last connection it was is held
// for its person for the grace, then its bot decides.
func (r *Room) detach(p *Peer) {
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
			r.hub.logUpdate("close", r.code, err)
		}
	}
}

// seatOf returns the person's seat whose token this is, or nil.
func (m *meta) seatOf(token string) *seat {
	h := hashToken(token)
	for _, x := range m.Seats {
		if x.Token != "" && x.Token == h {
			return x
		}
	}
	return nil
}

// welcome takes connection p in, holding seat s (nil: watching), and sends it the room as
// stored: the welcome, the room, the chat's last lines and the events of the game from since
// when the client has game (else all of them). A change being stored reaches it when stored.
func (r *Room) welcome(p *Peer, s *seat, game, since int) {
	if s != nil {
		for q := range r.peers {
			if q.seat == s {
				r.replace(q)
			}
		}
	}
	p.attach(r, s)
	if s != nil {
		s.deadline = time.Time{} // a reclaimed seat's pending decision gets a fresh deadline
	}
	o := &r.out
	if game == o.gameN {
		p.game, p.next = o.gameN, max(since, 0)
	}
	w := protocol.Welcome{Version: protocol.Version, Code: r.code, Link: link(r.code), Game: o.gameN, Events: o.events}
	p.sink.Send(w)
	room := o.room
	if len(o.stages) == 0 { // everything made is stored and sent: the room as it is, with p in it
		room = r.snapshot(-1)
	} else { // the room as stored, with p in it (connections are not stored)
		room.Seats = slices.Clone(room.Seats)
		if i := r.index(s); s != nil && i < len(room.Seats) && room.Seats[i].Name == s.Name {
			room.Seats[i].Connected = true
		} else if s == nil {
			room.Spectators++
		}
	}
	room.You = r.index(s)
	p.sink.Send(room)
	for _, c := range o.chat {
		p.sink.Send(c)
	}
	o.sendEvents(p, nil)
	if err := r.update(); err != nil {
		r.hub.logUpdate("hello", r.code, err)
	}
}

// replace closes connection q, whose seat a newer connection takes with its token: the newest
// connection holds a seat, and the older one is told why.
func (r *Room) replace(q *Peer) {
	q.sink.Send(protocol.Error{Code: protocol.ErrReplaced, Ref: protocol.TypeHello,
		Message: "server: another connection took this seat with its token; this one is closed"})
	q.sink.Close("another connection took the seat")
	q.closed = true
	delete(r.peers, q)
	q.seat.conns--
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

// fixHost moves the host's seat index after seat i was removed. When the host's own seat went,
// the seat that followed it holds the index for now: update's passHost then hands the host to
// the next connected person from there.
func (m *meta) fixHost(i int) {
	switch {
	case m.Host > i:
		m.Host--
	case m.Host == i:
		m.hostGone = true
		if m.Host >= len(m.Seats) {
			m.Host = 0
		}
	}
}
