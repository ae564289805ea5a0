package scenes

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// lagSession is a Session that behaves as a remote one does: the game lives elsewhere (an engine
// the "server" drives, with its bots answering at once), an action reaches it some ticks after
// Act returned, events reach the table in batches, and an action the game refuses comes back
// from a later Update with the engine's message. The table must not know the difference.
type lagSession struct {
	eg        *engine.Game
	seats     []session.Seat
	lag       int
	tick      int
	delivered int
	flight    []flight
	sent      int
	refuseOne bool // turn the first action into one the engine refuses
	refused   []error
}

type flight struct {
	seat int
	a    engine.Action
	due  int
}

func (l *lagSession) Config() engine.Config { return l.eg.Config() }
func (l *lagSession) Seats() []session.Seat { return l.seats }
func (l *lagSession) EventCount() int       { return l.delivered }
func (l *lagSession) EventsFor(seat, from int) []engine.Event {
	if from >= l.delivered {
		return nil
	}
	return l.eg.EventsFor(seat, from)[:l.delivered-from]
}
func (l *lagSession) Save() error                             { return nil }
func (l *lagSession) Deadline(int) (time.Time, time.Duration) { return time.Time{}, 0 }

func (l *lagSession) Act(seat int, a engine.Action) error {
	if !l.seats[seat].Here() {
		return session.ErrNotHere(seat)
	}
	l.sent++
	l.flight = append(l.flight, flight{seat, a, l.tick + l.lag})
	return nil
}

func (l *lagSession) Status(seat int) session.SeatStatus {
	if seat == 3 {
		return session.StatusAway
	}
	return session.StatusNone
}

func (l *lagSession) Update(still bool) (bool, error) {
	l.tick++
	var refused error
	for len(l.flight) > 0 && l.flight[0].due <= l.tick {
		f := l.flight[0]
		l.flight = l.flight[1:]
		if l.refuseOne && f.a.Kind == engine.DecidePlay {
			l.refuseOne = false
			f.a = engine.PlayCard(engine.DeckSize + 1) // no such card: the engine says so
		}
		if err := l.eg.Act(f.seat, f.a); err != nil {
			refused = err
			l.refused = append(l.refused, err)
		}
	}
	// The server's bots answer at once, whatever the table is showing.
	for s, st := range l.seats {
		if st.Kind != session.SeatRemote {
			continue
		}
		if d, ok := l.eg.Decision(s); ok && !(d.Kind == engine.DecidePlay && l.eg.Chosen(s)) {
			v := l.eg.View(s)
			if err := l.eg.Act(s, bots.Heuristic(&v)); err != nil {
				panic(err)
			}
		}
	}
	if l.tick%l.lag == 0 {
		l.delivered = l.eg.EventCount()
	}
	return false, refused
}

// TestRemoteLikeSession plays a whole game through a session whose events arrive late and in
// batches and whose first play is refused later: the table waits for its actions to come back,
// says the refusal in the log, lets the person play again, and ends where the game ends.
func TestRemoteLikeSession(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "fast")
	cfg := engine.DefaultConfig(4)
	cfg.EndScore, cfg.Rounds = 0, 1
	eg, err := engine.NewGame(cfg, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	seats := []session.Seat{{Kind: session.SeatPerson, Name: "Ann"}, {Kind: session.SeatRemote, Name: "Bo"}, {Kind: session.SeatRemote, Name: "Cy"}, {Kind: session.SeatRemote, Name: "Di"}}
	sess := &lagSession{eg: eg, seats: seats, lag: 7, refuseOne: true}
	tb := table.NewTableOn(g.host, sess, 0)
	g.goTo(tb)
	d := &driver{g: g}
	away := false
	g.InjectInput(func(in *ui.Input) {
		away = away || tb.Seats[3].State == msg.PlateAway
		d.step(in)
	})
	ts := runUntil(t, g, 100000, func(ts ui.TestState) bool { return ts.Scene == "gameover" && ts.Input })
	if !eg.Over() || !slices.Equal(ts.Scores, eg.Scores()) {
		t.Fatalf("table shows scores %v, the game %v (over %v)", ts.Scores, eg.Scores(), eg.Over())
	}
	if len(sess.refused) != 1 {
		t.Fatalf("refusals %v", sess.refused)
	}
	found := false
	for _, e := range tb.Log {
		found = found || e.M.ID == msg.LogRefused && strings.Contains(e.M.String(), sess.refused[0].Error())
	}
	if !found {
		t.Errorf("the refusal %q is not in the log", sess.refused[0])
	}
	if !away {
		t.Error("seat 4's plate never said it is away")
	}
	t.Logf("%d actions sent, 1 refused; scores %v", sess.sent, ts.Scores)
}
