package textport

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"nimmt/client"
	"nimmt/protocol"
	"nimmt/server"
)

// session is a connection's presence in one room: a server.Peer of this process's hub, or a
// remote session through the balancer (Options.Remote). Handle and Close are called from the
// connection's run goroutine.
type session interface {
	Handle(m protocol.Message)
	Close()
}

// remote is a connection's session in a room reached as a protocol client, over a WebSocket
// through the balancer in front of the server processes (Options.Remote), as a browser reaches
// it: the room is served by whichever process holds it, and this process never takes it for its
// text players. Hello and Create return once the room has answered (its welcome and present, or
// a refusal), as a Peer's do, so the text port prints the present once; the room's later
// messages go to the sink from a reader goroutine. A connection the server ends (the room moved
// to another process, a process died) is opened again through the balancer with the seat's
// token and the events held, up to remoteAttempts times in a row.
type remote struct {
	base string // ws://balancer (or wss://)
	addr string // the text client's address, sent as X-Forwarded-For
	sink server.Sink

	ctx    context.Context // ends with Close
	cancel context.CancelFunc

	// sending orders the person's messages: those sent while reconnecting (pending) go first
	// once connected.
	sending sync.Mutex
	pending []protocol.Message

	mu    sync.Mutex
	st    client.State // what the room sent: code, token, game and events held, for a reconnect
	conn  *client.Conn // nil while not connected
	chatN int          // the last numbered chat line passed to the sink
}

// remoteAttempts is how many reconnections in a row a remote session tries before it gives up
// (with client.DefaultBackoff between them: about a minute in all).
const remoteAttempts = 8

func newRemote(base, addr, code string, sink server.Sink) *remote {
	ctx, cancel := context.WithCancel(context.Background())
	s := &remote{base: strings.TrimSuffix(base, "/"), addr: addr, sink: sink, ctx: ctx, cancel: cancel}
	s.st.Code = code
	return s
}

var _ session = (*remote)(nil)

// Handle implements session.
func (s *remote) Handle(m protocol.Message) {
	switch m := m.(type) {
	case protocol.Hello:
		s.mu.Lock()
		code := s.st.Code
		s.mu.Unlock()
		c, refusal := s.open(code, m, false)
		if refusal != nil {
			s.sink.Send(*refusal)
		}
		if c != nil {
			go s.read(c)
		}
	case protocol.Create:
		c, refusal := s.open("", m, false)
		if refusal != nil {
			s.sink.Send(*refusal)
		}
		if c == nil {
			return
		}
		// The room was made by the process a bare /ws reaches; its connections name its code
		// from now on, and reach the process the code hashes to (the room moves there).
		c.Close()
		s.mu.Lock()
		s.conn = nil
		s.mu.Unlock()
		if c, _ = s.open(s.resume()); c == nil {
			c = s.reconnect("the room is served by the server its code names")
		}
		if c != nil {
			go s.read(c)
		}
	default:
		s.sending.Lock()
		defer s.sending.Unlock()
		s.mu.Lock()
		c := s.conn
		s.mu.Unlock()
		if c == nil { // reconnecting: sent once connected again
			if len(s.pending) >= maxPending {
				s.sink.Send(protocol.Error{Code: protocol.ErrServer, Ref: m.Type(), Message: "textport: the room's server is being reached again; try again in a moment"})
				return
			}
			s.pending = append(s.pending, m)
			return
		}
		s.send(c, m)
	}
}

// maxPending is how many messages wait for a reconnection at most.
const maxPending = 16

// send sends m on c, under sending; a connection that fails is closed (its reader reconnects).
func (s *remote) send(c *client.Conn, m protocol.Message) {
	ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
	defer cancel()
	if err := c.Send(ctx, m); err != nil {
		c.Close()
	}
}

// Close implements session.
func (s *remote) Close() {
	s.cancel()
	s.mu.Lock()
	c := s.conn
	s.conn = nil
	s.mu.Unlock()
	if c != nil {
		c.Close()
	}
}

// open connects to the room with the code ("": the endpoint that makes rooms), sends first and
// passes the answers to the sink until the room's present has arrived; it returns the
// connection then. Otherwise it returns nil, with the server's refusal if there was one. resume
// marks a reconnection: the welcome, said before, is not passed on, nor a failure (the caller
// tries again).
func (s *remote) open(code string, first protocol.Message, resume bool) (*client.Conn, *protocol.Error) {
	ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
	defer cancel()
	c, err := s.dial(ctx, code)
	if err == nil {
		err = c.Send(ctx, first)
	}
	welcomed, room := false, false
	for err == nil {
		var m protocol.Message
		if m, err = c.Recv(ctx); err != nil {
			break
		}
		s.mu.Lock()
		err = s.st.Apply(m)
		s.mu.Unlock()
		if err != nil {
			break
		}
		switch m := m.(type) {
		case protocol.Welcome:
			welcomed = true
			if resume {
				continue
			}
		case protocol.Room:
			room = welcomed
		case protocol.Error:
			if m.Ref == first.Type() {
				c.Close()
				return nil, &m
			}
		}
		s.forward(m)
		if welcomed && room {
			s.mu.Lock()
			done := s.st.CaughtUp()
			s.mu.Unlock()
			if done {
				s.sending.Lock()
				s.mu.Lock()
				s.conn = c
				s.mu.Unlock()
				for _, m := range s.pending {
					s.send(c, m)
				}
				s.pending = nil
				s.sending.Unlock()
				return c, nil
			}
		}
	}
	if c != nil {
		c.Close()
	}
	if !resume {
		s.sink.Send(protocol.Error{Code: protocol.ErrServer, Ref: first.Type(), Message: "textport: the room's server: " + reason(err)})
	}
	return nil, nil
}

// dial opens a WebSocket to the room through the balancer.
func (s *remote) dial(ctx context.Context, code string) (*client.Conn, error) {
	u := s.base + "/ws"
	if code != "" {
		u += "/" + code
	}
	ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {s.addr}}})
	if err != nil {
		return nil, fmt.Errorf("textport: dial %s: %w", u, err)
	}
	ws.SetReadLimit(1 << 20) // a 10-seat deal is large; the server's messages are trusted
	return client.New(wsTransport{ws}), nil
}

// read passes the room's messages to the sink until Close; when the connection ends otherwise,
// it connects again (the room may be on another process now).
func (s *remote) read(c *client.Conn) {
	for {
		m, err := c.Recv(s.ctx)
		if err == nil {
			s.mu.Lock()
			err = s.st.Apply(m)
			s.mu.Unlock()
		}
		if err == nil {
			s.forward(m)
			if e, ok := m.(protocol.Error); ok && e.Code == protocol.ErrReplaced {
				s.sink.Close("another connection took the seat")
				return
			}
			continue
		}
		c.Close()
		s.mu.Lock()
		if s.conn == c {
			s.conn = nil
		}
		s.mu.Unlock()
		if c = s.reconnect(reason(err)); c == nil {
			return
		}
	}
}

// reconnect opens the room again with the seat's token and the events held, after why ended
// the last connection; nil when it gave up or the session was closed.
func (s *remote) reconnect(why string) *client.Conn {
	for attempt := 1; attempt <= remoteAttempts; attempt++ {
		if s.ctx.Err() != nil {
			return nil
		}
		c, refusal := s.open(s.resume())
		if c != nil {
			s.back(why)
			return c
		}
		if refusal != nil && refusal.Code != protocol.ErrServer && refusal.Code != protocol.ErrLimit {
			s.sink.Send(*refusal)
			s.sink.Close("the room refused the reconnection")
			return nil
		}
		t := time.NewTimer(client.DefaultBackoff(attempt))
		select {
		case <-t.C:
		case <-s.ctx.Done():
			t.Stop()
			return nil
		}
	}
	s.sink.Close("the room's server cannot be reached (" + why + ")")
	return nil
}

// forward passes a message of the room to the sink, less the chat lines passed on before (the
// server repeats the room's last lines after every hello).
func (s *remote) forward(m protocol.Message) {
	if c, ok := m.(protocol.Chat); ok && c.N > 0 {
		s.mu.Lock()
		old := c.N <= s.chatN
		s.chatN = max(s.chatN, c.N)
		s.mu.Unlock()
		if old {
			return
		}
	}
	s.sink.Send(m)
}

// resume returns what open needs to take the session back: the room's code, the hello with the
// seat's token and the events held, and true.
func (s *remote) resume() (string, protocol.Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	hello := s.st.Hello()
	if s.st.Room.You < 0 {
		hello.Token = "" // watching, or the seat was left: nothing to take back
	}
	return s.st.Code, hello, true
}

// reason is why a connection ended, in words: the server's close reason when it gave one.
func reason(err error) string {
	var ce websocket.CloseError
	if errors.As(err, &ce) && ce.Reason != "" {
		return ce.Reason
	}
	if err == nil {
		return "closed"
	}
	return err.Error()
}

// wsTransport is a client.Transport on a WebSocket.
type wsTransport struct{ c *websocket.Conn }

func (t wsTransport) Read(ctx context.Context) ([]byte, error) {
	_, b, err := t.c.Read(ctx)
	return b, err
}

func (t wsTransport) Write(ctx context.Context, b []byte) error {
	return t.c.Write(ctx, websocket.MessageText, b)
}

func (t wsTransport) Close() error { return t.c.Close(websocket.StatusNormalClosure, "") }
