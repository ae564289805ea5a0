// Package protocol holds the messages that the game server and its clients (the game on every
// platform, the text port, bots, the load generator, tests) exchange, and their JSON encoding.
//
// Every message is one JSON object whose "type" field names it; docs/protocol.md describes each
// with an example. Game events are the engine's own events (engine.MarshalEvent) inside an Event
// message that carries the game number and the event's sequence number, so a client that
// reconnects asks for the events from the one it lacks and gets no gap and no duplicate.
//
// The package imports only the engine and the standard library's encoding, so it builds for
// js/wasm and for ebitenmobile; the network belongs to the server and to the client transports.
package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"nimmt/engine"
)

// Version is the protocol version: a client names it in Hello and Create, the server answers with
// its own in Welcome and refuses a version it does not speak.
const Version = 1

// Limits every side enforces.
const (
	// MaxMessageBytes is the largest message a client may send; the server closes a connection
	// that sends a longer one.
	MaxMessageBytes = 8 << 10
	// MaxNameRunes is the longest player name.
	MaxNameRunes = 24
	// MaxChatRunes is the longest chat line.
	MaxChatRunes = 300
	// CodeLength is the number of characters of a room code.
	CodeLength = 6
	// CodeAlphabet are the characters of room codes: no 0/O, 1/I/L, so a code read aloud or
	// copied by hand is not mistaken.
	CodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	// DefaultTimer is the decision timer of a new room, in seconds.
	DefaultTimer = 60
	// MinCreateID is the shortest create ID (Create.ID): 22 characters of its alphabet of 64
	// hold 128 random bits.
	MinCreateID = 22
	// MaxCreateID is the longest create ID (Create.ID).
	MaxCreateID = 64
	// CreateMemory is how long the server remembers a create ID and the room it made.
	CreateMemory = 10 * time.Minute
)

// Colours are the seat colours a player may ask for, in the order free ones are handed out.
var Colours = []string{"green", "red", "blue", "yellow", "purple", "orange", "pink", "cyan", "brown", "grey"}

// Timers are the decision timers a room may have, in seconds; 0 means no timer.
var Timers = []int{0, 30, 60, 120}

// Settings are a room's new-game settings: the engine's configuration less the seat count
// (the seats taken when the host starts) plus the decision timer.
type Settings struct {
	Variant  engine.Variant `json:"variant"`
	Doublets bool           `json:"doublets,omitempty"`
	// Seats is the most seats the room holds, 2 to 10.
	Seats int `json:"seats"`
	// EndScore ends the game after the round in which a seat reaches it; 0 means none.
	EndScore int `json:"end_score"`
	// Rounds ends the game after this many rounds; 0 means none.
	Rounds int `json:"rounds,omitempty"`
	// Timer is the seconds a person has for each decision (0: no timer; 30, 60 or 120).
	Timer int `json:"timer"`
	// Public lists the room in the lobby (lobby.go); a private room is joined by its code.
	Public bool `json:"public,omitempty"`
	// Quick says the room is a quick-match table: it starts when full, and its chat is Phrases.
	Quick bool `json:"quick,omitempty"`
	// Fill is the seconds after which bots fill a public table's empty seats and its game starts
	// (0: they do not).
	Fill int `json:"fill,omitempty"`
}

// DefaultSettings returns the basic game for up to seats seats, to 66, with the default timer.
func DefaultSettings(seats int) Settings {
	return Settings{Seats: seats, EndScore: engine.DefaultEndScore, Timer: DefaultTimer}
}

// Config returns the engine configuration of a game of these settings with seats players.
func (s Settings) Config(seats int) engine.Config {
	return engine.Config{Seats: seats, Variant: s.Variant, EndScore: s.EndScore, Rounds: s.Rounds, Doublets: s.Doublets}
}

// Validate reports whether a room can hold these settings.
func (s Settings) Validate() error {
	lo, hi := engine.SeatsAllowed(s.Variant)
	if s.Seats < lo || s.Seats > hi {
		return fmt.Errorf("protocol: %s is played by %d to %d seats, not %d", s.Variant.Title(), lo, hi, s.Seats)
	}
	ok := false
	for _, t := range Timers {
		ok = ok || t == s.Timer
	}
	if !ok {
		return fmt.Errorf("protocol: timer %d s is not one of %v", s.Timer, Timers)
	}
	if err := s.Config(s.Seats).Validate(); err != nil {
		return fmt.Errorf("protocol: %w", err)
	}
	return s.checkPublic()
}

// CheckName reports whether a player name is acceptable: 1 to MaxNameRunes letters, digits,
// spaces and the punctuation . _ - ', not starting or ending with a space.
func CheckName(name string) error {
	n := utf8.RuneCountInString(name)
	if n == 0 || n > MaxNameRunes || !utf8.ValidString(name) {
		return fmt.Errorf("protocol: a name has 1 to %d characters", MaxNameRunes)
	}
	if strings.TrimSpace(name) != name {
		return errors.New("protocol: a name does not start or end with a space")
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" ._-'", r) {
			return fmt.Errorf("protocol: a name holds letters, digits, spaces and . _ - ' only, not %q", r)
		}
	}
	return nil
}

// CheckChat reports whether a chat line is acceptable: 1 to MaxChatRunes printable characters.
func CheckChat(text string) error {
	n := utf8.RuneCountInString(text)
	if n == 0 || n > MaxChatRunes || !utf8.ValidString(text) {
		return fmt.Errorf("protocol: a chat line has 1 to %d characters", MaxChatRunes)
	}
	for _, r := range text {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("protocol: a chat line holds printable characters only, not %U", r)
		}
	}
	return nil
}

// CheckColour reports whether c is one of Colours (or empty: the first free one).
func CheckColour(c string) error {
	if c == "" {
		return nil
	}
	for _, k := range Colours {
		if k == c {
			return nil
		}
	}
	return fmt.Errorf("protocol: colour %q is not one of %s", c, strings.Join(Colours, ", "))
}

// CheckCreateID reports whether id may be a create ID: MinCreateID to MaxCreateID letters,
// digits, '-' or '_', at least 8 of them different. The ID is as secret as the seat token it
// brings back, so a client fills it with at least 128 random bits: 22 base64url characters,
// 26 base32 (crypto/rand.Text), or 32 hex.
func CheckCreateID(id string) error {
	if len(id) < MinCreateID || len(id) > MaxCreateID {
		return fmt.Errorf("protocol: a create id has %d to %d characters (at least 128 random bits)", MinCreateID, MaxCreateID)
	}
	var seen [256]bool
	distinct := 0
	for i := range len(id) {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("protocol: %q is not a create id character (letters, digits, - and _)", c)
		}
		if !seen[c] {
			seen[c], distinct = true, distinct+1
		}
	}
	if distinct < 8 {
		return errors.New("protocol: a create id is random: it has at least 8 different characters")
	}
	return nil
}

// CheckCode reports whether s has the form of a room code (CodeLength characters of CodeAlphabet).
func CheckCode(s string) error {
	if len(s) != CodeLength {
		return fmt.Errorf("protocol: a room code has %d characters", CodeLength)
	}
	for i := range len(s) {
		if strings.IndexByte(CodeAlphabet, s[i]) < 0 {
			return fmt.Errorf("protocol: %q is not a room code character", s[i])
		}
	}
	return nil
}

// Message is one protocol message. Type returns the name written in its "type" field.
type Message interface {
	Type() string
}

// Encode writes m as one JSON object with its "type" first.
func Encode(m Message) ([]byte, error) {
	if e, ok := m.(Event); ok { // the most frequent message: written without reflection
		ev, err := engine.MarshalEvent(e.Event)
		if err != nil {
			return nil, fmt.Errorf("protocol: %s: %w", m.Type(), err)
		}
		return EncodeEvent(e.Game, e.Seq, ev), nil
	}
	body, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("protocol: %s: %w", m.Type(), err)
	}
	out := make([]byte, 0, len(body)+len(m.Type())+12)
	out = append(out, `{"type":"`...)
	out = append(out, m.Type()...)
	out = append(out, '"')
	if len(body) > 2 {
		out = append(out, ',')
	}
	return append(out, body[1:]...), nil
}

// DecodeClient reads a message a client sends. Unknown fields are ignored (a newer client may
// send more); an unknown type, malformed JSON or a message too long is an error.
func DecodeClient(b []byte) (Message, error) { return decode(b, clientTypes) }

// DecodeServer reads a message the server sends.
func DecodeServer(b []byte) (Message, error) {
	if m, ok := decodeEvent(b); ok {
		return m, nil
	}
	return decode(b, serverTypes)
}

// eventHead opens an event message as EncodeEvent writes it.
const eventHead = `{"type":"` + TypeEvent + `","game":`

// decodeEvent reads an event message written exactly as EncodeEvent writes it (the server's
// every event, a client's most frequent message) without decoding it twice over; ok is false
// for anything else, which decode then reads (or refuses) as any message.
func decodeEvent(b []byte) (m Event, ok bool) {
	rest, found := bytes.CutPrefix(b, []byte(eventHead))
	if !found {
		return Event{}, false
	}
	game, rest, found := cutInt(rest, `,"seq":`)
	if !found {
		return Event{}, false
	}
	seq, rest, found := cutInt(rest, `,"event":`)
	if !found || len(rest) < 2 || rest[len(rest)-1] != '}' {
		return Event{}, false
	}
	// The event is valid JSON by itself only if nothing but the message's closing brace follows it.
	ev, err := engine.UnmarshalEvent(rest[:len(rest)-1])
	if err != nil {
		return Event{}, false
	}
	return Event{Game: game, Seq: seq, Event: ev}, true
}

// cutInt reads a non-negative integer written as strconv.Itoa writes it, followed by sep.
func cutInt(b []byte, sep string) (n int, rest []byte, ok bool) {
	i := bytes.IndexByte(b, sep[0])
	if i < 1 || i > 9 || !bytes.HasPrefix(b[i:], []byte(sep)) {
		return 0, nil, false
	}
	n, err := strconv.Atoi(string(b[:i]))
	if err != nil || n < 0 || strconv.Itoa(n) != string(b[:i]) {
		return 0, nil, false
	}
	return n, b[i+len(sep):], true
}

func decode(b []byte, types map[string]func([]byte) (Message, error)) (Message, error) {
	if len(b) > MaxMessageBytes && types[TypeHello] != nil {
		return nil, fmt.Errorf("protocol: message of %d bytes (at most %d)", len(b), MaxMessageBytes)
	}
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, fmt.Errorf("protocol: not a JSON object with a type: %w", err)
	}
	dec := types[head.Type]
	if dec == nil {
		return nil, fmt.Errorf("protocol: unknown message type %q", head.Type)
	}
	m, err := dec(b)
	if err != nil {
		return nil, fmt.Errorf("protocol: %s: %w", head.Type, err)
	}
	return m, nil
}

// dec decodes a message of type T.
func dec[T Message](b []byte) (Message, error) {
	var m T
	err := json.Unmarshal(b, &m)
	return m, err
}
