package server_test

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server"
)

func noTimer(seats int) protocol.Settings {
	s := protocol.DefaultSettings(seats)
	s.Timer = 0
	return s
}

// seatChose reports whether the player's events hold a seat_chose of seat s after event from.
func seatChose(p *player, s, from int) bool {
	for _, e := range p.st.Events[min(from, len(p.st.Events)):] {
		if c, ok := e.(engine.SeatChose); ok && c.Seat == s {
			return true
		}
	}
	return false
}

// roundTrip sends /help and reads until its answer: every message the server sent before is read.
func (p *player) roundTrip() {
	p.t.Helper()
	p.send(protocol.Say{Text: "/help"})
	p.until("the /help answer", func(m protocol.Message) bool {
		c, ok := m.(protocol.Chat)
		return ok && c.System && strings.HasPrefix(c.Text, "commands:")
	})
}

// A player whose connection drops while they owe a decision comes back with their token and the
// next event they need: the events resume with no gap and no duplicate, and the game finishes.
// Meanwhile the others see the seat disconnected, and the seat is held (the grace never ends on
// the test's clock).
func TestReconnectMidTurn(t *testing.T) {
	ts := newTestServer(t, server.Options{Grace: time.Hour}, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	lobby(t, ts.url, noTimer(3), []string{"beginner"}, ann, bo)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		bo.playTo("game over", bo.over)
	}()
	ann.playTo("mid-round", func() bool {
		return ann.st.Next >= 12 && ann.st.View.Decision != nil && decisionKey(&ann.st.View) != ann.acted
	})
	before := slices.Clone(ann.st.Events)
	// Bo sees Ann disconnected before she is back: the server may take her new hello before it
	// notices the old connection closed, so the reconnect waits for Bo's word of it.
	mark := bo.rec.mark()
	ann.conn.Close()
	if !bo.rec.waitFrame(mark, func(m protocol.Message) bool {
		r, ok := m.(protocol.Room)
		return ok && len(r.Seats) == 3 && !r.Seats[0].Connected
	}) {
		t.Fatal("Bo never saw Ann disconnected")
	}
	ann.connect(ts.url, ann.st.Code)
	ann.hello()
	if w := ann.st.Welcome; w.Game != 1 || w.Events < len(before) {
		t.Errorf("welcome after the reconnect says game %d with %d events; Ann holds %d", w.Game, w.Events, len(before))
	}
	if ann.st.Room.You != 0 || !ann.st.Room.Seats[0].Connected {
		t.Fatalf("Ann back as seat %d, seats %+v", ann.st.Room.You, ann.st.Room.Seats)
	}
	ann.playTo("game over", ann.over)
	wg.Wait()
	if !reflect.DeepEqual(ann.st.Events[:len(before)], before) {
		t.Error("the events before the drop changed")
	}
	// Asking for events it already holds is a duplicate the client notices.
	ann.connect(ts.url, ann.st.Code)
	h := ann.st.Hello()
	h.Since = 3
	ann.send(h)
	for {
		if _, err := ann.recv(); err != nil {
			if !strings.Contains(err.Error(), "was due") {
				t.Errorf("a resent event: %v", err)
			}
			break
		}
	}
}

// The decision timer runs on the injected clock: a person who does not decide in time is taken
// over by their fallback bot and shown away until they are back.
func TestTimerTakeover(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	s := protocol.DefaultSettings(3)
	s.Timer = 30
	start := ts.clock.Now()
	lobby(t, ts.url, s, []string{"beginner"}, ann, bo)
	ann.roundTrip()
	want := start.Add(30 * time.Second).UnixMilli()
	if ann.st.Room.Deadline != want {
		t.Errorf("deadline %d, want %d", ann.st.Room.Deadline, want)
	}
	// seatDeadlines checks each seat's own deadline: want for the people deciding, none for the
	// bot and for a person who has chosen (seat chose).
	seatDeadlines := func(chose int) {
		t.Helper()
		for i, x := range ann.st.Room.Seats {
			w := want
			if x.Kind == protocol.KindBot || i == chose {
				w = 0
			}
			if x.Deadline != w {
				t.Errorf("%s's deadline %d, want %d", x.Name, x.Deadline, w)
			}
		}
	}
	seatDeadlines(-1)
	bo.move()
	ann.until("Bo's choice", func(protocol.Message) bool { return seatChose(ann, 1, 0) })
	ann.roundTrip()
	seatDeadlines(1)
	ts.clock.Advance(29 * time.Second)
	ann.roundTrip()
	if seatChose(ann, 0, 0) || ann.st.Room.Seats[0].Away {
		t.Fatal("Ann's bot decided before the deadline")
	}
	ts.clock.Advance(time.Second)
	ann.until("Ann's bot's card", func(protocol.Message) bool {
		return ann.st.Room.Seats[0].Away && seatChose(ann, 0, 0)
	})
	if ann.st.Room.Seats[1].Away {
		t.Error("Bo, who decided in time, is away")
	}
	// While away the bot decides at once: Bo plays on (row choices included) and turn 3 comes
	// with no move of the clock.
	done := make(chan error)
	go func() { done <- bo.play(func() bool { return bo.st.View.Turn >= 3 }) }()
	ann.until("turn 3", func(protocol.Message) bool { return ann.st.View.Turn >= 3 })
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	ann.send(protocol.Back{})
	ann.until("back", func(protocol.Message) bool { return !ann.st.Room.Seats[0].Away })
	if !ann.move() {
		t.Fatal("Ann has no decision after coming back")
	}
	ann.until("Ann's own card", func(protocol.Message) bool { return seatChose(ann, 0, len(ann.st.Events)-1) })
	if len(ann.st.Errors) > 0 {
		t.Errorf("errors: %+v", ann.st.Errors)
	}
}

// A resigned seat is played by its bot to the end; its person may no longer act.
func TestResign(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	lobby(t, ts.url, noTimer(3), []string{"beginner"}, ann, bo)
	bo.send(protocol.Say{Text: "/resign"})
	bo.until("resigned", func(protocol.Message) bool { return bo.st.Room.Seats[1].Resigned })
	bo.send(protocol.Act{Game: 1, Action: engine.PlayCard(bo.st.View.Hand[0])})
	if e := bo.untilError(); e.Code != protocol.ErrState {
		t.Errorf("a resigned seat acts: %+v", e)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		bo.until("game over", func(protocol.Message) bool { return bo.over() })
	}()
	ann.playTo("game over", ann.over)
	wg.Wait()
	if r := ann.st.Room.Result; r == nil || r.Finished || slices.Max(r.Totals) < 66 {
		t.Errorf("result %+v", r)
	}
}

// The host finishes the game: it ends at once with the totals as they stand (scored rounds plus
// this round's bullheads); then "play again" starts game 2 with the same seats.
func TestFinishAndAgain(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	lobby(t, ts.url, noTimer(3), []string{"beginner"}, ann, bo)
	bo.send(protocol.Finish{}) // not the host
	if e := bo.untilError(); e.Code != protocol.ErrNotHost {
		t.Errorf("Bo's finish: %+v", e)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		bo.play(func() bool { return bo.st.Room.State == protocol.StateOver })
	}()
	ann.playTo("round 2", func() bool { return ann.st.View.Round == 2 && ann.st.View.Turn == 3 })
	ann.send(protocol.Finish{})
	ann.until("over", func(protocol.Message) bool { return ann.st.Room.State == protocol.StateOver })
	<-done
	bo.roundTrip() // an action Bo sent as the game ended gets its refusal before game 2
	r := ann.st.Room.Result
	v := ann.st.View
	if r == nil || !r.Finished {
		t.Fatalf("result %+v", r)
	}
	for i := range r.Totals {
		if r.Totals[i] != v.Scores[i]+v.Penalties[i] {
			t.Errorf("seat %d total %d, want %d + %d", i, r.Totals[i], v.Scores[i], v.Penalties[i])
		}
	}
	ann.send(protocol.Act{Game: 1, Action: engine.PlayCard(v.Hand[0])})
	if e := ann.untilError(); e.Code != protocol.ErrState {
		t.Errorf("an action after the finish: %+v", e)
	}
	ann.send(protocol.Say{Text: "/again"})
	for _, p := range []*player{ann, bo} {
		p.until("game 2", func(protocol.Message) bool { return p.st.Game == 2 && p.st.Room.State == protocol.StatePlaying })
	}
	if got := ann.st.Room.Seats; len(got) != 3 || got[0].Name != "Ann" || got[1].Name != "Bo" || got[2].Kind != protocol.KindBot {
		t.Errorf("seats of game 2: %+v", got)
	}
	playAll(t, ann, bo)
	if ann.st.Game != 2 || ann.st.Room.Result == nil || ann.st.Room.Result.Finished {
		t.Errorf("game %d result %+v", ann.st.Game, ann.st.Room.Result)
	}
}

// Hostile clients get errors or are disconnected; the room and its players carry on.
func TestHostileClients(t *testing.T) {
	ts := newTestServer(t, server.Options{JoinAttempts: 5}, server.HTTPOptions{})
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	s := noTimer(3)
	s.Rounds = 1
	code := lobby(t, ts.url, s, []string{"beginner"}, ann, bo)

	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	// Garbage: an error, and the connection stays.
	g := newPlayer(t, "Garbage", 9)
	g.connect(ts.url, code)
	for _, b := range []string{"{", `{"type":"hello","v":1}x`, `{"type":"nope"}`, "\x00\xff"} {
		if err := g.rec.Write(ctx, []byte(b)); err != nil {
			t.Fatal(err)
		}
		if e := g.untilError(); e.Code != protocol.ErrBadMessage {
			t.Errorf("%q: %+v", b, e)
		}
	}
	g.hello()
	g.send(protocol.Act{Game: 1, Action: engine.PlayCard(5)})
	if e := g.untilError(); e.Code != protocol.ErrNoSeat {
		t.Errorf("a spectator's action: %+v", e)
	}
	g.send(protocol.Start{})
	if e := g.untilError(); e.Code != protocol.ErrNotHost {
		t.Errorf("a spectator's start: %+v", e)
	}
	// A huge frame: disconnected.
	huge := newPlayer(t, "Huge", 10)
	huge.connect(ts.url, code)
	huge.rec.Write(ctx, []byte(`{"type":"say","text":"`+strings.Repeat("x", 1<<20)+`"}`))
	if _, err := huge.recv(); err == nil {
		t.Error("a 1 MB frame did not close the connection")
	}
	// A flood: errors, then disconnected.
	flood := newPlayer(t, "Flood", 11)
	flood.connect(ts.url, code)
	var ferr error
	for i := 0; i < 1000 && ferr == nil; i++ {
		ferr = flood.rec.Write(ctx, []byte(`{"type":"back"}`))
	}
	for ferr == nil {
		_, ferr = flood.recv()
	}
	limited := false
	for _, e := range flood.st.Errors {
		limited = limited || e.Code == protocol.ErrLimit
		if e.Code == protocol.ErrLimit && e.Ref != protocol.TypeBack { // #27 finding 7: no ref
			t.Errorf("a limit error names %q as the refused message; want %q", e.Ref, protocol.TypeBack)
		}
	}
	if !limited {
		t.Errorf("the flood got no limit error: %d errors", len(flood.st.Errors))
	}
	// Guessed tokens: refused, then the address is cut off.
	thief := newPlayer(t, "Thief", 12)
	thief.connect(ts.url, code)
	thief.st.Token = "AAAAAAAAAAAAAAAAAAAAAA"
	for i := 0; ; i++ {
		thief.send(thief.st.Hello())
		e := thief.untilError()
		if e.Code == protocol.ErrLimit {
			break
		}
		if e.Code != protocol.ErrToken || i > 10 {
			t.Fatalf("guess %d: %+v", i, e)
		}
	}
	// Out of turn and illegal actions: the engine's error, nothing changes.
	ann.roundTrip()
	v := ann.st.View
	bad := engine.Card(1)
	for slices.Contains(v.Hand, bad) {
		bad++
	}
	for _, a := range []engine.Action{engine.PlayCard(bad), engine.TakeRow(1), engine.DraftCard(v.Hand[0])} {
		ann.send(protocol.Act{Game: 1, Action: a})
		if e := ann.untilError(); e.Code != protocol.ErrIllegal || !strings.HasPrefix(e.Message, "engine: seat 0") {
			t.Errorf("%+v: %+v", a, e)
		}
	}
	if !reflect.DeepEqual(ann.st.View, v) {
		t.Error("a refused action changed Ann's view")
	}
	playAll(t, ann, bo)
}

// /help answers each person with the commands they may send: the host's list names /start and
// the bot levels; a guest's names neither (only the host starts, #26).
func TestHelpSaysWhatTheAskerMay(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	seated(t, ts.url, noTimer(3), ann, bo)
	answer := func(p *player) string {
		p.send(protocol.Say{Text: "/help"})
		return p.until("the /help answer", func(m protocol.Message) bool {
			c, ok := m.(protocol.Chat)
			return ok && c.System && strings.HasPrefix(c.Text, "commands:")
		}).(protocol.Chat).Text
	}
	if host := answer(ann); !strings.Contains(host, "/start") || !strings.Contains(host, "beginner") {
		t.Errorf("the host's /help = %q, want /start and the levels", host)
	}
	if guest := answer(bo); strings.Contains(guest, "/start") || strings.Contains(guest, "/bot") {
		t.Errorf("a guest's /help = %q, want neither /start nor /bot", guest)
	}
}
