package scenes

import (
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/text"
)

// menuVariants are the rule variants the menu offers (docs/variants.md): all of them.
func menuVariants() []engine.Variant { return engine.Variants() }

// variantTitle is the variant's name on the new-game form (Double names its card set).
func (s *Settings) variantTitle() string {
	v := s.variant()
	switch {
	case v == engine.Double && s.Doublets:
		return v.Title() + ": deck + doublets"
	case v == engine.Double:
		return v.Title() + ": two decks"
	}
	return v.Title()
}

// nextVariant selects the variant after the current one; Double comes twice, with two decks and
// with one deck and the doublets 11…99 of a second.
func (s *Settings) nextVariant() {
	if s.variant() == engine.Double && !s.Doublets {
		s.Doublets = true
		return
	}
	vs := menuVariants()
	i := slices.Index(vs, s.variant())
	s.Variant = vs[(i+1)%len(vs)].String()
	s.Doublets = false
	s.Seats = clampSeats(s.variant(), s.Seats)
}

// variant returns the selected variant.
func (s *Settings) variant() engine.Variant {
	v, err := engine.ParseVariant(s.Variant)
	if err != nil {
		return engine.Basic
	}
	return v
}

// sanitizeVariant keeps the variant to those offered and the seats to those it allows.
func (s *Settings) sanitizeVariant() {
	if s.Variant == "" {
		s.Variant = engine.Basic.String()
	}
	if v, err := engine.ParseVariant(s.Variant); err != nil || !slices.Contains(menuVariants(), v) {
		s.Variant = engine.Basic.String()
	}
	if s.variant() != engine.Double {
		s.Doublets = false
	}
	s.Seats = clampSeats(s.variant(), s.Seats)
}

// clampSeats returns n within the seats variant v allows.
func clampSeats(v engine.Variant, n int) int {
	lo, hi := engine.SeatsAllowed(v)
	return min(max(n, lo), hi)
}

// variantConfig returns the configuration of a new game from the settings.
func variantConfig(st *Settings) engine.Config {
	cfg := engine.DefaultConfig(st.Seats)
	cfg.Variant = st.variant()
	cfg.Doublets = cfg.Variant == engine.Double && st.Doublets
	switch st.EndMode {
	case "score":
		cfg.EndScore = st.EndScore
	case "rounds":
		cfg.EndScore, cfg.Rounds = 0, st.Rounds
		if cfg.Variant == engine.TCG && cfg.Rounds%2 != 0 {
			cfg.Rounds++ // TCG is played in halves
		}
	}
	return cfg
}

// wrapText breaks s into lines no wider than w at the given size.
func (g *Game) wrapText(s string, size, w float64) []string {
	st := text.Style{Size: size}
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if tw, _ := g.txt.Measure(try, st); tw > w && line != "" {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// autoDecision answers, for the person, a decision the table has no controls for, with the bots'
// one-step Heuristic, and says so in the log. It reports whether it acted. Every decision kind of
// the engine has controls today; this is the safety net for new ones.
func (t *table) autoDecision() bool {
	d, ok := t.decision()
	if !ok || t.inFlight || !t.tl.Idle() {
		return false
	}
	switch d.Kind {
	case engine.DecidePlay, engine.DecideRow, engine.DecideDraft, engine.DecideOrder, engine.DecideKeep:
		return false
	}
	v := cloneView(&t.disp)
	a := bots.Heuristic(&v)
	if !t.act(a) {
		return false
	}
	switch d.Kind {
	case engine.DecideDraft:
		t.log = append(t.log, "You drafted "+a.Cards[0].String()+" (chosen for you).")
	case engine.DecideOrder:
		t.log = append(t.log, "You place "+a.Cards[0].String()+" first (chosen for you).")
	case engine.DecideKeep:
		t.log = append(t.log, "You keep "+cardList(a.Cards)+" in hand (chosen for you).")
	}
	return true
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

// variantLog writes the log line of a variant's event.
func (t *table) variantLog(e engine.Event) {
	switch ev := e.(type) {
	case engine.CardDrafted:
		if ev.Seat != t.me {
			t.log = append(t.log, t.seatName(ev.Seat)+" drafted "+ev.Card.String()+".")
		}
	case engine.DraftDone:
		t.log = append(t.log, "The four cards left start the rows.")
	case engine.CardsKept:
		if ev.Seat != t.me {
			t.log = append(t.log, t.seatName(ev.Seat)+" keeps "+cardList(ev.Hand)+" in hand.")
		}
	}
}

// poolRects lays the face-up draft pool (Logic, Tournament) out as a grid over the rows, which
// are empty during the draft: one rectangle per card of t.disp.Pool, the largest cards that fit.
func (t *table) poolRects() []layout.Rect {
	n := len(t.disp.Pool)
	if n == 0 {
		return nil
	}
	top, bot := t.lay.Rows[0].Hit, t.lay.Rows[engine.NumRows-1].Hit
	area := layout.Rect{X: top.X, Y: top.Y, W: top.W, H: bot.Y + bot.H - top.Y}
	best, bestCols := 0.0, 1
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		cw := min(area.W/float64(cols), area.H/float64(rows)/1.5)
		if cw > best {
			best, bestCols = cw, cols
		}
	}
	cw, ch := best*0.92, best*1.5*0.92
	out := make([]layout.Rect, n)
	for i := range out {
		col, row := i%bestCols, i/bestCols
		out[i] = layout.Rect{X: area.X + float64(col)*best + (best-cw)/2, Y: area.Y + float64(row)*best*1.5 + (best*1.5-ch)/2, W: cw, H: ch}
	}
	return out
}

// drawPool draws the face-up draft pool; the card under the pointer is lifted when it is the
// person's turn to draft.
func (t *table) drawPool(dst *ebiten.Image) {
	if t.disp.Phase != engine.PhaseDraft {
		return
	}
	mine := t.disp.Decision != nil && t.disp.Decision.Kind == engine.DecideDraft
	for i, r := range t.poolRects() {
		if mine && i == t.poolHover {
			r.Y -= r.H * 0.12
		}
		t.drawCard(dst, t.disp.Pool[i], r.X, r.Y, r.W, r.H, true, 1, mine && i == t.poolHover)
	}
}

// handleDraft lets the person draft a card of the pool by tapping it. It reports whether the
// input was taken.
func (t *table) handleDraft(in *Input) bool {
	d, ok := t.decision()
	if !ok || d.Kind != engine.DecideDraft {
		return false
	}
	rs := t.poolRects()
	if in.Hover {
		t.poolHover = -1
		for i, r := range rs {
			if r.Contains(in.X, in.Y) {
				t.poolHover = i
			}
		}
	}
	for i, r := range rs {
		if in.TapIn(r) && i < len(t.disp.Pool) {
			c := t.disp.Pool[i]
			if t.act(engine.DraftCard(c)) {
				t.log = append(t.log, "You drafted "+c.String()+".")
			}
			t.poolHover = -1
			return true
		}
	}
	return true
}

// poolState adds the draft pool to the test state.
func (t *table) poolState(ts *TestState) {
	for _, c := range t.disp.Pool {
		ts.Pool = append(ts.Pool, int(c))
	}
	ts.PoolRects = t.poolRects()
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

// The choice panel: the person's Nifty order (tap the card to place first) and Hand keep (tap
// the taken cards to keep, then Keep) decisions, drawn over the table.

// choiceDecision returns the person's order or keep decision, if one is due and the screen has
// caught up.
func (t *table) choiceDecision() (engine.Decision, bool) {
	if t.over {
		return engine.Decision{}, false
	}
	d, ok := t.decision()
	if !ok || (d.Kind != engine.DecideOrder && d.Kind != engine.DecideKeep) {
		return engine.Decision{}, false
	}
	return d, true
}

// choiceLayout returns the panel, one rectangle per card of the decision and the Keep button.
func (t *table) choiceLayout(d engine.Decision) (panel layout.Rect, cards []layout.Rect, button layout.Rect) {
	g := t.g
	n := max(len(d.Cards), 1)
	slot := t.lay.Rows[0].Slots[0]
	cw := min(slot.W*1.2, (min(g.w-24, 640)-32)/float64(n)*0.9)
	ch := cw * 1.5
	bh := clampF(g.h*0.07, layout.MinTap, 60)
	pw := min(g.w-24, max(float64(n)*cw*1.1+32, 320))
	ph := 16 + bh*0.8 + ch*1.2 + 16
	if d.Kind == engine.DecideKeep {
		ph += bh + 8
	}
	panel = layout.Rect{X: (g.w - pw) / 2, Y: (g.h - ph) / 2, W: pw, H: ph}
	x0 := panel.X + (pw-float64(n)*cw*1.1)/2 + cw*0.05
	y := panel.Y + 16 + bh*0.8 + ch*0.1
	for i := range d.Cards {
		cards = append(cards, layout.Rect{X: x0 + float64(i)*cw*1.1, Y: y, W: cw, H: ch})
	}
	if d.Kind == engine.DecideKeep {
		button = layout.Rect{X: panel.X + 16, Y: panel.Y + ph - bh - 12, W: pw - 32, H: bh}
	}
	return panel, cards, button
}

// choiceTitle is the panel's instruction.
func (t *table) choiceTitle(d engine.Decision) string {
	if d.Kind == engine.DecideOrder {
		return "Tap the card to place first"
	}
	room := engine.MaxHand - len(t.disp.Hand)
	return "Tap cards to keep in hand (room for " + num(room) + ")"
}

// drawChoice draws the choice panel.
func (t *table) drawChoice(dst *ebiten.Image) {
	d, ok := t.choiceDecision()
	if !ok {
		return
	}
	g := t.g
	panel, cards, button := t.choiceLayout(d)
	g.roundRect(dst, panel, 10, overlay)
	bh := clampF(g.h*0.07, layout.MinTap, 60)
	title := t.choiceTitle(d)
	g.label(dst, title, panel.X+panel.W/2, panel.Y+16+bh*0.4, g.txt.Fit(title, text.Style{Size: bh * 0.4, Bold: true}, panel.W-24, 9), titleCol, text.Center, true)
	for i, r := range cards {
		if d.Kind == engine.DecideKeep && t.keepSel[i] {
			r.Y -= r.H * 0.1
		}
		t.drawCard(dst, d.Cards[i], r.X, r.Y, r.W, r.H, true, 1, d.Kind == engine.DecideKeep && t.keepSel[i])
	}
	if d.Kind == engine.DecideKeep {
		n := 0
		for _, on := range t.keepSel {
			if on {
				n++
			}
		}
		w := widget{id: "keep", label: "Keep " + num(n) + ", score " + num(len(d.Cards)-n), r: button, enabled: true}
		g.drawWidget(dst, &w, false)
	}
}

// handleChoice answers the choice panel's taps; it reports whether a choice panel is up.
func (t *table) handleChoice(in *Input) bool {
	d, ok := t.choiceDecision()
	if !ok {
		t.keepSel = nil
		return false
	}
	_, cards, button := t.choiceLayout(d)
	if len(t.keepSel) != len(d.Cards) {
		t.keepSel = make([]bool, len(d.Cards))
	}
	for i, r := range cards {
		if !in.TapIn(r) {
			continue
		}
		if d.Kind == engine.DecideOrder {
			if t.act(engine.PlaceFirst(d.Cards[i])) {
				t.log = append(t.log, "You place "+d.Cards[i].String()+" first.")
			}
			return true
		}
		n := 0
		for _, on := range t.keepSel {
			if on {
				n++
			}
		}
		if t.keepSel[i] || len(t.disp.Hand)+n < engine.MaxHand {
			t.keepSel[i] = !t.keepSel[i]
		}
		return true
	}
	if d.Kind == engine.DecideKeep && (in.TapIn(button) || in.Key(KeyEnter)) {
		var keep []engine.Card
		for i, on := range t.keepSel {
			if on {
				keep = append(keep, d.Cards[i])
			}
		}
		if t.act(engine.KeepCards(keep...)) {
			t.log = append(t.log, "You keep "+cardList(keep)+" in hand.")
		}
		t.keepSel = nil
	}
	return true
}

// choiceState adds the choice panel to the test state.
func (t *table) choiceState(ts *TestState) {
	d, ok := t.choiceDecision()
	if !ok {
		return
	}
	_, ts.ChoiceRects, ts.ChoiceButton = t.choiceLayout(d)
	ts.Decision = d.Kind.String()
}
