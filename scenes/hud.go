package scenes

import (
	"strconv"
	"strings"

	"nimmt/engine"
	"nimmt/text"
)

// refreshPlates rebuilds the strings shown on the seat plates and the status line.
func (t *table) refreshPlates() {
	for s := range t.seats {
		si := &t.seats[s]
		score := 0
		if s < len(t.disp.Scores) {
			score = t.disp.Scores[s]
		}
		si.scoreStr = strconv.Itoa(score)
		pen := 0
		if s < len(t.disp.Penalties) {
			pen = t.disp.Penalties[s]
		}
		si.pileStr = ""
		if pen > 0 {
			si.pileStr = "+" + strconv.Itoa(pen)
		}
		chosen := s < len(t.disp.Chosen) && t.disp.Chosen[s]
		switch {
		case t.phase == phaseOver:
			si.stateStr = ""
			for _, w := range t.disp.Winners {
				if w == s {
					si.stateStr = "winner"
				}
			}
		case si.status == StatusDisconnected:
			si.stateStr = "disconnected"
		case si.status == StatusAway:
			si.stateStr = "away"
		case t.disp.Phase == engine.PhaseRowChoice && len(t.disp.Waiting) > 0 && t.disp.Waiting[0] == s:
			si.stateStr = "choosing row"
		case t.disp.Phase == engine.PhaseChoose && chosen:
			si.stateStr = "ready"
		case t.disp.Phase == engine.PhaseChoose && len(t.disp.Pending) == 0 && si.status == StatusThinking:
			si.stateStr = "thinking…"
		case t.disp.Phase == engine.PhaseChoose && len(t.disp.Pending) == 0 && s == t.me && t.tutorial == nil && t.phase != phaseDeal:
			si.stateStr = "your turn"
		default:
			si.stateStr = ""
		}
	}
	cfg := t.disp.Config
	goal := ""
	switch {
	case cfg.Rounds > 0 && cfg.EndScore > 0:
		goal = " · to " + strconv.Itoa(cfg.EndScore) + " or " + strconv.Itoa(cfg.Rounds) + " rounds"
	case cfg.Rounds > 0:
		goal = " of " + strconv.Itoa(cfg.Rounds)
	case cfg.EndScore > 0:
		goal = " · game to " + strconv.Itoa(cfg.EndScore)
	}
	t.scoreLine = "Round " + strconv.Itoa(max(t.disp.Round, 1)) + goal
	t.redraw = true
	t.status = t.statusText()
	t.statusSize = t.g.txt.Fit(t.status, text.Style{Size: t.lay.Unit * 1.1}, t.lay.Status.W, 9)
}

func (t *table) statusText() string {
	if t.tutorial != nil {
		return ""
	}
	switch {
	case (t.phase == phaseOver):
		return "Game over."
	case (t.phase == phaseScore):
		return "Round over."
	case t.phase == phaseDeal:
		return "Dealing…"
	case t.disp.Phase == engine.PhaseRowChoice && len(t.disp.Waiting) > 0:
		if t.disp.Waiting[0] == t.me {
			return "Your card is too low: tap a row to take it (keys 1–4)."
		}
		return t.seatName(t.disp.Waiting[0]) + " is choosing a row to take…"
	case t.variantStatus() != "":
		return t.variantStatus()
	case len(t.disp.Pending) > 0:
		return "Placing cards, lowest first…"
	case t.disp.Phase == engine.PhaseChoose:
		if t.disp.MyChoice == 0 {
			return "Turn " + strconv.Itoa(t.disp.Turn) + ": choose a card (tap it twice, or arrows + Enter)."
		}
		n := 0
		for s := range t.disp.Chosen {
			if !t.disp.Chosen[s] {
				n++
			}
		}
		return "Waiting for " + strconv.Itoa(n) + " more · tap another card to change your mind."
	}
	return ""
}

// refreshAdvice recomputes the advisor's numbers for the current turn.
func (t *table) refreshAdvice() {
	key := t.disp.Round*100 + t.disp.Turn
	if t.adviceTurn == key || t.g.opts.Advisor == nil || t.tutorial != nil {
		return
	}
	t.adviceTurn = key
	v := cloneView(&t.disp)
	t.advice = t.g.opts.Advisor(&v)
	for c := range t.adviceStr {
		t.adviceStr[c] = ""
	}
	for c, x := range t.advice {
		if int(c) < len(t.adviceStr) {
			t.adviceStr[c] = strconv.FormatFloat(x, 'f', 1, 64)
		}
	}
}

// variantStatus is the status line of the variants' own moments, or "".
func (t *table) variantStatus() string {
	v := t.disp.Config.Variant
	waiting := -1
	if len(t.disp.Waiting) == 1 {
		waiting = t.disp.Waiting[0]
	}
	switch {
	case t.disp.Phase == engine.PhaseDraft && waiting >= 0:
		if waiting == t.me {
			return "Draft: tap a card of the face-up deck to take it into your hand."
		}
		return t.seatName(waiting) + " is drafting…"
	case t.disp.Phase == engine.PhaseOrder && waiting == t.me:
		return "Your two cards go one after the other: choose which goes first."
	case t.disp.Phase == engine.PhaseOrder && waiting >= 0:
		return t.seatName(waiting) + " chooses which card to place first…"
	case t.disp.Phase == engine.PhaseKeep && waiting == t.me:
		return "You took a row: choose the cards to take into your hand; the others score."
	case t.disp.Phase == engine.PhaseKeep && waiting >= 0:
		return t.seatName(waiting) + " chooses which taken cards to keep…"
	case t.disp.Phase == engine.PhaseChoose && len(t.disp.Pending) == 0 && (v == engine.Open || v == engine.HandVariant) && waiting >= 0:
		if waiting == t.me && v == engine.HandVariant && t.pick != 0 {
			return "You chose " + t.pick.String() + ": choose it again to play it alone, or a second card."
		}
		if waiting == t.me && v == engine.HandVariant {
			return "Your turn: play one or two cards face up (tap each twice)."
		}
		if waiting == t.me {
			return "Your turn: play a card face up."
		}
		return t.seatName(waiting) + " plays face up…"
	case t.disp.Phase == engine.PhaseChoose && len(t.disp.Pending) == 0 && v == engine.Nifty && t.disp.MyChoice == 0:
		if t.pick != 0 {
			return "You chose " + t.pick.String() + ": choose your second card."
		}
		return "Turn " + num(t.disp.Turn) + ": choose two cards (tap each twice)."
	}
	return ""
}

// variantLog writes the log line of a variant's event.
func (t *table) variantLog(e engine.Event) {
	switch ev := e.(type) {
	case engine.CardDrafted:
		t.logf(t.who(ev.Seat)+" drafted "+ev.Card.String()+".", -1)
	case engine.DraftDone:
		t.logf("The four cards left start the rows.", -1)
	case engine.CardsKept:
		t.logf(t.who(ev.Seat)+" kept "+cardList(ev.Hand)+" in hand.", -1)
	}
}

func cardList(cs []engine.Card) string {
	if len(cs) == 0 {
		return "no card"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

// logEntry is one line of the log. A line about a seat's own pick before it plays is private to
// that seat: shown only while that seat's view is displayed (hot-seat play).
type logEntry struct {
	text    string
	private int // the seat that may read it, or -1 for everyone
}

// logf adds a line to the log, private to a seat or public (-1).
func (t *table) logf(text string, private int) {
	t.log = append(t.log, logEntry{text: text, private: private})
	t.redraw = true
}

// who names seat s in the log: "You" for the one person at this device, else the seat's name
// (several people read the same log in a hot-seat game).
func (t *table) who(s int) string {
	if s == t.me && t.people() == 1 {
		return "You"
	}
	return t.seatName(s)
}

// people returns how many people play at this device.
func (t *table) people() int {
	n := 0
	for i := range t.seats {
		if t.seats[i].Here() {
			n++
		}
	}
	return n
}

// logRowChoice says who must choose a row, and why.
func (t *table) logRowChoice(ev engine.RowChoiceRequired) {
	if ev.Seat == t.me && t.people() == 1 {
		t.logf("Your "+ev.Card.String()+" is lower than every row: choose a row to take.", -1)
		return
	}
	t.logf(t.seatName(ev.Seat)+"'s "+ev.Card.String()+" is too low: choosing a row…", -1)
}

// logRowTaken says who took which row and why.
func (t *table) logRowTaken(ev engine.RowTaken) {
	why := "the sixth card"
	if ev.Reason == engine.TakeTooLow {
		why = "a card too low"
	}
	if ev.Shared {
		t.logf(t.seatName(ev.Seat)+" shares row "+strconv.Itoa(ev.Row+1)+" (+"+strconv.Itoa(ev.Bullheads)+", twins).", -1)
		return
	}
	t.logf(t.seatName(ev.Seat)+" took row "+strconv.Itoa(ev.Row+1)+" (+"+strconv.Itoa(ev.Bullheads)+", "+why+").", -1)
}
