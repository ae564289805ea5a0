// Package client is a Go client of the game protocol (docs/protocol.md): a connection that sends
// and receives protocol messages over any Transport, and State, which folds the server's messages
// into what the client knows (its room, seat token and seat view) and checks that events arrive
// without a gap or a duplicate.
//
// The package's network code is in DialTransport: dial.go (not js) dials a WebSocket with
// github.com/coder/websocket; dial_js.go opens the page's own WebSocket through syscall/js, so
// the browser build carries no HTTP or TLS code. Link (link.go) is a connection that survives:
// it reconnects by itself and resumes where it stopped.
package client

import (
	"context"
	"fmt"

	"nimmt/engine"
	"nimmt/protocol"
)

// Transport carries whole messages (WebSocket text frames).
type Transport interface {
	Read(ctx context.Context) ([]byte, error)
	Write(ctx context.Context, b []byte) error
	Close() error
}

// Conn is a protocol connection.
type Conn struct {
	t Transport
}

// New returns a connection over t.
func New(t Transport) *Conn { return &Conn{t: t} }

// Dial opens a connection to the server at base (e.g. "ws://127.0.0.1:8080") in the room with
// the code, or on the endpoint that makes rooms when code is empty.
func Dial(ctx context.Context, base, code string) (*Conn, error) {
	t, err := DialTransport(ctx, base, code)
	if err != nil {
		return nil, err
	}
	return New(t), nil
}

// Send encodes and sends m.
func (c *Conn) Send(ctx context.Context, m protocol.Message) error {
	b, err := protocol.Encode(m)
	if err != nil {
		return err
	}
	if err := c.t.Write(ctx, b); err != nil {
		return fmt.Errorf("client: send %s: %w", m.Type(), err)
	}
	return nil
}

// Recv reads the next message from the server.
func (c *Conn) Recv(ctx context.Context) (protocol.Message, error) {
	b, err := c.t.Read(ctx)
	if err != nil {
		return nil, fmt.Errorf("client: %w", err)
	}
	return protocol.DecodeServer(b)
}

// Close closes the connection.
func (c *Conn) Close() error { return c.t.Close() }

// State is what a client knows, folded from the server's messages.
type State struct {
	Code  string
	Token string
	// Welcome is the server's last welcome: with it CaughtUp tells when a (re)connection has
	// brought every event the server had at its hello.
	Welcome protocol.Welcome
	Room    protocol.Room
	// Game is the game of View and Events; Next is the sequence number of the next event due.
	Game, Next int
	View       engine.View
	Events     []engine.Event
	Chat       []protocol.Chat
	Errors     []protocol.Error
	// Tables is the lobby's last list of public tables (a link that sent Lobby).
	Tables []protocol.Table
}

// Apply folds one message. An event out of sequence (a gap or a duplicate), or one that does not
// fit the view (engine.EventError), is an error and changes nothing.
func (s *State) Apply(m protocol.Message) error {
	switch m := m.(type) {
	case protocol.Welcome:
		s.Code = m.Code
		s.Welcome = m
	case protocol.Joined:
		s.Token = m.Token
	case protocol.Room:
		s.Room = m
	case protocol.Event:
		fresh, err := inSequence(s.Game, s.Next, m)
		if err != nil {
			return err
		}
		view := s.View
		if fresh {
			view = engine.NewView(s.Room.Settings.Config(len(s.Room.Seats)), s.Room.You)
		}
		if err := view.Apply(m.Event); err != nil {
			return fmt.Errorf("client: game %d event %d: %w", m.Game, m.Seq, err)
		}
		if fresh {
			s.Game, s.Next, s.Events = m.Game, 0, nil
		}
		s.View = view
		s.Events = append(s.Events, m.Event)
		s.Next++
	case protocol.Chat:
		if m.N > 0 && m.N <= s.lastChat() {
			break // a line the client has: the server repeats the room's last lines after a hello
		}
		s.Chat = append(s.Chat, m)
	case protocol.Error:
		s.Errors = append(s.Errors, m)
	case protocol.Tables:
		s.Tables = m.Tables
	}
	return nil
}

// lastChat returns the number of the last numbered chat line held, 0 for none.
func (s *State) lastChat() int {
	for i := len(s.Chat) - 1; i >= 0; i-- {
		if s.Chat[i].N > 0 {
			return s.Chat[i].N
		}
	}
	return 0
}

// inSequence reports whether event m is the one due after the client holds next events of game
// game: fresh says it starts a new game (its sequence number is 0); a gap or a duplicate is an
// error.
func inSequence(game, next int, m protocol.Event) (fresh bool, err error) {
	if m.Game != game {
		if m.Seq != 0 {
			return false, fmt.Errorf("client: game %d starts at event %d, not 0", m.Game, m.Seq)
		}
		return true, nil
	}
	if m.Seq != next {
		return false, fmt.Errorf("client: game %d: event %d arrived, %d was due", m.Game, m.Seq, next)
	}
	return false, nil
}

// CaughtUp reports whether the client holds every event the server had when it last said
// welcome (after a reconnect: everything that happened while the client was away).
func (s *State) CaughtUp() bool {
	w := s.Welcome
	return w.Game == 0 || s.Game > w.Game || (s.Game == w.Game && s.Next >= w.Events)
}

// DecisionKey names the decision the view waits for from its seat, or "" when there is none: it
// changes once the decision is answered, even when the next one is of the same kind — and when a
// card is chosen, though the seat may still change its mind (its Decision stays until the reveal).
func DecisionKey(v *engine.View) string {
	if v.Decision == nil {
		return ""
	}
	return fmt.Sprint(v.Round, v.Turn, v.Phase, *v.Decision, len(v.Hand), len(v.Pool), v.MyPlay)
}

// Hello returns the Hello that takes the client's seat back and resumes its events.
func (s *State) Hello() protocol.Hello {
	return protocol.Hello{Version: protocol.Version, Token: s.Token, Game: s.Game, Since: s.Next}
}
