package server

import (
	"testing"

	"nimmt/protocol"
)

// A room encoded once gives every connection the bytes protocol.Encode gives it.
func TestRoomMessageForSeat(t *testing.T) {
	s := protocol.Room{Code: "ABCDEF", Settings: protocol.DefaultSettings(4), State: protocol.StatePlaying, Game: 2, Host: 1,
		Seats: []protocol.Seat{{Name: "you:-1", Colour: "red", Kind: protocol.KindPerson, Level: "expert", Connected: true},
			{Name: "Bo", Colour: "green", Kind: protocol.KindBot, Level: "random", Connected: true, Away: true}},
		Spectators: 3, Deadline: 1700000000000, Result: &protocol.Result{Totals: []int{1, 2}, Winners: []int{0}}}
	var m roomMessage
	for you := -1; you < 2; you++ {
		s.You = you
		if !m.encode(&s) {
			t.Fatal("not encoded")
		}
		want, err := protocol.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendSpliced(nil, roomOpen, m.head, you, m.tail); string(got) != string(want) {
			t.Errorf("seat %d: %s\nwant %s", you, got, want)
		}
	}
}

// A batch puts its spliced messages together between the others, in order.
func TestBatchFrames(t *testing.T) {
	b := batches.Get().(*batch)
	defer b.release()
	b.q = append(b.q, queued{b: []byte("one")}, queued{open: []byte("{"), b: []byte(`"you":`), you: -1, tail: []byte(`,"x":2}`), spliced: true},
		queued{b: []byte("three")}, queued{b: []byte("h"), you: 12, tail: []byte("t"), spliced: true})
	want := []string{"one", `{"you":-1,"x":2}`, "three", "h12t"}
	got := b.frames()
	if len(got) != len(want) {
		t.Fatalf("%q; want %q", got, want)
	}
	for i := range want {
		if string(got[i]) != want[i] {
			t.Errorf("message %d: %q; want %q", i, got[i], want[i])
		}
	}
}
