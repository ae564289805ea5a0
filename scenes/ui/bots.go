package ui

import (
	"nimmt/bots"
	"nimmt/engine"
)

// Bot decides for a computer seat from that seat's view. It is called from a goroutine.
type Bot interface {
	Decide(v *engine.View) engine.Action
}

// BotFactory makes a bot of a level ("random", "beginner", "intermediate", "expert").
type BotFactory func(level string, seed uint64) (Bot, error)

// Advisor estimates, for each card in the view's hand, the bullheads expected from playing it.
type Advisor func(v *engine.View) map[engine.Card]float64

// DefaultBots makes the bots package's players.
func DefaultBots(level string, seed uint64) (Bot, error) {
	b, err := bots.New(level, seed)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// BotsAdvisor is the Intermediate bot's estimate of each card's expected bullheads.
func BotsAdvisor(v *engine.View) map[engine.Card]float64 {
	adv := bots.Advise(v)
	out := make(map[engine.Card]float64, len(adv))
	for _, a := range adv {
		if a.Card != 0 {
			out[a.Card] = a.Bullheads
		}
	}
	return out
}
