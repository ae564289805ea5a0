package server_test

import (
	"slices"
	"testing"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server"
)

// Two people on WebSocket clients and one bot play a whole game to its end over real sockets;
// both clients see the same totals as the room's result, and the events form the game the
// engine's record replays to.
func TestFullGame(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	s := protocol.DefaultSettings(3)
	s.Timer = 0
	lobby(t, ts.url, s, []string{"expert"}, ann, bo)
	playAll(t, ann, bo)
	res := ann.st.Room.Result
	if res == nil || res.Finished || len(res.Totals) != 3 {
		t.Fatalf("result %+v", res)
	}
	if !slices.Equal(bo.st.Room.Result.Totals, res.Totals) || !slices.Equal(ann.st.View.Scores, res.Totals) || !slices.Equal(bo.st.View.Scores, res.Totals) {
		t.Errorf("totals differ: Ann %v / %v, Bo %v / %v", res.Totals, ann.st.View.Scores, bo.st.Room.Result.Totals, bo.st.View.Scores)
	}
	if max(slices.Max(res.Totals), 0) < engine.DefaultEndScore {
		t.Errorf("game over at %v, below 66", res.Totals)
	}
	if len(ann.st.Events) != len(bo.st.Events) {
		t.Errorf("Ann saw %d events, Bo %d", len(ann.st.Events), len(bo.st.Events))
	}
}
