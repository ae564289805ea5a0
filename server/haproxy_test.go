package server_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"nimmt/protocol"
	"nimmt/server/haproxytest"
	"nimmt/server/store/storetest"
)

// freePort returns a loopback address no one listens on now.
func freePort(t *testing.T) string { return haproxytest.FreePort(t) }

// TestHAProxyTLS runs the HAProxy configuration of docs/server.md ("Behind a reverse proxy, and
// TLS") in front of the server binary started with -trusted-proxy: a room is made over wss://
// through it, and the per-address cap counts the address HAProxy saw, whatever X-Forwarded-For
// the client sends itself (#27 "TLS", "trusted proxy").
func TestHAProxyTLS(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		t.Skip("no haproxy (apt-get install haproxy)")
	}
	certFile, keyFile, cert := selfSigned(t)
	srv := startChild(t, serverBinary(t), storetest.New(t), "-trusted-proxy", "127.0.0.1/32", "-ws-per-addr", "1")
	defer func() { srv.cmd.Process.Kill(); srv.cmd.Wait() }()
	dir := t.TempDir()
	pemFile := filepath.Join(dir, "nimmt.pem")
	c, _ := os.ReadFile(certFile)
	k, _ := os.ReadFile(keyFile)
	if err := os.WriteFile(pemFile, append(c, k...), 0o600); err != nil {
		t.Fatal(err)
	}
	front := freePort(t)
	cfg := fmt.Sprintf(`global
    log stderr format raw local0 emerg
defaults
    mode http
    timeout connect 5s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
frontend nimmt
    bind %s ssl crt %s
    option forwardfor
    default_backend game
backend game
    server s1 %s
`, front, pemFile, strings.TrimPrefix(srv.url, "ws://"))
	cfgFile := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	hp := exec.Command(haproxy, "-db", "-f", cfgFile)
	if out, err := exec.Command(haproxy, "-c", "-f", cfgFile).CombinedOutput(); err != nil {
		t.Fatalf("haproxy -c: %v\n%s", err, out)
	}
	if err := hp.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { hp.Process.Kill(); hp.Wait() }()
	for deadline := time.Now().Add(guard); ; time.Sleep(20 * time.Millisecond) { // HAProxy starting
		if c, err := net.Dial("tcp", front); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("haproxy does not listen on %s", front)
		}
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert)
	dial := func(from, spoof string) (*websocket.Conn, *http.Response, error) {
		tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots},
			DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}).DialContext}
		ctx, cancel := context.WithTimeout(context.Background(), guard)
		defer cancel()
		return websocket.Dial(ctx, "wss://"+front+"/ws", &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr},
			HTTPHeader: http.Header{"X-Forwarded-For": {spoof}}})
	}
	a, _, err := dial("127.0.0.2", "203.0.113.1")
	if err != nil {
		t.Fatal(err)
	}
	defer a.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	b, _ := protocol.Encode(protocol.Create{Version: protocol.Version, Settings: noTimer(2), Name: "Ann"})
	a.Write(ctx, websocket.MessageText, b)
	if _, b, err = a.Read(ctx); err != nil || !strings.Contains(string(b), `"welcome"`) {
		t.Fatalf("create through HAProxy: %s, %v", b, err)
	}
	if _, resp, err := dial("127.0.0.2", "203.0.113.2"); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a second connection of 127.0.0.2 naming itself otherwise: %v; want 429 (-ws-per-addr 1)", err)
	}
	other, _, err := dial("127.0.0.3", "203.0.113.1")
	if err != nil {
		t.Errorf("another address through the proxy was refused: %v", err)
	} else {
		other.CloseNow()
	}
}
