package textport_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"nimmt/clock"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store/storetest"
	"nimmt/server/textport"
)

// A whole game over real TCP and WebSockets on 127.0.0.1: a text player (the host, with the
// text game's commands), two WebSocket players (the Go client) and a bot play to game over in
// one room. Every line the text player received is checked for another hand's cards before
// they are revealed, and the text player's final scores are the WebSocket players'.
func TestMixedGameTextWebSocketBot(t *testing.T) {
	e := newEnv(t, fastText)
	tex := dialText(t, e.text, "Tex")
	tex.send("name Tex")
	tex.untilHas("you are Tex")
	code := tex.makeRoom("join game as red on oak")
	tex.untilHas("you sit as red")
	ann := dialWS(t, e.ws, code, "Ann", 1)
	bo := dialWS(t, e.ws, code, "Bo", 2)
	tex.send("add bot beginner to oak")
	tex.untilHas("Beginner bot")
	tex.send("start new game on oak")
	tex.untilHas("- round 1 dealt")

	var wg sync.WaitGroup
	for _, p := range []*wsPlayer{ann, bo} {
		wg.Add(1)
		go func() { defer wg.Done(); p.playToEnd() }()
	}
	tex.play("oak", rand.New(rand.NewPCG(9, 9)))
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	rec := e.hub.Room(code).Record()
	if rec == nil || len(rec.Players) != 4 {
		t.Fatalf("record of %v", rec)
	}
	n := checkTextLeaks(t, rec, "oak", 0, tex.all())
	if g, _ := engine.Replay(rec, nil); n != len(g.Events()) {
		t.Errorf("the text player saw %d event lines of %d events", n, len(g.Events()))
	}
	// The last "game over" line holds the same totals the WebSocket players folded.
	over := ""
	for _, l := range tex.all() {
		if strings.HasPrefix(l, "[oak] - game over: ") {
			over = l
		}
	}
	totals := ann.st.View.Scores
	want := fmt.Sprintf("game over: you %s, Ann %s, Bo %s, Beginner bot 1 %s", pts(totals[0]), pts(totals[1]), pts(totals[2]), pts(totals[3]))
	if !strings.Contains(over, want) {
		t.Errorf("text: %q\nwant it to hold %q", over, want)
	}
	if !slices.Equal(ann.st.View.Scores, bo.st.View.Scores) {
		t.Errorf("Ann's totals %v, Bo's %v", ann.st.View.Scores, bo.st.View.Scores)
	}
}

func pts(n int) string {
	if n == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%d points", n)
}

// Every variant played by a text player and bots: drafts (Logic, Tournament), two cards and
// their order (Nifty), one or two cards and the keep choice (Hand), face-up plays (Open, Hand)
// all go through the text commands, and the text stream shows no other hand's card early.
func TestEveryVariantByText(t *testing.T) {
	e := newEnv(t, fastText)
	for i, v := range engine.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			lo, _ := engine.SeatsAllowed(v)
			seats := max(lo, 3)
			room := "v-" + v.String()
			cmd := fmt.Sprintf("create game on %s variant %s seats %d rounds 1", room, v, seats)
			if v == engine.TCG {
				cmd = fmt.Sprintf("create game on %s variant %s seats %d rounds 2", room, v, seats)
			}
			if v == engine.Double {
				cmd += " doublets"
			}
			c := dialText(t, e.text, "Tex")
			c.send("name Tex")
			code := c.makeRoom(cmd)
			for range seats - 1 {
				c.send("add bot beginner to " + room)
			}
			c.send("start new game on " + room)
			c.play(room, rand.New(rand.NewPCG(uint64(i), 5)))
			rec := e.hub.Room(code).Record()
			if n := checkTextLeaks(t, rec, room, 0, c.all()); n < 10 {
				t.Errorf("only %d event lines", n)
			}
		})
	}
}

var rowRe = regexp.MustCompile(`\|   row (\d): ([\d ]+?)\s+\d+ cards?,`)

// "play C taking R" names in advance the row a too-low card takes (the port answers the
// engine's row question itself); "play C on oak" with a too-low card is asked for the row, and
// "play C taking R" answers. The hub's randomness is seeded, so the game is the same every run.
func TestPlayTaking(t *testing.T) {
	e := newEnv(t, fastText)
	c := dialText(t, e.text, "Tex")
	c.send("name Tex")
	c.makeRoom("join game as green on elm")
	c.send("add bot beginner on elm")
	c.send("start new game on elm")
	rows := map[string]int{}
	var hand []int
	header, acted := "", ""
	var advance, asked []int // too-low cards played with a row named in advance, and without
	pendingAdvance := 0
	autoTaken, askedTaken := 0, 0
	for {
		l := c.until("a line", func(string) bool { return true })
		body, ok := strings.CutPrefix(l, "[elm] ")
		if !ok {
			continue
		}
		switch {
		case strings.HasPrefix(body, "error: "):
			t.Fatalf("refused: %s", l)
		case strings.HasPrefix(body, "- game over"):
			if autoTaken == 0 || askedTaken == 0 {
				t.Fatalf("too-low cards taken with the row named in advance: %d (of %v), when asked: %d (of %v)", autoTaken, advance, askedTaken, asked)
			}
			return
		case headerRe.MatchString(l):
			header = body
		case rowRe.MatchString(body):
			m := rowRe.FindStringSubmatch(body)
			cs := numbers(m[2])
			rows[m[1]] = cs[len(cs)-1]
		case strings.HasPrefix(body, "|   your hand: "):
			hand = numbers(strings.Split(strings.TrimPrefix(body, "|   your hand: "), ";")[0])
		case strings.HasPrefix(body, "- you took row ") && strings.Contains(body, "too low"):
			if pendingAdvance > 0 {
				autoTaken++
				pendingAdvance = 0
			} else {
				askedTaken++
			}
		case strings.HasPrefix(body, "> your turn: "):
			if header == acted {
				continue
			}
			acted = header
			low := 105
			for _, r := range rows {
				low = min(low, r)
			}
			card := slices.Min(hand)
			pendingAdvance = 0
			switch {
			case card < low && len(advance) <= len(asked):
				advance = append(advance, card)
				pendingAdvance = card
				c.send(fmt.Sprintf("play %d taking 2 on elm", card))
			case card < low:
				asked = append(asked, card)
				c.send(fmt.Sprintf("play %d on elm", card))
			default:
				c.send(fmt.Sprintf("play %d on elm", slices.Max(hand)))
			}
		case strings.Contains(body, "is lower than every row: \"play"):
			if pendingAdvance > 0 {
				t.Fatalf("asked for a row named in advance: %s", l)
			}
			c.send(fmt.Sprintf("play %d taking 3 on elm", numbers(strings.TrimPrefix(body, "> your "))[0]))
		}
	}
}

// Every command's error: a malformed, misplaced or refused command gets one line saying what was
// expected or why, and changes nothing (the game goes on, and a later command works).
func TestCommandErrors(t *testing.T) {
	e := newEnv(t, fastText)
	c := dialText(t, e.text, "Tex")
	other := dialText(t, e.text, "Bo")
	outside := []struct{ cmd, want string }{
		{"bogus", `unknown command "bogus"`},
		{"play 33 on oak", "you are not in room oak"},
		{"play 33", "you are in no room"},
		{"name", `expected "name NAME"`},
		{"name Tex!", `expected "name NAME", e.g. "name Ann": a name holds letters`},
		{"join oak", `expected "join game as COLOUR on GAME"`},
		{"join game as mauve on oak", `colour "mauve" is not one of`},
		{"join game as red on a.b", "a room name has letters, digits, - and _ only"},
		{"create game oak", `expected "create game on GAME`},
		{"create game on elm variant chess", `no variant "chess"`},
		{"create game on elm seats many", `seats takes a number, not "many"`},
		{"create game on elm seats 12", "Basic is played by 2 to 10 seats, not 12"},
		{"create game on elm timer 45", "timer 45 s is not one of"},
		{"create game on elm colour red", `expected "create game on GAME`},
		{"watch", `expected "watch GAME"`},
		{"watch nowhere", "no room nowhere"},
		{"rejoin oak", `expected "rejoin GAME with TOKEN"`},
		{"look at", `expected "look" or "look at GAME"`},
	}
	c.expectErrors(outside)
	c.send("name Tex")
	c.makeRoom("join game as red on oak")
	c.expectErrors([]struct{ cmd, want string }{{"rejoin oak with AAAAAAAAAAAAAAAAAAAAAA", "you are in this room already"}})
	other.expectErrors([]struct{ cmd, want string }{{"rejoin oak with AAAAAAAAAAAAAAAAAAAAAA", "no seat of this room has that token"}})
	c.expectErrors([]struct{ cmd, want string }{{"join game as blue on oak", "you hold a seat here already"}})
	c.send("leave oak")
	c.untilHas("you left the room")
	c.send("join game as red on oak")
	c.untilHas("you sit as red")

	other.send("name Bo")
	other.untilHas("you are Bo")
	other.expectErrors([]struct{ cmd, want string }{{"join game as red on oak", "red is taken: choose another colour"}})
	other.send("join game as green on oak")
	other.untilHas("you sit as green")
	other.expectErrors([]struct{ cmd, want string }{
		{"start new game on oak", "only the host may do this"},
		{"add bot expert to oak", "only the host may do this"},
		{"finish game on oak", "only the host may do this"},
	})
	inLobby := []struct{ cmd, want string }{
		{"play", `expected "play CARD on GAME" or "play CARD taking ROW on GAME"`},
		{"play 33 taking 9 on oak", `expected "play CARD on GAME"`},
		{"play 105 on oak", `expected "play CARD on GAME"`},
		{"play 1 2 3 on oak", `expected "play CARD on GAME"`},
		{"play 33 on oak", "no game is being played"},
		{"take 2 on oak", "no row to take now"},
		{"take row five on oak", `expected "play CARD taking ROW on GAME"`},
		{"draft on oak", `expected "draft CARD on GAME"`},
		{"first 1 2 on oak", `expected "first CARD on GAME"`},
		{"keep on oak", `expected "keep CARD CARD ... on GAME" or "keep none on GAME"`},
		{"add bot on oak", `expected "add bot LEVEL to GAME"`},
		{"add bot godlike to oak", `no bot level "godlike"`},
		{"remove bot x from oak", `expected "remove bot SEAT from GAME"`},
		{"remove bot 2 from oak", "seat 2 (counting from 1) holds no bot"}, // #27 finding 7: it said seat 1
		{"start now on oak", `expected "start new game on GAME"`},
		{"resign now from oak", `expected "resign from GAME"`},
		{"resign from oak", "no game is being played"},
		{"finish game on oak", "no game is being played"},
		{"finish it on oak", `expected "finish game on GAME"`},
		{"back again on oak", `expected "back on GAME"`},
		{"say on oak", `expected "say TEXT on GAME"`},
		{"say /frobnicate on oak", "unknown command /frobnicate"},
	}
	c.expectErrors(inLobby)
	c.send("start new game on oak")
	c.untilHas("- round 1 dealt")
	hand := numbers(strings.Split(strings.TrimPrefix(c.untilHas("|   your hand: "), "[oak] |   your hand: "), ";")[0])
	notMine := 1
	for slices.Contains(hand, notMine) {
		notMine++
	}
	inGame := []struct{ cmd, want string }{
		{fmt.Sprintf("play %d on oak", notMine), "card is not in hand"},
		{fmt.Sprintf("play %d and %d on oak", hand[0], hand[1]), "wrong number of cards"},
		{"draft 5 on oak", "oak] error:"},
		{"start new game on oak", "the game has started"},
		{"join game as blue on oak", "you hold a seat here already"},
	}
	c.expectErrors(inGame)
	// Nothing changed: the game waits for both, and a good command works.
	c.send(fmt.Sprintf("play %d on oak", hand[0]))
	c.untilHas(fmt.Sprintf("> you chose %d", hand[0]))
	c.send("resign from oak")
	c.untilHas("Tex resigned")
	c.expectErrors([]struct{ cmd, want string }{{"resign from oak", "you have resigned already"}})
	other.expectErrors([]struct{ cmd, want string }{{"finish game on oak", "only the host"}})
	c.send("finish game on oak")
	c.untilHas("the host finished the game")
	// #27 finding 7: /start after the end said "the game has started".
	c.expectErrors([]struct{ cmd, want string }{{"say /start on oak", "the game is over: the host starts the next with again (/again)"}})
	other.untilHas("the host finished the game")
}

// Telnet negotiation is dropped, a line too long is refused whole, backspace edits, and the
// rate limit refuses a flood and then closes the connection; another connection plays on.
func TestTelnetLinesAndLimits(t *testing.T) {
	e := newEnv(t, textport.Options{Rate: 1}) // bursts of 4; the manual clock never refills
	c := dialText(t, e.text, "Tex")
	// IAC DO ECHO, IAC WILL SUPPRESS-GO-AHEAD, a subnegotiation, IAC NOP, inside and around a word.
	raw := []byte{255, 253, 1, 'n', 'a', 255, 251, 3, 'm', 'e', ' ', 255, 250, 24, 0, 'x', 't', 'e', 'r', 'm', 255, 240, 'T', 'e', 'x', 'x', 8, 255, 241, '\r', 0}
	c.nc.Write(raw)
	c.untilHas("* you are Tex")
	c.expectErrors([]struct{ cmd, want string }{{strings.Repeat("x", 600), "a line has at most 512 bytes"}})
	c.send("help")
	c.untilHas("commands (GAME is")
	// 4 lines pass, 20 are refused, the 20th refusal closes: one write of them all.
	c.nc.Write([]byte(strings.Repeat("look\r\n", 24)))
	if l := c.untilHas("too many commands"); !strings.HasPrefix(l, "error: ") {
		t.Errorf("flood: %q", l)
	}
	c.untilHas("* closing: too many commands")
	if _, err := c.readLine(); err == nil {
		t.Errorf("the flooding connection stays open")
	}
	d := dialText(t, e.text, "Bo")
	d.send("rooms")
	d.untilHas("no named rooms")
}

// The connection cap of netlimit closes a connection past it at once, telling it why, and an
// idle connection is closed.
func TestConnectionCapAndIdle(t *testing.T) {
	o := fastText
	o.Limits.MaxConns = 1
	e := newEnv(t, o)
	a := dialText(t, e.text, "A")
	nc, err := net.Dial("tcp", e.text)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	full := &textClient{t: t, name: "full", nc: nc, br: bufio.NewReader(nc)}
	if !full.closedWith("server full, try later") {
		t.Errorf("a connection past the cap was not told the server is full")
	}
	a.send("quit")
	a.untilHas("* bye")

	o = fastText
	cc := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	o.Clock, o.Limits.Idle = cc, time.Minute
	e = newEnv(t, o)
	c := dialText(t, e.text, "idle")
	c.send("help")
	c.untilHas("commands (GAME is")
	cc.Advance(time.Minute)
	c.untilHas("* closing: idle for too long")
}

// A room made by a WebSocket client is joined by its code; a text player whose connection drops
// takes the seat back with the token the port printed, gets the game's events again and plays on.
func TestJoinByCodeAndRejoin(t *testing.T) {
	e := newEnv(t, fastText)
	ann := createWS(t, e.ws, "Ann", protocol.DefaultSettings(4))
	code := ann.st.Code
	c := dialText(t, e.text, "Tex")
	c.send("name Tex")
	c.send("join game as red on " + strings.ToLower(code))
	l := c.untilHas("To take the seat back")
	m := regexp.MustCompile(`"rejoin ([A-Z2-9]{6}) with ([A-Za-z0-9_-]{22})"`).FindStringSubmatch(l)
	if m == nil || m[1] != code {
		t.Fatalf("no rejoin command for %s in %q", code, l)
	}
	ann.send(protocol.AddBot{Level: "beginner"})
	ann.send(protocol.Start{})
	first := c.untilHas("- round 1 dealt")
	hand := numbers(strings.SplitN(first, "your hand: ", 2)[1])
	c.untilHas("> your turn")
	c.send(fmt.Sprintf("play %d", hand[0])) // the only room: "on GAME" may be left out
	c.untilHas(fmt.Sprintf("> you chose %d", hand[0]))
	c.nc.Close()

	// The rejoin catches up silently, then prints the present once: no event of the past, no
	// stale table or prompt (answering one replaced the choice made, #27 finding 4).
	d := dialText(t, e.text, "Tex again")
	d.send("rejoin " + code + " with " + m[2])
	d.untilHas("* caught up with game 1")
	prompt := d.until("the prompt", func(l string) bool { return strings.Contains(l, "] > ") })
	if want := fmt.Sprintf("> you chose %d", hand[0]); !strings.Contains(prompt, want) {
		t.Errorf("the first prompt after the rejoin: %q; want %q", prompt, want)
	}
	for _, l := range d.all() {
		if strings.Contains(l, "] - ") {
			t.Errorf("the rejoin printed an event of the past: %q", l)
		}
	}
	if n := len(headerRe.FindAllString(strings.Join(d.all(), "\n"), -1)); n != 1 {
		t.Errorf("the rejoin printed %d tables; want the present once", n)
	}
	d.send("look")
	d.untilHas("|   seat 2: Tex (you), red")
	ann.send(protocol.Finish{})
	d.untilHas("the host finished the game")
}

// createWS makes a room over a WebSocket as its host.
func createWS(t *testing.T, url, name string, s protocol.Settings) *wsPlayer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	c, err := client.Dial(ctx, url, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	p := &wsPlayer{t: t, name: name, conn: c, rng: rand.New(rand.NewPCG(1, 1))}
	p.send(protocol.Create{Version: protocol.Version, Settings: s, Name: name})
	p.until("the room", func(m protocol.Message) bool { return m.Type() == protocol.TypeRoom })
	return p
}

// The text leak check finds a leak: a line with a card of the other hand fails it, the same line
// with the seat's own card passes, and so does the other hand's card once revealed.
func TestTextLeakCheckCatches(t *testing.T) {
	rec := &engine.Record{Format: engine.RecordFormat, Version: engine.RecordVersion, Config: engine.DefaultConfig(2)}
	hands := [][]engine.Card{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, {11, 12, 13, 14, 15, 16, 17, 18, 19, 20}}
	rec.Rounds = []engine.RoundRecord{{Deal: engine.Deal{Hands: hands, Rows: [4]engine.Card{30, 40, 50, 60}},
		Actions: []engine.Move{{Seat: 0, Action: engine.PlayCard(1)}, {Seat: 1, Action: engine.PlayCard(11)}}}}
	run := func(lines ...string) bool {
		ft := &testing.T{}
		done := make(chan bool)
		go func() {
			defer close(done)
			checkTextLeaks(ft, rec, "oak", 0, lines)
		}()
		<-done
		return ft.Failed()
	}
	dealt := "[oak] - round 1 dealt: the rows start with 30 40 50 60; your hand: 1 2 3 4 5 6 7 8 9 10."
	if !run(dealt, "[oak] |   your hand: 1 12") {
		t.Errorf("a line with seat 1's 12 passes")
	}
	if !run(dealt, "[oak] - you chose 1.", "[oak] - Bo chose 11.") {
		t.Errorf("an event line with seat 1's choice passes")
	}
	if run(dealt, "[oak] |   row 1: 30  1 card, 3 bullheads", "[oak] |   seat 2: Bo, red; 12 points, 11 bullheads this round, 10 cards in hand") {
		t.Errorf("numbers with their words fail")
	}
	if run(dealt, "[oak] - you chose 1.", "[oak] - Bo chose a card.", "[oak] - turn 1, cards revealed: 1 by you, 11 by Bo.", "[oak] | 11") {
		t.Errorf("a revealed card fails")
	}
}

// The decision timer (on the manual clock) gives a silent text player's decision to its bot and
// marks the seat away; "back on GAME" ends that, and the player decides again itself.
func TestTimerAwayAndBack(t *testing.T) {
	e := newEnv(t, fastText)
	c := dialText(t, e.text, "Tex")
	c.send("name Tex")
	c.makeRoom("create game on pine timer 30 seats 2")
	bo := dialText(t, e.text, "Bo")
	bo.send("name Bo")
	bo.send("join game as red on pine")
	bo.untilHas("you sit as red")
	c.send("start new game on pine")
	hand := func(c *textClient) []int {
		l := strings.SplitN(c.untilHas("|   your hand: "), "your hand: ", 2)[1]
		return numbers(strings.Split(l, ";")[0])
	}
	bo.send(fmt.Sprintf("play %d on pine", hand(bo)[0]))
	c.untilHas("- Bo chose a card.")
	c.send("say ready on pine") // handled under the room's lock: the timer is armed before it
	c.untilHas("<Tex> ready")
	e.clock.Advance(31 * time.Second)
	c.untilHas("* Tex is away")
	c.untilHas("- turn 1, cards revealed")
	c.untilHas("|   seat 1: Tex (you), green, host, away;")
	c.send("back on pine")
	c.until("the seat back", func(l string) bool { return strings.HasPrefix(l, "[pine] |   seat 1: Tex (you), green, host;") })
	bo.send("resign from pine") // Bo's bot plays from now on; the next decision waits for Tex
	c.untilHas("Bo resigned")
	// While Tex was away the seat may already have chosen turn 2's card; if that card is lower
	// than every row, the row is Tex's to take now that Tex is back. Either way a turn follows.
	for {
		l := c.until("Tex's turn or row", func(l string) bool {
			return strings.Contains(l, "> your turn") || strings.Contains(l, "> your") && strings.Contains(l, "lower than every row")
		})
		if strings.Contains(l, "> your turn") {
			break
		}
		m := regexp.MustCompile(`"(play \d+ taking) ROW on pine"`).FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("row prompt without a command: %q", l)
		}
		c.send(m[1] + " 1 on pine")
	}
	c.send("look")
	h := hand(c)
	c.send(fmt.Sprintf("play %d on pine", h[0]))
	c.untilHas(fmt.Sprintf("- you chose %d", h[0]))
}

// A room's text-port name outlives a restart: the port reads the stored names back, so the
// game is found, listed and joined by its name.
func TestRoomNamesStored(t *testing.T) {
	db := storetest.New(t)
	e := newEnvAt(t, fastText, db)
	c := dialText(t, e.text, "Tex")
	c.send("join game as red on oak")
	c.untilHas("To take the seat back")
	c.send("rooms")
	l := c.untilHas("oak (code ")
	code := regexp.MustCompile(`code ([A-Z2-9]{6})`).FindStringSubmatch(l)[1]
	e.stop()

	e = newEnvAt(t, fastText, db)
	d := dialText(t, e.text, "Lu")
	d.send("rooms")
	if got := d.untilHas("oak (code "); !strings.Contains(got, code) {
		t.Errorf("after the restart: %q, want code %s", got, code)
	}
	d.send("join game as green on oak")
	d.untilHas("joined as green")
}
