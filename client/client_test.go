package client_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/protocol"
)

// An event that does not fit the view (a seat the game does not have) is the engine's error from
// State.Apply, and the state is as before: no event counted, the view unchanged.
func TestStateApplyMalformedEvent(t *testing.T) {
	var st client.State
	must := func(m protocol.Message) {
		t.Helper()
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	must(protocol.Room{Settings: protocol.DefaultSettings(3), Seats: make([]protocol.Seat, 3), You: 0, Game: 1, State: protocol.StatePlaying})
	must(protocol.Event{Game: 1, Seq: 0, Event: engine.SeatChose{Seat: 1}})
	before := st
	before.View.Chosen = append([]bool(nil), st.View.Chosen...)
	err := st.Apply(protocol.Event{Game: 1, Seq: 1, Event: engine.SeatChose{Seat: 7}})
	var ee *engine.EventError
	if !errors.As(err, &ee) {
		t.Fatalf("a seat out of range: %v", err)
	}
	if st.Next != 1 || len(st.Events) != 1 || !reflect.DeepEqual(st.View, before.View) {
		t.Errorf("the state changed: next %d, %d events, view %+v", st.Next, len(st.Events), st.View)
	}
	// A malformed first event of a new game leaves the old game as it was.
	if err := st.Apply(protocol.Event{Game: 2, Seq: 0, Event: engine.SeatChose{Seat: -1}}); err == nil || st.Game != 1 || st.Next != 1 {
		t.Errorf("new game's bad first event: %v, game %d next %d", err, st.Game, st.Next)
	}
	// A gap and a duplicate are errors too.
	for _, seq := range []int{0, 2} {
		if err := st.Apply(protocol.Event{Game: 1, Seq: seq, Event: engine.SeatChose{Seat: 2}}); err == nil {
			t.Errorf("event %d accepted after event 0", seq)
		}
	}
}

// A seat that chose its card still has a play decision (it may change its mind until the reveal),
// but DecisionKey changes: the choice answered the decision it named.
func TestDecisionKeyAfterChoice(t *testing.T) {
	g, err := engine.NewGame(engine.DefaultConfig(3), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(0)
	before := client.DecisionKey(&v)
	if before == "" {
		t.Fatal("no decision at the start")
	}
	if err := g.Act(0, engine.PlayCard(v.Hand[0])); err != nil {
		t.Fatal(err)
	}
	v = g.View(0)
	if after := client.DecisionKey(&v); after == before || after == "" && v.Decision != nil {
		t.Errorf("key %q before the choice, %q after (decision %+v)", before, after, v.Decision)
	}
}
