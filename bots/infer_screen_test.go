//go:build screen

package bots

import "nimmt/engine"

// inferBot is the Expert with its deals weighed by the other seats' plays this round (infer.go),
// told them by the screen through the game's events (the view does not say who played what).
type inferBot struct {
	e        *Expert
	tau, eps float64
}

// Name implements Bot.
func (b *inferBot) Name() string { return b.e.Name() }

// Decide implements Bot: without the plays it plays as the Expert.
func (b *inferBot) Decide(v *engine.View) engine.Action { return b.e.Decide(v) }

// playLog rebuilds the round's earlier turns from a game's events and views.
type playLog struct {
	nev   int
	turns []pastTurn
	at    [][2]int // each turn's round and turn
	done  int      // turns whose cards are known
}

// see brings the log up to the game's events and, on the first card decision of a turn, records
// the table before it from v.
func (l *playLog) see(g *engine.Game, v *engine.View) {
	evs := g.EventsSince(l.nev)
	l.nev += len(evs)
	for _, ev := range evs {
		switch ev := ev.(type) {
		case engine.RoundDealt:
			l.turns, l.at, l.done = l.turns[:0], l.at[:0], 0
		case engine.CardsRevealed:
			for i, a := range l.at {
				if a == [2]int{ev.Round, ev.Turn} {
					for _, p := range ev.Plays {
						l.turns[i].cards[p.Seat] = p.Card
					}
					l.done = i + 1
				}
			}
		}
	}
	if v.Decision == nil || v.Decision.Kind != engine.DecidePlay {
		return
	}
	if n := len(l.at); n > 0 && l.at[n-1] == [2]int{v.Round, v.Turn} {
		return
	}
	pt := pastTurn{st: v.Table()}
	pt.st.Hands[v.Seat].Clear()
	for _, c := range v.Revealed {
		pt.seen.add(c)
	}
	l.turns = append(l.turns, pt)
	l.at = append(l.at, [2]int{v.Round, v.Turn})
}

// decide answers v as b, told the round's earlier turns.
func (b *inferBot) decide(v *engine.View, l *playLog) engine.Action {
	return b.e.decideInferring(v, l.turns[:l.done], b.tau, b.eps)
}
