// Command loadgen measures the game server under load: it starts cmd/server as a child process
// on 127.0.0.1 with a fresh data directory, opens N rooms of 4 protocol clients over real
// WebSockets that play random legal moves (engine.RandomAction on each client's own view) after a
// think time, holds them for a while, and prints the rooms held, actions per second, the p50 and
// p99 latency from an action to the event that answers it, and the server's RSS per room
// (/proc/PID/status of the child, so the generator's own memory is not counted). Then it kills
// the server (SIGKILL) and starts it again on the same database, and prints how long the restart
// took to restore the rooms.
//
//	go run ./cmd/loadgen -rooms 2000 -hold 60s
//
// It runs on loopback only, is bounded in rooms (at most 5,000) and time (-hold at most 10
// minutes), and stops by itself. docs/PERFORMANCE.md ("Server") has its figures.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/protocol"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

type config struct {
	byCode   bool // the host reconnects by the room's code after the create (-url)
	rooms    int
	hold     time.Duration
	think    time.Duration
	ramp     int
	bin      string
	timer    int
	noRestat bool
	games    int // when > 0, each room stops after this many games (the test's mode); 0: play on
	// reconnect is how many reconnections in a row a client tries when its connection ends
	// (its seat resumed with its token and the events held, as the game's client does); 0: none,
	// the client fails.
	reconnect int
}

func run() error {
	var c config
	flag.IntVar(&c.rooms, "rooms", 200, "rooms of 4 clients to open (at most 5000)")
	flag.DurationVar(&c.hold, "hold", 30*time.Second, "how long to hold the rooms once all are open and measure (at most 10m)")
	flag.DurationVar(&c.think, "think", 2*time.Second, "mean think time before a client acts (uniform from half to one and a half of it)")
	flag.IntVar(&c.ramp, "ramp", 32, "rooms opened at once while ramping up")
	flag.StringVar(&c.bin, "server", "", "server binary (default: go build ./cmd/server into a temporary directory)")
	flag.IntVar(&c.timer, "timer", protocol.DefaultTimer, "the rooms' decision timer in seconds (0, 30, 60, 120)")
	flag.BoolVar(&c.noRestat, "no-restart", false, "skip the restart measurement")
	flag.StringVar(&serverDB, "db", "", "the server's -db: a PostgreSQL URL postgres://… measures the server on PostgreSQL (an empty database: each run's rooms are new; with it, the restart loads rooms on demand, so use -no-restart); empty: a fresh SQLite file")
	gcPercent := flag.Int("gc-percent", 400, "the generator's own GOGC (not the server's): its collector competes with the server for the cores and its pauses would be counted in the latencies it measures; its memory is not measured")
	cpuProfile := flag.String("cpuprofile", "", "write the generator's own CPU profile of the measurement window to this file")
	url := flag.String("url", "", "play against servers already running behind this address (ws://HOST:PORT: a load balancer in front of several processes, docs/SCALING.md) instead of a child: each host reconnects by its room's code after the create, a client whose connection ends reconnects and resumes its seat, the server's memory and CPU are not measured, and there is no restart")
	kill := flag.Int("kill", 0, "with -url: the process id of a server to kill with SIGKILL halfway through the hold, printing the time from the kill to every cut-off client of a room back in it (median and max over the rooms cut)")
	flag.Parse()
	debug.SetGCPercent(*gcPercent) // the variable GOGC, which the child would inherit, stays as it is
	if c.rooms < 1 || c.rooms > 5000 || c.hold <= 0 || c.hold > 10*time.Minute || c.ramp < 1 {
		return errors.New("-rooms is 1 to 5000, -hold up to 10m, -ramp at least 1")
	}
	if *url != "" {
		return loadOnly(c, *url, *kill)
	}
	dir, err := os.MkdirTemp("", "nimmt-loadgen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if c.bin == "" {
		c.bin = filepath.Join(dir, "nimmt-server")
		fmt.Println("loadgen: building cmd/server")
		b := exec.Command("go", "build", "-o", c.bin, "nimmt/cmd/server")
		b.Stdout, b.Stderr = os.Stdout, os.Stderr
		if err := b.Run(); err != nil {
			return fmt.Errorf("go build: %w", err)
		}
	}
	data := filepath.Join(dir, "data")
	srv, err := startServer(c.bin, data, startWait)
	if err != nil {
		return err
	}
	defer srv.kill()
	idle := srv.rss()
	fmt.Printf("loadgen: server pid %d at %s, RSS idle %.1f MB\n", srv.cmd.Process.Pid, srv.addr, mb(idle))

	st := &stats{}
	// SIGINT and SIGTERM end the run through its deferred calls, which kill the server.
	sig, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithCancel(sig)
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	sem := make(chan struct{}, c.ramp)
	var failed atomic.Int64
	var firstErr atomic.Value
	for i := range c.rooms {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := openRoom(ctx, c, srv.addr, i, st, &wg)
			<-sem
			if err != nil {
				failed.Add(1)
				firstErr.CompareAndSwap(nil, err)
			}
		}()
	}
	for range c.ramp {
		sem <- struct{}{}
	}
	fmt.Printf("loadgen: %d rooms opened in %v (%d failed", c.rooms-int(failed.Load()), time.Since(start).Round(time.Millisecond), failed.Load())
	if e := firstErr.Load(); e != nil {
		fmt.Printf(", first: %v", e)
	}
	fmt.Println(")")

	st.reset()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile() // before f.Close: deferred calls run last first
	}
	cpu0, t0 := srv.cpu(), time.Now()
	self0 := selfCPU()
	peak := uint64(0)
	tick := time.NewTicker(time.Second)
	end := time.After(c.hold)
loop:
	for {
		select {
		case <-tick.C:
			peak = max(peak, srv.rss())
		case <-end:
			break loop
		case <-sig.Done():
			return errors.New("interrupted")
		}
	}
	tick.Stop()
	if *cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	window := time.Since(t0)
	cpu := srv.cpu() - cpu0
	self := selfCPU() - self0
	rss := srv.rss()
	peak = max(peak, rss)
	// The rooms held are counted by their live sockets, not by the rooms opened: a socket that
	// dropped during the ramp or the window holds nothing on the server.
	opened, live, failedClients := st.held.Load(), st.live.Load(), st.failed.Load()
	held := live / 4
	acts, lat := st.snapshot()
	p50, p99, pmax := quantile(lat, 0.5), quantile(lat, 0.99), quantile(lat, 1)
	fmt.Printf("loadgen: rooms held %d by live sockets (%d of the %d sockets of the %d rooms opened; %d clients failed", held, live, 4*opened, opened, failedClients)
	if e := st.failure.Load(); e != nil {
		fmt.Printf(", first: %v", e)
	}
	fmt.Printf("), think %v, window %v\n", c.think, window.Round(time.Millisecond))
	fmt.Printf("loadgen: actions %d (%.0f/s), action→event latency p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d samples), refused %d, games over %d\n",
		acts, float64(acts)/window.Seconds(), p50, p99, pmax, len(lat), st.refused.Load(), st.games.Load())
	fmt.Printf("loadgen: server RSS %.1f MB (peak %.1f, idle %.1f): %.1f KB per room (%.1f KB above idle); server CPU %.0f%% of one core, generator %.0f%%\n",
		mb(rss), mb(peak), mb(idle), kb(rss)/float64(max(held, 1)), (kb(rss)-kb(idle))/float64(max(held, 1)),
		100*cpu.Seconds()/window.Seconds(), 100*self.Seconds()/window.Seconds())
	cancel()
	wg.Wait()
	if c.noRestat {
		return nil
	}
	srv.kill()
	t := time.Now()
	srv2, err := startServer(c.bin, data, startWait)
	if err != nil {
		return err
	}
	defer srv2.kill()
	fmt.Printf("loadgen: restart after kill -9: %d rooms restored, listening after %v (the server's own count: %s)\n",
		srv2.restored, time.Since(t).Round(time.Millisecond), srv2.took)
	return nil
}

func mb(b uint64) float64 { return float64(b) / (1 << 20) }
func kb(b uint64) float64 { return float64(b) / (1 << 10) }

// server is the child process.
type server struct {
	cmd      *exec.Cmd
	addr     string // ws://127.0.0.1:PORT
	restored int
	took     string
	done     chan struct{}
}

var restoredRe = regexp.MustCompile(`rooms restored rooms=(\d+) took=(\S+)`)

// serverDB is the server's -db (-db): empty for a fresh SQLite file in the data directory.
var serverDB string

// startWait bounds how long a server may take to print its address and restore its rooms.
const startWait = 2 * time.Minute

// startServer runs the server binary on 127.0.0.1 with data and waits for its address and its
// restore line. On every error it kills the child and waits for it, so none is left behind.
func startServer(bin, data string, wait time.Duration) (*server, error) {
	args := []string{"-addr", "127.0.0.1:0", "-text", "", "-admin", "", "-data", data, "-max-conns", "30000"}
	if serverDB != "" {
		args = append(args, "-db", serverDB)
	}
	cmd := exec.Command(bin, args...)
	killWithParent(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	errp, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &server{cmd: cmd, done: make(chan struct{})}
	// Both pipes are read to their end before Wait (Wait closes them), so a line the child
	// printed before it ended is always delivered before done closes.
	var readers sync.WaitGroup
	readers.Add(2)
	logc := make(chan string, 1)
	go func() {
		defer readers.Done()
		sc := bufio.NewScanner(errp)
		for sc.Scan() {
			if m := restoredRe.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case logc <- sc.Text():
				default:
				}
			} else if !strings.Contains(sc.Text(), "INFO") {
				fmt.Fprintln(os.Stderr, "server:", sc.Text())
			}
		}
	}()
	addrc := make(chan string, 1)
	go func() {
		defer readers.Done()
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			addrc <- sc.Text()
		}
		for sc.Scan() {
		}
	}()
	go func() { readers.Wait(); cmd.Wait(); close(s.done) }()
	fail := func(err error) (*server, error) {
		s.kill()
		return nil, err
	}
	address := func(l string) error {
		m := regexp.MustCompile(`http://([0-9.:]+)/`).FindStringSubmatch(l)
		if m == nil {
			return fmt.Errorf("no address in %q", l)
		}
		s.addr = "ws://" + m[1]
		return nil
	}
	restored := func(l string) {
		m := restoredRe.FindStringSubmatch(l)
		s.restored, _ = strconv.Atoi(m[1])
		s.took = m[2]
	}
	timeout := time.NewTimer(wait)
	defer timeout.Stop()
	// A line that arrived counts even when the child has ended by the time it is looked at.
	select {
	case l := <-addrc:
		if err := address(l); err != nil {
			return fail(err)
		}
	case <-s.done:
		select {
		case l := <-addrc:
			if err := address(l); err != nil {
				return fail(err)
			}
		default:
			return fail(errors.New("the server ended before it printed its address"))
		}
	case <-timeout.C:
		return fail(fmt.Errorf("the server printed no address in %v", wait))
	}
	select {
	case l := <-logc:
		restored(l)
	case <-s.done:
		select {
		case l := <-logc:
			return fail(fmt.Errorf("the server ended right after its restore line %q", l))
		default:
			return fail(errors.New("the server ended before its restore line"))
		}
	case <-timeout.C:
		return fail(fmt.Errorf("no restore line from the server in %v", wait))
	}
	return s, nil
}

// kill ends the child with SIGKILL and waits for it; it may be called more than once.
func (s *server) kill() {
	if s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
}

// rss is the child's resident set from /proc.
func (s *server) rss() uint64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.ParseUint(f[1], 10, 64)
			return n << 10
		}
	}
	return 0
}

// cpu is the child's user and system CPU time from /proc.
func (s *server) cpu() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// stats are the generator's counts, reset when the measurement window opens.
type stats struct {
	held    atomic.Int64 // rooms opened and started
	live    atomic.Int64 // clients whose connection is open and playing
	failed  atomic.Int64 // clients whose connection failed before the run ended
	failure atomic.Value // the first failed client's error
	acts    atomic.Int64
	refused atomic.Int64
	games   atomic.Int64
	mu      sync.Mutex
	lat     []float64 // ms

	// The failover: the kill's time (UnixNano; 0: none), and under mu each room's clients cut
	// since then and not back yet, and when its last one came back.
	killed    atomic.Int64
	redecided atomic.Int64 // actions refused after a reconnection and decided again
	resumed   atomic.Int64 // reconnections that took a seat back, all run long
	out       map[int]int
	backAt    map[int]time.Time
	cutRooms  map[int]bool
}

// cut notes that a client of room lost its connection at t.
func (s *stats) cut(room int, t time.Time) {
	k := s.killed.Load()
	if k == 0 || t.UnixNano() < k {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.out == nil {
		s.out, s.backAt, s.cutRooms = map[int]int{}, map[int]time.Time{}, map[int]bool{}
	}
	s.out[room]++
	s.cutRooms[room] = true
}

// back notes that a client of room cut since the kill is back in it at t.
func (s *stats) back(room int, t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.out[room] == 0 {
		return
	}
	s.out[room]--
	s.backAt[room] = t
}

// failover returns, over the rooms with a client cut since the kill, the time from the kill to
// the last of its cut clients back in the room (sorted, in ms), and how many rooms still have a
// client out.
func (s *stats) failover() (times []float64, out int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := time.Unix(0, s.killed.Load())
	for room := range s.cutRooms {
		if s.out[room] > 0 {
			out++
			continue
		}
		times = append(times, float64(s.backAt[room].Sub(k).Microseconds())/1000)
	}
	slices.Sort(times)
	return times, out
}

func (s *stats) reset() {
	s.acts.Store(0)
	s.refused.Store(0)
	s.games.Store(0)
	s.mu.Lock()
	s.lat = s.lat[:0]
	s.mu.Unlock()
}

func (s *stats) add(d time.Duration) {
	s.mu.Lock()
	s.lat = append(s.lat, float64(d.Microseconds())/1000)
	s.mu.Unlock()
}

func (s *stats) snapshot() (int64, []float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	lat := slices.Clone(s.lat)
	slices.Sort(lat)
	return s.acts.Load(), lat
}

func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// openRoom opens room i: its host creates it, three more clients join, the host starts; every
// client then plays in its own goroutine (counted in wg) until ctx ends. Each room's clients
// come from their own loopback address (127.1.x.y), as players of a room come from their own
// machines: the server's per-address join limit applies to each.
func openRoom(ctx context.Context, c config, base string, i int, st *stats, wg *sync.WaitGroup) ([]*player, error) {
	local := net.IPv4(127, 1, byte(i/250), byte(1+i%250))
	s := protocol.DefaultSettings(4)
	s.Timer = c.timer
	host, err := dial(ctx, base, "", local)
	if err != nil {
		return nil, err
	}
	p := []*player{{conn: host, seat: 0, rng: rand.New(rand.NewPCG(uint64(i), 0)), cfg: c, st: st, room: i, base: base, local: local}}
	if err := host.Send(ctx, protocol.Create{Version: protocol.Version, Settings: s, Name: "P0"}); err != nil {
		return nil, err
	}
	if err := p[0].until(ctx, protocol.TypeRoom); err != nil {
		return nil, err
	}
	code := p[0].s.Code
	if c.byCode { // the room moves to the process its code hashes to: the host goes there too
		host.Close()
		if host, err = dial(ctx, base, code, local); err != nil {
			return nil, err
		}
		p[0].conn = host
		if err := host.Send(ctx, p[0].s.Hello()); err != nil {
			return nil, err
		}
		if err := p[0].until(ctx, protocol.TypeRoom); err != nil {
			return nil, err
		}
	}
	for k := 1; k < 4; k++ {
		conn, err := dial(ctx, base, code, local)
		if err != nil {
			return nil, err
		}
		q := &player{conn: conn, seat: k, rng: rand.New(rand.NewPCG(uint64(i), uint64(k))), cfg: c, st: st, room: i, base: base, local: local}
		p = append(p, q)
		if err := conn.Send(ctx, protocol.Hello{Version: protocol.Version}); err != nil {
			return nil, err
		}
		if err := q.until(ctx, protocol.TypeRoom); err != nil {
			return nil, err
		}
		if err := conn.Send(ctx, protocol.Join{Name: fmt.Sprintf("P%d", k)}); err != nil {
			return nil, err
		}
		if err := q.until(ctx, protocol.TypeJoined); err != nil {
			return nil, err
		}
	}
	if err := host.Send(ctx, protocol.Start{}); err != nil {
		return nil, err
	}
	st.held.Add(1)
	for _, q := range p {
		wg.Add(1)
		st.live.Add(1)
		go func() {
			defer wg.Done()
			q.play(ctx)
			st.live.Add(-1)
			if q.err != nil {
				st.failed.Add(1)
				st.failure.CompareAndSwap(nil, fmt.Errorf("%w", q.err)) // one type: atomic.Value panics on another
			}
			q.current().Close()
		}()
	}
	return p, nil
}

// dial opens a WebSocket from the local address.
func dial(ctx context.Context, base, code string, local net.IP) (*client.Conn, error) {
	u := base + "/ws"
	if code != "" {
		u += "/" + code
	}
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: local}}
	hc := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	dctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	c, _, err := websocket.Dial(dctx, u, &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", u, err)
	}
	c.SetReadLimit(1 << 20)
	return client.New(transport{c}), nil
}

// transport is a WebSocket as a client.Transport.
type transport struct{ c *websocket.Conn }

func (t transport) Read(ctx context.Context) ([]byte, error) {
	_, b, err := t.c.Read(ctx)
	return b, err
}
func (t transport) Write(ctx context.Context, b []byte) error {
	return t.c.Write(ctx, websocket.MessageText, b)
}
func (t transport) Close() error { return t.c.CloseNow() }

// player is one protocol client of the generator.
type player struct {
	mu    sync.Mutex   // guards conn, replaced by a reconnection
	conn  *client.Conn // the connection
	room  int          // the room's number in the run
	base  string       // the server's (or balancer's) ws:// address
	local net.IP       // the address the room's clients come from
	seat  int
	rng   *rand.Rand
	cfg   config
	st    *stats
	s     client.State
	acted decision     // the last decision answered
	sent  atomic.Int64 // UnixNano of the action waiting for its event; 0: none
	// Read by the test once play has returned:
	back   bool    // reconnected: an action refused as illegal is decided again
	again  bool    // reconnected: as the host, it starts the game again if it is not going on
	totals [][]int // each game's final totals, as this client heard them
	err    error   // why play stopped early: a message the client could not fold, or refused
}

func (p *player) until(ctx context.Context, typ string) error {
	for {
		m, err := p.conn.Recv(ctx)
		if err != nil {
			return err
		}
		if err := p.s.Apply(m); err != nil {
			return err
		}
		if e, ok := m.(protocol.Error); ok {
			return fmt.Errorf("server: %s", e.Message)
		}
		if m.Type() == typ {
			return nil
		}
	}
}

// play answers each decision with a random legal action after a think time, and measures the
// time from sending it to receiving the event that answers it; the host starts the next game
// when one is over. It returns when ctx ends, the connection fails, or the room has played
// cfg.games games.
func (p *player) play(ctx context.Context) {
	// Reads and writes take no context that can end (the WebSocket library would watch it on
	// every call): the connection is closed when ctx ends, which ends them.
	stop := context.AfterFunc(ctx, func() { p.current().Close() })
	defer stop()
	for {
		if m, err := p.current().Recv(context.Background()); err != nil {
			if ctx.Err() == nil && p.cfg.reconnect > 0 {
				err = p.resume(ctx, err) // then the decision pending, if any, is taken again
			}
			if err != nil && ctx.Err() == nil {
				p.err = err
			}
			if err != nil || ctx.Err() != nil {
				return
			}
		} else if p.handle(m) {
			return
		}
		if p.again && p.s.CaughtUp() && p.host() {
			p.restart()
		}
		v := &p.s.View
		if p.s.Room.State != protocol.StatePlaying || p.s.Game != p.s.Room.Game || v.Decision == nil || len(v.MyPlay) > 0 ||
			!p.s.CaughtUp() { // after a reconnection, the events missed first: the decision may be answered
			continue
		}
		k := keyOf(p.s.Game, v)
		if k == p.acted {
			continue
		}
		p.acted = k
		a := engine.RandomAction(v, p.rng)
		game := p.s.Game
		think := p.cfg.think/2 + time.Duration(p.rng.Int64N(int64(p.cfg.think)+1))
		conn := p.current()
		time.AfterFunc(think, func() {
			if p.current() != conn {
				return // the connection was replaced: the decision is taken again on the new one
			}
			p.sent.Store(time.Now().UnixNano())
			if conn.Send(context.Background(), protocol.Act{Game: game, Action: a}) == nil {
				p.st.acts.Add(1)
			}
		})
	}
}

// handle folds a message and counts what it says; it reports whether the client is done: the
// message could not be folded (p.err says why), or the room has played cfg.games games.
func (p *player) handle(m protocol.Message) bool {
	if err := p.s.Apply(m); err != nil {
		p.err = err
		return true
	}
	switch m := m.(type) {
	case protocol.Error:
		if p.back && (m.Code == protocol.ErrState || m.Code == protocol.ErrNotHost) && (m.Ref == protocol.TypeStart || m.Ref == protocol.TypeAgain) {
			// A start said again after a reconnection: the first one was not lost after all,
			// or the host passed to another seat as the room's clients came back (that one
			// starts it).
			break
		}
		if p.back && m.Code == protocol.ErrIllegal {
			// An action sent again after a reconnection, for a decision that an action still
			// in flight on the lost connection answered meanwhile: decide again, as the
			// game's client does.
			p.st.redecided.Add(1)
			p.acted = decision{}
			break
		}
		p.st.refused.Add(1)
		p.err = fmt.Errorf("refused: %s: %s", m.Code, m.Message)
	case protocol.Event:
		if mine(m.Event, p.seat) {
			if t := p.sent.Swap(0); t != 0 {
				p.st.add(time.Since(time.Unix(0, t)))
			}
		}
		if e, ok := m.Event.(engine.GameOver); ok {
			p.totals = append(p.totals, e.Totals)
			if p.seat == 0 {
				p.st.games.Add(1)
			}
			if p.cfg.games > 0 && len(p.totals) >= p.cfg.games {
				return true
			}
			if p.host() { // seat 0, unless the host passed to another seat that came back first
				go p.current().Send(context.Background(), protocol.Again{})
			}
		}
	}
	return false
}

// current returns the client's connection.
func (p *player) current() *client.Conn {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.conn
}

// resume connects again after the connection ended with why: the seat is taken back with the
// token and the events held (the server sends the events missed), trying up to cfg.reconnect
// times with the game client's backoff between. It returns nil once back in the room (or when
// ctx ends), else why the last attempt failed. A decision answered on the lost connection is
// taken again: its action may not have reached the server.
func (p *player) resume(ctx context.Context, why error) error {
	p.st.cut(p.room, time.Now())
	p.sent.Store(0)
	err := why
	for attempt := 1; attempt <= p.cfg.reconnect; attempt++ {
		var c *client.Conn
		if c, err = dial(ctx, p.base, p.s.Code, p.local); err == nil {
			p.mu.Lock()
			p.conn = c
			p.mu.Unlock()
			if ctx.Err() != nil { // ended while dialling: the AfterFunc closed the old one
				c.Close()
				return nil
			}
			if err = c.Send(ctx, p.s.Hello()); err == nil {
				err = p.until(ctx, protocol.TypeRoom)
			}
			if err == nil {
				p.st.back(p.room, time.Now())
				p.st.resumed.Add(1)
				p.acted = decision{}
				p.back, p.again = true, true
				return nil
			}
			c.Close()
		}
		t := time.NewTimer(client.DefaultBackoff(attempt))
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil
		}
	}
	return fmt.Errorf("reconnect: %w", err)
}

// host reports whether the client's seat is the room's host.
func (p *player) host() bool { return p.s.Room.You >= 0 && p.s.Room.You == p.s.Room.Host }

// restart makes the host say again, once caught up after a reconnection, what the lost
// connection may have lost of its: the start of the room's first game, or of its next one.
func (p *player) restart() {
	p.again = false
	c := p.current()
	switch {
	case p.s.Room.State == protocol.StateLobby:
		go c.Send(context.Background(), protocol.Start{})
	case p.s.Room.State == protocol.StateOver && (p.cfg.games == 0 || len(p.totals) < p.cfg.games):
		go c.Send(context.Background(), protocol.Again{})
	}
}

// decision identifies a decision of a seat: the game, round, turn and phase it comes in, and
// the decision itself.
type decision struct {
	game, round, turn int
	phase             engine.Phase
	kind              engine.DecisionKind
	seat, count, min  int
	card              engine.Card
	cards             string // the decision's cards, one byte each
}

func keyOf(game int, v *engine.View) decision {
	d := v.Decision
	k := decision{game: game, round: v.Round, turn: v.Turn, phase: v.Phase, kind: d.Kind, seat: d.Seat, count: d.Count, min: d.Min, card: d.Card}
	if len(d.Cards) > 0 {
		b := make([]byte, len(d.Cards))
		for i, c := range d.Cards {
			b[i] = byte(c)
		}
		k.cards = string(b)
	}
	return k
}

// mine reports whether an event answers an action of seat.
func mine(e engine.Event, seat int) bool {
	switch e := e.(type) {
	case engine.SeatChose:
		return e.Seat == seat
	case engine.RowTaken:
		return e.Seat == seat
	case engine.CardDrafted:
		return e.Seat == seat
	case engine.OrderChosen:
		return e.Seat == seat
	case engine.CardsKept:
		return e.Seat == seat
	}
	return false
}

// loadOnly opens the rooms against servers already running at base (-url), holds them for
// c.hold, and prints the rooms held and the latencies.
func loadOnly(c config, base string, kill int) error {
	c.byCode = true
	c.reconnect = 8
	st := &stats{}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	sem := make(chan struct{}, c.ramp)
	var failed atomic.Int64
	for i := range c.rooms {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := openRoom(ctx, c, base, i, st, &wg); err != nil {
				failed.Add(1)
				st.failure.CompareAndSwap(nil, fmt.Errorf("open: %w", err))
			}
			<-sem
		}()
	}
	for range c.ramp {
		sem <- struct{}{}
	}
	fmt.Printf("loadgen: %d rooms opened through %s in %v (%d failed)\n", c.rooms-int(failed.Load()), base, time.Since(start).Round(time.Millisecond), failed.Load())
	st.reset()
	t0 := time.Now()
	var killAt <-chan time.Time
	if kill > 0 {
		killAt = time.After(c.hold / 2)
	}
	end := time.After(c.hold)
wait:
	for {
		select {
		case <-killAt:
			st.killed.Store(time.Now().UnixNano())
			if err := syscall.Kill(kill, syscall.SIGKILL); err != nil {
				return fmt.Errorf("kill %d: %w", kill, err)
			}
			fmt.Printf("loadgen: killed process %d (SIGKILL) %v into the window\n", kill, time.Since(t0).Round(time.Millisecond))
		case <-end:
			break wait
		case <-ctx.Done():
			return errors.New("interrupted")
		}
	}
	window := time.Since(t0)
	opened, live, failedClients := st.held.Load(), st.live.Load(), st.failed.Load()
	acts, lat := st.snapshot()
	fmt.Printf("loadgen: rooms held %d by live sockets (%d of the %d sockets of the %d rooms opened; %d clients failed", live/4, live, 4*opened, opened, failedClients)
	if e := st.failure.Load(); e != nil {
		fmt.Printf(", first: %v", e)
	}
	fmt.Printf("), think %v, window %v\n", c.think, window.Round(time.Millisecond))
	fmt.Printf("loadgen: actions %d (%.0f/s), action→event latency p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d samples), refused %d, games over %d\n",
		acts, float64(acts)/window.Seconds(), quantile(lat, 0.5), quantile(lat, 0.99), quantile(lat, 1), len(lat), st.refused.Load(), st.games.Load())
	if kill > 0 {
		times, out := st.failover()
		fmt.Printf("loadgen: failover: %d rooms had clients cut by the kill; from the SIGKILL to every cut-off client of a room back in it (seat resumed, room served again): median %.0f ms, max %.0f ms over %d rooms; %d rooms with a client still out; %d reconnections in all\n",
			len(times)+out, quantile(times, 0.5), quantile(times, 1), len(times), out, st.resumed.Load())
	}
	cancel()
	wg.Wait()
	return nil
}
