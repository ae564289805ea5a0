package session

import (
	"errors"
	"slices"
	"strings"
	"time"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/protocol"
)

// remoteLink is what a remote session needs of its connection to the room: client.Link, which
// reconnects by itself and resumes the events where they stopped. (The room screen's link has
// these methods and more, so it is one.) A link that also has Refusal (the server's refusals of
// actions sent) and Reconnect (connect again at once), as client.Link does, gets them used.
type remoteLink interface {
	// Poll takes in what arrived, without waiting.
	Poll() bool
	// State is what arrived, folded: the room, the events of this connection's seat.
	State() *client.State
	// Send queues a message; client.Link sends an action again if its connection is lost.
	Send(m protocol.Message)
	// Status says whether the link is online, reconnecting or failed.
	Status() client.LinkStatus
	// Pending reports whether news waits for the next Poll (client.Link calls its Notify, the
	// game's Wake, when news arrives; Pending covers a wake that came while the frames ran).
	Pending() bool
}

// refuser is a link that reports the server's refusals of the actions sent through it.
type refuser interface {
	Refusal() (protocol.Error, bool)
}

// reconnecter is a link that can connect again at once.
type reconnecter interface {
	Reconnect()
}

// RemoteSession is a table's game on a game server (online play), over a room's link. The game
// is the room's game current when the session was made; its seats are the room's: this device's
// seat is a person here (SeatPerson), every other seat is SeatRemote with its name, people and
// bots alike. Events are this seat's redacted stream as the server sends it (a spectator's is
// the public one), so the table shows only what the seat may know. Act sends the action and
// returns nil; the server's refusal comes back from Update. Nothing is saved on this device
// (Save does nothing): the server keeps the game, the settings keep the seat token.
type RemoteSession struct {
	Link     remoteLink
	game     int
	cfg      engine.Config
	SeatList []Seat
	// Me is this device's seat, -1 for a spectator.
	Me     int
	events []engine.Event
	status []SeatStatus
	linkSt client.LinkStatus
	// Sent counts the actions sent; acted is the decision (client.DecisionKey) last answered.
	Sent  int
	acted string
}

// NewRemoteSession returns the session of the room's current game over l; the room must be
// playing (or over) with its first events in: Room.Game equal to State.Game.
func NewRemoteSession(l remoteLink) *RemoteSession {
	st := l.State()
	rm := &st.Room
	s := &RemoteSession{Link: l, game: rm.Game, cfg: rm.Settings.Config(len(rm.Seats)), Me: rm.You,
		status: make([]SeatStatus, len(rm.Seats)), linkSt: l.Status()}
	for i, x := range rm.Seats {
		k := SeatRemote
		if i == rm.You {
			k = SeatPerson
		}
		s.SeatList = append(s.SeatList, Seat{Kind: k, Name: x.Name, Colour: x.Colour})
	}
	s.take()
	return s
}

// take reads what the link holds: the events of the session's game, the seats' statuses and
// their names (an account renamed, docs/protocol.md "Display names"). It reports whether a
// status changed.
func (s *RemoteSession) take() (changed bool) {
	st := s.Link.State()
	if st.Game == s.game {
		s.events = st.Events
	}
	for i := range s.status {
		if x := s.seatStatus(st, i); x != s.status[i] {
			s.status[i] = x
			changed = true
		}
		if i < len(st.Room.Seats) && st.Room.Game == s.game {
			// Not a change to report: the next redraw shows it (a redraw of its own cost
			// ~1 KB of wasm, docs/PERFORMANCE.md).
			s.SeatList[i].Name = st.Room.Seats[i].Name
		}
	}
	if ls := s.Link.Status(); ls.Phase != s.linkSt.Phase || ls.Attempt != s.linkSt.Attempt {
		s.linkSt = ls
		changed = true // the banner says it
	}
	return changed
}

// seatStatus is what seat i's plate shows: disconnected, away, or thinking while the game waits
// for another seat's decision.
func (s *RemoteSession) seatStatus(st *client.State, i int) SeatStatus {
	rm := &st.Room
	if rm.Game != s.game || i >= len(rm.Seats) {
		return StatusNone
	}
	x := rm.Seats[i]
	switch {
	case x.Kind == protocol.KindPerson && !x.Connected:
		return StatusDisconnected
	case x.Away:
		return StatusAway
	case i != s.Me && rm.State == protocol.StatePlaying && st.Game == s.game && slices.Contains(st.View.Waiting, i):
		return StatusThinking
	}
	return StatusNone
}

// Config implements Session.
func (s *RemoteSession) Config() engine.Config { return s.cfg }

// Seats implements Session.
func (s *RemoteSession) Seats() []Seat { return s.SeatList }

// EventCount implements Session.
func (s *RemoteSession) EventCount() int { return len(s.events) }

// EventsFor implements Session: this device's stream, the only one it receives (the table asks
// for the seat it shows, which is this device's).
func (s *RemoteSession) EventsFor(seat, from int) []engine.Event {
	if from >= len(s.events) {
		return nil
	}
	return slices.Clone(s.events[from:])
}

// ErrAnswered is Act for a decision the game already has an answer to: the events saying so have
// arrived but are not on the table yet. The table drops the action without a word.
var ErrAnswered = errors.New("scenes: the decision is answered already")

// Act implements Session: it sends the action of this device's seat and returns nil; a refusal
// comes back from Update. Each decision is answered once: an action for a decision already sent
// returns nil and sends nothing (the link sends it again itself if the connection lost it), and
// one for a decision the game has moved past (or a card chosen already) returns errAnswered.
func (s *RemoteSession) Act(seat int, a engine.Action) error {
	if seat != s.Me || s.Me < 0 {
		return ErrNotHere(seat)
	}
	st := s.Link.State()
	v := &st.View
	if d := v.Decision; st.Game != s.game || d == nil || d.Kind != a.Kind || d.Kind == engine.DecidePlay && len(v.MyPlay) > 0 {
		return ErrAnswered
	}
	k := client.DecisionKey(v)
	if k == s.acted {
		return nil
	}
	s.acted = k
	s.Link.Send(protocol.Act{Game: s.game, Action: a})
	s.Sent++
	return nil
}

// Update implements Session: it takes in what the link brought. refused is the server's refusal
// of an action sent, in the engine's words.
func (s *RemoteSession) Update(still bool) (changed bool, refused error) {
	s.Link.Poll()
	changed = s.take()
	if r, ok := s.Link.(refuser); ok {
		if e, ok := r.Refusal(); ok {
			refused = errors.New(e.Message)
			s.acted = "" // the person decides again
		}
	}
	return changed, refused
}

// NeedsTicks implements tickingSession: the table needs a tick only while news waits in the link;
// otherwise the link's Notify (Game.Wake) starts the frames when a message or a change of the
// connection arrives, so an online table that waits for a person costs no frames.
func (s *RemoteSession) NeedsTicks() bool { return s.Link.Pending() }

// Status implements Session.
func (s *RemoteSession) Status(seat int) SeatStatus {
	if seat < 0 || seat >= len(s.status) {
		return StatusNone
	}
	return s.status[seat]
}

// Deadline implements Session: the seat's own deadline in the room (protocol.Seat.Deadline,
// Unix milliseconds of the server's clock) while the game waits for its person, connected and
// deciding for themselves; none for bots, for people away, resigned or gone, and when the room
// has no timer. This device's clock is taken to agree with the server's; a deadline further
// than the timer's span away (a clock behind the server's) shows as the whole span.
func (s *RemoteSession) Deadline(seat int) (time.Time, time.Duration) {
	st := s.Link.State()
	rm := &st.Room
	if rm.Settings.Timer <= 0 || rm.State != protocol.StatePlaying || rm.Game != s.game || st.Game != s.game ||
		seat < 0 || seat >= len(rm.Seats) {
		return time.Time{}, 0
	}
	x := &rm.Seats[seat]
	if x.Deadline == 0 || x.Kind != protocol.KindPerson || !x.Connected || x.Away || x.Resigned ||
		!slices.Contains(st.View.Waiting, seat) {
		return time.Time{}, 0
	}
	return time.UnixMilli(x.Deadline), time.Duration(rm.Settings.Timer) * time.Second
}

// Save implements Session: the server keeps the game.
func (s *RemoteSession) Save() error { return nil }

// Reconnect connects again at once: the app is back from the background, where the connection
// may have died without a word.
func (s *RemoteSession) Reconnect() {
	if r, ok := s.Link.(reconnecter); ok {
		r.Reconnect()
	}
}

// ConnectionText is the banner of an online table while its session's link is not online:
// reconnecting, with the attempt, or the server's reason for refusing the room for good. Empty
// otherwise (and for a session that is not remote).
func ConnectionText(sess Session) msg.Message {
	r, ok := sess.(*RemoteSession)
	if !ok {
		return msg.Message{}
	}
	st := r.Link.Status()
	switch st.Phase {
	case client.LinkConnecting, client.LinkReconnecting:
		return msg.New(msg.OnlineReconnecting, max(st.Attempt, 1))
	case client.LinkFailed:
		if fe, ok := errors.AsType[*client.FailedError](st.Err); ok {
			return ErrorText(fe.Refusal)
		}
	}
	return msg.Message{}
}

// ErrorText says a refusal by the server in the person's words, at the place it concerns.
func ErrorText(e protocol.Error) msg.Message {
	switch e.Code {
	case protocol.ErrNoRoom:
		return msg.New(msg.RoomErrNoRoom)
	case protocol.ErrRoomFull:
		return msg.New(msg.RoomErrFull)
	case protocol.ErrNotHost:
		return msg.New(msg.RoomErrNotHost)
	case protocol.ErrToken:
		return msg.New(msg.RoomErrToken)
	case protocol.ErrVersion:
		return msg.New(msg.RoomErrVersion)
	case protocol.ErrLimit:
		return msg.New(msg.RoomErrLimit)
	case protocol.ErrServer:
		return msg.New(msg.RoomErrServer)
	case protocol.ErrRevoked:
		return msg.New(msg.RoomErrRevoked)
	case protocol.ErrBanned: // the operator's reason and the ban's end
		return msg.New(msg.RoomErrBanned, strings.TrimPrefix(strings.TrimPrefix(e.Message, protocol.BannedMessage), ": "))
	}
	reason := e.Message
	if i := strings.Index(reason, ": "); i > 0 && !strings.Contains(reason[:i], " ") {
		reason = reason[i+2:] // the package's prefix ("engine: ") says nothing to a player
	}
	return msg.New(msg.RoomErrRefused, reason)
}
