package bots

import (
	"context"

	"nimmt/engine"
)

// LevelClairvoyant names the clairvoyant Expert in the arena: a ceiling for measurements, never a
// player.
const LevelClairvoyant = "clairvoyant"

// Clairvoyant is the Expert's search told every seat's true hand: it plays every option against
// the real deal instead of sampled ones (the others' choices in the playouts stay a model). It
// sees what no seat may see, so it is not a player: the arena seats it to measure how far the
// Expert is from knowing the cards (docs/BOTS.md). In the variants it plays as the Expert.
type Clairvoyant struct{ e *Expert }

// NewClairvoyant returns a Clairvoyant with the Expert's options.
func NewClairvoyant(seed uint64, opt ExpertOptions) *Clairvoyant {
	e := NewExpert(seed, opt)
	e.name = LevelClairvoyant
	return &Clairvoyant{e: e}
}

// Name implements Bot.
func (*Clairvoyant) Name() string { return LevelClairvoyant }

// Decide implements Bot: without the hands it plays as the Expert.
func (c *Clairvoyant) Decide(v *engine.View) engine.Action { return c.e.Decide(v) }

// DecideSeeing answers v's decision knowing hands[s], every seat's hand.
func (c *Clairvoyant) DecideSeeing(v *engine.View, hands [][]engine.Card) engine.Action {
	if v.Config.Variant != engine.Basic || v.Decision == nil ||
		(v.Decision.Kind != engine.DecidePlay && v.Decision.Kind != engine.DecideRow) ||
		(v.Decision.Kind == engine.DecidePlay && len(v.Hand) == 0) {
		return c.e.Decide(v)
	}
	return c.e.decideBasic(context.Background(), v, hands)
}
