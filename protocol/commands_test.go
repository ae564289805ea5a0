package protocol_test

import (
	"errors"
	"reflect"
	"strings"
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

func TestCheckCreateID(t *testing.T) {
	for id, ok := range map[string]bool{
		"":                                  false,
		"1":                                 false,
		"same-create-id":                    false, // 14 characters: too few bits
		"aaaaaaaaaaaaaaaaaaaaaaaaaa":        false, // long, not random
		"abcdefghijklmnopqrstu":             false, // 21
		"abcdefghijklmnopqrstuv":            true,  // 22 base64url characters: 132 bits
		"0123456789abcdef0123456789abcdef":  true,  // 32 hex: 128 bits
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ":        true,  // 26 base32 (crypto/rand.Text)
		"bad id with spaces, long enough!!": false,
		strings.Repeat("abcdefgh", 8) + "x": false, // 65
	} {
		if err := protocol.CheckCreateID(id); (err == nil) != ok {
			t.Errorf("CheckCreateID(%q) = %v; want ok %v", id, err, ok)
		}
	}
}
