package scenes

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"nimmt/engine"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
)

// TestMalformedEvent feeds the table, as a remote session might, an event that does not fit its
// view (a row and seat out of range) followed by a well-formed one: nothing panics, the view
// stays as it was before the bad event, the log says what was wrong and nothing after it is
// folded, whether the events arrive while playing or are fast-forwarded (resume).
func TestMalformedEvent(t *testing.T) {
	for _, resume := range []bool{false, true} {
		g := newTestGame(t, nil, "instant")
		eg, err := engine.NewGame(engine.DefaultConfig(4), rand.New(rand.NewPCG(5, 6)))
		if err != nil {
			t.Fatal(err)
		}
		good := eg.EventsFor(0, 0)
		seats := []session.Seat{{Kind: session.SeatPerson, Name: "Ann"}, {Kind: session.SeatRemote, Name: "Bo"}, {Kind: session.SeatRemote, Name: "Cy"}, {Kind: session.SeatRemote, Name: "Di"}}
		sess := &table.Script{Events: slices.Clone(good), SeatList: seats}
		tb := table.NewTableOn(g.host, sess, 0)
		g.goTo(tb)
		g.InjectInput(func(in *ui.Input) {})
		runUntil(t, g, 2000, func(ui.TestState) bool { return tb.Consumed == len(good) && tb.Tl.Idle() })
		want := table.CloneView(&tb.Disp)
		sess.Events = append(sess.Events, engine.CardPlaced{Seat: 7, Card: 50, Row: 9, Pos: 1}, engine.SeatChose{Seat: 1})
		if resume {
			tb.FastForward()
		} else {
			for range 20 {
				if err := g.Update(); err != nil {
					t.Fatal(err)
				}
			}
		}
		if tb.Broken == nil || !strings.Contains(tb.Broken.Error(), "card_placed") {
			t.Fatalf("resume %v: stream error %v, want the card_placed event named", resume, tb.Broken)
		}
		if !reflect.DeepEqual(tb.Disp, want) {
			t.Errorf("resume %v: the view changed after a malformed event", resume)
		}
		if tb.Consumed != len(good)+1 {
			t.Errorf("resume %v: %d events consumed, want %d (none after the bad one)", resume, tb.Consumed, len(good)+1)
		}
		logged := false
		for _, l := range tb.Log {
			logged = logged || strings.Contains(l.M.String(), tb.Broken.Error())
		}
		if !logged {
			t.Errorf("resume %v: the log does not say %q", resume, tb.Broken)
		}
		if g.cur != ui.Scene(tb) {
			t.Errorf("resume %v: the table closed", resume)
		}
	}
}
