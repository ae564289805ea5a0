package protocol_test

import (
	"errors"
	"reflect"
	"testing"

	"nimmt/protocol"
)

func TestParseChat(t *testing.T) {
	levels := []string{"beginner", "expert", "hard"}
	client := protocol.ChatDefaults{Name: "Ann", Colour: "green", Levels: levels}
	server := protocol.ChatDefaults{Levels: levels}
	for _, c := range []struct {
		line string
		d    protocol.ChatDefaults
		want protocol.Message
		err  string // "help", "unknown", "usage" or ""
	}{
		{"hello there", server, protocol.Say{Text: "hello there"}, ""},
		{"   ", server, nil, ""},
		{"/help", server, nil, "help"},
		{"/join", client, protocol.Join{Name: "Ann", Colour: "green"}, ""},
		{"/join", server, nil, "usage"},
		{"/join Bob", client, protocol.Join{Name: "Bob", Colour: "green"}, ""},
		{"/JOIN Bob Red", server, protocol.Join{Name: "Bob", Colour: "red"}, ""},
		{"/join a b c", client, nil, "usage"},
		{"/start", server, protocol.Start{}, ""},
		{"/start now", server, nil, "usage"},
		{"/resign", server, protocol.Resign{}, ""},
		{"/finish", server, protocol.Finish{}, ""},
		{"/again", server, protocol.Again{}, ""},
		{"/bot Expert", server, protocol.AddBot{Level: "expert"}, ""},
		{"/bot hard", server, protocol.AddBot{Level: "hard"}, ""},
		{"/bot", server, nil, "usage"},
		{"/bot genius", server, nil, "usage"},
		{"/dance", server, nil, "unknown"},
	} {
		m, err := protocol.ParseChat(c.line, c.d)
		got := ""
		var ce *protocol.CommandError
		switch {
		case errors.Is(err, protocol.ErrChatHelp):
			got = "help"
		case errors.As(err, &ce) && ce.Known:
			got = "usage"
		case errors.As(err, &ce):
			got = "unknown"
		case err != nil:
			got = err.Error()
		}
		if !reflect.DeepEqual(m, c.want) || got != c.err {
			t.Errorf("ParseChat(%q, %+v) = %#v, %v; want %#v, %s", c.line, c.d, m, err, c.want, c.err)
		}
	}
}
