package browsertest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nimmt/server"
	"nimmt/server/store/sqlite"
)

// roomView is the test state of a page in online play: the table's state plus the room screen's.
type roomView struct {
	gameState
	Online *struct {
		Code   string   `json:"code"`
		State  string   `json:"state"`
		Game   int      `json:"game"`
		You    int      `json:"you"`
		Seats  []string `json:"seats"`
		Status string   `json:"status"`
		Phase  string   `json:"phase"`
		Totals []int    `json:"totals"`
	} `json:"online"`
}

// waitRoom waits until ok holds for the page's state (see waitFor).
func waitRoom(t *testing.T, ctx context.Context, what string, ok func(roomView) bool) roomView {
	t.Helper()
	return waitFor(t, ctx, what, ok)
}

// gameServer is cmd/server running as a child process on fixed addresses, so that it can be killed
// and started again where the clients look for it.
type gameServer struct {
	t              *testing.T
	bin, web, data string
	addr, textAddr string
	cmd            *exec.Cmd
	exited         chan struct{}
	mu             sync.Mutex
	log            strings.Builder
	// up is closed once the server listens; stop replaces it with an open one (under mu).
	up chan struct{}
}

// startGameServer builds cmd/server and starts it serving the web build in web.
func startGameServer(t *testing.T, web string) *gameServer {
	t.Helper()
	dir := t.TempDir()
	s := &gameServer{t: t, bin: filepath.Join(dir, "server"), web: web, data: filepath.Join(dir, "data"),
		addr: "127.0.0.1:0", textAddr: "127.0.0.1:0", up: make(chan struct{})}
	build := exec.Command("go", "build", "-o", s.bin, "nimmt/cmd/server")
	build.Dir = moduleRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/server: %v\n%s", err, out)
	}
	s.start()
	t.Cleanup(func() { s.stop(syscall.SIGKILL) })
	return s
}

// start runs the server; the first start picks free ports, later ones take the same again.
func (s *gameServer) start() {
	t := s.t
	t.Helper()
	// The decision timer is off in the test's room; a disconnected seat's bot waits an hour, so a
	// slow reload is never played for by the bot.
	s.cmd = exec.Command(s.bin, "-addr", s.addr, "-data", s.data, "-web", s.web, "-text", s.textAddr,
		"-rate", "1000", "-grace", "1h")
	s.cmd.Stderr = &lockedWriter{s}
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.exited = make(chan struct{})
	go func(c *exec.Cmd, done chan struct{}) { c.Wait(); close(done) }(s.cmd, s.exited)
	// The first lines name the addresses bound (the ports the first start picked).
	r := bufio.NewReader(out)
	for seen := 0; seen < 2; {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("server: %v\n%s", err, s.logs())
		}
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "server: listening on ") && len(f) >= 4:
			s.mu.Lock()
			s.addr = strings.TrimSuffix(strings.TrimPrefix(f[3], "http://"), "/")
			s.mu.Unlock()
			seen++
		case strings.HasPrefix(line, "server: text port on ") && len(f) >= 5:
			s.mu.Lock()
			s.textAddr = f[4]
			s.mu.Unlock()
			seen++
		}
	}
	go io.Copy(io.Discard, r)
	s.mu.Lock()
	close(s.up)
	s.mu.Unlock()
	t.Logf("game server on %s, text port on %s", s.addr, s.textAddr)
}

type lockedWriter struct{ s *gameServer }

func (w *lockedWriter) Write(b []byte) (int, error) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	return w.s.log.Write(b)
}

func (s *gameServer) logs() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.log.String()
}

// stop ends the server with sig (SIGKILL: nothing saved on the way out; SIGTERM: a clean stop).
func (s *gameServer) stop(sig syscall.Signal) {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	s.mu.Lock()
	s.up = make(chan struct{}) // before the signal: a client that sees its socket end waits for the next start
	s.mu.Unlock()
	s.cmd.Process.Signal(sig)
	<-s.exited
	s.cmd = nil
}

// webAddr is the server's HTTP address (the proxy's goroutines ask it while start may set it).
func (s *gameServer) webAddr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// textPort waits until the server listens (it may be starting again after a kill) and returns
// its text port's address; ok is false when the test ended first.
func (s *gameServer) textPort() (addr string, ok bool) {
	s.mu.Lock()
	up := s.up
	s.mu.Unlock()
	select {
	case <-up:
	case <-s.t.Context().Done():
		return "", false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.textAddr, true
}

// record is the room as the server stored it: its database opened again after the server stopped.
func (s *gameServer) record(code string) []int {
	t := s.t
	t.Helper()
	store, err := sqlite.Open(filepath.Join(s.data, "nimmt.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	hub, err := server.NewHub(store, server.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	r := hub.Room(code)
	if r == nil {
		t.Fatalf("the server stored no room %s", code)
	}
	sum := r.Summary()
	if sum.Result == nil {
		t.Fatalf("room %s as stored: %s, no result", code, sum.State)
	}
	return sum.Result.Totals
}

// proxy forwards TCP connections to the game server; cut drops every open one at once, as a lost
// network does (the browsers load the page and open their sockets through it).
type proxy struct {
	ln    net.Listener
	to    func() string
	mu    sync.Mutex
	conns []net.Conn
}

func newProxy(t *testing.T, to func() string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln, to: to}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go p.serve()
	return p
}

func (p *proxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.pipe(c)
	}
}

func (p *proxy) pipe(c net.Conn) {
	u, err := net.Dial("tcp", p.to())
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns = append(p.conns, c, u)
	p.mu.Unlock()
	go func() { io.Copy(u, c); u.Close() }()
	io.Copy(c, u)
	c.Close()
}

// cut closes every connection open through the proxy.
func (p *proxy) cut() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.conns) / 2
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
	return n
}

// textPlayer is a person on the text port: it joins with the text game's commands, plays the
// lowest card of its hand whenever asked (taking row 1 when it is too low), takes its seat back
// with "rejoin" after the server restarts, and keeps the totals printed at the game's end.
type textPlayer struct {
	t     *testing.T
	srv   *gameServer
	name  string
	code  string
	mu    sync.Mutex
	token string
	hand  []int
	// totals are the final totals the port printed; over is closed then.
	totals []int
	over   chan struct{}
	conn   net.Conn
	lines  []string
}

var (
	reToken  = regexp.MustCompile(`rejoin \S+ with (\S+)"`)
	reHand   = regexp.MustCompile(`\|\s+your hand: ([0-9 ]+)`)
	rePoints = regexp.MustCompile(`(\d+) points?`)
)

func newTextPlayer(t *testing.T, srv *gameServer, name, code, colour string) *textPlayer {
	p := &textPlayer{t: t, srv: srv, name: name, code: code, over: make(chan struct{})}
	p.connect(fmt.Sprintf("name %s\njoin game as %s on %s\n", name, colour, code))
	return p
}

// connect dials the text port and sends first; a reader goroutine answers the port until the
// connection ends, then dials again and rejoins (a restarted server).
func (p *textPlayer) connect(first string) {
	addr, ok := p.srv.textPort() // after a kill: once the server listens again
	if !ok {
		return
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		p.t.Errorf("text player: %v", err)
		return
	}
	p.mu.Lock()
	p.conn = c
	p.mu.Unlock()
	fmt.Fprint(c, first)
	go p.read(c)
}

func (p *textPlayer) read(c net.Conn) {
	sc := bufio.NewScanner(c)
	for sc.Scan() {
		line := sc.Text()
		p.mu.Lock()
		p.lines = append(p.lines, line)
		if m := reToken.FindStringSubmatch(line); m != nil {
			p.token = m[1]
		}
		if m := reHand.FindStringSubmatch(line); m != nil {
			p.hand = p.hand[:0]
			for _, f := range strings.Fields(m[1]) {
				n, _ := strconv.Atoi(f)
				p.hand = append(p.hand, n)
			}
		}
		hand := slices.Clone(p.hand)
		p.mu.Unlock()
		switch {
		case strings.Contains(line, "|   game over: "):
			var totals []int
			for _, m := range rePoints.FindAllStringSubmatch(line, -1) {
				n, _ := strconv.Atoi(m[1])
				totals = append(totals, n)
			}
			p.mu.Lock()
			if p.totals == nil {
				p.totals = totals
				close(p.over)
			}
			p.mu.Unlock()
		case strings.Contains(line, "> your turn: ") && len(hand) > 0:
			fmt.Fprintf(c, "play %d taking 1 on %s\n", hand[0], p.code)
		case strings.Contains(line, "is lower than every row: \"play "):
			f := strings.Fields(line[strings.Index(line, "\"play ")+1:])
			fmt.Fprintf(c, "play %s taking 1 on %s\n", f[1], p.code)
		}
	}
	select {
	case <-p.over:
		return
	default:
	}
	p.mu.Lock()
	tok := p.token
	p.mu.Unlock()
	if tok != "" {
		p.connect(fmt.Sprintf("rejoin %s with %s\n", p.code, tok))
	}
}

func (p *textPlayer) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conn != nil {
		p.conn.Close()
	}
}

func (p *textPlayer) done() bool {
	select {
	case <-p.over:
		return true
	default:
		return false
	}
}

// desktopPlayer is the desktop game (the native build) under Xvfb, joined to the room with -room
// and played by its autoplay; it prints its final scores when the game is over.
type desktopPlayer struct {
	cmd    *exec.Cmd
	out    strings.Builder
	mu     sync.Mutex
	exited chan struct{}
	err    error
}

func startDesktop(t *testing.T, serverAddr, code, name string) *desktopPlayer {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "nimmt")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = moduleRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build the game: %v\n%s", err, out)
	}
	cfg := filepath.Join(dir, "config")
	if err := os.MkdirAll(filepath.Join(cfg, "nimmt"), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := fmt.Sprintf(`{"name":%q,"speed":"instant"}`, name)
	if err := os.WriteFile(filepath.Join(cfg, "nimmt", "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	d := &desktopPlayer{exited: make(chan struct{})}
	// An 800x500 window: llvmpipe draws each frame on the CPU, and the checks are the scores.
	d.cmd = exec.Command("xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", bin, "-server", serverAddr, "-room", code, "-autoplay", "-size", "800x500")
	d.cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+cfg)
	d.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // xvfb-run's X server goes with it
	d.cmd.Stdout = &desktopOut{d}
	d.cmd.Stderr = &desktopOut{d}
	if err := d.cmd.Start(); err != nil {
		t.Fatalf("xvfb-run the game: %v", err)
	}
	go func() { d.err = d.cmd.Wait(); close(d.exited) }()
	t.Cleanup(func() {
		select {
		case <-d.exited:
		default:
			syscall.Kill(-d.cmd.Process.Pid, syscall.SIGKILL)
			d.cmd.Process.Kill()
			<-d.exited
		}
	})
	return d
}

type desktopOut struct{ d *desktopPlayer }

func (w *desktopOut) Write(b []byte) (int, error) {
	w.d.mu.Lock()
	defer w.d.mu.Unlock()
	return w.d.out.Write(b)
}

func (d *desktopPlayer) output() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.out.String()
}

func (d *desktopPlayer) done() bool {
	select {
	case <-d.exited:
		return true
	default:
		return false
	}
}

var reFinal = regexp.MustCompile(`nimmt: final scores \[([0-9 ]*)\]`)

// scores are the final scores the game printed, or nil.
func (d *desktopPlayer) scores() []int {
	m := reFinal.FindStringSubmatch(d.output())
	if m == nil {
		return nil
	}
	var out []int
	for _, f := range strings.Fields(m[1]) {
		n, _ := strconv.Atoi(f)
		out = append(out, n)
	}
	return out
}

// player is one browser page playing.
type player struct {
	name string
	ctx  context.Context
	over bool
	last roomView
	// frames is the page's frame count when last was read.
	frames int
}

// seedSettings gives a page's game its settings before it starts: the person's name, instant
// animations, and (for the room the host makes) a game of two rounds without a decision timer.
func seedSettings(t *testing.T, ctx context.Context, url, name string) {
	t.Helper()
	setSettings(t, ctx, url, fmt.Sprintf(`{"name":%q,"speed":"instant","seats":5,"end_mode":"rounds","rounds":2,"online":{"timer":0}}`, name))
}

// act makes the page's next move if it has one: a card (tap to lift, tap again to play), a row,
// the round score's Continue. It reports what it did ("" nothing).
func (p *player) act(t *testing.T) string {
	t.Helper()
	var v roomView
	p.frames = testStateAt(t, p.ctx, &v)
	p.last = v
	switch {
	case v.Scene == "gameover":
		p.over = true
	case v.Scene == "score":
		if b, ok := v.button("continue"); ok && b.Enabled {
			clickRect(t, p.ctx, v.gameState, b.Rect)
			return "continue"
		}
	case !v.Input:
	case v.Decision == "row" && len(v.RowRects) == 4:
		clickRect(t, p.ctx, v.gameState, v.RowRects[cheapestRow(v.gameState)])
		return "row"
	case v.Decision == "play" && v.Chosen == 0 && len(v.HandRects) > 0:
		clickRect(t, p.ctx, v.gameState, v.HandRects[0])
		return fmt.Sprintf("card %d", v.Hand[0])
	}
	return ""
}

// TestOnlineGame plays a whole online game on the real server (cmd/server, serving the web build,
// started by the test): the host in a desktop-sized Chromium page with the mouse makes the room
// and adds a bot, a phone-sized page with touch joins by the room's link, a person on the text
// port joins by the code, and the desktop game under Xvfb joins with -room and plays by its
// autoplay. Along the way the phone reloads its page in the middle of a turn, the
// network drops every socket in the middle of a turn, and the server is killed with SIGKILL and
// started again; everyone carries on. At the end each client's final scores equal the totals in
// the server's database.
func TestOnlineGame(t *testing.T) {
	enabled(t)
	web := buildSite(t)
	srv := startGameServer(t, web)
	px := newProxy(t, srv.webAddr)
	url := "http://" + px.ln.Addr().String()

	// The host at 1280x800 (the other tests' desktop window is smaller): its table is the
	// README's online-table-1280x800.png (scripts/docs-img.sh).
	host := &player{name: "host", ctx: browser(t)}
	run(t, host.ctx, step, chromedp.EmulateViewport(1280, 800))
	seedSettings(t, host.ctx, url, "Ann")
	open(t, host.ctx, url+"/")
	clickButton(t, host.ctx, "online")
	// Play online opens the public tables; Create a room goes straight to the room's form.
	waitRoom(t, host.ctx, "the public tables", func(v roomView) bool { return v.Scene == "public" })
	screenshot(t, host.ctx, "online-lobby-1280x800")
	clickButton(t, host.ctx, "create")
	waitRoom(t, host.ctx, "the room form", func(v roomView) bool { return v.Scene == "online-create" })
	clickButton(t, host.ctx, "start") // the form's Start: "Create a room"
	v := waitRoom(t, host.ctx, "the room", func(v roomView) bool {
		return v.Scene == "room" && v.Online != nil && v.Online.Code != "" && len(v.Online.Seats) == 1
	})
	code := v.Online.Code
	t.Logf("room %s: %+v", code, v.Online)

	// The phone at device pixel ratio 1: a quarter of the pixels SwiftShader draws for each frame
	// at ratio 2 (TestTouchPortrait plays at ratio 2).
	phone := &player{name: "phone", ctx: withTouch(browser(t))}
	run(t, phone.ctx, step, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch))
	seedSettings(t, phone.ctx, url, "Bo")
	open(t, phone.ctx, url+"/?room="+code)
	v = waitRoom(t, phone.ctx, "the join screen of the link", func(v roomView) bool { return v.Scene == "online" && v.Input })
	checkTargets(t, "phone lobby", v.gameState)
	screenshot(t, phone.ctx, "online-lobby-390x844")
	clickButton(t, phone.ctx, "join")
	waitRoom(t, phone.ctx, "a seat in the room", func(v roomView) bool {
		return v.Scene == "room" && v.Online != nil && v.Online.You == 1
	})

	cy := newTextPlayer(t, srv, "Cy", code, "blue")
	defer cy.close()
	waitRoom(t, host.ctx, "Cy on the text port", func(v roomView) bool { return len(v.Online.Seats) == 3 })
	dee := startDesktop(t, px.ln.Addr().String(), code, "Dee")
	waitRoom(t, host.ctx, "Dee's desktop game", func(v roomView) bool {
		if dee.done() {
			t.Fatalf("the desktop game ended: %v\n%s", dee.err, dee.output())
		}
		return len(v.Online.Seats) == 4
	})
	clickButton(t, host.ctx, "add-bot")
	v = waitRoom(t, host.ctx, "the bot", func(v roomView) bool { return len(v.Online.Seats) == 5 })
	screenshot(t, host.ctx, "online-room-1280x800")
	v = waitRoom(t, phone.ctx, "the phone's room", func(v roomView) bool { return v.Online != nil && len(v.Online.Seats) == 5 })
	checkTargets(t, "phone room", v.gameState)
	screenshot(t, phone.ctx, "online-room-390x844")
	clickButton(t, host.ctx, "start")

	// The game: each page makes its move when it has one; the text player and the bot answer by
	// themselves. The disruptions come at fixed points of the game.
	reloaded, cut, killed := false, false, false
	shots := map[string]bool{}
	deadline := time.Now().Add(6 * guard) // only a game that went wrong gets here
	for !(host.over && phone.over && cy.done() && dee.done()) {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end: host %v; phone %v; text player's last lines %q\ndesktop: %s\nserver: %s",
				host.last.gameState, phone.last.gameState, cy.tail(8), dee.output(), srv.logs())
		}
		if dee.done() && dee.scores() == nil {
			t.Fatalf("the desktop game ended before the game: %v\n%s", dee.err, dee.output())
		}
		acted := false
		for _, p := range []*player{host, phone} {
			if p.over {
				continue
			}
			if did := p.act(t); did != "" {
				acted = true
				t.Logf("%s: round %d turn %d: %s", p.name, p.last.Round, p.last.Turn, did)
			}
			s := p.last
			if s.Scene == "choose" && s.Input && s.Decision == "play" && !shots[p.name] {
				shots[p.name] = true
				screenshot(t, p.ctx, fmt.Sprintf("online-table-%vx%v", s.Width, s.Height))
			}
		}
		// A page reload in the middle of the phone's turn: the page opens on the room's link,
		// takes its seat back with the token it kept, and shows the game where it stands.
		if s := phone.last; !reloaded && s.Round == 1 && s.Turn == 3 && s.Decision == "play" && s.Chosen == 0 && s.Input {
			reloaded, acted = true, true
			hand := s.Hand
			t.Logf("phone: reload in round 1 turn 3 with hand %v", hand)
			open(t, phone.ctx, url+"/?room="+code)
			v := waitRoom(t, phone.ctx, "the phone back at the table", func(v roomView) bool {
				return v.Scene == "choose" && v.Input && v.Round == 1 && v.Turn == 3
			})
			if !slices.Equal(v.Hand, hand) {
				t.Errorf("after the reload the phone holds %v, before it %v", v.Hand, hand)
			}
		}
		// Every socket dropped in the middle of the host's turn: the links reconnect by themselves.
		if s := host.last; !cut && s.Round == 1 && s.Turn == 6 && s.Decision == "play" && s.Chosen == 0 && s.Input {
			cut, acted = true, true
			t.Logf("network: %d connections cut in round 1 turn 6", px.cut())
		}
		// The server killed in round 2 and started again on the same database: every client comes
		// back and the game goes on with no action lost.
		if s := host.last; !killed && s.Round == 2 && s.Turn == 2 && s.Input {
			killed, acted = true, true
			t.Logf("server: kill -9 in round 2 turn 2")
			srv.stop(syscall.SIGKILL)
			srv.start()
		}
		if !acted {
			waitProgress(t, deadline, []*player{host, phone}, cy.over, dee.exited)
		}
	}
	if !reloaded || !cut || !killed {
		t.Errorf("a disruption did not happen: reload %v, cut %v, kill %v", reloaded, cut, killed)
	}
	screenshot(t, host.ctx, "online-gameover-1280x800")
	screenshot(t, phone.ctx, "online-gameover-390x844")
	for _, p := range []*player{host, phone} {
		t.Logf("%s: %d frames drawn, %d updates", p.name, run(t, p.ctx, step, chromedp.Evaluate[int]("window.nimmtFrames || 0")), updates(t, p.ctx))
	}

	// Every client's final scores equal the server's record.
	srv.stop(syscall.SIGTERM)
	want := srv.record(code)
	t.Logf("server's record: %v", want)
	for _, p := range []*player{host, phone} {
		if !slices.Equal(p.last.Scores, want) {
			t.Errorf("%s's final scores %v, the server's record %v", p.name, p.last.Scores, want)
		}
	}
	cy.mu.Lock()
	got := cy.totals
	cy.mu.Unlock()
	if !slices.Equal(got, want) {
		t.Errorf("the text player's final totals %v, the server's record %v", got, want)
	}
	if got := dee.scores(); !slices.Equal(got, want) {
		t.Errorf("the desktop game's final scores %v, the server's record %v", got, want)
	}
}

// waitProgress waits, when no page had a move to make, until something can have changed: a page
// that is still playing draws a frame after the one its state was read at (a page draws frames
// only when its table changes), or the text player's game or the desktop game ends. The loop
// above then reads the pages again instead of asking them over and over while nothing moves.
func waitProgress(t *testing.T, deadline time.Time, pages []*player, ends ...<-chan struct{}) {
	t.Helper()
	c, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	var wg sync.WaitGroup
	for _, p := range pages {
		if p.over {
			continue
		}
		wg.Add(1)
		go func(p *player) {
			defer wg.Done()
			pc, stop := context.WithCancel(p.ctx)
			defer stop()
			go func() {
				<-c.Done()
				stop()
			}()
			if waitFrames(pc, p.frames) == nil {
				cancel()
			}
		}(p)
	}
	for _, end := range ends {
		wg.Add(1)
		go func(end <-chan struct{}) {
			defer wg.Done()
			select {
			case <-end:
				cancel()
			case <-c.Done():
			}
		}(end)
	}
	<-c.Done()
	wg.Wait()
}

// tail returns the text player's last n lines.
func (p *textPlayer) tail(n int) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.lines[max(0, len(p.lines)-n):])
}
