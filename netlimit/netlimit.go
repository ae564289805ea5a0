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
	// PerAddr is the most connections open at once from one address (the host of RemoteAddr), so
	// that one address cannot take every place; 0 means no cap per address.
	PerAddr int
	// Refuse, if set, is called with a connection refused past MaxConns (reason Full) or PerAddr
	// (reason PerAddress) before it is closed: to tell its client why, and to count it. It must
	// not block (the connection is new: a short line fits its send buffer).
	Refuse func(c net.Conn, reason string)
}

// The reasons a connection is refused, as Limits.Refuse and Addrs report them.
const (
	Full       = "full"
	PerAddress = "per_address"
)

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

// Cap returns ln with at most l.MaxConns connections open at once and at most l.PerAddr from
// one address (no cap where ≤ 0): a connection accepted past a cap is handed to l.Refuse, closed
// at once, and Accept waits for the next. Closing an accepted connection frees its place.
func (l Limits) Cap(ln net.Listener) net.Listener {
	if l.MaxConns <= 0 && l.PerAddr <= 0 {
		return ln
	}
	c := &capped{Listener: ln, addrs: NewAddrs(l.PerAddr), refuse: l.Refuse}
	if l.MaxConns > 0 {
		c.free = make(chan struct{}, l.MaxConns)
	}
	return c
}

// capped counts open connections in free (a connection holds one element while it is open) and
// per address in addrs.
type capped struct {
	net.Listener
	free   chan struct{} // nil: no total cap
	addrs  *Addrs
	refuse func(net.Conn, string)
}

func (c *capped) Accept() (net.Conn, error) {
	for {
		conn, err := c.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if c.free != nil {
			select {
			case c.free <- struct{}{}:
			default:
				c.drop(conn, Full)
				continue
			}
		}
		addr := Host(conn.RemoteAddr().String())
		if !c.addrs.Take(addr) {
			if c.free != nil {
				<-c.free
			}
			c.drop(conn, PerAddress)
			continue
		}
		return &slotConn{Conn: conn, free: c.free, addrs: c.addrs, addr: addr}, nil
	}
}

func (c *capped) drop(conn net.Conn, reason string) {
	if c.refuse != nil {
		_ = conn.SetWriteDeadline(time.Now().Add(time.Second))
		c.refuse(conn, reason)
	}
	_ = conn.Close()
}

// slotConn gives its places back once, at its first Close.
type slotConn struct {
	net.Conn
	free  chan struct{}
	addrs *Addrs
	addr  string
	once  sync.Once
}

func (s *slotConn) Close() error {
	err := s.Conn.Close()
	s.once.Do(func() {
		if s.free != nil {
			<-s.free
		}
		s.addrs.Done(s.addr)
	})
	return err
}

// CloseWrite ends the sending side of the connection, if it can (a TCP connection can).
func (s *slotConn) CloseWrite() error {
	if cw, ok := s.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return fmt.Errorf("netlimit: %T cannot close its sending side alone", s.Conn)
}

// Host returns the host of a "host:port" address (the address itself if it has no port).
func Host(addr string) string {
	if h, _, err := net.SplitHostPort(addr); err == nil {
		return h
	}
	return addr
}

// Addrs counts the open connections of each address and refuses one past its cap. The zero
// cap (NewAddrs(0)) refuses none. Safe for concurrent use.
type Addrs struct {
	max int
	mu  sync.Mutex
	n   map[string]int
}

// NewAddrs returns a count with at most max connections per address (≤ 0: no cap).
func NewAddrs(max int) *Addrs { return &Addrs{max: max, n: map[string]int{}} }

// Take counts a connection of addr open, unless addr has max open already (false).
func (a *Addrs) Take(addr string) bool {
	if a.max <= 0 {
		return true
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.n[addr] >= a.max {
		return false
	}
	a.n[addr]++
	return true
}

// Done counts a connection of addr closed (one Take made it open).
func (a *Addrs) Done(addr string) {
	if a.max <= 0 {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.n[addr]--; a.n[addr] <= 0 {
		delete(a.n, addr)
	}
}
