package server_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store/storetest"
)

// startHAProxy runs HAProxy with deploy/haproxy.cfg, its front and its servers' ports replaced
// (8080 by front, 8081... by servers), until the test ends.
func startHAProxy(t *testing.T, front string, servers []string) {
	t.Helper()
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		t.Fatalf("haproxy is not installed (scripts/deps.sh haproxy): %v", err)
	}
	cfg, err := os.ReadFile("../deploy/haproxy.cfg")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(cfg), "127.0.0.1:8080", front, 1)
	for i, addr := range servers {
		text = strings.Replace(text, fmt.Sprintf("127.0.0.1:%d", 8081+i), addr, 1)
	}
	path := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
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
	for { // until it accepts connections (a bound only against hanging)
		c, err := net.Dial("tcp", front)
		if err == nil {
			c.Close()
			return
		}
		select {
		case <-exited:
			t.Fatalf("haproxy exited:\n%s", out)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// enter makes p the host of a new room through the balancer, then connects again by the room's
// code as a client does after a create (the room moves to the server its code hashes to).
func enter(t *testing.T, url string, s protocol.Settings, levels []string, ps ...*player) string {
	t.Helper()
	host := ps[0]
	host.connect(url, "")
	code := host.create(s)
	host.conn.Close()
	host.connect(url, code)
	host.hello()
	for _, p := range ps[1:] {
		p.connect(url, code)
		p.hello()
		p.join()
	}
	for _, l := range levels {
		host.send(protocol.AddBot{Level: l})
	}
	host.send(protocol.Start{})
	for _, p := range ps {
		p.until("the first event", func(protocol.Message) bool { return p.st.Next > 0 })
	}
	return code
}

// Failover under play, through a real HAProxy (deploy/haproxy.cfg) in front of three server
// processes on one PostgreSQL database: people play several rooms; one server is killed with
// SIGKILL in the middle of a turn; its rooms are taken by the others when their clients
// reconnect through the balancer; every client finishes its game; the stored game of every
// room is exactly what each of its clients saw (nothing lost, nothing applied twice).
func TestHAProxyFailover(t *testing.T) {
	if storetest.Kind() != "postgres" {
		t.Skip("runs with NIMMT_TEST_STORE=postgres (make test-server-pg)")
	}
	bin := serverBinary(t)
	db := storetest.New(t)
	ports := []string{freePort(t), freePort(t), freePort(t)}
	servers := make([]*child, len(ports))
	owners := map[string]int{} // lease owner number → server
	ownerRe := regexp.MustCompile(`owner=(\d+)`)
	for i, p := range ports {
		servers[i] = startChild(t, bin, db, "-addr", p, "-lease-poll", "200ms")
		defer func(c *child) {
			if c.cmd.ProcessState == nil {
				c.cmd.Process.Kill()
				c.cmd.Wait()
			}
		}(servers[i])
		var m []string
		for start := time.Now(); m == nil; time.Sleep(10 * time.Millisecond) { // the log comes through a pipe
			if m = ownerRe.FindStringSubmatch(servers[i].stderr.String()); m == nil && time.Since(start) > guard {
				t.Fatalf("server %d did not say its lease owner:\n%s", i, servers[i].stderr)
			}
		}
		owners[m[1]] = i
	}
	front := freePort(t)
	startHAProxy(t, front, ports)
	url := "ws://" + front

	const rooms = 6
	type room struct {
		code string
		ps   []*player
	}
	var rs []room
	for i := range rooms {
		ps := []*player{newPlayer(t, fmt.Sprint("Ann", i), uint64(10*i+1)), newPlayer(t, fmt.Sprint("Bo", i), uint64(10*i+2))}
		rs = append(rs, room{code: enter(t, url, noTimer(3), []string{"beginner"}, ps...), ps: ps})
	}
	var all []*player
	for _, r := range rs {
		all = append(all, r.ps...)
	}
	playUntil(t, "round 1 turn 3", func(p *player) bool { return p.st.View.Turn >= 3 }, all...)

	// The server holding the most rooms dies with decisions in flight.
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, db.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var owner string
	var n int
	if err := conn.QueryRow(ctx, `SELECT owner::text, count(*) FROM leases GROUP BY owner ORDER BY 2 DESC LIMIT 1`).Scan(&owner, &n); err != nil {
		t.Fatal(err)
	}
	victim, ok := owners[owner]
	if !ok {
		t.Fatalf("the rooms' owner %s is none of the servers %v", owner, owners)
	}
	t.Logf("server %d holds %d of the %d rooms; it is killed", victim, n, rooms)
	before := make([][]engine.Event, len(all))
	for i, p := range all {
		p.move()
		before[i] = append([]engine.Event(nil), p.st.Events...)
	}
	killed := time.Now()
	servers[victim].cmd.Process.Signal(syscall.SIGKILL)
	servers[victim].cmd.Wait()

	var wg sync.WaitGroup
	var mu sync.Mutex
	var resumed time.Duration
	for _, r := range rs {
		for _, p := range r.ps {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n := len(p.st.Events)
				cut := false
				for {
					err := p.play(func() bool { return p.over() || (cut && len(p.st.Events) > n) })
					if err == nil && !cut {
						return // its room was not on the server killed
					}
					if err == nil {
						mu.Lock()
						resumed = max(resumed, time.Since(killed))
						mu.Unlock()
						playOn(t, p, r.code, func() string { return url })
						return
					}
					cut = true
					p.connect(url, r.code)
					p.hello()
					p.acted, p.redecide = "", true
				}
			}()
		}
	}
	wg.Wait()
	t.Logf("from the SIGKILL to every cut-off client playing again: %v", resumed)
	for i, p := range all {
		if !reflect.DeepEqual(p.st.Events[:len(before[i])], before[i]) {
			t.Errorf("%s: the events before the kill changed", p.name)
		}
	}
	for _, r := range rs {
		for _, p := range r.ps {
			checkStored(t, url, r.code, p)
		}
	}
}
