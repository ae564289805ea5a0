package server_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"net"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"nimmt/protocol"
	"nimmt/server/textport"
)

// textPlayer is a person at a telnet on a server's text port, playing one room by its code
// with random legal commands (the classic variant's prompts): it keeps the room's event lines
// ("- ...") to hold them against the stored game.
type textPlayer struct {
	t      *testing.T
	name   string
	nc     net.Conn
	br     *bufio.Reader
	code   string   // the room, as the port names it in brackets
	token  string   // the seat's token, as the port printed it
	events []string // the room's event lines, without "[CODE] - "
	rng    *rand.Rand
	header string // the last table's first line
	hand   string // the last table's hand line
	acted  string // the prompt last answered, with its table
	backs  int    // "back in the room" lines: the session came back through the balancer
	lines  []string
}

var (
	textTokenRe = regexp.MustCompile(`"rejoin \S+ with (\S+)"`)
	textTurnRe  = regexp.MustCompile(`^game \d+, round \d+, turn \d+ `)
)

func dialTextPlayer(t *testing.T, addr, name string, seed uint64) *textPlayer {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	p := &textPlayer{t: t, name: name, nc: nc, br: bufio.NewReader(nc), rng: rand.New(rand.NewPCG(seed, 5))}
	p.until(`"help"`, func(l string) bool { return strings.Contains(l, `Type "help"`) })
	return p
}

func (p *textPlayer) send(line string) {
	p.t.Helper()
	p.nc.SetWriteDeadline(time.Now().Add(guard))
	if _, err := p.nc.Write([]byte(line + "\r\n")); err != nil {
		p.t.Fatalf("%s: send %q: %v", p.name, line, err)
	}
}

// line reads one line, without its CR LF.
func (p *textPlayer) line() (string, error) {
	p.nc.SetReadDeadline(time.Now().Add(guard))
	l, err := p.br.ReadString('\n')
	l = strings.TrimRight(l, "\r\n")
	p.lines = append(p.lines, l)
	return l, err
}

func (p *textPlayer) until(what string, cond func(string) bool) string {
	p.t.Helper()
	for {
		l, err := p.line()
		if err != nil {
			p.t.Fatalf("%s waiting for %s: %v", p.name, what, err)
		}
		if cond(l) {
			return l
		}
	}
}

// join takes a seat in the room with the code and keeps the seat's token.
func (p *textPlayer) join(code string) {
	p.t.Helper()
	p.code = code
	p.send("join game as blue on " + code)
	l := p.until("the seat", func(l string) bool { return strings.Contains(l, "you sit as") || strings.Contains(l, "error: ") })
	m := textTokenRe.FindStringSubmatch(l)
	if m == nil {
		p.t.Fatalf("%s: join %s: %s", p.name, code, l)
	}
	p.token = m[1]
}

// play answers every prompt of the room once until stop holds after a line; it returns the
// first read error or refusal. A line saying that the session came back through the balancer
// makes it look at the table again: an answer in flight when the connection was cut may be
// lost, and its prompt is then the same as before. After such a line a refusal (an answer to a
// table the room had left behind) makes it look and decide again, as the WebSocket players do.
func (p *textPlayer) play(stop func(line string) bool) error {
	prefix := "[" + p.code + "] "
	for {
		l, err := p.line()
		if err != nil {
			return fmt.Errorf("%s playing: %w (last lines: %q)", p.name, err, p.lines[max(0, len(p.lines)-20):])
		}
		body, ok := strings.CutPrefix(l, prefix)
		if !ok {
			continue
		}
		switch {
		case strings.HasPrefix(body, "error: ") && p.backs == 0:
			return fmt.Errorf("%s: refused: %s", p.name, body)
		case strings.HasPrefix(body, "error: "):
			p.t.Logf("%s: refused after coming back, deciding again: %s", p.name, body)
			p.acted = ""
			p.send("look at " + p.code)
		case strings.HasPrefix(body, "- "):
			p.events = append(p.events, body[2:])
		case strings.HasPrefix(body, "* back in the room"):
			p.backs++
			p.acted = ""
			p.send("look at " + p.code)
		case strings.HasPrefix(body, "| "):
			if t := strings.TrimPrefix(body, "| "); textTurnRe.MatchString(t) {
				p.header = t
			} else if h, ok := strings.CutPrefix(t, "  your hand: "); ok {
				p.hand = h
			}
		case strings.HasPrefix(body, "> "):
			if key := p.header + "/" + p.hand + "/" + body; key != p.acted {
				if cmd := p.answer(body[2:]); cmd != "" {
					p.acted = key
					p.send(cmd)
				}
			}
		}
		if stop(body) {
			return nil
		}
	}
}

// answer is a random legal command for a prompt of the classic variant ("" for none).
func (p *textPlayer) answer(prompt string) string {
	switch {
	case strings.HasPrefix(prompt, "your turn: "):
		hand := numbers(strings.Split(p.hand, ";")[0])
		if len(hand) == 0 {
			return ""
		}
		return fmt.Sprintf("play %d on %s", hand[p.rng.IntN(len(hand))], p.code)
	case strings.Contains(prompt, "is lower than every row: \"play"):
		return fmt.Sprintf("play %d taking %d on %s", numbers(prompt)[0], 1+p.rng.IntN(4), p.code)
	}
	return ""
}

// numbers returns the whole numbers among the words of s.
func numbers(s string) []int {
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ':' || r == ',' }) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// over reports whether the player has seen the game end.
func (p *textPlayer) over() bool {
	return len(p.events) > 0 && strings.HasPrefix(p.events[len(p.events)-1], "game over")
}

// checkStored checks that the stored game, as the text player's seat receives it (a fresh
// WebSocket with its token, through url), is what the text port printed to it: the same
// events, one line each, in order.
func (p *textPlayer) checkStored(url string) {
	p.t.Helper()
	if p.token == "" {
		p.t.Fatalf("%s holds no seat token", p.name)
	}
	fresh := newPlayer(p.t, p.name+" again", 99)
	fresh.st.Token = p.token
	fresh.connect(url, p.code)
	fresh.hello()
	fresh.until("the whole game", func(m protocol.Message) bool {
		n := len(fresh.st.Events)
		return n >= len(p.events) || n > 0 && fresh.st.Events[n-1].Type() == "game_over"
	})
	var stored []string
	for _, e := range fresh.st.Events {
		stored = append(stored, textport.EventLine(fresh.st.Room.Seats, fresh.st.Room.You, e))
	}
	if strings.Join(stored, "\n") != strings.Join(p.events, "\n") {
		p.t.Errorf("%s: the stored game (%d events) differs from what the text port printed (%d lines)", p.name, len(stored), len(p.events))
		for i := range max(len(stored), len(p.events)) {
			var s, g string
			if i < len(stored) {
				s = stored[i]
			}
			if i < len(p.events) {
				g = p.events[i]
			}
			if s != g {
				p.t.Errorf("first difference at event %d: stored %q, printed %q", i, s, g)
				break
			}
		}
	}
}
