package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"nimmt/protocol"
)

// HTTPOptions tune the WebSocket endpoint. The zero value is usable.
type HTTPOptions struct {
	// Origins are the origin host patterns (path.Match syntax, e.g. "example.com" or
	// "*.example.com") whose pages may open a WebSocket; the server's own host is always allowed.
	Origins []string
	// MaxConns caps the open WebSocket connections; 0 means 20,000.
	MaxConns int
	// Rate is the messages per second a connection may send on average, with bursts of 4×Rate;
	// 0 means 10.
	Rate float64
	// IdleTimeout closes a connection that sent no message for this long; 0 means one hour.
	IdleTimeout time.Duration
	// PingInterval is how often the server pings each connection; one that does not answer
	// within the interval is closed. 0 means 30 s.
	PingInterval time.Duration
	// SendQueue is how many messages may wait for a slow connection before it is closed; 0
	// means 1,024.
	SendQueue int
	// Site serves every path outside /ws (the web build); nil answers a short text.
	Site http.Handler
}

// Handler returns the server's HTTP handler: the WebSocket endpoint /ws (create a room) and
// /ws/CODE (a room), and o.Site for every other path.
func (h *Hub) Handler(o HTTPOptions) http.Handler {
	if o.MaxConns == 0 {
		o.MaxConns = 20_000
	}
	if o.Rate == 0 {
		o.Rate = 10
	}
	if o.IdleTimeout == 0 {
		o.IdleTimeout = time.Hour
	}
	if o.PingInterval == 0 {
		o.PingInterval = 30 * time.Second
	}
	if o.SendQueue == 0 {
		o.SendQueue = 1024
	}
	ep := &endpoint{hub: h, opts: o}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", func(w http.ResponseWriter, r *http.Request) { ep.serve(w, r, "") })
	mux.HandleFunc("GET /ws/{code}", func(w http.ResponseWriter, r *http.Request) {
		code := r.PathValue("code")
		if protocol.CheckCode(code) != nil {
			http.Error(w, "no such room", http.StatusNotFound)
			return
		}
		ep.serve(w, r, code)
	})
	site := o.Site
	if site == nil {
		site = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			fmt.Fprintln(w, "nimmt game server: the game protocol is at /ws (docs/protocol.md); run `make web` to serve the game here too")
		})
	}
	mux.Handle("/", site)
	return mux
}

// endpoint is the WebSocket transport of a hub.
type endpoint struct {
	hub   *Hub
	opts  HTTPOptions
	conns atomic.Int64
}

func (e *endpoint) serve(w http.ResponseWriter, r *http.Request, code string) {
	if e.conns.Add(1) > int64(e.opts.MaxConns) {
		e.conns.Add(-1)
		http.Error(w, "too many connections; try again later", http.StatusServiceUnavailable)
		return
	}
	defer e.conns.Add(-1)
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: e.opts.Origins})
	if err != nil {
		return // Accept has answered the request
	}
	c.SetReadLimit(protocol.MaxMessageBytes)
	addr, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		addr = r.RemoteAddr
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	s := &wsSink{c: c, out: make(chan []byte, e.opts.SendQueue), done: make(chan struct{})}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.write(ctx) }()
	go func() { defer wg.Done(); s.ping(ctx, e.opts.PingInterval) }()
	p := e.hub.Connect(code, addr, s)
	e.read(ctx, c, p, s)
	p.Close()
	s.Close("")
	wg.Wait() // the writer sends what was queued (a last error) before it closes
	cancel()
}

// read feeds the client's messages to the peer until the connection ends.
func (e *endpoint) read(ctx context.Context, c *websocket.Conn, p *Peer, s *wsSink) {
	clock := e.hub.clock
	rate := newBucket(4*e.opts.Rate, e.opts.Rate, clock.Now())
	strikes := 0
	strike := func(code, msg string) bool {
		s.Send(protocol.Error{Code: code, Message: msg})
		strikes++
		if strikes >= 20 {
			s.Close("too many bad or excess messages")
			return false
		}
		return true
	}
	for {
		rctx, cancel := context.WithTimeout(ctx, e.opts.IdleTimeout)
		typ, b, err := c.Read(rctx)
		cancel()
		if err != nil {
			return
		}
		select {
		case <-s.done:
			return
		default:
		}
		if !rate.take(clock.Now()) {
			if !strike(protocol.ErrLimit, "server: too many messages: slow down") {
				return
			}
			continue
		}
		if typ != websocket.MessageText {
			if !strike(protocol.ErrBadMessage, "server: send JSON text messages") {
				return
			}
			continue
		}
		m, err := protocol.DecodeClient(b)
		if err != nil {
			if !strike(protocol.ErrBadMessage, err.Error()) {
				return
			}
			continue
		}
		p.Handle(m)
	}
}

// wsSink queues a connection's messages for its writer.
type wsSink struct {
	c      *websocket.Conn
	out    chan []byte
	done   chan struct{}
	once   sync.Once
	mu     sync.Mutex
	reason string
}

// Send implements Sink: it encodes m and queues it; a connection whose queue is full is closed
// (its client reconnects and resumes from its last event).
func (s *wsSink) Send(m protocol.Message) {
	b, err := protocol.Encode(m)
	if err != nil {
		return
	}
	select {
	case <-s.done:
	case s.out <- b:
	default:
		s.Close("too slow: reconnect")
	}
}

// Close implements Sink.
func (s *wsSink) Close(reason string) {
	s.once.Do(func() {
		s.mu.Lock()
		s.reason = reason
		s.mu.Unlock()
		close(s.done)
	})
}

func (s *wsSink) write(ctx context.Context) {
	send := func(b []byte) bool {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return s.c.Write(wctx, websocket.MessageText, b) == nil
	}
	for {
		select {
		case b := <-s.out:
			if !send(b) {
				s.Close("write failed")
				s.c.CloseNow()
				return
			}
		case <-s.done:
			for { // what was queued before the close still goes out
				select {
				case b := <-s.out:
					if !send(b) {
						s.c.CloseNow()
						return
					}
					continue
				default:
				}
				break
			}
			s.mu.Lock()
			reason := s.reason
			s.mu.Unlock()
			code := websocket.StatusNormalClosure
			if reason != "" {
				code = websocket.StatusPolicyViolation
			}
			s.c.Close(code, reason)
			return
		case <-ctx.Done():
			s.c.CloseNow()
			return
		}
	}
}

func (s *wsSink) ping(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			pctx, cancel := context.WithTimeout(ctx, every)
			err := s.c.Ping(pctx)
			cancel()
			if err != nil && !errors.Is(err, context.Canceled) {
				s.Close("no answer to ping")
				return
			}
		case <-s.done:
			return
		case <-ctx.Done():
			return
		}
	}
}
