package protocol

import (
	"encoding/json"
	"fmt"
	"strconv"

	"nimmt/engine"
)

// The message types, as written in the "type" field.
const (
	// Client to server.
	TypeHello     = "hello"
	TypeCreate    = "create"
	TypeJoin      = "join"
	TypeLeave     = "leave"
	TypeAddBot    = "add_bot"
	TypeRemoveBot = "remove_bot"
	TypeStart     = "start"
	TypeAct       = "act"
	TypeBack      = "back"
	TypeResign    = "resign"
	TypeFinish    = "finish"
	TypeAgain     = "again"
	TypeSay       = "say"

	// Server to client.
	TypeWelcome = "welcome"
	TypeJoined  = "joined"
	TypeRoom    = "room"
	TypeEvent   = "event"
	TypeChat    = "chat"
	TypeError   = "error"
)

var clientTypes = map[string]func([]byte) (Message, error){
	TypeHello:     dec[Hello],
	TypeCreate:    dec[Create],
	TypeJoin:      dec[Join],
	TypeLeave:     dec[Leave],
	TypeAddBot:    dec[AddBot],
	TypeRemoveBot: dec[RemoveBot],
	TypeStart:     dec[Start],
	TypeAct:       dec[Act],
	TypeBack:      dec[Back],
	TypeResign:    dec[Resign],
	TypeFinish:    dec[Finish],
	TypeAgain:     dec[Again],
	TypeSay:       dec[Say],
}

var serverTypes = map[string]func([]byte) (Message, error){
	TypeWelcome: dec[Welcome],
	TypeJoined:  dec[Joined],
	TypeRoom:    dec[Room],
	TypeEvent:   dec[Event],
	TypeChat:    dec[Chat],
	TypeError:   dec[Error],
}

// Hello is a connection's first message in an existing room (the room code is in the URL).
// Without a token the connection watches (the lobby, or the game as a spectator) until it joins;
// with a seat token it takes that seat back. Game and Since say which events the client already
// holds: Since is the sequence number of the first event it lacks in game Game (0: none).
type Hello struct {
	// Not comparable: no equality code in the wasm (#25).
	_       [0]func()
	Version int    `json:"v"`
	Token   string `json:"token,omitempty"`
	Game    int    `json:"game,omitempty"`
	Since   int    `json:"since,omitempty"`
}

// Create is a connection's first message on the endpoint without a room code: it makes a room
// with the settings and seats the sender in it as its host.
type Create struct {
	// Not comparable: no equality code in the wasm (#25).
	_        [0]func()
	Version  int      `json:"v"`
	Settings Settings `json:"settings"`
	Name     string   `json:"name"`
	Colour   string   `json:"colour,omitempty"`
	// Fallback is the level of the bot that plays for the seat when its person resigns, is away
	// or disconnected; empty means intermediate.
	Fallback string `json:"fallback,omitempty"`
	// ID, if set, makes the create idempotent: a create with an ID the server answered in the
	// last CreateMemory is answered with the same room and seat (its welcome was lost and the
	// client sends the create again). A client picks a fresh random ID per room (CheckCreateID).
	ID string `json:"id,omitempty"`
}

// Join takes a free seat before the game starts.
type Join struct {
	// Not comparable: no equality code in the wasm (#25).
	_        [0]func()
	Name     string `json:"name"`
	Colour   string `json:"colour,omitempty"`
	Fallback string `json:"fallback,omitempty"`
}

// Leave gives a seat up before the game starts; the connection keeps watching.
type Leave struct{}

// AddBot (host only) seats a bot of a level (bots.Levels) before the game starts.
type AddBot struct {
	Level string `json:"level"`
}

// RemoveBot (host only) takes the bot at a seat away before the game starts.
type RemoveBot struct {
	Seat int `json:"seat"`
}

// Start (host only) starts the game with the seats taken.
type Start struct{}

// Act is a seat's decision in game Game: the engine's action (play, row, draft, order, keep).
type Act struct {
	Game   int           `json:"game"`
	Action engine.Action `json:"action"`
}

// Back ends a seat's "away" state: its person decides again instead of the fallback bot.
type Back struct{}

// Resign hands the seat to its fallback bot until the game ends.
type Resign struct{}

// Finish (host only) ends the game now with the totals as they stand.
type Finish struct{}

// Again (host only) starts a new game in the room with the same seats once a game is over.
type Again struct{}

// Say sends a chat line to the room; a line starting with "/" is a command (/join, /start,
// /resign, /help, /bot LEVEL).
type Say struct {
	Text string `json:"text"`
}

// Welcome answers Hello and Create: the room's code, the protocol version the server speaks and
// the link that opens the room.
type Welcome struct {
	// Not comparable: no equality code in the wasm (#25).
	_       [0]func()
	Version int    `json:"v"`
	Code    string `json:"code"`
	Link    string `json:"link"`
	// Game and Events are the room's current game and the number of its events at the moment
	// of the Hello: once a client holds Events events of Game, it has every event the server had
	// then (a reconnecting client knows it has caught up). Zero before the first game.
	Game   int `json:"game,omitempty"`
	Events int `json:"events,omitempty"`
}

// Joined gives a seat's token to the connection that took the seat. The token is needed to take
// the seat back after a reconnect and is never sent to anyone else.
type Joined struct {
	// Not comparable: no equality code in the wasm (#25).
	_      [0]func()
	Token  string `json:"token"`
	Colour string `json:"colour"`
}

// The states of a room.
const (
	StateLobby   = "lobby"
	StatePlaying = "playing"
	StateOver    = "over"
)

// The kinds of seat.
const (
	KindPerson = "person"
	KindBot    = "bot"
)

// Seat is one seat of a room as everyone sees it.
type Seat struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
	Kind   string `json:"kind"`
	// Level is a bot's level, or a person's fallback level.
	Level string `json:"level"`
	// Connected says a person's connection is open (always true for bots).
	Connected bool `json:"connected"`
	// Away says the fallback bot decided for the person (timer ran out) until the person is back.
	Away bool `json:"away,omitempty"`
	// Resigned says the fallback bot plays the seat to the end of the game.
	Resigned bool `json:"resigned,omitempty"`
	// Deadline is when this person's pending decision passes to their fallback bot, in Unix
	// milliseconds of the server's clock; 0 when no timer runs for the seat. (A seat taken back
	// after a disconnection has a deadline of its own; Room.Deadline is the earliest.)
	Deadline int64 `json:"deadline,omitempty"`
}

// Result is how a game ended.
type Result struct {
	Totals  []int `json:"totals"`
	Winners []int `json:"winners"`
	// Finished says the host ended the game before its end; the totals are those of the
	// rounds scored plus the current round's bullheads.
	Finished bool `json:"finished,omitempty"`
}

// Room is the room as one connection sees it, sent after Welcome and whenever it changes.
type Room struct {
	Code     string   `json:"code"`
	Settings Settings `json:"settings"`
	State    string   `json:"state"`
	// Game counts the games played in the room, from 1 (0 before the first start).
	Game  int    `json:"game"`
	Seats []Seat `json:"seats"`
	// Host is the host's seat.
	Host int `json:"host"`
	// You is the connection's seat, or -1 for a spectator.
	You        int `json:"you"`
	Spectators int `json:"spectators"`
	// Deadline is when the pending decisions of people are taken by their fallback bots, in
	// Unix milliseconds of the server's clock; 0 when no timer runs.
	Deadline int64 `json:"deadline,omitempty"`
	// Result is set once the game is over.
	Result *Result `json:"result,omitempty"`
	// StartAt is when bots fill a public table's empty seats and its game starts, in Unix
	// milliseconds of the server's clock (Settings.Fill); 0: not set.
	StartAt int64 `json:"start_at,omitempty"`
}

// Event is one engine event of game Game, as the connection's seat may see it. Seq numbers the
// game's events from 0 without gaps; a reconnecting client sends the next one it needs in Hello.
type Event struct {
	// Not comparable: no equality code in the wasm (#25).
	_     [0]func()
	Game  int
	Seq   int
	Event engine.Event
}

type eventWire struct {
	Game  int             `json:"game"`
	Seq   int             `json:"seq"`
	Event json.RawMessage `json:"event"`
}

// MarshalJSON writes {"game":1,"seq":5,"event":{"type":"card_placed",…}}.
func (e Event) MarshalJSON() ([]byte, error) {
	body, err := engine.MarshalEvent(e.Event)
	if err != nil {
		return nil, err
	}
	return appendEvent(make([]byte, 0, len(body)+40), "{", e.Game, e.Seq, body), nil
}

// EncodeEvent returns Encode(Event{Game: game, Seq: seq, Event: ev}) given ev's
// engine.MarshalEvent form, without encoding the event again: a server that sends one event
// to many connections encodes it once.
func EncodeEvent(game, seq int, ev []byte) []byte {
	return appendEvent(make([]byte, 0, len(ev)+56), `{"type":"`+TypeEvent+`",`, game, seq, ev)
}

// appendEvent appends an event message's JSON object, opened by head, to out. It writes the
// fields in the order of eventWire, which decodes it.
func appendEvent(out []byte, head string, game, seq int, ev []byte) []byte {
	out = append(out, head...)
	out = append(out, `"game":`...)
	out = strconv.AppendInt(out, int64(game), 10)
	out = append(out, `,"seq":`...)
	out = strconv.AppendInt(out, int64(seq), 10)
	out = append(out, `,"event":`...)
	out = append(out, ev...)
	return append(out, '}')
}

// UnmarshalJSON reads the form MarshalJSON writes.
func (e *Event) UnmarshalJSON(b []byte) error {
	var w eventWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	if len(w.Event) == 0 {
		return fmt.Errorf("event %d without its event", w.Seq)
	}
	ev, err := engine.UnmarshalEvent(w.Event)
	if err != nil {
		return err
	}
	*e = Event{Game: w.Game, Seq: w.Seq, Event: ev}
	return nil
}

// Chat is a chat line, or a line from the room itself (System: a seat joined, a bot took over,
// the answer to /help).
//
// N numbers the room's lines from 1; the server stores the last lines and sends them to every
// connection after its hello, so a client that reconnects skips the lines it has (N at most the
// last it holds). A line to one connection only (the answer to /help) has no N.
type Chat struct {
	// Not comparable: no equality code in the wasm (#25).
	_      [0]func()
	Seat   int    `json:"seat"` // the speaker's seat, -1 for a spectator or the room
	Name   string `json:"name,omitempty"`
	Text   string `json:"text"`
	System bool   `json:"system,omitempty"`
	N      int    `json:"n,omitempty"`
}

// The error codes.
const (
	ErrBadMessage = "bad_message" // not a message of this protocol, or a field out of range
	ErrVersion    = "version"     // a protocol version the server does not speak
	ErrNoRoom     = "no_room"     // no room has this code
	ErrRoomFull   = "room_full"   // every seat is taken
	ErrState      = "state"       // not now: the game has (not) started, is over…
	ErrNotHost    = "not_host"    // only the host may do this
	ErrNoSeat     = "no_seat"     // the connection holds no seat
	ErrToken      = "token"       // the seat token is wrong
	ErrIllegal    = "illegal"     // the engine refused the action; Message is its error
	ErrLimit      = "limit"       // too many messages or attempts: slow down
	ErrServer     = "server"      // the server could not store the action; nothing changed
	ErrReplaced   = "replaced"    // a newer connection took the seat with its token: this one is closed
)

// Error says a message was refused and why. Nothing changed in the room. Ref is the type of the
// refused message.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Ref     string `json:"ref,omitempty"`
}

// Type implements Message.
func (Hello) Type() string { return TypeHello }

// Type implements Message.
func (Create) Type() string { return TypeCreate }

// Type implements Message.
func (Join) Type() string { return TypeJoin }

// Type implements Message.
func (Leave) Type() string { return TypeLeave }

// Type implements Message.
func (AddBot) Type() string { return TypeAddBot }

// Type implements Message.
func (RemoveBot) Type() string { return TypeRemoveBot }

// Type implements Message.
func (Start) Type() string { return TypeStart }

// Type implements Message.
func (Act) Type() string { return TypeAct }

// Type implements Message.
func (Back) Type() string { return TypeBack }

// Type implements Message.
func (Resign) Type() string { return TypeResign }

// Type implements Message.
func (Finish) Type() string { return TypeFinish }

// Type implements Message.
func (Again) Type() string { return TypeAgain }

// Type implements Message.
func (Say) Type() string { return TypeSay }

// Type implements Message.
func (Welcome) Type() string { return TypeWelcome }

// Type implements Message.
func (Joined) Type() string { return TypeJoined }

// Type implements Message.
func (Room) Type() string { return TypeRoom }

// Type implements Message.
func (Event) Type() string { return TypeEvent }

// Type implements Message.
func (Chat) Type() string { return TypeChat }

// Type implements Message.
func (Error) Type() string { return TypeError }
