package protocol_test

import (
	"reflect"
	"strings"
	"testing"

	"nimmt/engine"
	"nimmt/protocol"
)

// Every account message is encoded with its type and decoded, by its side's decoder, to itself.
func TestAccountRoundTrip(t *testing.T) {
	client := []protocol.Message{
		protocol.AccountNew{Secret: "s", Name: "Ann", Device: "phone"},
		protocol.SignIn{Secret: "s"},
		protocol.SignIn{Handle: "ann-7k2", Password: "correct horse"},
		protocol.PairCode{},
		protocol.Pair{Code: "K7QMZ-P3XRT", Secret: "s", Device: "laptop"},
		protocol.ListDevices{},
		protocol.Revoke{Device: "d1"},
		protocol.SetPassword{Password: "correct horse"},
		protocol.Rename{Name: "Annie"},
		protocol.ExportAccount{},
		protocol.DeleteAccount{Handle: "ann-7k2"},
	}
	server := []protocol.Message{
		protocol.Account{Handle: "ann-7k2", Name: "Ann", Device: "d1", Password: true},
		protocol.Pairing{Code: "K7QMZ-P3XRT", Expires: 1763855600000},
		protocol.DeviceList{Devices: []protocol.DeviceInfo{{ID: "d1", Label: "phone", Created: 1, Seen: 2, This: true}}},
		protocol.AccountData{Handle: "ann-7k2", Name: "Ann", Created: 1, Devices: []protocol.DeviceInfo{{ID: "d1"}},
			Rooms: []protocol.PlayedRoom{{Code: "K7QMZP", Settings: protocol.DefaultSettings(4), State: protocol.StateOver, Game: 1,
				Hands: [][]engine.Card{{3, 17}}, Moves: []engine.Move{{Seat: 0, Action: engine.PlayCards(17)}}, Chat: []string{"gg"}}}},
		protocol.AccountDeleted{},
	}
	for side, ms := range map[string][]protocol.Message{"client": client, "server": server} {
		decode := protocol.DecodeClient
		if side == "server" {
			decode = protocol.DecodeServer
		}
		for _, m := range ms {
			b, err := protocol.Encode(m)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(b), `{"type":"`+m.Type()+`"`) {
				t.Errorf("%s", b)
			}
			got, err := decode(b)
			if err != nil || !reflect.DeepEqual(got, m) {
				t.Errorf("%s: %+v, %v", b, got, err)
			}
		}
	}
}

func TestAccountChecks(t *testing.T) {
	for _, c := range []struct {
		check func(string) error
		in    string
		ok    bool
	}{
		{protocol.CheckSecret, "abcdefghijklmnopqrstuv", true},
		{protocol.CheckSecret, "abcdefghijklmnopqrstu", false},     // 21 characters
		{protocol.CheckSecret, "aaaaaaaaaaaaaaaaaaaaaaaaa", false}, // not random
		{protocol.CheckSecret, "abcdefghijklmnopqrstu!", false},
		{protocol.CheckPassword, "12345678", true},
		{protocol.CheckPassword, "1234567", false},
		{protocol.CheckPassword, strings.Repeat("é", 128), true},
		{protocol.CheckPassword, strings.Repeat("é", 129), false},
		{protocol.CheckPassword, "\xff2345678", false},
		{protocol.CheckDevice, "", true},
		{protocol.CheckDevice, "Ann's phone", true},
		{protocol.CheckDevice, "<b>", false},
	} {
		if err := c.check(c.in); (err == nil) != c.ok {
			t.Errorf("%q: %v", c.in, err)
		}
	}
}
