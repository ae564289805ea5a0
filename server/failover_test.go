package server_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/haproxytest"
	"nimmt/server/store/storetest"
)

var ownerRe = regexp.MustCompile(`owner=(\d+)`)

// startShared starts a server process on the database listening on addr, until the test ends
// (unless killed before), and returns it with its lease owner number.
func startShared(t *testing.T, bin string, db *storetest.DB, addr string, args ...string) (*child, string) {
	t.Helper()
	c := startChild(t, bin, db, append([]string{"-addr", addr, "-lease-poll", "200ms"}, args...)...)
	t.Cleanup(func() {
		if c.cmd.ProcessState == nil {
			c.cmd.Process.Kill()
			c.cmd.Wait()
		}
	})
	var m []string
	for start := time.Now(); m == nil; time.Sleep(10 * time.Millisecond) { // the log comes through a pipe
		if m = ownerRe.FindStringSubmatch(c.stderr.String()); m == nil && time.Since(start) > guard {
			t.Fatalf("server %s did not say its lease owner:\n%s", addr, c.stderr)
		}
	}
	return c, m[1]
}

// enter makes p the host of a new room through the balancer, then connects again by the room's
// code as a client does after a create (the room moves to the server its code hashes to), and
// seats the others.
func enter(t *testing.T, url string, s protocol.Settings, ps ...*player) string {
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
	return code
}

// startGame adds bots of the levels to the host's room (ps[0]) and starts the game; it returns
// once every player has the first event.
func startGame(levels []string, ps ...*player) {
	host := ps[0]
	for _, l := range levels {
		host.send(protocol.AddBot{Level: l})
	}
	host.send(protocol.Start{})
	for _, p := range ps {
		p.until("the first event", func(protocol.Message) bool { return p.st.Next > 0 })
	}
}

// Failover under play, through a real HAProxy (deploy/haproxy.cfg) in front of three server
// processes on one PostgreSQL database: people play several rooms, over WebSockets and on a text
// port (-balancer: its session reaches the room through HAProxy); one server is killed with
// SIGKILL in the middle of a turn; its rooms are taken by the others when their clients
// reconnect through the balancer (the text session by itself); every client finishes its game;
// the stored game of every room is exactly what each of its clients saw, the text player's
// printed lines included (nothing lost, nothing applied twice).
func TestHAProxyFailover(t *testing.T) {
	if storetest.Kind() != "postgres" {
		t.Skip("runs with NIMMT_TEST_STORE=postgres (make test-server-pg)")
	}
	bin := serverBinary(t)
	db := storetest.New(t)
	front := freePort(t)
	url := "ws://" + front
	ports := []string{freePort(t), freePort(t), freePort(t)}
	texts := make([]string, len(ports))
	servers := make([]*child, len(ports))
	owners := map[string]int{} // lease owner number → server
	for i, p := range ports {
		var owner string
		texts[i] = freePort(t)
		servers[i], owner = startShared(t, bin, db, p, "-text", texts[i], "-text-rate", "1000", "-balancer", url)
		owners[owner] = i
	}
	haproxytest.Start(t, front, ports)

	const rooms = 6
	type room struct {
		code string
		ps   []*player
	}
	var rs []room
	for i := range rooms {
		ps := []*player{newPlayer(t, fmt.Sprint("Ann", i), uint64(10*i+1)), newPlayer(t, fmt.Sprint("Bo", i), uint64(10*i+2))}
		rs = append(rs, room{code: enter(t, url, noTimer(3), ps...), ps: ps})
	}

	// The server holding the most rooms will die; a text player on another server's port takes
	// the third seat of one of its rooms (the others get a bot).
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, db.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var owner, texRoom string
	var n int
	if err := conn.QueryRow(ctx, `SELECT owner::text, count(*), min(code) FROM leases GROUP BY owner ORDER BY 2 DESC LIMIT 1`).Scan(&owner, &n, &texRoom); err != nil {
		t.Fatal(err)
	}
	victim, ok := owners[owner]
	if !ok {
		t.Fatalf("the rooms' owner %s is none of the servers %v", owner, owners)
	}
	tex := dialTextPlayer(t, texts[(victim+1)%len(texts)], "Tex", 7)
	tex.join(texRoom)
	for _, r := range rs {
		if r.code == texRoom {
			startGame(nil, r.ps...)
		} else {
			startGame([]string{"beginner"}, r.ps...)
		}
	}
	var all []*player
	for _, r := range rs {
		all = append(all, r.ps...)
	}
	texAt3 := make(chan error, 1)
	go func() { // Tex answers turn 3 and waits
		texAt3 <- tex.play(func(string) bool { return strings.Contains(tex.acted, "round 1, turn 3 ") })
	}()
	playUntil(t, "round 1 turn 3", func(p *player) bool { return p.st.View.Turn >= 3 }, all...)
	if err := <-texAt3; err != nil {
		t.Fatal(err)
	}

	// The server dies with decisions in flight.
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
	playing := func() {
		mu.Lock()
		resumed = max(resumed, time.Since(killed))
		mu.Unlock()
	}
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
						playing()
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
	wg.Add(1)
	go func() { // Tex's session comes back by itself; he plays on to the end
		defer wg.Done()
		n := -1 // the events held when the session came back
		err := tex.play(func(string) bool {
			if n < 0 && tex.backs > 0 {
				n = len(tex.events)
			}
			return n >= 0 && len(tex.events) > n || tex.over()
		})
		switch {
		case err == nil && n < 0:
			err = fmt.Errorf("%s: the text session was not cut by the kill of its room's server", tex.name)
		case err == nil:
			playing()
			if !tex.over() {
				err = tex.play(func(string) bool { return tex.over() })
			}
		}
		if err != nil {
			t.Error(err)
		}
	}()
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
	tex.checkStored(url)
}

// ring tells which server of deploy/haproxy.cfg's hash ring a room code goes to once a fourth
// server is added: a second HAProxy with the same configuration, servers and ids, whose
// servers are recorders answering with their number (HAProxy places a server on its
// consistent-hash ring by its id and weight, not its address).
type ring struct {
	front string
}

func newRing(t *testing.T, servers int) *ring {
	t.Helper()
	var addrs []string
	for i := range servers {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, i) })}
		go srv.Serve(ln)
		t.Cleanup(func() { srv.Close() })
		addrs = append(addrs, ln.Addr().String())
	}
	r := &ring{front: freePort(t)}
	hp := haproxytest.Start(t, r.front, addrs[:3])
	for i := 3; i < servers; i++ {
		hp.AddServer(fmt.Sprintf("s%d", i+1), addrs[i])
	}
	return r
}

// server returns the number (from 0) of the server the room code hashes to.
func (r *ring) server(t *testing.T, code string) int {
	t.Helper()
	resp, err := http.Get("http://" + r.front + "/ws/" + code)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	n, err := strconv.Atoi(string(b))
	if err != nil {
		t.Fatalf("the ring's answer for %s: %q", code, b)
	}
	return n
}

// A fourth server process is added under play, to the running HAProxy by its runtime API
// (docs/SCALING.md, "Adding a process"): a room whose code now hashes to it moves to it when
// a connection of the room arrives there (a player's connection drops and comes back through
// HAProxy with an action in flight): the new process asks the holder for the room (the lease's
// wanted flag and a notification), the holder lets it go and closes its connections, and
// they come back through HAProxy to the new process. Every game ends; every stored game is
// what each of its players saw; a room that does not hash to the new server stays where it was.
func TestHAProxyAddServer(t *testing.T) {
	if storetest.Kind() != "postgres" {
		t.Skip("runs with NIMMT_TEST_STORE=postgres (make test-server-pg)")
	}
	bin := serverBinary(t)
	db := storetest.New(t)
	ports := []string{freePort(t), freePort(t), freePort(t), freePort(t)}
	owners := make([]string, len(ports))
	for i, p := range ports[:3] {
		_, owners[i] = startShared(t, bin, db, p, "-creates-per-min", "1000")
	}
	front := freePort(t)
	hp := haproxytest.Start(t, front, ports[:3])
	url := "ws://" + front
	twin := newRing(t, 4)

	// Rooms are made until two hash to the fourth server and one does not; the others made on
	// the way are left in their lobbies.
	type room struct {
		code  string
		moves bool
		ps    []*player
	}
	var rs []room
	moving, staying := 0, 0
	for i := 0; moving < 2 || staying < 1; i++ {
		ann, bo := newPlayer(t, fmt.Sprint("Ann", i), uint64(10*i+1)), newPlayer(t, fmt.Sprint("Bo", i), uint64(10*i+2))
		ann.connect(url, "")
		code := ann.create(noTimer(3))
		ann.conn.Close()
		moves := twin.server(t, code) == 3
		if moves && moving == 2 || !moves && staying == 1 {
			continue
		}
		if moves {
			moving++
		} else {
			staying++
		}
		ann.connect(url, code)
		ann.hello()
		bo.connect(url, code)
		bo.hello()
		bo.join()
		ann.send(protocol.AddBot{Level: "beginner"})
		ann.send(protocol.Start{})
		for _, p := range []*player{ann, bo} {
			p.until("the first event", func(protocol.Message) bool { return p.st.Next > 0 })
		}
		rs = append(rs, room{code: code, moves: moves, ps: []*player{ann, bo}})
	}
	var all []*player
	for _, r := range rs {
		all = append(all, r.ps...)
	}
	playUntil(t, "round 1 turn 3", func(p *player) bool { return p.st.View.Turn >= 3 }, all...)

	ctx := context.Background()
	conn, err := pgx.Connect(ctx, db.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	owner := func(code string) string {
		t.Helper()
		var o string
		if err := conn.QueryRow(ctx, `SELECT owner::text FROM leases WHERE code = $1`, code).Scan(&o); err != nil {
			t.Fatalf("the lease of room %s: %v", code, err)
		}
		return o
	}
	before := map[string]string{}
	for _, r := range rs {
		before[r.code] = owner(r.code)
	}

	_, owners[3] = startShared(t, bin, db, ports[3])
	hp.AddServer("s4", ports[3])

	// Every player acts; then Bo's connection drops and comes back through HAProxy (to the
	// fourth server when the room now hashes there), his action still in flight.
	events := make([][]engine.Event, len(all))
	for i, p := range all {
		p.move()
		events[i] = append([]engine.Event(nil), p.st.Events...)
	}
	var wg sync.WaitGroup
	for _, r := range rs {
		for i, p := range r.ps {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if i == 1 {
					p.conn.Close()
					p.connect(url, r.code)
					p.hello()
					p.acted, p.redecide = "", true
				}
				playOn(t, p, r.code, func() string { return url })
			}()
		}
	}
	wg.Wait()
	for _, r := range rs {
		want := before[r.code]
		if r.moves {
			want = owners[3]
		}
		if got := owner(r.code); got != want {
			t.Errorf("room %s (moves: %v) is held by %s; want %s (servers %v)", r.code, r.moves, got, want, owners)
		}
	}
	var wanted int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM leases WHERE wanted`).Scan(&wanted); err != nil || wanted != 0 {
		t.Errorf("leases still wanted: %d, %v", wanted, err)
	}
	for i, p := range all {
		if !reflect.DeepEqual(p.st.Events[:len(events[i])], events[i]) {
			t.Errorf("%s: the events before the fourth server changed", p.name)
		}
	}
	for _, r := range rs {
		for _, p := range r.ps {
			checkStored(t, url, r.code, p)
		}
	}
}
