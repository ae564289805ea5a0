package scenes

import (
	"slices"
	"strings"
	"unicode"

	"nimmt/engine"
	"nimmt/msg"
	"nimmt/text"
)

// menuVariants are the rule variants the menu offers (docs/variants.md): all of them.
func menuVariants() []engine.Variant { return engine.Variants() }

// variantTitle is the variant's name on the new-game form (Double names its card set).
func (s *Settings) variantTitle() string {
	v := s.variant()
	switch {
	case v == engine.Double && s.Doublets:
		return msg.New(msg.VariantDoubleDoublets, msg.VariantTitle(v)).String()
	case v == engine.Double:
		return msg.New(msg.VariantDoubleDecks, msg.VariantTitle(v)).String()
	}
	return msg.VariantTitle(v).Text()
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

// breakable reports whether a line may break at r: a space, but not a no-break space (French
// puts U+202F before ":" and U+00A0 inside "10 %": the line never breaks there).
func breakable(r rune) bool {
	return unicode.IsSpace(r) && r != '\u00a0' && r != '\u202f' && r != '\u2007'
}

// wrapText breaks s into lines no wider than w at the given size.
func (k *Kit) wrapText(s string, size, w float64) []string {
	st := text.Style{Size: size}
	var lines []string
	line := ""
	for _, word := range strings.FieldsFunc(s, breakable) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if tw, _ := k.txt.Measure(try, st); tw > w && line != "" {
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

// The choice panel: the person's Nifty order (tap the card to place first) and Hand keep (tap
// the taken cards to keep, then Keep) decisions, drawn over the table.
