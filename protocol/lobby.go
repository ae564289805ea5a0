package protocol

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"nimmt/engine"
)

// The messages of public play: the lobby's list of tables, quick match, and moderation
// (docs/protocol.md, "Public tables" and "Moderation").
const (
	// Client to server.
	TypeLobby  = "lobby"
	TypeQuick  = "quick"
	TypeSit    = "sit"
	TypeKick   = "kick"
	TypeMute   = "mute"
	TypeUnmute = "unmute"
	TypeReport = "report"

	// Server to client.
	TypeTables = "tables"
)

// The error codes of public play.
const (
	ErrKicked = "kicked" // the host kicked this person out of the room: they cannot come back
	ErrBanned = "banned" // the operator banned this address or account (the connection is closed)
)

// BannedMessage starts the message of an ErrBanned error; ": " and the operator's reason, and
// " (until TIME)", follow when the ban has them.
const BannedMessage = "server: you are banned from this server"

// MaxFill is the longest wait, in seconds, before bots fill a public table (Settings.Fill).
const MaxFill = 600

// The reasons a report gives (Report.Reason): a closed list, so that the operator can sort the
// reports and every client can name them in its own language.
const (
	ReasonSpam    = "spam"
	ReasonInsults = "insults"
	ReasonOther   = "other"
)

// ReportReasons are the reasons a report may give, in the order a client offers them.
var ReportReasons = []string{ReasonSpam, ReasonInsults, ReasonOther}

// Phrases are the chat lines of a quick-match table (Settings.Quick), which take no other text:
// strangers matched by the server talk in phrases every client can show in its own language.
var Phrases = []string{"Hello!", "Good luck!", "Well played!", "Nice one!", "Oops!", "Thanks!", "Sorry!", "One more?", "Bye!"}

// Phrase returns the phrase of Phrases that text is (compared without case and without the
// closing punctuation), and whether there is one.
func Phrase(text string) (string, bool) {
	key := func(s string) string { return strings.ToLower(strings.TrimRight(strings.TrimSpace(s), "!?.")) }
	for _, p := range Phrases {
		if key(p) == key(text) {
			return p, true
		}
	}
	return "", false
}

// Lobby subscribes the connection to the list of public tables (the first message on the
// endpoint without a room code, or a later one to change the filter): the server answers with
// Tables, and sends Tables again whenever the list it selects changes. Variant and Seats, when
// set, select the tables of that variant and of that many seats.
type Lobby struct {
	// Not comparable: no equality code in the wasm (#25).
	_       [0]func()
	Version int `json:"v"`
	// Variant is a variant's name (docs/variants.md); empty: every variant.
	Variant string `json:"variant,omitempty"`
	Seats   int    `json:"seats,omitempty"`
}

// Quick asks for a seat at a public table now ("play now"), on the endpoint without a room code
// (or a lobby connection): the server seats the person at a forming quick-match table of the
// variant with Min to Max seats, or opens one with Max seats. Fill is the seconds after which
// bots fill the empty seats and the game starts (0: wait for people; the game starts when the
// table is full, or when its host starts it). It is answered as Create is: Welcome, Joined, Room.
type Quick struct {
	// Not comparable: no equality code in the wasm (#25).
	_        [0]func()
	Version  int            `json:"v"`
	Variant  engine.Variant `json:"variant"`
	Min      int            `json:"min"`
	Max      int            `json:"max"`
	Fill     int            `json:"fill"`
	Name     string         `json:"name"`
	Colour   string         `json:"colour,omitempty"`
	Fallback string         `json:"fallback,omitempty"`
}

// Check reports whether the quick match can be made: seats within the variant's, a fill time
// from 0 to MaxFill.
func (q Quick) Check() error {
	lo, hi := engine.SeatsAllowed(q.Variant)
	if q.Min < lo || q.Max > hi || q.Min > q.Max {
		return fmt.Errorf("protocol: %s is played by %d to %d seats: min %d and max %d are not a range of them", q.Variant.Title(), lo, hi, q.Min, q.Max)
	}
	if q.Fill < 0 || q.Fill > MaxFill {
		return fmt.Errorf("protocol: fill is 0 (wait for people) to %d seconds, not %d", MaxFill, q.Fill)
	}
	return nil
}

// Sit is Hello and Join in one message, the first on /ws/CODE: the connection takes a free seat
// of the room (a table of the lobby's list) with the name, or is refused and watches.
type Sit struct {
	// Not comparable: no equality code in the wasm (#25).
	_        [0]func()
	Version  int    `json:"v"`
	Name     string `json:"name"`
	Colour   string `json:"colour,omitempty"`
	Fallback string `json:"fallback,omitempty"`
}

// Kick (host only) takes a person's seat away: a bot of the seat's fallback level plays it, and
// the person cannot come back into the room.
type Kick struct {
	Seat int `json:"seat"`
}

// Mute hides the chat lines of a seat from this connection (no one else is told); Unmute shows
// them again. A mute lasts as long as the connection: a client sends its mutes again after it
// reconnects.
type Mute struct {
	Seat int `json:"seat"`
}

// Unmute ends a Mute.
type Unmute struct {
	Seat int `json:"seat"`
}

// Report reports the room's chat line N to the server's operator, with an optional reason: the
// server keeps the line with the lines before it.
type Report struct {
	// Not comparable: no equality code in the wasm (#25).
	_      [0]func()
	N      int    `json:"n"`
	Reason string `json:"reason,omitempty"`
}

// TableSeat is a seat of a listed table.
type TableSeat struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
	Kind   string `json:"kind"`
}

// Table is a public table as the lobby lists it. Its settings say the variant, the most seats,
// the end score, the timer and Fill (bots fill the empty seats after that many seconds; 0: they
// do not); Seats are the seats taken. A table in state lobby can be joined (Sit, or Hello and
// Join), one playing can be watched (Hello without a token).
type Table struct {
	Code       string      `json:"code"`
	Settings   Settings    `json:"settings"`
	State      string      `json:"state"`
	Game       int         `json:"game,omitempty"`
	Seats      []TableSeat `json:"seats"`
	Spectators int         `json:"spectators,omitempty"`
	// StartAt is when bots fill the table and its game starts (Unix ms); 0: not set.
	StartAt int64 `json:"start_at,omitempty"`
}

// Tables is the list of public tables a Lobby connection selected, the fullest first: sent
// after Lobby, then whenever it changes (at most a few times a second).
type Tables struct {
	Tables []Table `json:"tables"`
}

// CheckReason reports whether a report's reason is acceptable: none (""), or one of
// ReportReasons.
func CheckReason(s string) error {
	if s == "" || slices.Contains(ReportReasons, s) {
		return nil
	}
	return fmt.Errorf("protocol: a report's reason is one of %s, not %q", strings.Join(ReportReasons, ", "), s)
}

// checkPublic reports whether the public-play settings hold together: Quick and Fill only on a
// public table, Fill from 0 to MaxFill.
func (s Settings) checkPublic() error {
	if s.Fill < 0 || s.Fill > MaxFill {
		return fmt.Errorf("protocol: fill is 0 (no bots) to %d seconds, not %d", MaxFill, s.Fill)
	}
	if !s.Public && (s.Quick || s.Fill > 0) {
		return errors.New("protocol: quick and fill are for public tables")
	}
	return nil
}

func init() {
	serverTypes[TypeTables] = dec[Tables]
}

// Type implements Message.
func (Lobby) Type() string { return TypeLobby }

// Type implements Message.
func (Quick) Type() string { return TypeQuick }

// Type implements Message.
func (Sit) Type() string { return TypeSit }

// Type implements Message.
func (Kick) Type() string { return TypeKick }

// Type implements Message.
func (Mute) Type() string { return TypeMute }

// Type implements Message.
func (Unmute) Type() string { return TypeUnmute }

// Type implements Message.
func (Report) Type() string { return TypeReport }

// Type implements Message.
func (Tables) Type() string { return TypeTables }
