package accountmsg_test

import (
	"reflect"
	"strings"
	"testing"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
)

// Every account message is encoded with its type and decoded, by its side's decoder, to itself.
func TestAccountRoundTrip(t *testing.T) {
	client := []protocol.Message{
		accountmsg.AccountNew{Secret: "s", Name: "Ann", Device: "phone"},
		accountmsg.SignIn{Secret: "s"},
		accountmsg.SignIn{Handle: "ann-7k2", Password: "correct horse"},
		accountmsg.PairCode{},
		accountmsg.Pair{Code: "K7QMZ-P3XRT", Secret: "s", Device: "laptop"},
		accountmsg.ListDevices{},
		accountmsg.Revoke{Device: "d1"},
		accountmsg.SetPassword{Password: "correct horse"},
		accountmsg.Rename{Name: "Annie"},
		accountmsg.ExportAccount{},
		accountmsg.DeleteAccount{Handle: "ann-7k2"},
	}
	server := []protocol.Message{
		accountmsg.Account{Handle: "ann-7k2", Name: "Ann", Device: "d1", Password: true},
		accountmsg.Pairing{Code: "K7QMZ-P3XRT", Expires: 1763855600000},
		accountmsg.DeviceList{Devices: []accountmsg.DeviceInfo{{ID: "d1", Label: "phone", Created: 1, Seen: 2, This: true}}},
		accountmsg.AccountData{Handle: "ann-7k2", Name: "Ann", Created: 1, Devices: []accountmsg.DeviceInfo{{ID: "d1"}},
			Rooms: []accountmsg.PlayedRoom{{Code: "K7QMZP", Settings: protocol.DefaultSettings(4), State: protocol.StateOver, Game: 1,
				Hands: [][]engine.Card{{3, 17}}, Moves: []engine.Move{{Seat: 0, Action: engine.PlayCards(17)}}, Chat: []string{"gg"}}}},
		accountmsg.AccountDeleted{},
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
		{accountmsg.CheckSecret, "abcdefghijklmnopqrstuv", true},
		{accountmsg.CheckSecret, "abcdefghijklmnopqrstu", false},     // 21 characters
		{accountmsg.CheckSecret, "aaaaaaaaaaaaaaaaaaaaaaaaa", false}, // not random
		{accountmsg.CheckSecret, "abcdefghijklmnopqrstu!", false},
		{accountmsg.CheckPassword, "12345678", true},
		{accountmsg.CheckPassword, "1234567", false},
		{accountmsg.CheckPassword, strings.Repeat("é", 128), true},
		{accountmsg.CheckPassword, strings.Repeat("é", 129), false},
		{accountmsg.CheckPassword, "\xff2345678", false},
		{accountmsg.CheckDevice, "", true},
		{accountmsg.CheckDevice, "Ann's phone", true},
		{accountmsg.CheckDevice, "<b>", false},
	} {
		if err := c.check(c.in); (err == nil) != c.ok {
			t.Errorf("%q: %v", c.in, err)
		}
	}
}
