package servertest

import (
	"net"
	"sync"
)

// CutListener is a listener that can cut every connection it accepted, as a server process
// that dies (the kernel closes its sockets) or gives a room up does. Wrap an httptest server's
// Listener with it before Start.
type CutListener struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

// Accept accepts a connection and keeps it to cut.
func (l *CutListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns = append(l.conns, c)
		l.mu.Unlock()
	}
	return c, err
}

// Cut closes every connection accepted so far and reports how many.
func (l *CutListener) Cut() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
	n := len(l.conns)
	l.conns = nil
	return n
}
