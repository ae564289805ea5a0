package protocol_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"nimmt/engine"
	"nimmt/protocol"
)

func clientMessages() []protocol.Message {
	return []protocol.Message{
		protocol.Hello{Version: 1, Token: "abc", Game: 2, Since: 17},
		protocol.Create{Version: 1, Settings: protocol.Settings{Variant: engine.Double, Doublets: true, Seats: 6, EndScore: 66, Timer: 30}, Name: "Ann", Colour: "red", Fallback: "expert"},
		protocol.Join{Name: "Bo", Colour: "green"},
		protocol.Leave{},
		protocol.AddBot{Level: "expert"},
		protocol.RemoveBot{Seat: 3},
		protocol.Start{},
		protocol.Act{Game: 1, Action: engine.PlayCards(12, 40)},
		protocol.Act{Game: 1, Action: engine.TakeRow(2)},
		protocol.Act{Game: 1, Action: engine.KeepCards(3, 4)},
		protocol.Back{},
		protocol.Resign{},
		protocol.Finish{},
		protocol.Again{},
		protocol.Say{Text: "hello /all"},
	}
}

func serverMessages() []protocol.Message {
	return []protocol.Message{
		protocol.Welcome{Version: 1, Code: "ABCDEF", Link: "/?room=ABCDEF"},
		protocol.Joined{Token: "tok", Colour: "blue"},
		protocol.Room{Code: "ABCDEF", Settings: protocol.DefaultSettings(4), State: protocol.StatePlaying, Game: 1,
			Seats:      []protocol.Seat{{Name: "Ann", Colour: "red", Kind: protocol.KindPerson, Level: "intermediate", Connected: true, Away: true}, {Name: "Bot", Colour: "green", Kind: protocol.KindBot, Level: "expert", Connected: true}},
			Host:       0,
			You:        -1,
			Spectators: 2, Deadline: 1700000000000, Result: &protocol.Result{Totals: []int{3, 9}, Winners: []int{0}, Finished: true}},
		protocol.Event{Game: 1, Seq: 0, Event: engine.RoundDealt{Round: 1, Rows: [4]engine.Card{1, 2, 3, 4}, Hands: [][]engine.Card{{5, 6}, nil}, Sizes: []int{2, 2}}},
		protocol.Event{Game: 3, Seq: 12, Event: engine.CardPlaced{Seat: 1, Card: 44, Row: 2, Pos: 3}},
		protocol.Chat{Seat: 1, Name: "Bo", Text: "hi"},
		protocol.Chat{Seat: -1, Text: "Ann joined", System: true},
		protocol.Error{Code: protocol.ErrIllegal, Message: "engine: seat 1: card is not in hand: 7", Ref: protocol.TypeAct},
	}
}

// Every message survives Encode then Decode unchanged, and carries its type first.
func TestRoundTrip(t *testing.T) {
	check := func(m protocol.Message, decode func([]byte) (protocol.Message, error)) {
		b, err := protocol.Encode(m)
		if err != nil {
			t.Fatalf("%T: %v", m, err)
		}
		if !strings.HasPrefix(string(b), `{"type":"`+m.Type()+`"`) {
			t.Errorf("%T encodes as %s", m, b)
		}
		got, err := decode(b)
		if err != nil {
			t.Fatalf("%T %s: %v", m, b, err)
		}
		if !reflect.DeepEqual(got, m) {
			t.Errorf("%s decodes as %#v, want %#v", b, got, m)
		}
	}
	for _, m := range clientMessages() {
		check(m, protocol.DecodeClient)
	}
	for _, m := range serverMessages() {
		check(m, protocol.DecodeServer)
	}
}

// A client cannot send a server message, and bad input is an error, never a panic.
func TestDecodeRefuses(t *testing.T) {
	for _, in := range []string{
		``, `null`, `[]`, `"hello"`, `{}`, `{"type":"welcome","code":"X"}`, `{"type":"nope"}`,
		`{"type":"act","action":{"kind":"dance"}}`, `{"type":"act","action":{"kind":"row"}}`,
		`{"type":"hello","v":"one"}`, `{"type":"act","action":{"kind":"play","cards":[300]}}`,
		`{"type":"say","text":"` + strings.Repeat("x", protocol.MaxMessageBytes) + `"}`,
	} {
		if m, err := protocol.DecodeClient([]byte(in)); err == nil {
			t.Errorf("DecodeClient(%.40q) = %#v, want an error", in, m)
		}
	}
	if _, err := protocol.DecodeServer([]byte(`{"type":"event","game":1,"seq":2}`)); err == nil {
		t.Error("an event without its event decodes")
	}
}

func TestChecks(t *testing.T) {
	for _, n := range []string{"Ann", "Jean-Luc O'Neil", "Zoë 2", strings.Repeat("a", protocol.MaxNameRunes)} {
		if err := protocol.CheckName(n); err != nil {
			t.Errorf("CheckName(%q): %v", n, err)
		}
	}
	for _, n := range []string{"", " Ann", "Ann ", "a<b>", "x\x00", strings.Repeat("a", protocol.MaxNameRunes+1), "\xff"} {
		if protocol.CheckName(n) == nil {
			t.Errorf("CheckName(%q) accepts it", n)
		}
	}
	if protocol.CheckChat("gg, well played!") != nil || protocol.CheckChat("a\nb") == nil || protocol.CheckChat("") == nil {
		t.Error("CheckChat")
	}
	if protocol.CheckCode("AB2DEF") != nil || protocol.CheckCode("AB0DEF") == nil || protocol.CheckCode("ABC") == nil {
		t.Error("CheckCode")
	}
	if protocol.CheckColour("red") != nil || protocol.CheckColour("") != nil || protocol.CheckColour("mauve") == nil {
		t.Error("CheckColour")
	}
	if err := protocol.DefaultSettings(4).Validate(); err != nil {
		t.Error(err)
	}
	for _, s := range []protocol.Settings{
		{Seats: 1, EndScore: 66}, {Seats: 11, EndScore: 66}, {Seats: 4, EndScore: 66, Timer: 45},
		{Seats: 4, EndScore: -1}, {Variant: engine.Variant(99), Seats: 4},
	} {
		if s.Validate() == nil {
			t.Errorf("%+v validates", s)
		}
	}
}

// An event message written by hand (Encode's fast path, EncodeEvent, MarshalJSON) is the same
// bytes as encoding/json writes for its fields.
func TestEventEncodingIsJSON(t *testing.T) {
	for _, m := range serverMessages() {
		e, ok := m.(protocol.Event)
		if !ok {
			continue
		}
		ev, err := engine.MarshalEvent(e.Event)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(struct {
			Type  string          `json:"type"`
			Game  int             `json:"game"`
			Seq   int             `json:"seq"`
			Event json.RawMessage `json:"event"`
		}{protocol.TypeEvent, e.Game, e.Seq, ev})
		if err != nil {
			t.Fatal(err)
		}
		got, err := protocol.Encode(e)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("Encode: %s\nwant %s", got, want)
		}
		if got := protocol.EncodeEvent(e.Game, e.Seq, ev); string(got) != string(want) {
			t.Errorf("EncodeEvent: %s\nwant %s", got, want)
		}
		body, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if w := `{` + string(want[len(`{"type":"event",`):]); string(body) != w {
			t.Errorf("MarshalJSON: %s\nwant %s", body, w)
		}
	}
}

// An event message in exactly the server's form is read by a shortcut; any other form of it is
// read (or refused) as before.
func TestDecodeServerEventForms(t *testing.T) {
	want := protocol.Event{Game: 1, Seq: 5, Event: engine.CardPlaced{Seat: 1, Card: 44, Row: 2, Pos: 3}}
	ev := `{"type":"card_placed","seat":1,"card":44,"row":2,"pos":3}`
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{`{"type":"event","game":1,"seq":5,"event":` + ev + `}`, true},
		{`{"type":"event","game":1,"seq":5,"event":` + ev + `,"later":[1,2]}`, true},
		{`{"type":"event", "game":1, "seq":5, "event":` + ev + ` }`, true},
		{`{"seq":5,"type":"event","event":` + ev + `,"game":1}`, true},
		{`{"type":"event","game":1,"seq":05,"event":` + ev + `}`, false},
		{`{"type":"event","game":1,"seq":5,"event":` + ev + `}x`, false},
		{`{"type":"event","game":1,"seq":5,"event":` + ev + `}}`, false},
		{`{"type":"event","game":1,"seq":5,"event":{"type":"card_placed","seat":1}`, false},
		{`{"type":"event","game":1,"seq":5,"event":{"type":"no_such_event"}}`, false},
	} {
		m, err := protocol.DecodeServer([]byte(tc.in))
		if (err == nil) != tc.ok {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if tc.ok && !reflect.DeepEqual(m, want) {
			t.Errorf("%s: %#v, want %#v", tc.in, m, want)
		}
	}
}

// BenchmarkDecodeServerEvent reads a card_placed event message, a client's most frequent
// message (the load generator's clients read about nine a move).
func BenchmarkDecodeServerEvent(b *testing.B) {
	msg, err := protocol.Encode(protocol.Event{Game: 3, Seq: 120, Event: engine.CardPlaced{Seat: 1, Card: 44, Row: 2, Pos: 3}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := protocol.DecodeServer(msg); err != nil {
			b.Fatal(err)
		}
	}
}
