package scenes

import (
	"slices"
	"strings"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/text"
)

// menuVariants are the rule variants the menu offers (docs/variants.md). Double is left out: the
// table draws one sprite per card number, so it cannot show twins yet; the engine, the bots and
// the arena play it.
func menuVariants() []engine.Variant {
	return slices.DeleteFunc(engine.Variants(), func(v engine.Variant) bool { return v == engine.Double })
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

// autoDecision answers, for the person, a decision the table has no controls for yet — a draft
// (Logic, Tournament), the order of two cards (Nifty), which taken cards to keep (Hand) — with
// the bots' one-step Heuristic, and says so in the log. It reports whether it acted.
func (t *table) autoDecision() bool {
	d, ok := t.eg.Decision(t.me)
	if !ok || d.Kind == engine.DecidePlay || d.Kind == engine.DecideRow || !t.caughtUp() {
		return false
	}
	v := t.eg.View(t.me)
	a := bots.Heuristic(&v)
	if err := t.eg.Act(t.me, a); err != nil {
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
	t.save()
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
