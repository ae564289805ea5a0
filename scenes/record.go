package scenes

import (
	"fmt"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/scenes/session"
	"nimmt/stats"
	"time"
)

// recordGame adds a local game that is over to the statistics. They are this device's person's:
// a game with exactly one person here is recorded for that seat; a hot-seat game with several
// people (whose statistics would they be?) and the rules walkthrough are not recorded.
func (t *table) recordGame(over engine.GameOver) {
	l, local := t.sess.(*session.LocalSession)
	if !local || t.tutorial != nil || t.people() != 1 {
		return
	}
	g := stats.Game{Config: t.sess.Config(), Totals: over.Totals, Winners: over.Winners, End: time.Now(), Me: -1}
	for s, seat := range t.sess.Seats() {
		g.Levels = append(g.Levels, seat.Level)
		if seat.Here() {
			g.Me = s
		}
	}
	for _, ev := range t.sess.EventsFor(g.Me, 0) {
		if r, ok := ev.(engine.RoundScored); ok {
			g.Rounds = append(g.Rounds, r.Penalties)
		}
	}
	g.ID = fmt.Sprintf("local-%x-%d", l.Seed, len(g.Rounds)) // the same game resumed counts once
	if err := t.g.Stats.Record(g); err != nil {
		t.logf(msg.New(msg.LogSaveFailed, err.Error()), -1)
	}
}
