package session

import (
	"errors"
	"fmt"
	"nimmt/scenes/ui"
	"time"

	"nimmt/engine"
	"nimmt/msg"
)

// Session is where a table's game lives: on this device (localSession: the engine, the bots and
// the autosave), scripted (the rules walkthrough), or on a server (online play). The table never
// holds the game itself: it reads each seat's redacted event stream, folds it into the view it
// displays, and sends the actions of the seats this device plays through Act.
//
// A remote session implements it over the network: EventsFor returns what has arrived so far
// (Update, called every tick, takes in new messages), Act sends the action and returns nil, and a
// refusal by the server comes back from a later Update with the engine's error message. Every
// seat's stream has the same length: an event another seat may not see arrives redacted, never
// dropped, so the table can switch the seat it shows (hot-seat play) at any index.
//
// Two views of one game, never mixed: the latest state is the session's (its events so far,
// EventCount; what a bot or the server decides from), and the displayed state is the table's
// presenter's (presenter.disp: the events folded in as far as the timeline has shown them). The
// table's board, HUD and controls read the displayed state only, so the person never acts on, or
// sees, anything the screen has not shown yet.
type Session interface {
	// Config is the game's configuration.
	Config() engine.Config
	// Seats describes who sits at each seat.
	Seats() []Seat
	// EventCount is the number of events so far, the same in every seat's stream.
	EventCount() int
	// EventsFor returns the events from index from on, as seat may see them (engine.EventsFor).
	EventsFor(seat, from int) []engine.Event
	// Act takes an action for a seat played on this device (Seat.Here). A local session applies
	// it at once and returns the engine's error; a remote one sends it and returns nil, and a
	// refusal comes back from Update.
	Act(seat int, a engine.Action) error
	// Update runs once a tick. still says the table shows every event and nothing animates: bots
	// start thinking and answer only then, so the table never runs behind them. changed reports
	// that a seat's Status changed; refused is an earlier action the game refused, or nil.
	Update(still bool) (changed bool, refused error)
	// Status is what a seat's plate shows about it besides the game: thinking, away.
	Status(seat int) SeatStatus
	// Deadline is when seat's pending decision passes to its fallback bot (online play's
	// decision timer) and the timer's whole span; the zero time when no timer runs for the
	// seat (a local game has none).
	Deadline(seat int) (at time.Time, span time.Duration)
	// Save writes the autosave now (the table closes, the app goes to the background) and returns
	// the last write error, if any. A remote session has nothing to save.
	Save() error
}

// TickingSession is a Session that says whether it needs Update called every tick now (a bot's
// pause counting down in ticks). When it does not, the game may stop its frames (pace.go): the
// session must then wake the game (Game.Wake) whenever something it holds changes from outside
// the game loop — a bot's answer, a message from the server. A Session without it keeps the
// frames running.
type TickingSession interface {
	NeedsTicks() bool
}

// SeatKind says who plays a seat.
type SeatKind uint8

// Seat kinds.
const (
	// SeatPerson is a person at this device.
	SeatPerson SeatKind = iota
	// SeatBot is a computer player run by this device's session.
	SeatBot
	// SeatRemote is a person or a bot elsewhere (online play); this device never acts for it.
	SeatRemote
)

var seatKindNames = [...]string{"person", "bot", "remote"}

// String returns the kind's name as saved: person, bot or remote.
func (k SeatKind) String() string {
	if int(k) < len(seatKindNames) {
		return seatKindNames[k]
	}
	return fmt.Sprintf("SeatKind(%d)", uint8(k))
}

// MarshalText encodes the kind by name.
func (k SeatKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a kind's name.
func (k *SeatKind) UnmarshalText(b []byte) error {
	for i, n := range seatKindNames {
		if n == string(b) {
			*k = SeatKind(i)
			return nil
		}
	}
	return fmt.Errorf("scenes: unknown seat kind %q", b)
}

// Seat is one seat at a table: who plays it and under which name.
type Seat struct {
	_    ui.NoCompare
	Kind SeatKind `json:"kind"`
	Name string   `json:"name"`
	// Level is a bot's level (one of Levels); empty for people.
	Level string `json:"level,omitempty"`
	// Colour is an online seat's colour (one of protocol.Colours); empty in local games, whose
	// seat i takes the i-th colour.
	Colour string `json:"colour,omitempty"`
}

// Here reports whether a person at this device plays the seat (the table takes input for it).
func (s Seat) Here() bool { return s.Kind == SeatPerson }

// SeatStatus is what a plate shows about a seat besides the game's own state.
type SeatStatus uint8

// Seat statuses.
const (
	// StatusNone is nothing to show.
	StatusNone SeatStatus = iota
	// StatusThinking is a bot (or a remote seat) deciding.
	StatusThinking
	// StatusAway is a remote person who stepped away (the server's timer decides for them).
	StatusAway
	// StatusDisconnected is a remote seat whose connection dropped.
	StatusDisconnected
)

// peopleHere returns the seats played by people at this device, in seat order.
func peopleHere(seats []Seat) []int {
	var out []int
	for i, s := range seats {
		if s.Here() {
			out = append(out, i)
		}
	}
	return out
}

// ErrNotHere is Act for a seat this device does not play.
func ErrNotHere(seat int) error {
	return fmt.Errorf("scenes: seat %d is not played on this device", seat+1)
}

// noticeError is an error with a message for the player (shown on the menu).
type noticeError struct {
	_      [0]func() // not comparable (only *noticeError is an error): no equality code in the wasm (#25)
	notice msg.Message
	err    error // the same in English, for logs
}

func (e *noticeError) Error() string { return e.err.Error() }

func playerErr(id msg.ID) error {
	m := msg.New(id)
	return &noticeError{notice: m, err: fmt.Errorf("scenes: %s", m.In(msg.English))}
}

// Notice returns the player's message for err.
func Notice(err error) msg.Message {
	if n, ok := errors.AsType[*noticeError](err); ok {
		return n.notice
	}
	return msg.New(msg.Verbatim, err.Error())
}
