package server_test

import (
	"testing"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server"
	"nimmt/server/leakcheck"
)

// checkLeaks reads every frame one connection received (seat -1: a spectator) against the
// game's whole record: no card of another seat's hand may appear in a frame before the public
// stream has shown it, and a spectator's deals hold no hand. It returns the events checked.
func checkLeaks(t *testing.T, rec *engine.Record, game, seat int, frames [][]byte) int {
	t.Helper()
	checked, err := leakcheck.Frames(rec, game, seat, frames)
	if err != nil {
		t.Error(err)
	}
	return checked
}

// Every variant through the server: two people and bots play a game to its end while a
// spectator watches, and every byte each connection received is checked for another hand's cards.
func TestEveryVariantNoLeak(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	for _, v := range engine.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			lo, _ := engine.SeatsAllowed(v)
			seats := max(lo, 4)
			s := protocol.Settings{Variant: v, Seats: seats, EndScore: engine.DefaultEndScore, Rounds: 1, Doublets: v == engine.Double}
			if v == engine.TCG {
				s.Rounds = 2
			}
			var levels []string
			for range seats - 2 {
				levels = append(levels, "beginner")
			}
			ann, bo := newPlayer(t, "Ann", 3), newPlayer(t, "Bo", 4)
			code := lobby(t, ts.url, s, levels, ann, bo)
			spy := newPlayer(t, "Spy", 5)
			spy.connect(ts.url, code)
			spy.hello()
			playAll(t, ann, bo)
			spy.until("game over", func(protocol.Message) bool { return spy.over() })
			rec := ts.hub.Room(code).Record()
			n := 0
			for _, p := range []*player{ann, bo, spy} {
				n += checkLeaks(t, rec, 1, p.st.Room.You, p.allFrames())
			}
			if n < 3*10 {
				t.Errorf("only %d events checked", n)
			}
			if len(ann.st.Events) != len(spy.st.Events) {
				t.Errorf("Ann saw %d events, the spectator %d", len(ann.st.Events), len(spy.st.Events))
			}
		})
	}
}

// The leak check finds a leak: a seat's frames with another seat's deal are refused.
func TestLeakCheckCatches(t *testing.T) {
	rec := &engine.Record{Format: engine.RecordFormat, Version: engine.RecordVersion, Config: engine.DefaultConfig(2)}
	hands := [][]engine.Card{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, {11, 12, 13, 14, 15, 16, 17, 18, 19, 20}}
	rec.Rounds = []engine.RoundRecord{{Deal: engine.Deal{Hands: hands, Rows: [4]engine.Card{30, 40, 50, 60}}}}
	ft := &testing.T{}
	full := engine.RoundDealt{Round: 1, Rows: [4]engine.Card{30, 40, 50, 60}, Hands: hands, Sizes: []int{10, 10}}
	b, _ := protocol.Encode(protocol.Event{Game: 1, Seq: 0, Event: full})
	done := make(chan bool)
	go func() {
		defer close(done)
		checkLeaks(ft, rec, 1, 0, [][]byte{b})
	}()
	<-done
	if !ft.Failed() {
		t.Errorf("a frame with seat 1's hand passes: %s", b)
	}
}
