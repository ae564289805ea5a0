package textport

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"nimmt/engine"
	"nimmt/protocol"
)

// The text port's part in public play: "rooms" lists the lobby's public tables (any process's,
// from the store), which "join game as COLOUR on NAME" joins and "watch NAME" watches by their
// name (the port's name for the room, else its code); "play now" is quick match.

// listTables prints the public tables that args ("variant V", "seats N") select and returns
// their codes; filtered says args selected; ok is false when args are malformed (the error is
// printed).
func (c *conn) listTables(args []string) (listed map[string]bool, filtered, ok bool) {
	variant, seats := "", 0
	for i := 0; i < len(args); i += 2 {
		if i+1 >= len(args) {
			c.say("", expected("rooms"))
			return nil, false, false
		}
		switch k, v := strings.ToLower(args[i]), strings.ToLower(args[i+1]); k {
		case "variant":
			x, err := engine.ParseVariant(v)
			if err != nil {
				c.say("", fmt.Sprintf("error: no variant %q: one of %s", v, variantList()))
				return nil, false, false
			}
			variant = x.String()
		case "seats":
			n, err := strconv.Atoi(v)
			if err != nil || n < 2 || n > engine.MaxSeats {
				c.say("", fmt.Sprintf("error: seats takes a number from 2 to %d, not %q", engine.MaxSeats, v))
				return nil, false, false
			}
			seats = n
		default:
			c.say("", expected("rooms"))
			return nil, false, false
		}
	}
	filtered = len(args) > 0
	tables, err := c.srv.hub.Tables(variant, seats)
	if err != nil {
		if filtered {
			c.say("", "error: "+errorText(err.Error()))
		}
		return map[string]bool{}, filtered, true
	}
	listed = map[string]bool{}
	if len(tables) == 0 {
		c.say("", "* no public tables: \"play now\" opens one, or \"create game on oak public\"")
		return listed, filtered, true
	}
	c.say("", `* public tables ("join game as COLOUR on NAME" takes a seat, "watch NAME" watches):`)
	names := c.srv.namesOf()
	now := c.srv.hub.Clock().Now()
	for i, t := range tables {
		if i == 50 {
			c.say("", fmt.Sprintf("* … and %d more", len(tables)-i))
			break
		}
		listed[t.Code] = true
		name := names[t.Code]
		if name == "" {
			name = strings.ToLower(t.Code)
		}
		c.say("", "* "+describeTable(name, t, now))
	}
	return listed, filtered, true
}

// namesOf returns the port's room names by room code.
func (s *Server) namesOf() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]string, len(s.names))
	for name, code := range s.names {
		out[code] = name
	}
	return out
}

// describeTable is one line about a public table.
func describeTable(name string, t protocol.Table, now time.Time) string {
	var seats []string
	for _, s := range t.Seats {
		x := s.Name
		if s.Kind == protocol.KindBot {
			x += " (bot)"
		}
		seats = append(seats, x)
	}
	set := t.Settings
	what := "waiting for players"
	if t.State == protocol.StatePlaying {
		what = fmt.Sprintf("playing game %d", t.Game)
	}
	line := fmt.Sprintf("%s: %s, %s, %d of %s: %s; ", name, set.Variant, what, len(t.Seats), plural(set.Seats, "seat"), strings.Join(seats, ", "))
	if set.EndScore > 0 {
		line += fmt.Sprintf("to %d, ", set.EndScore)
	}
	if set.Timer > 0 {
		line += fmt.Sprintf("%d s a decision", set.Timer)
	} else {
		line += "no timer"
	}
	switch {
	case t.StartAt != 0:
		line += fmt.Sprintf("; bots fill it in %d s", max(0, (t.StartAt-now.UnixMilli()+999)/1000))
	case set.Fill > 0:
		line += "; bots fill it"
	case t.State == protocol.StateLobby:
		line += "; no bots: it waits for people"
	}
	if set.Quick {
		line += "; quick match (chat in phrases)"
	}
	return line
}

// playNow runs "play now [variant V] [seats N or N-M] [fill S]": quick match.
func (c *conn) playNow(args []string) {
	q := protocol.Quick{Version: protocol.Version, Variant: engine.Basic}
	seats := ""
	for i := 0; i < len(args); i += 2 {
		if i+1 >= len(args) {
			c.say("", expected("now"))
			return
		}
		k, v := args[i], args[i+1]
		switch k {
		case "variant":
			x, err := engine.ParseVariant(v)
			if err != nil {
				c.say("", fmt.Sprintf("error: no variant %q: one of %s", v, variantList()))
				return
			}
			q.Variant = x
		case "seats":
			seats = v
		case "fill":
			n, err := strconv.Atoi(v)
			if err != nil {
				c.say("", fmt.Sprintf("error: fill takes seconds, not %q", v))
				return
			}
			q.Fill = n
		default:
			c.say("", expected("now"))
			return
		}
	}
	lo, hi := engine.SeatsAllowed(q.Variant)
	q.Min, q.Max = lo, min(hi, 5)
	if seats != "" {
		a, b, found := strings.Cut(seats, "-")
		if !found {
			b = a
		}
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil {
			c.say("", expected("now"))
			return
		}
		q.Min, q.Max = x, y
	}
	if len(c.rooms) >= c.srv.opts.MaxRooms {
		c.say("", fmt.Sprintf("error: you are in %d rooms, the most: \"leave GAME\" one first", len(c.rooms)))
		return
	}
	q.Name = c.personName("")
	r := c.newRoom("", "", "")
	r.peer.Handle(q)
	c.mu.Lock()
	in := !r.gone && r.st.Code != ""
	key := r.key
	c.mu.Unlock()
	if !in || c.rooms[key] != nil { // refused (the sink has printed why), or a room it is in
		r.peer.Close()
		return
	}
	c.rooms[key] = r
}

// heard notes a seat's chat line (under c.mu), for "report SEAT".
func (r *room) heard(m protocol.Chat) {
	if m.N > 0 && m.Seat >= 0 {
		if r.said == nil {
			r.said = map[int]int{}
		}
		r.said[m.Seat] = m.N
	}
}

// moderate runs "kick SEAT", "mute SEAT", "unmute SEAT" and "report SEAT [REASON]" (seat counted
// from 0; reason one of protocol.ReportReasons or "").
func (c *conn) moderate(r *room, verb string, seat int, reason string) {
	switch verb {
	case "kick":
		r.peer.Handle(protocol.Kick{Seat: seat})
	case "mute":
		r.peer.Handle(protocol.Mute{Seat: seat})
	case "unmute":
		r.peer.Handle(protocol.Unmute{Seat: seat})
	case "report":
		c.mu.Lock()
		n := r.said[seat]
		c.mu.Unlock()
		if n == 0 {
			c.say(r.name, fmt.Sprintf("error: seat %d has said nothing here since you came", seat+1))
			return
		}
		r.peer.Handle(protocol.Report{N: n, Reason: reason})
	}
}
