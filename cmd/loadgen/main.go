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
	url := flag.String("url", "", "play against servers already running behind this address (ws://HOST:PORT: a load balancer in front of several processes, docs/SCALING.md) instead of a child: each host reconnects by its room's code after the create, the server's memory and CPU are not measured, and there is no restart")
	flag.Parse()
	debug.SetGCPercent(*gcPercent) // the variable GOGC, which the child would inherit, stays as it is
	if c.rooms < 1 || c.rooms > 5000 || c.hold <= 0 || c.hold > 10*time.Minute || c.ramp < 1 {
		return errors.New("-rooms is 1 to 5000, -hold up to 10m, -ramp at least 1")
	}
	if *url != "" {
		return loadOnly(c, *url)
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
	p := []*player{{conn: host, seat: 0, rng: rand.New(rand.NewPCG(uint64(i), 0)), cfg: c, st: st}}
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
		q := &player{conn: conn, seat: k, rng: rand.New(rand.NewPCG(uint64(i), uint64(k))), cfg: c, st: st}
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
			q.conn.Close()
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
	conn  *client.Conn
	seat  int
	rng   *rand.Rand
	cfg   config
	st    *stats
	s     client.State
	acted decision     // the last decision answered
	sent  atomic.Int64 // UnixNano of the action waiting for its event; 0: none
	// Read by the test once play has returned:
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
	stop := context.AfterFunc(ctx, func() { p.conn.Close() })
	defer stop()
	for {
		m, err := p.conn.Recv(context.Background())
		if err != nil {
			if ctx.Err() == nil {
				p.err = err
			}
			return
		}
		if err := p.s.Apply(m); err != nil {
			p.err = err
			return
		}
		switch m := m.(type) {
		case protocol.Error:
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
				if p.cfg.games > 0 && len(p.totals) >= p.cfg.games {
					if p.seat == 0 {
						p.st.games.Add(1)
					}
					return
				}
				if p.seat == 0 {
					p.st.games.Add(1)
					go p.conn.Send(context.Background(), protocol.Again{})
				}
			}
		}
		v := &p.s.View
		if p.s.Room.State != protocol.StatePlaying || p.s.Game != p.s.Room.Game || v.Decision == nil || len(v.MyPlay) > 0 {
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
		time.AfterFunc(think, func() {
			p.sent.Store(time.Now().UnixNano())
			if p.conn.Send(context.Background(), protocol.Act{Game: game, Action: a}) == nil {
				p.st.acts.Add(1)
			}
		})
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
func loadOnly(c config, base string) error {
	c.byCode = true
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
	select {
	case <-time.After(c.hold):
	case <-ctx.Done():
		return errors.New("interrupted")
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
	cancel()
	wg.Wait()
	return nil
}
