package textport

import (
	"fmt"
	"strings"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/protocol"
)

// The text port's output is lines of text, each starting with the room's name in brackets and a
// mark saying what the line is:
//
//	[oak] - Bo's 44 goes to row 3.        an event of the game (exactly one line per event)
//	[oak] | row 1: 12 37 43 ...           the table, printed after each batch of events
//	[oak] > your turn: play CARD on oak   what the room waits for from you
//	[oak] * Ann joined as red             a line from the room
//	[oak] <Bo> gg                         chat
//	[oak] error: ...                      a refused command
//
// Only numbers that are cards stand alone; every other number has its word: "row 3",
// "round 2", "turn 4", "5 bullheads", "17 points", "3 cards", "seat 2".

// names says who the seats are as the connection sees them: "you" for its own seat.
type names struct {
	seats []protocol.Seat
	you   int
}

func (n names) of(seat int) string {
	switch {
	case seat == n.you && seat >= 0:
		return "you"
	case seat >= 0 && seat < len(n.seats):
		return n.seats[seat].Name
	}
	return fmt.Sprintf("seat %d", seat+1)
}

// possessive is "your" or "Bo's".
func (n names) possessive(seat int) string {
	if seat == n.you && seat >= 0 {
		return "your"
	}
	return n.of(seat) + "'s"
}

func cards(cs []engine.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

func bullheads(cs []engine.Card) int {
	n := 0
	for _, c := range cs {
		n += c.Bullheads()
	}
	return n
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// EventLine is the line the text port prints for event e (after "- "), as the seat you (-1:
// a watcher) among seats receives it: a client of the port can hold what it read against a
// stored game.
func EventLine(seats []protocol.Seat, you int, e engine.Event) string {
	return eventLine(names{seats: seats, you: you}, e)
}

// eventLine renders one event, as the connection's seat receives it, in one line.
func eventLine(n names, e engine.Event) string {
	switch e := e.(type) {
	case engine.RoundDealt:
		s := fmt.Sprintf("round %d dealt", e.Round)
		switch {
		case len(e.Pool) > 0:
			s += fmt.Sprintf(": %s face up to draft from", plural(len(e.Pool), "card"))
		case e.Rows != [engine.NumRows]engine.Card{}:
			s += ": the rows start with " + cards(e.Rows[:])
		default:
			s += ": the rows stay on the table"
		}
		if n.you >= 0 && n.you < len(e.Hands) && len(e.Hands[n.you]) > 0 {
			s += "; your hand: " + cards(e.Hands[n.you])
		}
		return s + "."
	case engine.SeatChose:
		switch {
		case len(e.Cards) > 0:
			return fmt.Sprintf("%s chose %s.", n.of(e.Seat), cards(e.Cards))
		case e.Card != 0:
			return fmt.Sprintf("%s chose %s.", n.of(e.Seat), e.Card)
		}
		return fmt.Sprintf("%s chose a card.", n.of(e.Seat))
	case engine.CardDrafted:
		return fmt.Sprintf("%s drafted %s.", n.of(e.Seat), e.Card)
	case engine.DraftDone:
		return "the draft is done: the rows start with " + cards(e.Rows[:]) + "."
	case engine.CardsRevealed:
		parts := make([]string, len(e.Plays))
		for i, p := range e.Plays {
			parts[i] = fmt.Sprintf("%s by %s", p.Card, n.of(p.Seat))
		}
		return fmt.Sprintf("turn %d, cards revealed: %s.", e.Turn, strings.Join(parts, ", "))
	case engine.RowChoiceRequired:
		return fmt.Sprintf("%s %s is lower than every row: %s must take a row.", n.possessive(e.Seat), e.Card, n.of(e.Seat))
	case engine.OrderChoiceRequired:
		return fmt.Sprintf("%s must choose which of %s goes first.", n.of(e.Seat), cards(e.Cards))
	case engine.OrderChosen:
		return fmt.Sprintf("%s placed %s first.", n.of(e.Seat), cards(e.Cards[:1]))
	case engine.RowTaken:
		why := "it was full"
		if e.Reason == engine.TakeTooLow {
			why = "the card was too low"
		}
		return fmt.Sprintf("%s took row %d (%s): %s, %s (%s).", n.of(e.Seat), e.Row+1, cards(e.Cards),
			plural(len(e.Cards), "card"), plural(e.Bullheads, "bullhead"), why)
	case engine.KeepChoiceRequired:
		return fmt.Sprintf("%s must choose which of %s go to the hand.", n.of(e.Seat), cards(e.Cards))
	case engine.CardsKept:
		return fmt.Sprintf("%s kept %s in hand (%s), piled %s (%s).", n.of(e.Seat), orNone(e.Hand),
			plural(len(e.Hand), "card"), orNone(e.Pile), plural(e.Bullheads, "bullhead"))
	case engine.CardPlaced:
		if e.Pos == 0 {
			return fmt.Sprintf("%s %s starts row %d.", n.possessive(e.Seat), e.Card, e.Row+1)
		}
		return fmt.Sprintf("%s %s goes to row %d.", n.possessive(e.Seat), e.Card, e.Row+1)
	case engine.RoundScored:
		parts := make([]string, len(e.Totals))
		for i, t := range e.Totals {
			parts[i] = fmt.Sprintf("%s %s (%s)", n.of(i), plural(penalty(e.Penalties, i), "bullhead"), plural(t, "point"))
		}
		return fmt.Sprintf("round %d scored: %s.", e.Round, strings.Join(parts, ", "))
	case engine.GameOver:
		parts := make([]string, len(e.Totals))
		for i, t := range e.Totals {
			parts[i] = fmt.Sprintf("%s %s", n.of(i), plural(t, "point"))
		}
		win := make([]string, len(e.Winners))
		for i, w := range e.Winners {
			win[i] = n.of(w)
		}
		return fmt.Sprintf("game over: %s; the fewest: %s.", strings.Join(parts, ", "), strings.Join(win, " and "))
	}
	return e.Type() + "."
}

func penalty(p []int, i int) int {
	if i < len(p) {
		return p[i]
	}
	return 0
}

func orNone(cs []engine.Card) string {
	if len(cs) == 0 {
		return "none"
	}
	return cards(cs)
}

// table renders the room as the connection sees it: the lobby, or the game's rows with their
// bullheads, the hand, the scores and whom the game waits for.
func table(st *client.State, room string) []string {
	rm := &st.Room
	n := names{seats: rm.Seats, you: rm.You}
	set := rm.Settings
	head := set.Variant.String()
	if set.EndScore > 0 {
		head += fmt.Sprintf(", to %s", plural(set.EndScore, "point"))
	}
	if set.Rounds > 0 {
		head += ", " + plural(set.Rounds, "round")
	}
	if set.Timer > 0 {
		head += fmt.Sprintf(", timer %d s", set.Timer)
	}
	var out []string
	seatLine := func(i int, s protocol.Seat) string {
		who := s.Name
		if i == rm.You {
			who += " (you)"
		}
		var notes []string
		notes = append(notes, s.Colour)
		if s.Kind == protocol.KindBot {
			notes = append(notes, s.Level+" bot")
		}
		if i == rm.Host {
			notes = append(notes, "host")
		}
		if s.Kind == protocol.KindPerson && !s.Connected {
			notes = append(notes, "disconnected")
		}
		if s.Away {
			notes = append(notes, "away")
		}
		if s.Resigned {
			notes = append(notes, "resigned")
		}
		return fmt.Sprintf("seat %d: %s, %s", i+1, who, strings.Join(notes, ", "))
	}
	if rm.State == protocol.StateLobby || st.Game != rm.Game || len(st.Events) == 0 {
		out = append(out, fmt.Sprintf("room %s (code %s), %s: waiting for the host to start; %s taken of %s",
			room, rm.Code, head, plural(len(rm.Seats), "seat"), plural(set.Seats, "seat")))
		for i, s := range rm.Seats {
			out = append(out, "  "+seatLine(i, s))
		}
		return out
	}
	v := &st.View
	out = append(out, fmt.Sprintf("game %d, round %d, turn %d (%s)", rm.Game, v.Round, v.Turn, head))
	if len(v.Pool) > 0 {
		out = append(out, "  draft from: "+cards(v.Pool))
	}
	for i, row := range v.Rows {
		if len(row) == 0 {
			out = append(out, fmt.Sprintf("  row %d: (empty)", i+1))
			continue
		}
		out = append(out, fmt.Sprintf("  row %d: %-20s %s, %s", i+1, cards(row), plural(len(row), "card"), plural(bullheads(row), "bullhead")))
	}
	if len(v.FaceUp) > 0 {
		parts := make([]string, len(v.FaceUp))
		for i, p := range v.FaceUp {
			parts[i] = fmt.Sprintf("%s by %s", p.Card, n.of(p.Seat))
		}
		out = append(out, "  face up this turn: "+strings.Join(parts, ", "))
	}
	if rm.You >= 0 {
		h := "  your hand: " + orNone(v.Hand)
		if len(v.MyPlay) > 0 {
			h += "; chosen: " + cards(v.MyPlay)
		}
		out = append(out, h)
	}
	for i, s := range rm.Seats {
		line := "  " + seatLine(i, s)
		if i < len(v.Scores) {
			line += fmt.Sprintf("; %s, %s this round, %s in hand", plural(v.Scores[i], "point"),
				plural(v.Penalties[i], "bullhead"), plural(v.HandSizes[i], "card"))
			if i < len(v.Kept) && len(v.Kept[i]) > 0 {
				line += "; kept " + cards(v.Kept[i])
			}
		}
		out = append(out, line)
	}
	if rm.State == protocol.StateOver {
		if r := rm.Result; r != nil {
			parts := make([]string, len(r.Totals))
			for i, t := range r.Totals {
				parts[i] = fmt.Sprintf("%s %s", n.of(i), plural(t, "point"))
			}
			how := "game over"
			if r.Finished {
				how = "the host finished the game"
			}
			out = append(out, fmt.Sprintf("  %s: %s", how, strings.Join(parts, ", ")))
		}
		return out
	}
	if len(v.Waiting) > 0 {
		parts := make([]string, len(v.Waiting))
		for i, w := range v.Waiting {
			parts[i] = n.of(w)
		}
		out = append(out, fmt.Sprintf("  waiting for %s to %s", strings.Join(parts, ", "), phaseVerb(v.Phase)))
	}
	return out
}

func phaseVerb(p engine.Phase) string {
	switch p {
	case engine.PhaseRowChoice:
		return "take a row"
	case engine.PhaseDraft:
		return "draft a card"
	case engine.PhaseOrder:
		return "choose the order of two cards"
	case engine.PhaseKeep:
		return "choose the cards to keep"
	}
	return "play"
}

// prompt says what the room waits for from the connection's seat, with the command that answers
// it, or "" when it waits for nothing from it.
func prompt(st *client.State, room string, taking map[engine.Card]int) string {
	if st.Room.State == protocol.StateOver && st.Room.You == st.Room.Host && st.Room.You >= 0 {
		return fmt.Sprintf("the game is over: \"start new game on %s\" plays again with the same seats", room)
	}
	if st.Room.State != protocol.StatePlaying || st.Game != st.Room.Game || st.View.Decision == nil {
		return ""
	}
	if st.Room.You >= 0 && st.Room.You < len(st.Room.Seats) && st.Room.Seats[st.Room.You].Resigned {
		return ""
	}
	d := st.View.Decision
	switch d.Kind {
	case engine.DecidePlay:
		if len(st.View.MyPlay) > 0 {
			return fmt.Sprintf("you chose %s; waiting for the others (a new \"play\" changes your mind)", cards(st.View.MyPlay))
		}
		switch {
		case d.Count == 2 && d.Min == 1:
			return fmt.Sprintf("your turn: play one or two cards: \"play CARD on %s\" or \"play CARD and CARD on %s\"", room, room)
		case d.Count == 2:
			return fmt.Sprintf("your turn: play two cards: \"play CARD and CARD on %s\"", room)
		}
		return fmt.Sprintf("your turn: \"play CARD on %s\" (or \"play CARD taking ROW on %s\" to say which row a too-low card takes)", room, room)
	case engine.DecideRow:
		if row, ok := taking[d.Card]; ok {
			return fmt.Sprintf("your %s is lower than every row: you take row %d, as you said", d.Card, row+1)
		}
		return fmt.Sprintf("your %s is lower than every row: \"play %s taking ROW on %s\" (ROW: 1-4)", d.Card, d.Card, room)
	case engine.DecideDraft:
		return fmt.Sprintf("your draft: \"draft CARD on %s\"", room)
	case engine.DecideOrder:
		return fmt.Sprintf("place %s: \"first CARD on %s\" names the card placed first", cards(d.Cards), room)
	case engine.DecideKeep:
		return fmt.Sprintf("you took %s: \"keep CARD CARD ... on %s\" (or \"keep none on %s\") puts those in your hand, the rest on your pile", cards(d.Cards), room, room)
	}
	return ""
}

// errorText shortens a server error for a person: the package and seat prefixes go.
func errorText(msg string) string {
	for _, p := range []string{"server: ", "protocol: ", "engine: "} {
		msg = strings.TrimPrefix(msg, p)
	}
	if strings.HasPrefix(msg, "seat ") {
		if i := strings.Index(msg, ": "); i >= 0 {
			msg = msg[i+2:]
		}
	}
	return strings.TrimPrefix(msg, "engine: ")
}
