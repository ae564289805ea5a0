// Package haproxytest runs a real HAProxy (Debian's haproxy package) with the configuration of
// deploy/haproxy.cfg in front of a test's server processes, and drives it by its runtime API,
// as an operator does (docs/SCALING.md).
package haproxytest

import (
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// guard bounds how long a wait for HAProxy may last before the test calls it hung: a guard
// against hanging for ever, never a quota.
const guard = 2 * time.Minute

// HAProxy is a running HAProxy and its runtime API's socket.
type HAProxy struct {
	t    testing.TB
	sock string
}

// Config returns deploy/haproxy.cfg with its front (127.0.0.1:8080), its runtime API's socket
// and its servers' addresses (127.0.0.1:8081, 8082, ...) replaced; the lines of servers beyond
// the ones given are left out.
func Config(t testing.TB, front, sock string, servers []string) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	cfg, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "deploy", "haproxy.cfg"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(cfg), "127.0.0.1:8080", front, 1)
	text = strings.Replace(text, "/run/haproxy/nimmt.sock", sock, 1)
	for i := 0; ; i++ {
		line := regexp.MustCompile(fmt.Sprintf(`(?m)^\s*server s%d 127\.0\.0\.1:%d\n`, i+1, 8081+i))
		if !line.MatchString(text) {
			break
		}
		if i < len(servers) {
			text = strings.Replace(text, fmt.Sprintf("127.0.0.1:%d", 8081+i), servers[i], 1)
		} else {
			text = line.ReplaceAllString(text, "")
		}
	}
	return text
}

// Start runs HAProxy with Config until the test ends, and returns once it accepts connections
// on front. A test that needs HAProxy fails without it (scripts/deps.sh haproxy installs it).
func Start(t testing.TB, front string, servers []string) *HAProxy {
	t.Helper()
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		t.Fatalf("haproxy is not installed (scripts/deps.sh haproxy): %v", err)
	}
	dir := t.TempDir()
	hp := &HAProxy{t: t, sock: filepath.Join(dir, "admin.sock")}
	path := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(path, []byte(Config(t, front, hp.sock, servers)), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-db", "-f", path)
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("haproxy:\n%s", out)
		}
	})
	for deadline := time.Now().Add(guard); ; { // until it accepts connections, and commands
		c, err := net.Dial("tcp", front)
		if err == nil {
			c.Close()
			c, err = net.Dial("unix", hp.sock)
		}
		if err == nil {
			c.Close()
			return hp
		}
		if time.Now().After(deadline) {
			t.Fatalf("haproxy does not listen on %s:\n%s", front, out)
		}
		select {
		case <-exited:
			t.Fatalf("haproxy exited:\n%s", out)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// API runs a command of HAProxy's runtime API and returns its answer.
func (hp *HAProxy) API(command string) string {
	hp.t.Helper()
	c, err := net.Dial("unix", hp.sock)
	if err != nil {
		hp.t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(guard))
	if _, err := io.WriteString(c, command+"\n"); err != nil {
		hp.t.Fatal(err)
	}
	b, err := io.ReadAll(c)
	if err != nil {
		hp.t.Fatalf("haproxy %q: %v", command, err)
	}
	return string(b)
}

// AddServer adds a server to the running HAProxy's backend as docs/SCALING.md says ("Adding a
// process") and returns once HAProxy's check finds it up, so that it is in the hash ring.
func (hp *HAProxy) AddServer(name, addr string) {
	hp.t.Helper()
	for _, c := range []string{
		fmt.Sprintf("add server rooms/%s %s check inter 500ms fall 1 rise 1", name, addr),
		"enable health rooms/" + name,
		"enable server rooms/" + name,
	} {
		if out := hp.API(c); strings.Contains(out, "rror") || strings.Contains(out, "nknown") {
			hp.t.Fatalf("haproxy %q: %s", c, out)
		}
	}
	// "show servers state": the sixth field is the operational state, 2 is running.
	up := regexp.MustCompile(`(?m)^\d+ rooms \d+ ` + regexp.QuoteMeta(name) + ` \S+ 2 0 `)
	for deadline := time.Now().Add(guard); !up.MatchString(hp.API("show servers state rooms")); {
		if time.Now().After(deadline) {
			hp.t.Fatalf("haproxy does not find %s up:\n%s", name, hp.API("show servers state rooms"))
		}
		time.Sleep(20 * time.Millisecond) // HAProxy's next check (every 500 ms)
	}
}

// syncBuffer is a bytes buffer safe to read while HAProxy writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  []byte
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b = append(s.b, p...)
	return len(p), nil
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return string(s.b)
}

// FreePort returns a loopback address no one listens on now.
func FreePort(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
