package netlimit_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"nimmt/netlimit"
)

// generous bounds how long a test waits for the server to act: far above the short limits the
// tests set, so only a server that never acts fails.
const generous = time.Minute

// serve runs l's server for h on a local port and returns its address.
func serve(t *testing.T, l netlimit.Limits, h http.Handler) string {
	t.Helper()
	ln, err := l.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := l.Server(h)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	return dialFrom(t, "127.0.0.1", addr)
}

// closedByServer reads c until the server closes it; it fails if that takes longer than generous.
func closedByServer(t *testing.T, c net.Conn, what string) {
	t.Helper()
	_, err := io.Copy(io.Discard, c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("%s: the server kept the connection for %v", what, generous)
	}
}

var hello = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "hello") })

// TestIdleAndSilentClientsDropped: a client that sends nothing, or keeps a connection alive
// without a next request, loses its connection.
func TestIdleAndSilentClientsDropped(t *testing.T) {
	l := netlimit.Limits{ReadHeader: 50 * time.Millisecond, Read: 50 * time.Millisecond, Write: time.Minute, Idle: 50 * time.Millisecond, MaxConns: 8}
	addr := serve(t, l, hello)
	closedByServer(t, dial(t, addr), "a client that sends nothing")

	c := dial(t, addr)
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(io.LimitReader(resp.Body, 5)); string(b) != "hello" {
		t.Fatalf("body %q", b)
	}
	closedByServer(t, c, "an idle keep-alive client")
}

// TestNonReadingClientDropped: a client that requests a large body and never reads it loses its
// connection at the write time-out.
func TestNonReadingClientDropped(t *testing.T) {
	big := strings.Repeat("x", 64<<20)
	done := make(chan error, 1)
	l := netlimit.Limits{ReadHeader: time.Minute, Read: time.Minute, Write: 100 * time.Millisecond, Idle: time.Minute, MaxConns: 8}
	addr := serve(t, l, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := io.WriteString(w, big)
		done <- err
	}))
	c := dial(t, addr)
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("64 MB written to a client that reads nothing")
		}
	case <-time.After(generous):
		t.Fatal("the handler is still writing to a client that reads nothing")
	}
}

// TestConnectionCap: past MaxConns a connection is closed at once; closing one frees its place.
func TestConnectionCap(t *testing.T) {
	l := netlimit.Limits{ReadHeader: time.Minute, Read: time.Minute, Write: time.Minute, Idle: time.Minute, MaxConns: 2}
	addr := serve(t, l, hello)
	get := func(c net.Conn) error {
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	a, b := dial(t, addr), dial(t, addr)
	if err := get(a); err != nil {
		t.Fatal(err)
	}
	if err := get(b); err != nil {
		t.Fatal(err)
	}
	closedByServer(t, dial(t, addr), "a third connection past the cap of 2")
	a.Close()
	// a's place is free once the server has seen a close; until then a new connection is refused.
	for deadline := time.Now().Add(generous); get(dial(t, addr)) != nil; {
		if time.Now().After(deadline) {
			t.Fatalf("no connection served within %v of closing one of the two", generous)
		}
	}
}

// dialFrom dials addr from the local address from (another loopback address is another client).
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.SetDeadline(time.Now().Add(generous)); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestPerAddressCap: one address cannot take more than PerAddr places; the connection refused
// is told why (Refuse) and closed; another address still gets in, and a place freed is taken
// again.
func TestPerAddressCap(t *testing.T) {
	l := netlimit.Limits{MaxConns: 10, PerAddr: 2, Refuse: func(c net.Conn, reason string) {
		io.WriteString(c, reason+"\n")
	}}
	ln, err := l.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { // an echo of the first line, then the connection stays open until closed
				defer c.Close()
				line, _ := bufio.NewReader(c).ReadString('\n')
				io.WriteString(c, line)
				io.Copy(io.Discard, c)
			}()
		}
	}()
	addr := ln.Addr().String()
	served := func(c net.Conn) bool {
		io.WriteString(c, "hi\n")
		line, err := bufio.NewReader(c).ReadString('\n')
		return err == nil && line == "hi\n"
	}
	a, b := dialFrom(t, "127.0.0.1", addr), dialFrom(t, "127.0.0.1", addr)
	if !served(a) || !served(b) {
		t.Fatal("the first two connections of an address were not served")
	}
	third := dialFrom(t, "127.0.0.1", addr)
	if line, _ := bufio.NewReader(third).ReadString('\n'); line != netlimit.PerAddress+"\n" {
		t.Errorf("the third connection of an address read %q; want %q", line, netlimit.PerAddress+"\n")
	}
	closedByServer(t, third, "a third connection of one address")
	if other := dialFrom(t, "127.0.0.2", addr); !served(other) {
		t.Error("another address was refused while the first held its two places")
	}
	a.Close()
	for deadline := time.Now().Add(generous); !served(dialFrom(t, "127.0.0.1", addr)); {
		if time.Now().After(deadline) {
			t.Fatalf("no connection served within %v of closing one of the two", generous)
		}
	}
}
