// Package clienttest holds test clients of the game server: a Player that plays random legal moves
// through a client.Link as the game loop does (waiting for its Notify, never sleeping), a Dialer
// whose connection a test can cut and whose received frames it can read, and the room most tests
// start from. The client package's tests and the game's (scenes) use it.
package clienttest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/protocol"
)

// Guard is how long a test waits for a message before it calls the test deadlocked: a guard
// against hanging for ever, never a quota.
const Guard = 2 * time.Minute

// Server is the game server a test plays on: in process (servertest) or outside the wasm.
type Server interface {
	URL() string
	Dial(ctx context.Context, base, code string) (client.Transport, error)
	WaitUp(ctx context.Context, d time.Duration) error
}

// Dialer dials the test server through To and keeps the last transport, so that a test can cut
// it, and every frame received.
type Dialer struct {
	To     client.Dialer
	mu     sync.Mutex
	last   client.Transport
	dials  int
	frames [][]byte
}

// Dial is a client.Dialer.
func (d *Dialer) Dial(ctx context.Context, base, code string) (client.Transport, error) {
	t, err := d.To(ctx, base, code)
	if err != nil {
		return nil, err
	}
	r := &recorder{Transport: t, d: d}
	d.mu.Lock()
	d.last, d.dials = r, d.dials+1
	d.mu.Unlock()
	return r, nil
}

// Dials is the number of connections opened.
func (d *Dialer) Dials() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.dials
}

// Frames returns every frame received over all the connections, in order.
func (d *Dialer) Frames() [][]byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([][]byte(nil), d.frames...)
}

// recorder is a Transport that keeps every frame received.
type recorder struct {
	client.Transport
	d *Dialer
}

func (r *recorder) Read(ctx context.Context) ([]byte, error) {
	b, err := r.Transport.Read(ctx)
	if err == nil {
		r.d.mu.Lock()
		r.d.frames = append(r.d.frames, b)
		r.d.mu.Unlock()
	}
	return b, err
}

// Drop cuts the current connection as a network failure would.
func (d *Dialer) Drop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.last.Close()
}

// Player is a client playing random legal moves through a Link, as the game loop does: it
// waits for Notify, polls, and answers each of its decisions once.
type Player struct {
	T    testing.TB
	Name string
	// D dials the Link's connections.
	D *Dialer
	L *client.Link
	// Note is told (without blocking) whenever the Link has news.
	Note  chan struct{}
	rng   *rand.Rand
	acted string
	// Acts counts the actions sent.
	Acts int
	// Hook, if set, runs after each action sent (a test cuts the connection there).
	Hook func(p *Player)
}

// Open opens a Link to the room with the code on srv whose first message is first, for a player
// whose random moves come from seed. The Link closes when the test ends.
func Open(t testing.TB, srv Server, code string, first protocol.Message, name string, seed uint64) *Player {
	p := &Player{T: t, Name: name, D: &Dialer{To: srv.Dial}, Note: make(chan struct{}, 1), rng: rand.New(rand.NewPCG(seed, 11))}
	p.L = client.Open(p.D.Dial, srv.URL(), code, first, client.LinkOptions{
		Notify: func() {
			select {
			case p.Note <- struct{}{}:
			default:
			}
		},
		Sleep: srv.WaitUp,
	})
	t.Cleanup(p.L.Close)
	return p
}

// Until polls until cond holds; a failed Link or a deadlock is an error.
func (p *Player) Until(what string, cond func() bool) error {
	for {
		p.L.Poll()
		if cond() {
			return nil
		}
		if st := p.L.Status(); st.Phase == client.LinkFailed {
			return fmt.Errorf("%s waiting for %s: link failed: %w", p.Name, what, st.Err)
		}
		select {
		case <-p.Note:
		case <-time.After(Guard):
			return errors.New(p.Name + " waiting for " + what + ": nothing came")
		}
	}
}

// Must is Until that fails the test on an error.
func (p *Player) Must(what string, cond func() bool) {
	p.T.Helper()
	if err := p.Until(what, cond); err != nil {
		p.T.Fatal(err)
	}
}

// Move answers the pending decision with a random legal action, once per decision.
func (p *Player) Move() {
	st := p.L.State()
	if st.Room.State != protocol.StatePlaying || st.Game != st.Room.Game {
		return
	}
	k := client.DecisionKey(&st.View)
	if k == "" || k == p.acted || st.View.Decision.Kind == engine.DecidePlay && len(st.View.MyPlay) > 0 {
		return // no decision, answered, or a card chosen (a mind is not changed here)
	}
	p.acted = k
	p.Acts++
	p.L.Send(protocol.Act{Game: st.Game, Action: engine.RandomAction(&st.View, p.rng)})
	if p.Hook != nil {
		p.Hook(p)
	}
}

// Over reports whether the player has seen its game end.
func (p *Player) Over() bool {
	st := p.L.State()
	return st.Room.State == protocol.StateOver && len(st.Events) > 0 && st.Events[len(st.Events)-1].Type() == "game_over"
}

// Play moves until the game is over; a refusal is an error.
func (p *Player) Play() error {
	return p.Until("game over", func() bool {
		if e, ok := p.L.Refusal(); ok {
			p.T.Errorf("%s: refused: %+v", p.Name, e)
		}
		p.Move()
		return p.Over()
	})
}

// Room makes a room with settings s whose host is Ann, seats Bo and a beginner bot, and returns
// its code and the two players once the room is made and the seats taken (not started).
func Room(t testing.TB, srv Server, s protocol.Settings) (code string, ann, bo *Player) {
	t.Helper()
	ann = Open(t, srv, "", protocol.Create{Version: protocol.Version, Settings: s, Name: "Ann"}, "Ann", 1)
	ann.Must("the room", func() bool { return ann.L.State().Room.Code != "" && ann.L.State().Token != "" })
	code = ann.L.State().Code
	bo = Open(t, srv, code, protocol.Join{Name: "Bo"}, "Bo", 2)
	bo.Must("a seat", func() bool { return bo.L.State().Token != "" })
	ann.L.Send(protocol.AddBot{Level: "beginner"})
	ann.Must("three seats", func() bool { return len(ann.L.State().Room.Seats) == 3 })
	return code, ann, bo
}

// Table is Room, started: it returns once both players have the first event.
func Table(t testing.TB, srv Server, s protocol.Settings) (code string, ann, bo *Player) {
	t.Helper()
	code, ann, bo = Room(t, srv, s)
	ann.L.Send(protocol.Start{})
	for _, p := range []*Player{ann, bo} {
		p.Must("the first event", func() bool { return p.L.State().Next > 0 })
	}
	return code, ann, bo
}

// Settings are a short game without a timer: three seats, two rounds.
func Settings() protocol.Settings {
	s := protocol.DefaultSettings(3)
	s.Timer, s.EndScore, s.Rounds = 0, 0, 2
	return s
}

// PlayAll plays every player to game over, each in its own goroutine.
func PlayAll(t testing.TB, ps ...*Player) {
	t.Helper()
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.Play(); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
}
