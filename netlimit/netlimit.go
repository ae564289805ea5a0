// Package netlimit holds the limits every nimmt server facing a network uses: time-outs that drop
// clients that are slow, idle or not reading, and a cap on open connections that closes the
// excess at once, so that no client can hold the server's descriptors.
//
// wasm/serve uses it for the web build; a game server uses the same Limits:
//
//	srv := netlimit.Default.Server(handler)
//	ln, err := netlimit.Default.Listen("tcp", addr)
//	...
//	err = srv.Serve(ln)
//
// The time-outs of http.Server end at a hijack: a WebSocket handler sets its own deadline for each
// message it reads or writes. Its connection still counts against MaxConns until it is closed.
package netlimit

import (
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits are the time-outs of a server's connections and the cap on how many are open.
type Limits struct {
	// ReadHeader bounds reading a request's header; Read the whole request with its body.
	ReadHeader, Read time.Duration
	// Write bounds writing a response, from the end of the request's header.
	Write time.Duration
	// Idle is how long a keep-alive connection may wait for its next request.
	Idle time.Duration
	// MaxConns is the most connections open at once; a connection past it is closed on accept.
	MaxConns int
}

// Default suits the web build (a 20 MB download on a slow line fits in Write) and a game server.
var Default = Limits{
	ReadHeader: 10 * time.Second,
	Read:       30 * time.Second,
	Write:      2 * time.Minute,
	Idle:       60 * time.Second,
	MaxConns:   512,
}

// Server returns an http.Server serving h with l's time-outs.
func (l Limits) Server(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeader,
		ReadTimeout:       l.Read,
		WriteTimeout:      l.Write,
		IdleTimeout:       l.Idle,
	}
}

// Listen listens on address and caps its connections at l.MaxConns (see Cap).
func (l Limits) Listen(network, address string) (net.Listener, error) {
	ln, err := net.Listen(network, address)
	if err != nil {
		return nil, fmt.Errorf("netlimit: %w", err)
	}
	return l.Cap(ln), nil
}

// Cap returns ln with at most l.MaxConns connections open at once (no cap if MaxConns ≤ 0): a
// connection accepted past the cap is closed at once and Accept waits for the next. Closing an
// accepted connection frees its place.
func (l Limits) Cap(ln net.Listener) net.Listener {
	if l.MaxConns <= 0 {
		return ln
	}
	return &capped{Listener: ln, free: make(chan struct{}, l.MaxConns)}
}

// capped counts open connections in free: a connection holds one element while it is open.
type capped struct {
	net.Listener
	free chan struct{}
}

func (c *capped) Accept() (net.Conn, error) {
	for {
		conn, err := c.Listener.Accept()
		if err != nil {
			return nil, err
		}
		select {
		case c.free <- struct{}{}:
			return &slotConn{Conn: conn, free: c.free}, nil
		default:
			_ = conn.Close()
		}
	}
}

// slotConn gives its place back once, at its first Close.
type slotConn struct {
	net.Conn
	free chan struct{}
	once sync.Once
}

func (s *slotConn) Close() error {
	err := s.Conn.Close()
	s.once.Do(func() { <-s.free })
	return err
}
