// Package client is a Go client of the game protocol (docs/protocol.md): a connection that sends
// and receives protocol messages over any Transport, and State, which folds the server's messages
// into what the client knows (its room, seat token and seat view) and checks that events arrive
// without a gap or a duplicate.
//
// The package itself has no network code, so it builds for js/wasm and ebitenmobile; dial.go
// (not js) dials a WebSocket with github.com/coder/websocket, and a browser build supplies its own
// Transport over the page's WebSocket.
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
	Room  protocol.Room
	// Game is the game of View and Events; Next is the sequence number of the next event due.
	Game, Next int
	View       engine.View
	Events     []engine.Event
	Chat       []protocol.Chat
	Errors     []protocol.Error
}

// Apply folds one message. An event out of sequence (a gap or a duplicate) is an error and
// changes nothing.
func (s *State) Apply(m protocol.Message) error {
	switch m := m.(type) {
	case protocol.Welcome:
		s.Code = m.Code
	case protocol.Joined:
		s.Token = m.Token
	case protocol.Room:
		s.Room = m
	case protocol.Event:
		if m.Game != s.Game {
			if m.Seq != 0 {
				return fmt.Errorf("client: game %d starts at event %d, not 0", m.Game, m.Seq)
			}
			s.Game, s.Next, s.Events = m.Game, 0, nil
			s.View = engine.NewView(s.Room.Settings.Config(len(s.Room.Seats)), s.Room.You)
		}
		if m.Seq != s.Next {
			return fmt.Errorf("client: game %d: event %d arrived, %d was due", m.Game, m.Seq, s.Next)
		}
		s.View.Apply(m.Event)
		s.Events = append(s.Events, m.Event)
		s.Next++
	case protocol.Chat:
		s.Chat = append(s.Chat, m)
	case protocol.Error:
		s.Errors = append(s.Errors, m)
	}
	return nil
}

// Hello returns the Hello that takes the client's seat back and resumes its events.
func (s *State) Hello() protocol.Hello {
	return protocol.Hello{Version: protocol.Version, Token: s.Token, Game: s.Game, Since: s.Next}
}
