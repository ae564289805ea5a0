// Command floodprobe measures what one address flooding a game server does to everyone else: it
// starts a server binary (go build -o BIN ./cmd/server) as a child on loopback with its default
// limits, then a well-behaved client from 127.0.0.1 creates a room, joins it with a bot, and
// plays, timing each action to the event that answers it (its own "chose" event), before, during
// and after a flood in which 127.0.0.2 opens as many connections as it can on both ports (the
// WebSocket endpoint and the text port) and holds them, sending nothing. It prints the latency
// per phase and how many connections the flooding address got and was refused.
//
//	go build -o /tmp/nimmt-server ./cmd/server && go run ./cmd/floodprobe -bin /tmp/nimmt-server
//
// scripts/flood-figures.sh runs it; docs/server.md ("Security and limits") has its figures.
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
	"regexp"
	"slices"
	"time"

	"github.com/coder/websocket"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/protocol"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "floodprobe:", err)
		os.Exit(1)
	}
}

func run() error {
	bin := flag.String("bin", "", "the server binary (go build -o BIN ./cmd/server)")
	actions := flag.Int("actions", 30, "actions timed per phase")
	maxFlood := flag.Int("flood", 3000, "most connections the flooding address tries per port")
	think := flag.Duration("think", 150*time.Millisecond, "the client's pause before each action (the server allows 10 messages a second)")
	flag.Parse()
	if *bin == "" {
		return errors.New("-bin: the server binary")
	}
	dir, err := os.MkdirTemp("", "floodprobe")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command(*bin, "-addr", "127.0.0.1:0", "-text", "127.0.0.1:0", "-admin", "", "-data", dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	httpAddr, textAddr, err := addresses(out)
	if err != nil {
		return err
	}
	ws := "ws://" + httpAddr

	p, err := newPlayer(ws)
	if err != nil {
		return err
	}
	fmt.Printf("%-8s %8s %10s %10s %10s\n", "phase", "actions", "median", "p90", "max")
	if err := p.phase("before", *actions, *think); err != nil {
		return err
	}
	f := &flood{}
	f.open(ws, textAddr, *maxFlood)
	if err := p.phase("during", *actions, *think); err != nil {
		return err
	}
	f.close()
	if err := p.phase("after", *actions, *think); err != nil {
		return err
	}
	fmt.Printf("flooding address 127.0.0.2: WebSocket %d held, %d refused (%v); text port %d held, %d refused or closed at once\n",
		f.wsHeld, f.wsRefused, f.wsStatus, f.textHeld, f.textRefused)
	return nil
}

// addresses reads the server's first lines for the addresses it bound.
func addresses(out interface{ Read([]byte) (int, error) }) (httpAddr, textAddr string, err error) {
	sc := bufio.NewScanner(out)
	listening := regexp.MustCompile(`listening on https?://([^/]+)/`)
	text := regexp.MustCompile(`text port on (\S+)`)
	for (httpAddr == "" || textAddr == "") && sc.Scan() {
		if m := listening.FindStringSubmatch(sc.Text()); m != nil {
			httpAddr = m[1]
		}
		if m := text.FindStringSubmatch(sc.Text()); m != nil {
			textAddr = m[1]
		}
	}
	if httpAddr == "" || textAddr == "" {
		return "", "", errors.New("the server did not say its addresses")
	}
	go func() {
		for sc.Scan() {
		}
	}()
	return httpAddr, textAddr, nil
}

// player is the well-behaved client: a room of its own with a bot, played with random legal
// moves; a new game when one ends.
type player struct {
	c   *client.Conn
	st  client.State
	rng *rand.Rand
}

func newPlayer(ws string) (*player, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := client.Dial(ctx, ws, "")
	if err != nil {
		return nil, err
	}
	p := &player{c: c, rng: rand.New(rand.NewPCG(1, 2))}
	s := protocol.DefaultSettings(2)
	s.Timer = 0
	if err := c.Send(ctx, protocol.Create{Version: protocol.Version, Settings: s, Name: "Ann"}); err != nil {
		return nil, err
	}
	if err := p.until(ctx, func(m protocol.Message) bool { return m.Type() == protocol.TypeRoom }); err != nil {
		return nil, err
	}
	c.Send(ctx, protocol.AddBot{Level: "beginner"})
	c.Send(ctx, protocol.Start{})
	return p, nil
}

func (p *player) until(ctx context.Context, cond func(protocol.Message) bool) error {
	for {
		m, err := p.c.Recv(ctx)
		if err != nil {
			return err
		}
		if err := p.st.Apply(m); err != nil {
			return err
		}
		if e, ok := m.(protocol.Error); ok {
			return fmt.Errorf("refused: %s", e.Message)
		}
		if cond(m) {
			return nil
		}
	}
}

// phase times n actions and prints their latency.
func (p *player) phase(name string, n int, think time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var took []time.Duration
	for len(took) < n {
		if err := p.until(ctx, func(protocol.Message) bool {
			return p.st.Room.State == protocol.StateOver || p.st.View.Decision != nil && p.st.Game == p.st.Room.Game
		}); err != nil {
			return err
		}
		if p.st.Room.State == protocol.StateOver {
			p.c.Send(ctx, protocol.Again{})
			if err := p.until(ctx, func(protocol.Message) bool { return p.st.Room.State == protocol.StatePlaying }); err != nil {
				return err
			}
			continue
		}
		time.Sleep(think)
		before := len(p.st.Events)
		start := time.Now()
		if err := p.c.Send(ctx, protocol.Act{Game: p.st.Game, Action: engine.RandomAction(&p.st.View, p.rng)}); err != nil {
			return err
		}
		if err := p.until(ctx, func(protocol.Message) bool { return answered(p.st.Events[before:], p.st.Room.You) }); err != nil {
			return err
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	fmt.Printf("%-8s %8d %10v %10v %10v\n", name, len(took), took[len(took)/2].Round(time.Microsecond),
		took[len(took)*9/10].Round(time.Microsecond), took[len(took)-1].Round(time.Microsecond))
	return nil
}

// answered reports whether events hold the answer to seat you's action: its choice, or what
// followed a row or order choice.
func answered(events []engine.Event, you int) bool {
	for _, e := range events {
		switch e := e.(type) {
		case engine.SeatChose:
			if e.Seat == you {
				return true
			}
		case engine.RowTaken, engine.OrderChosen, engine.CardsKept, engine.CardDrafted:
			return true
		}
	}
	return false
}

// flood is the flooding address's connections.
type flood struct {
	conns                 []interface{ Close() error }
	wsHeld, wsRefused     int
	wsStatus              map[int]int
	textHeld, textRefused int
}

// open opens up to max connections on each port from 127.0.0.2 and holds them.
func (f *flood) open(ws, textAddr string, max int) {
	f.wsStatus = map[int]int{}
	local := &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}
	hc := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{LocalAddr: local}).DialContext}}
	for range max {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, resp, err := websocket.Dial(ctx, ws+"/ws", &websocket.DialOptions{HTTPClient: hc})
		cancel()
		if err != nil {
			f.wsRefused++
			if resp != nil {
				f.wsStatus[resp.StatusCode]++
			}
			if f.wsRefused >= 50 {
				break
			}
			continue
		}
		f.wsHeld++
		f.conns = append(f.conns, closeFunc(c.CloseNow))
	}
	d := net.Dialer{LocalAddr: local, Timeout: 5 * time.Second}
	for range max {
		c, err := d.Dial("tcp", textAddr)
		if err != nil {
			f.textRefused++
			continue
		}
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		line, err := bufio.NewReader(c).ReadString('\n')
		if err != nil || regexp.MustCompile(`try later`).MatchString(line) {
			f.textRefused++
			c.Close()
			if f.textRefused >= 50 {
				break
			}
			continue
		}
		f.textHeld++
		f.conns = append(f.conns, c)
	}
}

func (f *flood) close() {
	for _, c := range f.conns {
		c.Close()
	}
}

// closeFunc adapts a func to Close.
type closeFunc func() error

func (c closeFunc) Close() error { return c() }
