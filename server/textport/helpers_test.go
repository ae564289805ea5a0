package textport_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server"
	"nimmt/server/leakcheck"
	"nimmt/server/store/storetest"
	"nimmt/server/textport"
)

// guard is how long a test waits for a line or a message before it calls the test deadlocked: a
// guard against hanging for ever, never a quota.
const guard = 2 * time.Minute

// env is a hub on the suite's store (storetest: an SQLite file, or PostgreSQL) behind a real WebSocket endpoint and a real text port, both on
// 127.0.0.1, with a manual clock (timers and rate limits move only when a test says).
type env struct {
	t     *testing.T
	clock *clock.Manual
	hub   *server.Hub
	store storetest.Store
	tp    *textport.Server
	ws    string // ws://127.0.0.1:PORT
	text  string // 127.0.0.1:PORT
	stop  func() // closes everything (also done when the test ends)
}

func newEnv(t *testing.T, o textport.Options) *env {
	t.Helper()
	return newEnvAt(t, o, storetest.New(t))
}

// newEnvAt is newEnv on the database db (a second env on the same database is a restart).
func newEnvAt(t *testing.T, o textport.Options, db *storetest.DB) *env {
	t.Helper()
	e := &env{t: t, clock: clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))}
	store, err := db.Open()
	if err != nil {
		t.Fatal(err)
	}
	e.store = store
	e.hub, err = server.NewHub(store, server.Options{Clock: e.clock})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(e.hub.Handler(server.HTTPOptions{Rate: 1e9}))
	e.ws = "ws" + strings.TrimPrefix(hs.URL, "http")
	e.tp = textport.New(e.hub, o)
	ln, err := e.tp.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e.text = ln.Addr().String()
	served := make(chan error, 1)
	go func() { served <- e.tp.Serve(ln) }()
	var once sync.Once
	e.stop = func() {
		once.Do(func() {
			e.tp.Close()
			if err := <-served; err != nil {
				t.Errorf("Serve: %v", err)
			}
			hs.CloseClientConnections()
			e.hub.Close()
			hs.Close()
			store.Close()
		})
	}
	t.Cleanup(e.stop)
	return e
}

// fastText lifts the text port's line rate for tests that play as fast as they can.
var fastText = textport.Options{Rate: 1e9}

// textClient is a person at a telnet: it sends lines and reads what the port prints, keeping
// every line.
type textClient struct {
	t     *testing.T
	name  string
	nc    net.Conn
	br    *bufio.Reader
	mu    sync.Mutex
	lines []string
}

func dialText(t *testing.T, addr, name string) *textClient {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	c := &textClient{t: t, name: name, nc: nc, br: bufio.NewReader(nc)}
	c.until("the greeting", func(l string) bool { return strings.Contains(l, "Type \"help\"") })
	return c
}

func (c *textClient) send(line string) {
	c.t.Helper()
	c.nc.SetWriteDeadline(time.Now().Add(guard))
	if _, err := c.nc.Write([]byte(line + "\r\n")); err != nil {
		c.t.Fatalf("%s: send %q: %v", c.name, line, err)
	}
}

// readLine reads one line (without its CR LF).
func (c *textClient) readLine() (string, error) {
	c.nc.SetReadDeadline(time.Now().Add(guard))
	l, err := c.br.ReadString('\n')
	if err != nil {
		return "", err
	}
	l = strings.TrimRight(l, "\r\n")
	c.mu.Lock()
	c.lines = append(c.lines, l)
	c.mu.Unlock()
	return l, nil
}

// until reads lines until one satisfies cond, and returns it.
func (c *textClient) until(what string, cond func(string) bool) string {
	c.t.Helper()
	for {
		l, err := c.readLine()
		if err != nil {
			c.t.Fatalf("%s waiting for %s: %v (last lines: %q)", c.name, what, err, c.tail(8))
		}
		if cond(l) {
			return l
		}
	}
}

// untilHas reads until a line holds s.
func (c *textClient) untilHas(s string) string {
	c.t.Helper()
	return c.until(strconv.Quote(s), func(l string) bool { return strings.Contains(l, s) })
}

// untilErr reads until an error line and returns it.
func (c *textClient) untilErr() string {
	c.t.Helper()
	return c.until("an error", func(l string) bool { return strings.Contains(l, "error: ") })
}

// expectErrors sends each command and checks the error line it gets.
func (c *textClient) expectErrors(cases []struct{ cmd, want string }) {
	c.t.Helper()
	for _, x := range cases {
		c.send(x.cmd)
		if l := c.untilErr(); !strings.Contains(l, x.want) {
			c.t.Errorf("%s: %q: %q, want %q", c.name, x.cmd, l, x.want)
		}
	}
}

func (c *textClient) tail(n int) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.lines[max(0, len(c.lines)-n):])
}

func (c *textClient) all() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.lines)
}

var (
	codeRe   = regexp.MustCompile(`has the code ([A-Z2-9]{6})`)
	headerRe = regexp.MustCompile(`\| game \d+, round \d+, turn \d+`)
)

// makeRoom joins a new room as the host and returns its code.
func (c *textClient) makeRoom(cmd string) string {
	c.t.Helper()
	c.send(cmd)
	l := c.until("the room's code", func(l string) bool { return codeRe.MatchString(l) || strings.Contains(l, "error") })
	m := codeRe.FindStringSubmatch(l)
	if m == nil {
		c.t.Fatalf("%s: %q: %s", c.name, cmd, l)
	}
	return m[1]
}

// play plays the room's game to its end with random legal commands: it reads the table and the
// prompt and answers each decision once. "play C taking R" names a row in advance half the time;
// a refused command fails the test.
func (c *textClient) play(room string, rng *rand.Rand) {
	c.t.Helper()
	var header, hand, pool string
	acted := ""
	for {
		l, err := c.readLine()
		if err != nil {
			c.t.Fatalf("%s playing: %v (last lines: %q)", c.name, err, c.tail(8))
		}
		if !strings.HasPrefix(l, "["+room+"] ") {
			continue
		}
		body := strings.TrimPrefix(l, "["+room+"] ")
		switch {
		case strings.HasPrefix(body, "error: "):
			c.t.Fatalf("%s: refused: %s (last lines: %q)", c.name, l, c.tail(12))
		case strings.HasPrefix(body, "- game over"), strings.Contains(body, "the host finished the game"):
			return
		case headerRe.MatchString(l):
			header = body
		case strings.HasPrefix(body, "|   your hand: "):
			hand = strings.TrimPrefix(body, "|   your hand: ")
		case strings.HasPrefix(body, "|   draft from: "):
			pool = strings.TrimPrefix(body, "|   draft from: ")
		case strings.HasPrefix(body, "> "):
			key := header + "/" + hand + "/" + body
			if key == acted {
				continue
			}
			if cmd := answer(body[2:], hand, pool, room, rng); cmd != "" {
				acted = key
				c.send(cmd)
			}
		}
	}
}

func numbers(s string) []int {
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ';' || r == ':' || r == ',' }) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// answer is a random legal command for a prompt.
func answer(p, hand, pool, room string, rng *rand.Rand) string {
	h := numbers(strings.Split(hand, ";")[0])
	pick := func(cs []int) int { return cs[rng.IntN(len(cs))] }
	switch {
	case strings.HasPrefix(p, "your turn: play one or two cards"):
		if len(h) >= 2 && rng.IntN(2) == 0 {
			i := rng.Perm(len(h))
			return fmt.Sprintf("play %d and %d on %s", h[i[0]], h[i[1]], room)
		}
		return fmt.Sprintf("play %d on %s", pick(h), room)
	case strings.HasPrefix(p, "your turn: play two cards"):
		i := rng.Perm(len(h))
		return fmt.Sprintf("play %d and %d on %s", h[i[0]], h[i[1]], room)
	case strings.HasPrefix(p, "your turn: "):
		if rng.IntN(2) == 0 {
			return fmt.Sprintf("play %d taking %d on %s", pick(h), 1+rng.IntN(4), room)
		}
		return fmt.Sprintf("play %d on %s", pick(h), room)
	case strings.Contains(p, "is lower than every row: \"play"):
		return fmt.Sprintf("play %d taking %d on %s", numbers(p)[0], 1+rng.IntN(4), room)
	case strings.HasPrefix(p, "your draft"):
		return fmt.Sprintf("draft %d on %s", pick(numbers(pool)), room)
	case strings.HasPrefix(p, "place "):
		cs := numbers(strings.SplitN(p, ":", 2)[0])
		return fmt.Sprintf("first %d on %s", pick(cs), room)
	case strings.HasPrefix(p, "you took "):
		cs := numbers(strings.SplitN(p, ":", 2)[0])
		if rng.IntN(2) == 0 {
			return "keep none on " + room
		}
		return fmt.Sprintf("keep %d on %s", pick(cs), room)
	}
	return ""
}

// wsPlayer is a WebSocket player: the Go client playing random legal moves.
type wsPlayer struct {
	t     *testing.T
	name  string
	conn  *client.Conn
	st    client.State
	rng   *rand.Rand
	acted string
}

func dialWS(t *testing.T, url, code, name string, seed uint64) *wsPlayer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	c, err := client.Dial(ctx, url, code)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	p := &wsPlayer{t: t, name: name, conn: c, rng: rand.New(rand.NewPCG(seed, 3))}
	p.send(protocol.Hello{Version: protocol.Version})
	p.until("the room", func(m protocol.Message) bool { return m.Type() == protocol.TypeRoom })
	p.send(protocol.Join{Name: name})
	p.until("the seat", func(m protocol.Message) bool { return m.Type() == protocol.TypeJoined })
	return p
}

func (p *wsPlayer) send(m protocol.Message) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	if err := p.conn.Send(ctx, m); err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
}

// recv reads and folds one message.
func (p *wsPlayer) recv() (protocol.Message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	m, err := p.conn.Recv(ctx)
	if err == nil {
		err = p.st.Apply(m)
	}
	return m, err
}

func (p *wsPlayer) until(what string, cond func(protocol.Message) bool) {
	p.t.Helper()
	for {
		m, err := p.recv()
		if err != nil {
			p.t.Fatalf("%s waiting for %s: %v", p.name, what, err)
		}
		if cond(m) {
			return
		}
	}
}

// playToEnd plays random legal moves until the game is over; an error from the server fails
// the test. It runs in its own goroutine, so it reports with Errorf.
func (p *wsPlayer) playToEnd() {
	for {
		if p.st.Room.State == protocol.StatePlaying && p.st.Game == p.st.Room.Game && p.st.View.Decision != nil {
			v := &p.st.View
			k := fmt.Sprint(v.Round, v.Turn, v.Phase, *v.Decision, len(v.Hand), len(v.Pool))
			if k != p.acted {
				p.acted = k
				ctx, cancel := context.WithTimeout(context.Background(), guard)
				err := p.conn.Send(ctx, protocol.Act{Game: p.st.Game, Action: engine.RandomAction(v, p.rng)})
				cancel()
				if err != nil {
					p.t.Errorf("%s: %v", p.name, err)
					return
				}
			}
		}
		if n := len(p.st.Events); n > 0 && p.st.Events[n-1].Type() == "game_over" {
			return
		}
		m, err := p.recv()
		if err != nil {
			p.t.Errorf("%s playing: %v", p.name, err)
			return
		}
		if e, ok := m.(protocol.Error); ok {
			p.t.Errorf("%s: refused: %+v", p.name, e)
			return
		}
	}
}

// The leak check of the text stream. Only cards stand alone as numbers in the port's output;
// every other number has its word (render.go), which notCards takes out.
var (
	notCards = regexp.MustCompile(`(?i)\b(round|turn|row|game|seat|code|timer|bot)\s+\d+|\d+\s+(bullheads?|points?|cards?|seats?|rounds?|s)\b`)
	bareNum  = regexp.MustCompile(`(?:^|[\s,;:(])(\d+)(?:[\s,.;:)]|$)`)
)

// lineCards returns the card numbers a line of text shows.
func lineCards(l string) []int {
	l = notCards.ReplaceAllString(l, " ")
	var out []int
	// Matches may share a separator: scan from each match's number on.
	for i := 0; i < len(l); {
		loc := bareNum.FindStringSubmatchIndex(l[i:])
		if loc == nil {
			break
		}
		n, _ := strconv.Atoi(l[i+loc[2] : i+loc[3]])
		out = append(out, n)
		i += loc[3]
	}
	return out
}

// checkTextLeaks reads every line the text connection of seat received in room (game 1) against
// the game's record: no card of another hand may appear before the public stream has shown it.
// The port prints exactly one "- " line per event, so the k-th such line is event k and every
// line after it is printed knowing events up to k. It returns the event lines checked.
func checkTextLeaks(t *testing.T, rec *engine.Record, room string, seat int, lines []string) int {
	t.Helper()
	secret, err := leakcheck.Secrets(rec, seat)
	if err != nil {
		t.Fatal(err)
	}
	k := -1
	prefix := "[" + room + "] "
	for i, l := range lines {
		if !strings.HasPrefix(l, prefix) {
			continue
		}
		body := strings.TrimPrefix(l, prefix)
		if strings.HasPrefix(body, "- ") {
			k++
			if k >= len(secret) {
				t.Fatalf("line %d: event line %d of a game of %d events: %s", i, k, len(secret), l)
			}
		}
		if k < 0 || strings.HasPrefix(body, "<") {
			continue // nothing dealt yet; chat is what people typed
		}
		for _, c := range lineCards(body) {
			if secret[k][c] {
				t.Errorf("line %d (after event %d) shows card %d of another hand before it is revealed: %s", i, k, c, l)
			}
		}
	}
	return k + 1
}
