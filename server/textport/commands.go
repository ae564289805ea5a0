package textport

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server"
)

// Help is the text port's command list, as "help" prints it.
var Help = []string{
	"commands (GAME is a room's name, e.g. oak, or its 6-letter code; \"on GAME\" may be left out when you are in one room):",
	"  name NAME                          the name you join with (default: your colour)",
	"  join game as COLOUR on GAME        take a seat (a new name makes the room, with you as host)",
	"  create game on GAME [as COLOUR] [variant V] [seats N] [timer S] [end N] [rounds N] [doublets] [public] [fill S]",
	"                                     make a room with settings (variants: " + variantList() + "); public: listed",
	"                                     by \"rooms\"; fill S: bots take the empty seats and it starts after S seconds",
	"  play now [variant V] [seats N or N-M] [fill S]   quick match: a seat at a forming public table, or a new one",
	"                                     (fill S: bots fill it after S seconds; without, it starts when full)",
	"  rooms [variant V] [seats N]        the public tables (join one by its name, watch one being played)",
	"  watch GAME                         watch a room without a seat",
	"  rejoin GAME with TOKEN             take your seat back after a dropped connection",
	"  add bot LEVEL to GAME              host: seat a bot (" + strings.Join(bots.Levels(), ", ") + ")",
	"  remove bot SEAT from GAME          host: take the bot at seat SEAT away",
	"  start new game on GAME             host: start (or, after the end, play again with the same seats)",
	"  play CARD on GAME                  play a card; \"play CARD and CARD on GAME\" plays two (Nifty, Hand)",
	"  play CARD taking ROW on GAME       play a card and take row ROW (1-4) if it is lower than every row",
	"  draft CARD on GAME                 Logic, Tournament: take a card of the face-up deck",
	"  first CARD on GAME                 Nifty: place CARD first of your two cards",
	"  keep CARD CARD ... on GAME         Hand: the taken cards that go to your hand (\"keep none on GAME\")",
	"  back on GAME                       decide again yourself after the timer gave your seat to its bot",
	"  resign from GAME                   your bot plays your seat to the end",
	"  finish game on GAME                host: end the game now, totals as they stand",
	"  say TEXT on GAME                   chat (\"say /help on GAME\": the room's slash commands)",
	"  leave GAME                         leave the room (a seat in a game is held: rejoin with the token)",
	"  kick SEAT from GAME                host: a bot takes the person's seat; they cannot come back",
	"  mute SEAT on GAME, unmute SEAT on GAME   hide (show again) a seat's chat lines, for you only",
	"  report SEAT on GAME [REASON]       the seat's last chat line goes to the server's operator (" + strings.Join(protocol.ReportReasons, ", ") + ")",
	"  login HANDLE PASSWORD              sign in to your account (or \"login SECRET\" with a device's secret)",
	"  pair CODE                          add this connection to your account with a pairing code",
	"  look [GAME]   help   quit",
}

func variantList() string {
	var vs []string
	for _, v := range engine.Variants() {
		vs = append(vs, v.String())
	}
	return strings.Join(vs, " ")
}

// usage is a command's form, named in the error for a malformed one.
var usage = map[string]string{
	"name":   `"name NAME", e.g. "name Ann"`,
	"join":   `"join game as COLOUR on GAME", e.g. "join game as red on oak"`,
	"create": `"create game on GAME [as COLOUR] [variant V] [seats N] [timer S] [end N] [rounds N] [doublets] [public] [fill S]", e.g. "create game on oak variant nifty seats 5 public"`,
	"now":    `"play now [variant V] [seats N or N-M] [fill S]", e.g. "play now seats 3-5 fill 30"`,
	"rooms":  `"rooms [variant V] [seats N]", e.g. "rooms variant nifty"`,
	"watch":  `"watch GAME", e.g. "watch oak"`,
	"rejoin": `"rejoin GAME with TOKEN"`,
	"add":    `"add bot LEVEL to GAME", e.g. "add bot expert to oak"`,
	"remove": `"remove bot SEAT from GAME", e.g. "remove bot 3 from oak"`,
	"start":  `"start new game on GAME", e.g. "start new game on oak"`,
	"play":   `"play CARD on GAME" or "play CARD taking ROW on GAME" (ROW: 1-4), e.g. "play 33 on oak"`,
	"take":   `"play CARD taking ROW on GAME" (ROW: 1-4), e.g. "play 3 taking 2 on oak"`,
	"draft":  `"draft CARD on GAME", e.g. "draft 33 on oak"`,
	"first":  `"first CARD on GAME", e.g. "first 33 on oak"`,
	"keep":   `"keep CARD CARD ... on GAME" or "keep none on GAME"`,
	"back":   `"back on GAME"`,
	"resign": `"resign from GAME", e.g. "resign from oak"`,
	"finish": `"finish game on GAME", e.g. "finish game on oak"`,
	"say":    `"say TEXT on GAME", e.g. "say good luck on oak"`,
	"leave":  `"leave GAME"`,
	"kick":   `"kick SEAT from GAME", e.g. "kick 2 from oak"`,
	"mute":   `"mute SEAT on GAME", e.g. "mute 2 on oak"`,
	"unmute": `"unmute SEAT on GAME"`,
	"report": `"report SEAT on GAME [REASON]", e.g. "report 2 on oak spam": the seat's last chat line goes to the server's operator`,
	"look":   `"look" or "look at GAME"`,
	"login":  `"login HANDLE PASSWORD" or "login SECRET", e.g. "login ann-7k2 correct-horse"`,
	"pair":   `"pair CODE", e.g. "pair K7QMZ-P3XRT"`,
}

// expected is the one-line error for a malformed command of verb.
func expected(verb string) string {
	return "error: expected " + usage[verb]
}

// command runs one line; it reports false when the connection should close.
func (c *conn) command(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	verb := strings.ToLower(f[0])
	switch verb {
	case "quit", "exit", "logout":
		c.say("", "* bye")
		return false
	case "help", "?":
		for _, l := range Help {
			c.say("", l)
		}
		return true
	case "rooms":
		c.listRooms(f[1:])
		return true
	case "name":
		name := strings.TrimSpace(line[len(f[0]):])
		if err := protocol.CheckName(name); err != nil || name == "" {
			c.say("", expected("name")+": "+errorText(errText(err)))
			return true
		}
		c.name = name
		c.say("", "* you are "+name)
		return true
	case "login":
		c.login(f)
		return true
	case "pair":
		c.pair(f)
		return true
	case "join":
		c.join(f)
		return true
	case "play":
		if len(f) >= 2 && strings.EqualFold(f[1], "now") {
			c.playNow(lower(f[2:]))
			return true
		}
	case "create":
		c.create(f)
		return true
	case "watch":
		if len(f) != 2 {
			c.say("", expected("watch"))
			return true
		}
		c.enter(f[1], protocol.Hello{Version: protocol.Version})
		return true
	case "rejoin":
		if len(f) != 4 || !strings.EqualFold(f[2], "with") {
			c.say("", expected("rejoin"))
			return true
		}
		c.enter(f[1], protocol.Hello{Version: protocol.Version, Token: f[3]})
		return true
	}
	if _, ok := usage[verb]; !ok {
		c.say("", fmt.Sprintf("error: unknown command %q: type \"help\" for the commands", f[0]))
		return true
	}
	args, r, ok := c.target(verb, f)
	if !ok {
		return true
	}
	c.inRoom(verb, args, r)
	return true
}

func errText(err error) string {
	if err == nil {
		return "a name has 1 to 24 characters"
	}
	return err.Error()
}

// target splits "VERB ARGS... on|from|to|at GAME" into ARGS and the connection's room GAME; with
// no GAME, the one room the connection is in. say's text is everything before the last "on";
// "report SEAT on GAME REASON" gives the ARGS SEAT REASON.
func (c *conn) target(verb string, f []string) ([]string, *room, bool) {
	args := f[1:]
	key := ""
	if verb == "leave" && len(args) == 1 {
		key, args = strings.ToLower(args[0]), nil
	} else if verb == "look" && len(args) >= 1 {
		if strings.EqualFold(args[0], "at") {
			args = args[1:]
		}
		if len(args) != 1 {
			c.say("", expected("look"))
			return nil, nil, false
		}
		key, args = strings.ToLower(args[0]), nil
	} else if n := len(args); verb == "report" && n >= 3 && strings.EqualFold(args[n-3], "on") {
		key, args = strings.ToLower(args[n-2]), append(args[:n-3:n-3], args[n-1]) // "report SEAT on GAME REASON"
	} else if n := len(args); n >= 2 && slices.Contains([]string{"on", "from", "to", "in"}, strings.ToLower(args[n-2])) {
		key, args = strings.ToLower(args[n-1]), args[:n-2]
	}
	if key == "" {
		switch len(c.rooms) {
		case 0:
			if verb == "look" {
				c.say("", "* you are in no room: \"rooms\" lists them, \"join game as red on oak\" makes one")
				return nil, nil, false
			}
			c.say("", "error: you are in no room: "+usage["join"]+" first")
			return nil, nil, false
		case 1:
			for _, r := range c.rooms {
				return args, r, true
			}
		default:
			if verb == "look" {
				for _, r := range c.rooms {
					c.look(r)
				}
				return nil, nil, false
			}
			c.say("", fmt.Sprintf("error: you are in %d rooms: say which, e.g. %s", len(c.rooms), usage[verb]))
			return nil, nil, false
		}
	}
	r := c.rooms[key]
	if r == nil {
		if verb == "look" {
			c.peek(key)
			return nil, nil, false
		}
		c.say("", fmt.Sprintf("error: you are not in room %s: %s first", key, usage["join"]))
		return nil, nil, false
	}
	return args, r, true
}

// inRoom runs a command of a room the connection is in.
func (c *conn) inRoom(verb string, args []string, r *room) {
	c.mu.Lock()
	game := r.st.Game
	view := r.st.View
	c.mu.Unlock()
	bad := func() { c.say(r.name, expected(verb)) }
	noArgs := func(words ...string) bool {
		if len(args) > len(words) {
			bad()
			return false
		}
		for i, a := range args {
			if !strings.EqualFold(a, words[i]) {
				bad()
				return false
			}
		}
		return true
	}
	act := func(a engine.Action) { r.peer.Handle(protocol.Act{Game: game, Action: a}) }
	switch verb {
	case "look":
		c.look(r)
	case "kick", "mute", "unmute", "report":
		reason := ""
		if verb == "report" && len(args) == 2 {
			args, reason = args[:1], strings.ToLower(args[1])
			if err := protocol.CheckReason(reason); err != nil {
				c.say(r.name, "error: "+strings.TrimPrefix(err.Error(), "protocol: "))
				return
			}
		}
		n, err := strconv.Atoi(strings.Join(args, ""))
		if len(args) != 1 || err != nil || n < 1 {
			bad()
			return
		}
		c.moderate(r, verb, n-1, reason)
	case "start":
		if !noArgs("new", "game") {
			return
		}
		c.mu.Lock()
		state := r.st.Room.State
		c.mu.Unlock()
		if state == protocol.StateOver {
			r.peer.Handle(protocol.Again{})
			return
		}
		r.peer.Handle(protocol.Start{})
	case "add":
		if len(args) != 2 || !strings.EqualFold(args[0], "bot") {
			bad()
			return
		}
		r.peer.Handle(protocol.AddBot{Level: strings.ToLower(args[1])})
	case "remove":
		if len(args) != 2 || !strings.EqualFold(args[0], "bot") {
			bad()
			return
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 {
			bad()
			return
		}
		r.peer.Handle(protocol.RemoveBot{Seat: n - 1})
	case "resign":
		if noArgs() {
			r.peer.Handle(protocol.Resign{})
		}
	case "finish":
		if noArgs("game") {
			r.peer.Handle(protocol.Finish{})
		}
	case "back":
		if noArgs() {
			r.peer.Handle(protocol.Back{})
		}
	case "say":
		text := strings.Join(args, " ")
		if text == "" {
			bad()
			return
		}
		r.peer.Handle(protocol.Say{Text: text})
	case "leave":
		c.mu.Lock()
		lobby := r.st.Room.State == protocol.StateLobby && r.st.Room.You >= 0
		c.mu.Unlock()
		if lobby {
			r.peer.Handle(protocol.Leave{})
		}
		c.say(r.name, "* you left the room")
		c.mu.Lock()
		r.gone = true
		c.mu.Unlock()
		c.drop(r)
	case "play", "take":
		cs, row, ok := playArgs(verb, args)
		if !ok {
			bad()
			return
		}
		if d := view.Decision; d != nil && d.Kind == engine.DecideRow {
			switch {
			case row < 0:
				c.say(r.name, fmt.Sprintf("error: your %s is lower than every row: say which row you take: \"play %s taking ROW on %s\" (ROW: 1-4)", d.Card, d.Card, r.name))
			case len(cs) > 0 && (len(cs) != 1 || cs[0] != d.Card):
				c.say(r.name, fmt.Sprintf("error: the row is for your %s: \"play %s taking %d on %s\"", d.Card, d.Card, row+1, r.name))
			default:
				act(engine.TakeRow(row))
			}
			return
		}
		if len(cs) == 0 {
			c.say(r.name, "error: no row to take now: "+usage["play"])
			return
		}
		if row >= 0 {
			c.mu.Lock()
			if r.taking == nil {
				r.taking = map[engine.Card]int{}
			}
			for _, x := range cs {
				r.taking[x] = row
			}
			c.mu.Unlock()
		}
		act(engine.PlayCards(cs...))
	case "draft", "first":
		cs, ok := cardList(args)
		if !ok || len(cs) != 1 {
			bad()
			return
		}
		if verb == "draft" {
			act(engine.DraftCard(cs[0]))
		} else {
			act(engine.PlaceFirst(cs[0]))
		}
	case "keep":
		if len(args) == 1 && strings.EqualFold(args[0], "none") {
			act(engine.KeepCards())
			return
		}
		cs, ok := cardList(args)
		if !ok || len(cs) == 0 {
			bad()
			return
		}
		act(engine.KeepCards(cs...))
	}
}

// playArgs reads "CARD [and CARD] [taking ROW]" (play) or "[row] ROW" (take); row is -1 when
// none is named.
func playArgs(verb string, args []string) ([]engine.Card, int, bool) {
	row := -1
	if verb == "take" {
		if len(args) == 2 && strings.EqualFold(args[0], "row") {
			args = args[1:]
		}
		if len(args) != 1 {
			return nil, 0, false
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > engine.NumRows {
			return nil, 0, false
		}
		return nil, n - 1, true
	}
	if n := len(args); n >= 2 && (strings.EqualFold(args[n-2], "taking") || strings.EqualFold(args[n-2], "take")) {
		r, err := strconv.Atoi(args[n-1])
		if err != nil || r < 1 || r > engine.NumRows {
			return nil, 0, false
		}
		row, args = r-1, args[:n-2]
	}
	cs, ok := cardList(args)
	if !ok || len(cs) == 0 || len(cs) > 2 {
		return nil, 0, false
	}
	return cs, row, true
}

// cardList reads card numbers, with "and" and commas between them allowed.
func cardList(args []string) ([]engine.Card, bool) {
	var cs []engine.Card
	for _, a := range args {
		if strings.EqualFold(a, "and") {
			continue
		}
		for _, p := range strings.Split(a, ",") {
			if p == "" {
				continue
			}
			n, err := strconv.Atoi(p)
			if err != nil || n < 1 || n > engine.DeckSize {
				return nil, false
			}
			cs = append(cs, engine.Card(n))
		}
	}
	return cs, true
}

// join runs "join game as COLOUR on GAME" / "join game on GAME".
func (c *conn) join(f []string) {
	args := lower(f[1:])
	if len(args) > 0 && args[0] == "game" {
		args = args[1:]
	}
	colour := ""
	if len(args) >= 2 && args[0] == "as" {
		colour, args = args[1], args[2:]
	}
	if len(args) != 2 || args[0] != "on" {
		c.say("", expected("join"))
		return
	}
	if err := protocol.CheckColour(colour); err != nil {
		c.say("", "error: "+errorText(err.Error()))
		return
	}
	key := args[1]
	if r := c.rooms[key]; r != nil {
		c.mu.Lock()
		seated := r.st.Room.You >= 0
		c.mu.Unlock()
		if seated {
			c.say(r.name, "error: you hold a seat here already")
			return
		}
		r.join(colour)
		return
	}
	if c.code(key) == "" {
		if c.elsewhere(key) {
			return
		}
		c.makeRoom(key, protocol.DefaultSettings(10), colour)
		return
	}
	r := c.enter(key, protocol.Hello{Version: protocol.Version})
	if r != nil {
		r.join(colour)
	}
}

// create runs "create game on GAME [as COLOUR] [variant V] [seats N] [timer S] [end N] [rounds N] [doublets]".
func (c *conn) create(f []string) {
	args := lower(f[1:])
	if len(args) < 3 || args[0] != "game" || args[1] != "on" {
		c.say("", expected("create"))
		return
	}
	key := args[2]
	s := protocol.DefaultSettings(10)
	seats := 0
	colour := ""
	for i := 3; i < len(args); i++ {
		k := args[i]
		if k == "doublets" || k == "public" {
			s.Doublets = s.Doublets || k == "doublets"
			s.Public = s.Public || k == "public"
			continue
		}
		if i+1 >= len(args) {
			c.say("", expected("create"))
			return
		}
		val := args[i+1]
		i++
		var n int
		var err error
		switch k {
		case "as":
			colour = val
			continue
		case "variant":
			s.Variant, err = engine.ParseVariant(val)
			if err != nil {
				c.say("", fmt.Sprintf("error: no variant %q: one of %s", val, variantList()))
				return
			}
			continue
		case "seats", "timer", "end", "rounds", "fill":
			n, err = strconv.Atoi(val)
			if err != nil || n < 0 {
				c.say("", fmt.Sprintf("error: %s takes a number, not %q", k, val))
				return
			}
		default:
			c.say("", expected("create"))
			return
		}
		switch k {
		case "seats":
			seats = n
		case "timer":
			s.Timer = n
		case "end":
			s.EndScore = n
		case "rounds":
			s.Rounds = n
		case "fill":
			s.Fill = n
		}
	}
	_, hi := engine.SeatsAllowed(s.Variant)
	s.Seats = hi
	if seats > 0 {
		s.Seats = seats
	}
	if c.rooms[key] != nil || c.code(key) != "" {
		c.say("", fmt.Sprintf("error: room %s exists: \"join game as COLOUR on %s\" joins it", key, key))
		return
	}
	if err := protocol.CheckColour(colour); err != nil {
		c.say("", "error: "+errorText(err.Error()))
		return
	}
	c.makeRoom(key, s, colour)
}

func lower(f []string) []string {
	out := make([]string, len(f))
	for i, s := range f {
		out[i] = strings.ToLower(s)
	}
	return out
}

// join takes a seat in r with the colour, or the first free one: the person is named after it
// unless they set a name.
func (r *room) join(colour string) {
	if colour == "" {
		c := r.c
		c.mu.Lock()
		used := map[string]bool{}
		for _, s := range r.st.Room.Seats {
			used[s.Colour] = true
		}
		c.mu.Unlock()
		for _, x := range protocol.Colours {
			if !used[x] {
				colour = x
				break
			}
		}
	}
	r.peer.Handle(protocol.Join{Name: r.c.personName(colour), Colour: colour})
}

// personName is the name to join with: the one set with "name", or the colour's.
func (c *conn) personName(colour string) string {
	switch {
	case c.name != "":
		return c.name
	case colour != "":
		return strings.ToUpper(colour[:1]) + colour[1:]
	}
	return fmt.Sprintf("Guest-%d", c.id)
}

// code returns the room code a name or code refers to, or "" if no room has it.
func (c *conn) code(key string) string {
	s := c.srv
	s.mu.Lock()
	code := s.names[key]
	s.mu.Unlock()
	if code == "" && s.opts.Remote != "" && s.opts.Names != nil {
		// A name another process's text port made: the store has it.
		var err error
		if code, err = s.opts.Names.Name(context.Background(), key); err != nil {
			s.opts.Log.Error("textport: room name", "name", key, "err", err)
		}
		if code != "" {
			s.mu.Lock()
			s.names[key] = code
			s.mu.Unlock()
		}
	}
	if code == "" && protocol.CheckCode(strings.ToUpper(key)) == nil {
		code = strings.ToUpper(key)
	}
	if code != "" && !s.exists(code) {
		return ""
	}
	return code
}

// exists reports whether a room has the code: with Remote, any code may (the room's server
// says at the hello whether it does).
func (s *Server) exists(code string) bool {
	return s.opts.Remote != "" || s.hub.Room(code) != nil
}

// checkRoomName reports whether a new room may be named key.
func checkRoomName(key string) error {
	if len(key) == 0 || len(key) > 16 {
		return fmt.Errorf("a room name has 1 to 16 letters, digits, - or _")
	}
	for _, r := range key {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return fmt.Errorf("a room name has letters, digits, - and _ only, not %q", r)
		}
	}
	return nil
}

// maxNames caps the room names the port remembers.
const maxNames = 10_000

// makeRoom creates a room named key with the settings, the connection its host.
func (c *conn) makeRoom(key string, set protocol.Settings, colour string) {
	if err := checkRoomName(key); err != nil {
		c.say("", "error: "+err.Error())
		return
	}
	if len(c.rooms) >= c.srv.opts.MaxRooms {
		c.say("", fmt.Sprintf("error: you are in %d rooms, the most: \"leave GAME\" one first", len(c.rooms)))
		return
	}
	s := c.srv
	s.mu.Lock()
	defer s.mu.Unlock()
	if code := s.names[key]; code != "" && s.exists(code) {
		c.say("", fmt.Sprintf("error: room %s was just made: \"join game as COLOUR on %s\"", key, key))
		return
	}
	if len(s.names) >= maxNames {
		c.say("", "error: the port holds too many named rooms; join one by its code")
		return
	}
	r := c.newRoom(key, key, "")
	if colour == "" {
		colour = protocol.Colours[0] // the colour a room's first seat gets
	}
	r.peer.Handle(protocol.Create{Version: protocol.Version, Settings: set, Name: c.personName(colour), Colour: colour})
	c.mu.Lock()
	code := r.st.Code
	c.mu.Unlock()
	if code == "" { // refused: the sink has printed why
		r.peer.Close()
		return
	}
	s.nameLocked(key, code)
	c.rooms[key] = r
}

// nameLocked names the room with the code key, in memory and in the store.
func (s *Server) nameLocked(key, code string) {
	s.names[key] = code
	if err := s.hub.NameRoom(key, code); err != nil {
		s.opts.Log.Error("textport: room name not stored; it lasts until a restart", "name", key, "room", code, "err", err)
	}
}

// enter opens a session in the room GAME names with the hello (watch, or a seat token).
func (c *conn) enter(game string, hello protocol.Hello) *room {
	key := strings.ToLower(game)
	if r := c.rooms[key]; r != nil {
		c.say(r.name, "error: you are in this room already")
		return nil
	}
	code := c.code(key)
	if code == "" && c.elsewhere(key) {
		return nil
	}
	if code == "" {
		c.say("", fmt.Sprintf("error: no room %s: \"rooms\" lists them; %s", game, usage["join"]))
		return nil
	}
	if len(c.rooms) >= c.srv.opts.MaxRooms {
		c.say("", fmt.Sprintf("error: you are in %d rooms, the most: \"leave GAME\" one first", len(c.rooms)))
		return nil
	}
	name := key
	if strings.EqualFold(key, code) {
		name = code
	}
	r := c.newRoom(key, name, code)
	c.rooms[key] = r
	r.catching = true // no other goroutine knows r before Handle
	r.peer.Handle(hello)
	r.caughtUp()
	c.mu.Lock()
	in := !r.gone && r.st.Code != ""
	c.mu.Unlock()
	if !in { // refused: the sink has printed why
		c.drop(r)
		return nil
	}
	if hello.Token != "" {
		c.srv.mu.Lock()
		if c.srv.names[key] == "" && !strings.EqualFold(key, code) && len(c.srv.names) < maxNames {
			c.srv.nameLocked(key, code)
		}
		c.srv.mu.Unlock()
	}
	return r
}

func (c *conn) newRoom(key, name, code string) *room {
	r := &room{c: c, key: key, name: name}
	if c.srv.opts.Remote != "" {
		r.peer = newRemote(c.srv.opts.Remote, c.addr, code, r)
	} else {
		p := c.srv.hub.Connect(code, c.addr, r)
		if c.acct != nil {
			p.SignIn(c.acct)
		}
		r.peer = p
	}
	return r
}

// look prints a room's table again.
func (c *conn) look(r *room) {
	c.mu.Lock()
	r.force = true
	r.markDirty()
	c.mu.Unlock()
	c.kick()
}

// peek describes a room the connection is not in.
func (c *conn) peek(key string) {
	code := c.code(key)
	if code == "" {
		c.say("", fmt.Sprintf("* no room %s: \"rooms\" lists them", key))
		return
	}
	c.say("", "* "+describe(key, code, c.srv.hub.Room(code), c.srv.opts.Remote != ""))
}

// describe is one line about a room.
func describe(name, code string, rm *server.Room, remote bool) string {
	if rm == nil && remote {
		return fmt.Sprintf("%s (code %s): served by another server process: \"watch %s\" shows it", name, code, name)
	}
	if rm == nil {
		return name + ": gone"
	}
	s := rm.Summary()
	var seats []string
	for _, x := range s.Seats {
		seats = append(seats, x.Name)
	}
	what := s.State
	if s.State != protocol.StateLobby {
		what += fmt.Sprintf(" game %d", s.Game)
	}
	return fmt.Sprintf("%s (code %s): %s, %s, %s taken of %s: %s", name, s.Code, s.Settings.Variant, what,
		plural(len(s.Seats), "seat"), plural(s.Settings.Seats, "seat"), strings.Join(seats, ", "))
}

// listRooms prints the public tables args select (lobby.go), then, without a filter, the other
// rooms named on the port (rooms made elsewhere are found by their code).
func (c *conn) listRooms(args []string) {
	listed, filtered, ok := c.listTables(args)
	if !ok || filtered {
		return
	}
	s := c.srv
	if s.opts.Remote != "" && s.opts.Names != nil { // the names every process's port made
		if names, err := s.opts.Names.Names(context.Background()); err == nil {
			s.mu.Lock()
			s.names = names
			s.mu.Unlock()
		}
	}
	s.mu.Lock()
	keys := make([]string, 0, len(s.names))
	for k := range s.names {
		keys = append(keys, k)
	}
	s.mu.Unlock()
	slices.Sort(keys)
	n := 0
	for _, k := range keys {
		code := c.code(k)
		if code == "" || listed[code] {
			continue
		}
		if n == 50 {
			c.say("", fmt.Sprintf("* … and %d more", len(keys)-n))
			break
		}
		c.say("", "* "+describe(k, code, s.hub.Room(code), s.opts.Remote != ""))
		n++
	}
	if n == 0 && len(listed) == 0 {
		c.say("", "* no named rooms: \"join game as red on oak\" makes one (a room made in the game is joined by its code)")
	}
}
