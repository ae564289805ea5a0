// Package bots holds the computer opponents of 6 nimmt!, from Random to Expert, and MC100, the
// reference bot the Expert is measured against. Every bot decides from a seat's engine.View
// only: its hand, the table, the scores and the cards revealed so far.
//
// A bot is created with New(level, seed). Decisions are reproducible: a bot's answer depends
// only on its seed and the view (and, for the Expert, its node budget), never on the clock or
// on earlier calls, so a bot may be called from any goroutine. Bots never pause; the scenes
// that show them decide how long a bot seems to think.
package bots

import (
	"context"
	"fmt"
	"slices"

	"nimmt/engine"
)

// Bot is a computer player.
type Bot interface {
	// Name returns the bot's level name, e.g. "expert".
	Name() string
	// Decide answers v.Decision: engine.PlayCard for a card decision, engine.TakeRow for a row
	// choice. v must have a non-nil Decision. The answer is always legal.
	Decide(v *engine.View) engine.Action
}

// ContextBot is a bot whose decision can be cut short: when ctx is done it returns the best
// answer found so far. The Expert is one.
type ContextBot interface {
	Bot
	DecideContext(ctx context.Context, v *engine.View) engine.Action
}

// The level names accepted by New.
const (
	LevelRandom       = "random"
	LevelBeginner     = "beginner"
	LevelIntermediate = "intermediate"
	LevelHard         = "hard"
	LevelExpert       = "expert"
	LevelMC100        = "mc100"
)

// Levels returns the levels offered to players, weakest first: the one list every seat picker,
// the server and the text port take their levels from. MC100, a reference for measurements, is
// not among them. msg.Level gives each level's name and description.
func Levels() []string {
	return []string{LevelRandom, LevelBeginner, LevelIntermediate, LevelHard, LevelExpert}
}

// AllLevels returns every level New accepts, MC100 included.
func AllLevels() []string { return append(Levels(), LevelMC100) }

// New returns a bot of the given level whose decisions are reproducible from seed.
func New(level string, seed uint64) (Bot, error) {
	switch level {
	case LevelRandom:
		return &Random{seed: seed}, nil
	case LevelBeginner:
		return &Beginner{seed: seed}, nil
	case LevelIntermediate:
		return &Intermediate{}, nil
	case LevelHard:
		return NewHard(seed, ExpertOptions{}), nil
	case LevelExpert:
		return NewExpert(seed, ExpertOptions{}), nil
	case LevelMC100:
		return &MC100{seed: seed, Playouts: 100}, nil
	}
	return nil, fmt.Errorf("bots: unknown level %q (want one of %v)", level, AllLevels())
}

// Supports reports whether the bots can play a variant: every level plays every variant legally
// (see variants.go for how).
func Supports(v engine.Variant) bool { return v < engine.Variant(len(engine.Variants())) }

// Fallback returns the documented safe answer to v.Decision: the lowest card in hand for a card
// decision (the lowest Count cards when more are due, one when one is enough), the cheapest row
// (fewest bullheads, then fewest cards, then lowest number) for a row choice, the lowest card of
// the pool for a draft, the lower card first for an order, and no card kept for a keep choice.
// The arena applies it when an external bot fails.
func Fallback(v *engine.View) engine.Action {
	d := v.Decision
	if d != nil {
		switch d.Kind {
		case engine.DecideRow:
			return engine.TakeRow(engine.CheapestRow(&v.Rows))
		case engine.DecideDraft:
			if len(v.Pool) > 0 {
				return engine.DraftCard(slices.Min(v.Pool))
			}
		case engine.DecideOrder:
			if len(d.Cards) > 0 {
				return engine.PlaceFirst(slices.Min(d.Cards))
			}
		case engine.DecideKeep:
			return engine.KeepCards()
		case engine.DecidePlay:
			n := d.Count
			if d.Min > 0 {
				n = d.Min
			}
			if n > 1 && len(v.Hand) >= n {
				h := slices.Clone(v.Hand)
				engine.SortCards(h)
				return engine.PlayCards(h[:n]...)
			}
		}
	}
	if len(v.Hand) == 0 {
		return engine.PlayCard(0)
	}
	return engine.PlayCard(slices.Min(v.Hand))
}

// Legal reports whether a is a legal answer to v.Decision.
func Legal(v *engine.View, a engine.Action) bool {
	d := v.Decision
	if d == nil || a.Kind != d.Kind {
		return false
	}
	switch a.Kind {
	case engine.DecidePlay:
		lo := d.Count
		if d.Min > 0 {
			lo = d.Min
		}
		if lo == 0 {
			lo = 1
		}
		return len(a.Cards) >= lo && len(a.Cards) <= max(d.Count, 1) && subset(a.Cards, v.Hand)
	case engine.DecideRow:
		return a.Row >= 0 && a.Row < engine.NumRows
	case engine.DecideDraft:
		return len(a.Cards) == 1 && slices.Contains(v.Pool, a.Cards[0])
	case engine.DecideOrder:
		return len(a.Cards) >= 1 && len(a.Cards) <= 2 && subset(a.Cards, d.Cards) && (len(a.Cards) == 1 || a.Cards[0] != a.Cards[1])
	case engine.DecideKeep:
		return subset(a.Cards, d.Cards) && len(v.Hand)+len(a.Cards) <= engine.MaxHand
	}
	return false
}

// subset reports whether every card of sub is in cs, as often as sub holds it.
func subset(sub, cs []engine.Card) bool {
	for _, c := range sub {
		n, m := 0, 0
		for _, x := range sub {
			if x == c {
				n++
			}
		}
		for _, x := range cs {
			if x == c {
				m++
			}
		}
		if c == 0 || n > m {
			return false
		}
	}
	return true
}

// viewSeed derives a decision's random seed from the bot's seed and the view, so a decision
// depends on nothing but the two.
func viewSeed(seed uint64, v *engine.View) uint64 {
	h := seed ^ 0x6a09e667f3bcc909
	add := func(x uint64) { h = mix(h, x) }
	add(uint64(v.Round)<<32 | uint64(v.Turn)<<8 | uint64(v.Seat))
	for _, c := range v.Hand {
		add(uint64(c))
	}
	for _, r := range v.Rows {
		for _, c := range r {
			add(uint64(c) + 1000)
		}
	}
	if v.Decision != nil {
		add(uint64(v.Decision.Kind)<<16 | uint64(v.Decision.Card))
	}
	return h
}

// Advice is the advisor's estimate for one option of a decision: the bullheads the Intermediate
// bot expects to take this turn if the seat plays Card (card decisions; Row is the row the card
// goes to now, -1 when it is lower than every row) or takes Row (row choices; Card is 0 then).
type Advice struct {
	Card      engine.Card `json:"card,omitempty"`
	Row       int         `json:"row"`
	Bullheads float64     `json:"bullheads"`
}

// Advise returns, for the decision in v, the expected bullheads of each option by the
// Intermediate bot's risk model: one Advice per card in hand (lowest first) for a card decision,
// one per row for a row choice. It returns nil when v has no decision. It takes well under a
// millisecond.
func Advise(v *engine.View) []Advice {
	if v.Decision == nil || (v.Decision.Kind != engine.DecidePlay && v.Decision.Kind != engine.DecideRow) {
		return nil
	}
	if v.Decision.Kind == engine.DecideRow {
		out := make([]Advice, engine.NumRows)
		for i, r := range v.Rows {
			out[i] = Advice{Row: i, Bullheads: float64(engine.SumBullheads(r))}
		}
		return out
	}
	risk := newRiskModel(v)
	out := make([]Advice, len(v.Hand))
	for i, c := range v.Hand {
		out[i] = Advice{Card: c, Row: v.Target(c), Bullheads: risk.cost(c)}
	}
	return out
}
