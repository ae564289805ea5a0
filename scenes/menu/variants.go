package menu

import (
	"nimmt/engine"
	"nimmt/scenes/ui"
)

// VariantConfig returns the configuration of a new game from the settings.
func VariantConfig(st *ui.Settings) engine.Config {
	cfg := engine.DefaultConfig(st.Seats)
	cfg.Variant = st.EngineVariant()
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

// The choice panel: the person's Nifty order (tap the card to place first) and Hand keep (tap
// the taken cards to keep, then Keep) decisions, drawn over the table.
