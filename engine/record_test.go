package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"nimmt/engine"
)

func eventsJSON(t testing.TB, evs []engine.Event) string {
	t.Helper()
	var b strings.Builder
	for _, e := range evs {
		j, err := engine.MarshalEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestRecordRoundTrip: a finished game's record, saved and loaded, replays to the same events
// and scores, and writes the same record again.
func TestRecordRoundTrip(t *testing.T) {
	for seats := 2; seats <= 10; seats++ {
		g, _ := playRandomGame(t, engine.Config{Seats: seats, EndScore: 66}, uint64(100+seats))
		data, err := g.Record().Marshal()
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.ParseRecord(data)
		if err != nil {
			t.Fatalf("seats %d: %v", seats, err)
		}
		g2, err := engine.Replay(rec, nil)
		if err != nil {
			t.Fatalf("seats %d: %v", seats, err)
		}
		if a, b := eventsJSON(t, g.Events()), eventsJSON(t, g2.Events()); a != b {
			t.Fatalf("seats %d: replayed events differ", seats)
		}
		if !g2.Over() || jsonOf(g2.Scores()) != jsonOf(g.Scores()) {
			t.Fatalf("seats %d: replay ends %v with %v, want over with %v", seats, g2.Phase(), g2.Scores(), g.Scores())
		}
		data2, _ := g2.Record().Marshal()
		if !bytes.Equal(data, data2) {
			t.Fatalf("seats %d: record changed by a replay", seats)
		}
	}
}

// TestEventsReproduceState: replaying the events of a game (through its record) gives the same
// table and views at every point where the game was saved.
func TestSaveMidGameAndContinue(t *testing.T) {
	r := rng(5)
	g, _ := engine.NewGame(engine.DefaultConfig(4), r)
	for i := 0; i < 57; i++ { // stop mid-round, possibly mid row choice
		seat, a := randomAction(g, r)
		if err := g.Act(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := g.Record().Marshal()
	rec, err := engine.ParseRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := engine.Replay(rec, rng(99))
	if err != nil {
		t.Fatal(err)
	}
	if snapshot(g) != snapshot(g2) {
		t.Fatal("the replayed game differs from the saved one")
	}
	// The resumed game plays on to the end.
	for !g2.Over() {
		seat, a := randomAction(g2, r)
		if err := g2.Act(seat, a); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReplayBetweenRounds: a record that ends exactly at a round's end replays to PhaseDeal
// without a generator, and deals on with one.
func TestReplayBetweenRounds(t *testing.T) {
	g, _ := playRandomGame(t, engine.Config{Seats: 3, Rounds: 1}, 3)
	rec := g.Record()
	rec.Config.Rounds = 2
	g2, err := engine.Replay(rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Phase() != engine.PhaseDeal {
		t.Fatalf("phase %v, want deal", g2.Phase())
	}
	g3, err := engine.Replay(rec, rng(1))
	if err != nil || g3.Phase() != engine.PhaseChoose || g3.Round() != 2 {
		t.Fatalf("with a generator: %v, phase %v round %d", err, g3.Phase(), g3.Round())
	}
}

func TestMalformedRecords(t *testing.T) {
	g, _ := playRandomGame(t, engine.DefaultConfig(3), 11)
	good, _ := g.Record().Marshal()
	base := func() *engine.Record {
		r, err := engine.ParseRecord(good)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// The third action of round 2 (turn 1), whoever's it is.
	r2a := base().Rounds[1].Actions[2]

	cases := []struct {
		name   string
		data   func() []byte
		mutate func(*engine.Record)
		want   string
	}{
		{name: "not JSON", data: func() []byte { return []byte("{nope") }, want: "malformed JSON"},
		{name: "empty", data: func() []byte { return nil }, want: "malformed JSON"},
		{name: "wrong format", data: func() []byte { return bytes.Replace(good, []byte("nimmt-record"), []byte("chess"), 1) }, want: `format is "chess"`},
		{name: "future version", data: func() []byte { return bytes.Replace(good, []byte(`"version":1`), []byte(`"version":7`), 1) }, want: "version 7"},
		{name: "eleven seats", data: func() []byte { return bytes.Replace(good, []byte(`"seats":3`), []byte(`"seats":11`), 1) }, want: "seats = 11"},
		{name: "unknown variant", data: func() []byte { return bytes.Replace(good, []byte(`"basic"`), []byte(`"chaos"`), 1) }, want: `unknown variant "chaos"`},
		{name: "card not a number", data: func() []byte { return regexp.MustCompile(`"rows":\[\d+`).ReplaceAll(good, []byte(`"rows":["x"`)) }, want: "malformed JSON"},
		// Read strictly (#27): exact keys, each once, four row cards.
		{name: "ROWS beside rows", data: func() []byte { return bytes.Replace(good, []byte(`"rows":`), []byte(`"ROWS":[1,2,3,4],"rows":`), 1) }, want: `rounds[0]: key "ROWS" (at byte `},
		{name: "FORMAT", data: func() []byte { return bytes.Replace(good, []byte(`"format"`), []byte(`"FORMAT"`), 1) }, want: `the record: key "FORMAT" (at byte 1) is not "format": keys are case-sensitive`},
		{name: "Seats", data: func() []byte { return bytes.Replace(good, []byte(`"seats"`), []byte(`"Seats"`), 1) }, want: `config: key "Seats"`},
		{name: "KIND", data: func() []byte { return bytes.Replace(good, []byte(`"kind"`), []byte(`"KIND"`), 1) }, want: `rounds[0].actions[0]: key "KIND"`},
		{name: "rows twice", data: func() []byte { return bytes.Replace(good, []byte(`"rows":`), []byte(`"rows":[1,2,3,4],"rows":`), 1) }, want: `rounds[0]: key "rows" appears twice (the second at byte `},
		{name: "version twice", data: func() []byte { return bytes.Replace(good, []byte(`"version":1`), []byte(`"version":1,"version":1`), 1) }, want: `the record: key "version" appears twice`},
		{name: "seat twice", data: func() []byte { return bytes.Replace(good, []byte(`{"seat":`), []byte(`{"seat":0,"seat":`), 1) }, want: `rounds[0].actions[0]: key "seat" appears twice`},
		{name: "five row cards", data: func() []byte { return bytes.Replace(good, []byte(`"rows":[`), []byte(`"rows":[104,`), 1) }, want: "): 5 values, want 4"},
		{name: "three row cards", data: func() []byte { return regexp.MustCompile(`"rows":\[\d+,`).ReplaceAll(good, []byte(`"rows":[`)) }, want: "rounds[0].rows (at byte "},
		{name: "no rounds", mutate: func(r *engine.Record) { r.Rounds = nil }, want: "no rounds"},
		{name: "missing hand", mutate: func(r *engine.Record) { r.Rounds[0].Hands = r.Rounds[0].Hands[:2] }, want: "round 1: deal has 2 hands for 3 seats"},
		{name: "short hand", mutate: func(r *engine.Record) { r.Rounds[1].Hands[2] = r.Rounds[1].Hands[2][:9] }, want: "round 2: deal: seat 2 has 9 cards, want 10"},
		{name: "card twice", mutate: func(r *engine.Record) { r.Rounds[0].Rows[3] = r.Rounds[0].Hands[0][0] }, want: "round 1: deal: row 3: card"},
		{name: "card 105", mutate: func(r *engine.Record) { r.Rounds[0].Hands[1][4] = 105 }, want: "card 105 is not in play"},
		{name: "card not in hand", mutate: func(r *engine.Record) {
			a := &r.Rounds[1].Actions[2]
			a.Cards = []engine.Card{findNotInHand(r.Rounds[1], a.Seat)}
		}, want: "round 2, turn 1, seat " + itoa(r2a.Seat) + ": engine: seat " + itoa(r2a.Seat) + ": card"},
		{name: "row out of range", mutate: func(r *engine.Record) {
			ri, ai := findRowChoice(r)
			r.Rounds[ri].Actions[ai].Row = 9
		}, want: "row 9: row out of range"},
		{name: "seat out of range", mutate: func(r *engine.Record) { r.Rounds[0].Actions[0].Seat = 5 }, want: "round 1, turn 1, seat 5"},
		{name: "row choice when none due", mutate: func(r *engine.Record) {
			r.Rounds[0].Actions[0].Action = engine.TakeRow(1)
		}, want: "no row choice is due"},
		{name: "round not finished", mutate: func(r *engine.Record) { r.Rounds[0].Actions = r.Rounds[0].Actions[:5] }, want: "round 1, turn 2: round not finished"},
		{name: "action after round end", mutate: func(r *engine.Record) {
			r.Rounds[0].Actions = append(r.Rounds[0].Actions, r.Rounds[0].Actions[0])
		}, want: "round 1, seat"},
		{name: "round after game over", mutate: func(r *engine.Record) { r.Rounds = append(r.Rounds, r.Rounds[0]) }, want: "the game was already over"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var data []byte
			if tc.data != nil {
				data = tc.data()
			} else {
				r := base()
				tc.mutate(r)
				var err error
				if data, err = r.Marshal(); err != nil {
					t.Fatal(err)
				}
			}
			rec, err := engine.ParseRecord(data)
			if err == nil {
				_, err = engine.Replay(rec, nil)
			}
			if err == nil {
				t.Fatal("accepted")
			}
			var re *engine.RecordError
			if !errors.As(err, &re) {
				t.Errorf("error %T is not a *RecordError", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

func itoa(n int) string { return jsonOf(n) }

func findNotInHand(rr engine.RoundRecord, seat int) engine.Card {
	for c := engine.Card(1); ; c++ {
		in := false
		for _, h := range rr.Hands[seat] {
			in = in || h == c
		}
		if !in {
			return c
		}
	}
}

func findRowChoice(r *engine.Record) (int, int) {
	for i, rr := range r.Rounds {
		for j, m := range rr.Actions {
			if m.Kind == engine.DecideRow {
				return i, j
			}
		}
	}
	panic("no row choice in the test game")
}

func TestEventJSONRoundTrip(t *testing.T) {
	g, _ := playRandomGame(t, engine.DefaultConfig(5), 8)
	for _, e := range g.Events() {
		b, err := engine.MarshalEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := engine.UnmarshalEvent(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		b2, _ := engine.MarshalEvent(back)
		if !bytes.Equal(b, b2) {
			t.Fatalf("%s\n%s", b, b2)
		}
	}
	if _, err := engine.UnmarshalEvent([]byte(`{"type":"explode"}`)); err == nil {
		t.Error("unknown event accepted")
	}
}

// TestRecordNamesCapped: a 200,000-character name (and invalid UTF-8) in a record or save is cut
// to MaxPlayerName runes when it is read, so nothing downstream lays it out.
func TestRecordNamesCapped(t *testing.T) {
	long := strings.Repeat("ü", 200000)
	data := fmt.Sprintf(`{"format":"nimmt-record","version":1,"config":{"seats":2,"end_score":66},"players":[%q,"Bo`+"\xff"+`"],"rounds":[]}`, long)
	rec, err := engine.ParseRecord([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Players[0]; got != strings.Repeat("ü", engine.MaxPlayerName) {
		t.Errorf("name of %d runes kept, want %d", utf8.RuneCountInString(got), engine.MaxPlayerName)
	}
	if got := rec.Players[1]; got != "Bo\uFFFD" {
		t.Errorf("name %q, want %q", got, "Bo\uFFFD")
	}
}

// TestRecordUnknownFieldsIgnored: fields this version does not know are ignored by design
// (docs/game-record.md): a newer writer may add information an older reader can skip; a change
// that older readers must not misread raises the version, which ParseRecord does check.
func TestRecordUnknownFieldsIgnored(t *testing.T) {
	data := `{"format":"nimmt-record","version":1,"config":{"seats":2,"end_score":66},"rounds":[],"comment":"hi"}`
	if _, err := engine.ParseRecord([]byte(data)); err != nil {
		t.Errorf("unknown field: %v", err)
	}
	if _, err := engine.ParseRecord([]byte(strings.Replace(data, `"version":1`, `"version":2`, 1))); err == nil {
		t.Error("version 2 accepted")
	}
}

// TestDealAndMoveStrict: the server's log stores deals and moves alone; they are read as
// strictly as a whole record (#27).
func TestDealAndMoveStrict(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{`{"hands":[[1]],"rows":[1,2,3,4,5]}`, "deal.rows (at byte 22): 5 values, want 4"},
		{`{"hands":[[1]],"rows":[1,2,3,4],"Rows":[5,6,7,8]}`, `deal: key "Rows" (at byte 32) is not "rows"`},
		{`{"hands":[[1]],"hands":[[2]],"rows":[1,2,3,4]}`, `deal: key "hands" appears twice`},
	} {
		var d engine.Deal
		if err := json.Unmarshal([]byte(tc.data), &d); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.data, err, tc.want)
		}
	}
	for _, tc := range []struct{ data, want string }{
		{`{"seat":0,"kind":"play","cards":[5],"Seat":1}`, `action: key "Seat" (at byte 36) is not "seat"`},
		{`{"seat":0,"kind":"row","row":1,"row":2}`, `action: key "row" appears twice`},
	} {
		var m engine.Move
		if err := json.Unmarshal([]byte(tc.data), &m); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.data, err, tc.want)
		}
	}
	var d engine.Deal
	if err := json.Unmarshal([]byte(`{"hands":[[1]],"rows":[1,2,3,4],"stacked":[2],"note":"x"}`), &d); err != nil || d.Rows != [4]engine.Card{1, 2, 3, 4} || len(d.Stacked) != 1 {
		t.Errorf("a good deal with an unknown key: %v, %+v", err, d)
	}
	var rr engine.RoundRecord
	if err := json.Unmarshal([]byte(`{"hands":[[1]],"rows":[1,2,3,4],"actions":[{"seat":1,"kind":"row","row":2}]}`), &rr); err != nil || rr.Rows[3] != 4 || len(rr.Actions) != 1 || rr.Actions[0].Row != 2 {
		t.Errorf("a good round: %v, %+v", err, rr)
	}
}

// TestStrictAnyLayout: the strict reading follows any JSON layout (indented, escaped keys), and
// still finds a key twice or in another case there (#27).
func TestStrictAnyLayout(t *testing.T) {
	g, _ := playRandomGame(t, engine.Config{Seats: 3, Variant: engine.Nifty, EndScore: 66}, 4)
	good, _ := g.Record().Marshal()
	var ind bytes.Buffer
	if err := json.Indent(&ind, good, "", " \t"); err != nil {
		t.Fatal(err)
	}
	escaped := bytes.Replace(ind.Bytes(), []byte(`"players"`), []byte(`"pl\u0061yers"`), 1)
	if _, err := engine.ParseRecord(escaped); err != nil {
		t.Fatalf("an indented record with an escaped key: %v", err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{`"cards": [`, `"cards": [], "note": {"a": [1, {"b": "}]\""}]}, "cards": [`, `rounds[0].actions[0]: key "cards" appears twice`},
		{`"row": `, `"Row": 1, "row": `, `key "Row" (at byte`},
		{`"end_score": `, `"end_score": 1, "end_score": `, `config: key "end_score" appears twice`},
	} {
		bad := bytes.Replace(ind.Bytes(), []byte(tc.old), []byte(tc.new), 1)
		if bytes.Equal(bad, ind.Bytes()) {
			t.Fatalf("%s not in the record", tc.old)
		}
		if _, err := engine.ParseRecord(bad); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.new, err, tc.want)
		}
	}
}

// LastDeal is the last round's deal of the record, a copy the game does not share.
func TestLastDeal(t *testing.T) {
	g, _ := playRandomGame(t, engine.Config{Seats: 4, EndScore: 66}, 7)
	rec := g.Record()
	d, ok := g.LastDeal()
	if !ok || jsonOf(d) != jsonOf(rec.Rounds[len(rec.Rounds)-1].Deal) {
		t.Fatalf("LastDeal %v, %v; the record's last deal %v", jsonOf(d), ok, jsonOf(rec.Rounds[len(rec.Rounds)-1].Deal))
	}
	d.Hands[0][0] = 0
	if again, _ := g.LastDeal(); jsonOf(again) == jsonOf(d) {
		t.Error("changing the deal returned changed the game's")
	}
}
