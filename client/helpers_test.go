package client_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/protocol"
)

// guard is how long a test waits for a message before it calls the test deadlocked: a guard
// against hanging for ever, never a quota.
const guard = 2 * time.Minute

// gameServer is the game server a test plays on: in process (servertest) or outside the wasm.
type gameServer interface {
	URL() string
	Dial(ctx context.Context, base, code string) (client.Transport, error)
	WaitUp(ctx context.Context, d time.Duration) error
}

// dialer dials the test server through to and keeps the last transport, so that a test can cut it.
type dialer struct {
	to    client.Dialer
	mu    sync.Mutex
	last  client.Transport
	dials int
}

func (d *dialer) dial(ctx context.Context, base, code string) (client.Transport, error) {
	t, err := d.to(ctx, base, code)
	if err == nil {
		d.mu.Lock()
		d.last, d.dials = t, d.dials+1
		d.mu.Unlock()
	}
	return t, err
}

// drop cuts the current connection as a network failure would.
func (d *dialer) drop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.last.Close()
}

// linkPlayer is a client playing random legal moves through a Link, as the game loop does: it
// waits for Notify, polls, and answers each of its decisions once.
type linkPlayer struct {
	t     *testing.T
	name  string
	d     *dialer
	l     *client.Link
	note  chan struct{}
	rng   *rand.Rand
	acted string
	acts  int
	// hook runs after each action sent (a test cuts the connection there).
	hook func(p *linkPlayer)
}

// open opens a Link through server's dialer.
func open(t *testing.T, srv gameServer, code string, first protocol.Message, name string, seed uint64) *linkPlayer {
	p := &linkPlayer{t: t, name: name, d: &dialer{to: srv.Dial}, note: make(chan struct{}, 1), rng: rand.New(rand.NewPCG(seed, 11))}
	p.l = client.Open(p.d.dial, srv.URL(), code, first, client.LinkOptions{
		Notify: func() {
			select {
			case p.note <- struct{}{}:
			default:
			}
		},
		Sleep: srv.WaitUp,
	})
	t.Cleanup(p.l.Close)
	return p
}

// until polls until cond holds; a failed Link or a deadlock is an error.
func (p *linkPlayer) until(what string, cond func() bool) error {
	for {
		p.l.Poll()
		if cond() {
			return nil
		}
		if st := p.l.Status(); st.Phase == client.LinkFailed {
			return errors.New(p.name + " waiting for " + what + ": link failed: " + st.Err.Error())
		}
		select {
		case <-p.note:
		case <-time.After(guard):
			return errors.New(p.name + " waiting for " + what + ": nothing came")
		}
	}
}

func (p *linkPlayer) must(what string, cond func() bool) {
	p.t.Helper()
	if err := p.until(what, cond); err != nil {
		p.t.Fatal(err)
	}
}

// move answers the pending decision with a random legal action, once per decision.
func (p *linkPlayer) move() {
	st := p.l.State()
	if st.Room.State != protocol.StatePlaying || st.Game != st.Room.Game {
		return
	}
	k := client.DecisionKey(&st.View)
	if k == "" || k == p.acted {
		return
	}
	p.acted = k
	p.acts++
	p.l.Send(protocol.Act{Game: st.Game, Action: engine.RandomAction(&st.View, p.rng)})
	if p.hook != nil {
		p.hook(p)
	}
}

// over reports whether the player has seen its game end.
func (p *linkPlayer) over() bool {
	st := p.l.State()
	return st.Room.State == protocol.StateOver && len(st.Events) > 0 && st.Events[len(st.Events)-1].Type() == "game_over"
}

// play moves until the game is over; a refusal is an error.
func (p *linkPlayer) play() error {
	return p.until("game over", func() bool {
		if e, ok := p.l.Refusal(); ok {
			p.t.Errorf("%s: refused: %+v", p.name, e)
		}
		p.move()
		return p.over()
	})
}

// table makes a room of Ann (host), Bo and a beginner bot with settings s and starts it.
func table(t *testing.T, ts gameServer, s protocol.Settings) (code string, ann, bo *linkPlayer) {
	t.Helper()
	ann = open(t, ts, "", protocol.Create{Version: protocol.Version, Settings: s, Name: "Ann"}, "Ann", 1)
	ann.must("the room", func() bool { return ann.l.State().Room.Code != "" && ann.l.State().Token != "" })
	code = ann.l.State().Code
	bo = open(t, ts, code, protocol.Join{Name: "Bo"}, "Bo", 2)
	bo.must("a seat", func() bool { return bo.l.State().Token != "" })
	ann.l.Send(protocol.AddBot{Level: "beginner"})
	ann.must("three seats", func() bool { return len(ann.l.State().Room.Seats) == 3 })
	ann.l.Send(protocol.Start{})
	for _, p := range []*linkPlayer{ann, bo} {
		p.must("the first event", func() bool { return p.l.State().Next > 0 })
	}
	return code, ann, bo
}

func settings() protocol.Settings {
	s := protocol.DefaultSettings(3)
	s.Timer, s.EndScore, s.Rounds = 0, 0, 2
	return s
}

// playBoth plays both players to game over, each in its own goroutine.
func playBoth(t *testing.T, ps ...*linkPlayer) {
	t.Helper()
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.play(); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
}
