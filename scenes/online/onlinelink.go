package online

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"nimmt/client"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
)

// RoomLink is what the online screens need of a connection to the game server: client.Link, a
// connection that reconnects by itself, implements it; tests drive the screens with a fake.
type RoomLink interface {
	// Poll takes in what arrived (every tick, never blocking) and reports whether anything did.
	Poll() bool
	// State is what the client knows: the room, its code, the seat token, chat, errors, events.
	State() *client.State
	// Send queues a message for the server.
	Send(m protocol.Message)
	// Status says whether the link is connecting, online, reconnecting or has given up.
	Status() client.LinkStatus
	// Pending reports whether news waits for the next Poll.
	Pending() bool
	// Refusal returns the next refusal of an action sent (the table says it); Reconnect
	// connects again at once (the app is back from the background).
	Refusal() (protocol.Error, bool)
	Reconnect()
	// Close ends the connection for good.
	Close()
}

// roomDialer opens a link to the server at base (ws:// or wss://) in the room with the code ("":
// the endpoint that makes rooms), whose first message is first.
type roomDialer func(base, code string, first protocol.Message) RoomLink

// ServerBase turns what a person typed as the server's address into the WebSocket base URL the
// client dials: "example.org:8080", "http://example.org", "wss://example.org/" all work. It is
// parsed by hand, not by net/url, which would add 40 KB to the wasm (docs/PERFORMANCE.md, "Web").
func ServerBase(addr string) (string, error) {
	a := strings.TrimSpace(addr)
	if a == "" {
		return "", fmt.Errorf("scenes: empty server address")
	}
	scheme, rest, ok := strings.Cut(a, "://")
	if !ok {
		scheme, rest = "ws", a
	}
	switch strings.ToLower(scheme) {
	case "http", "ws":
		scheme = "ws"
	case "https", "wss":
		scheme = "wss"
	default:
		return "", fmt.Errorf("scenes: server address %q: scheme %q", addr, scheme)
	}
	host, path := rest, ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		host, path = rest[:i], rest[i:]
	}
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:] // a user name is not the server's
	}
	if strings.ContainsAny(rest, "?#") || !validHost(host) {
		return "", fmt.Errorf("scenes: server address %q has no host", addr)
	}
	return scheme + "://" + host + strings.TrimSuffix(path, "/"), nil
}

// validHost reports whether h is a host with an optional port: a name or an IPv4 address, or an
// IPv6 address in brackets, then optionally ":" and digits.
func validHost(h string) bool {
	name, port := h, ""
	if rest, ok := strings.CutPrefix(h, "["); ok {
		var found bool
		name, port, found = strings.Cut(rest, "]")
		if !found || name == "" || strings.Trim(strings.ToLower(name), "0123456789abcdef:.") != "" {
			return false
		}
	} else {
		if i := strings.LastIndexByte(h, ':'); i >= 0 {
			name, port = h[:i], h[i:]
		}
		if name == "" || strings.ContainsFunc(name, func(r rune) bool { return r <= ' ' || r == 0x7f || strings.ContainsRune("[]:%\\", r) }) {
			return false
		}
	}
	if port == "" {
		return true
	}
	digits, ok := strings.CutPrefix(port, ":")
	return ok && strings.Trim(digits, "0123456789") == ""
}

// pageURL is the web page of the server at the WebSocket base: where a room's link points.
func pageURL(base string) string {
	if rest, ok := strings.CutPrefix(base, "wss://"); ok {
		return "https://" + rest
	}
	return "http://" + strings.TrimPrefix(base, "ws://")
}

// RoomURL is the link that opens the room with the code: the server's page with ?room=CODE.
func RoomURL(base, code string) string {
	return pageURL(base) + "/?room=" + url.QueryEscape(code)
}

// ChatAction turns a chat line into the message to send: a slash command of the portal becomes
// its protocol message (/join [NAME] [COLOUR], /start, /resign, /finish, /again, /bot LEVEL),
// other text is said in the room. /help, a wrong command or a wrong level is answered here
// (local) and nothing is sent. name and colour are the person's, for a bare /join.
func ChatAction(line, name, colour string) (m protocol.Message, local msg.Message) {
	m, err := protocol.ParseChat(line, protocol.ChatDefaults{Name: name, Colour: colour, Levels: ui.Levels})
	ce, isCommand := errors.AsType[*protocol.CommandError](err)
	switch {
	case errors.Is(err, protocol.ErrChatHelp):
		return nil, msg.New(msg.RoomHelp)
	case isCommand && ce.Known && strings.EqualFold(ce.Command, "/bot"):
		return nil, msg.New(msg.RoomBotLevel, strings.Join(ui.Levels, ", "))
	case isCommand:
		return nil, msg.New(msg.RoomUnknownCommand, ce.Command)
	}
	return m, msg.Message{}
}

// colourNames name the seat colours of protocol.Colours, in its order.
var colourNames = []msg.ID{msg.ColourGreen, msg.ColourRed, msg.ColourBlue, msg.ColourYellow, msg.ColourPurple,
	msg.ColourOrange, msg.ColourPink, msg.ColourCyan, msg.ColourBrown, msg.ColourGrey}

// colourName is a seat colour's name in the person's language.
func colourName(c string) string {
	for i, k := range protocol.Colours {
		if k == c && i < len(colourNames) {
			return colourNames[i].Text()
		}
	}
	return c
}

// roomSettings are the settings of a room made from the person's new-game choices and timer.
func roomSettings(st *ui.Settings) protocol.Settings {
	cfg := ui.VariantConfig(st)
	return protocol.Settings{Variant: cfg.Variant, Doublets: cfg.Doublets, Seats: st.Seats,
		EndScore: cfg.EndScore, Rounds: cfg.Rounds, Timer: st.Online.Timer}
}

// defaultServer is the address of a server started on this machine with no flags.
const defaultServer = "127.0.0.1:8080"

// SpectatorSeat is the seat a spectator's table shows: none.
const SpectatorSeat = -1

// resultLeader is the seat leading a result: the first winner, or the lowest total.
func resultLeader(r *protocol.Result) int {
	if len(r.Winners) > 0 {
		return r.Winners[0]
	}
	best := -1
	for s, t := range r.Totals {
		if best < 0 || t < r.Totals[best] {
			best = s
		}
	}
	return best
}

// Dialing is how the online screens reach a game server: the Game owns one and gives it to the
// lobby, which gives it to the rooms it opens.
type Dialing struct {
	// DialRoom opens a link to a room of a game server (online play); tests put a fake in.
	DialRoom roomDialer
	// Dialer opens the connections of dialLink (nil: client.DialTransport); tests dial a server
	// in the process.
	Dialer client.Dialer
	// SessionFor makes the table's session over a room's link.
	SessionFor func(l RoomLink) session.Session
}
