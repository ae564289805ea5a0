package protocol_test

import (
	"reflect"
	"strings"
	"testing"

	"nimmt/engine"
	"nimmt/protocol"
)

// The messages of public play survive Encode then Decode, each on its side.
func TestLobbyRoundTrip(t *testing.T) {
	public := protocol.Settings{Variant: engine.Nifty, Seats: 5, EndScore: 66, Timer: 30, Public: true, Quick: true, Fill: 20}
	for _, c := range []struct {
		m      protocol.Message
		decode func([]byte) (protocol.Message, error)
	}{
		{protocol.Lobby{Version: 1, Variant: "nifty", Seats: 5}, protocol.DecodeClient},
		{protocol.Quick{Version: 1, Variant: engine.Nifty, Min: 3, Max: 5, Fill: 20, Name: "Ann", Colour: "red", Fallback: "expert"}, protocol.DecodeClient},
		{protocol.Sit{Version: 1, Name: "Bo", Colour: "green"}, protocol.DecodeClient},
		{protocol.Kick{Seat: 2}, protocol.DecodeClient},
		{protocol.Mute{Seat: 1}, protocol.DecodeClient},
		{protocol.Unmute{Seat: 1}, protocol.DecodeClient},
		{protocol.Report{N: 17, Reason: protocol.ReasonInsults}, protocol.DecodeClient},
		{protocol.Create{Version: 1, Settings: public, Name: "Cy"}, protocol.DecodeClient},
		{protocol.Tables{Tables: []protocol.Table{{Code: "ABCDEF", Settings: public, State: protocol.StateLobby,
			Seats: []protocol.TableSeat{{Name: "Ann", Colour: "red", Kind: protocol.KindPerson}}, StartAt: 1700000000000}}}, protocol.DecodeServer},
		{protocol.Room{Code: "ABCDEF", Settings: public, State: protocol.StateLobby, Seats: []protocol.Seat{}, You: 0, StartAt: 1700000000000}, protocol.DecodeServer},
	} {
		b, err := protocol.Encode(c.m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.decode(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(got, c.m) {
			t.Errorf("%s decodes as %#v", b, got)
		}
	}
}

// Public settings hold together; a quick match asks for a range of the variant's seats.
func TestLobbyChecks(t *testing.T) {
	ok := protocol.DefaultSettings(4)
	ok.Public, ok.Fill, ok.Quick = true, 30, true
	if err := ok.Validate(); err != nil {
		t.Errorf("public quick table with fill: %v", err)
	}
	for _, bad := range []protocol.Settings{
		{Seats: 4, EndScore: 66, Timer: 60, Fill: 30},                                 // fill on a private room
		{Seats: 4, EndScore: 66, Timer: 60, Quick: true},                              // quick and private
		{Seats: 4, EndScore: 66, Timer: 60, Public: true, Fill: protocol.MaxFill + 1}, // too long
		{Seats: 4, EndScore: 66, Timer: 60, Public: true, Fill: -1},
	} {
		if bad.Validate() == nil {
			t.Errorf("%+v validates", bad)
		}
	}
	for _, q := range []protocol.Quick{
		{Variant: engine.Basic, Min: 1, Max: 4},
		{Variant: engine.Basic, Min: 5, Max: 4},
		{Variant: engine.Basic, Min: 2, Max: 11},
		{Variant: engine.Basic, Min: 2, Max: 4, Fill: protocol.MaxFill + 1},
	} {
		if q.Check() == nil {
			t.Errorf("%+v passes", q)
		}
	}
	if err := (protocol.Quick{Variant: engine.Basic, Min: 2, Max: 10, Fill: 30}).Check(); err != nil {
		t.Error(err)
	}
	if p, ok := protocol.Phrase("good luck"); !ok || p != "Good luck!" {
		t.Errorf("phrase %q %v", p, ok)
	}
	if _, ok := protocol.Phrase("you are bad"); ok {
		t.Error("free text is a phrase")
	}
	for _, r := range append([]string{""}, protocol.ReportReasons...) {
		if err := protocol.CheckReason(r); err != nil {
			t.Errorf("reason %q: %v", r, err)
		}
	}
	if err := protocol.CheckReason("rude"); err == nil || !strings.Contains(err.Error(), "spam, insults, other") {
		t.Errorf("the reason rude: %v", err)
	}
}
