package scenes

import (
	"testing"

	"nimmt/msg"
	"nimmt/storage"
)

// TestLogTurnHeaders: the log panel heads each turn (issue 26: it was a plain list): a gold
// "Turn N" row over the turn's first played card, numbered one after another, in a panel that
// still fits every line.
func TestLogTurnHeaders(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	tb := playedTable(t, g, 4)
	played := map[string]bool{}
	turns := 0
	for i, e := range tb.Log {
		if e.M.ID == msg.LogPlayed {
			played[e.M.String()] = true
			if tb.Log[i-1].M.ID != msg.LogPlayed {
				turns++
			}
		}
	}
	bs := tb.LogView.Texts()
	last, heads := 0, 0
	for i, b := range bs {
		var n int
		for k := 1; k <= 10 && n == 0; k++ {
			if b.S == msg.New(msg.LogTurn, k).String() {
				n = k
			}
		}
		if n == 0 {
			continue
		}
		heads++
		if last > 0 && n != last+1 || !b.Bold {
			t.Errorf("row %d: %q (bold %v) after turn %d", i, b.S, b.Bold, last)
		}
		last = n
		if i+1 >= len(bs) || !played[bs[i+1].S] {
			t.Errorf("turn %d's header is not over a played card: %v", n, bs[i+1:])
		}
	}
	if heads == 0 || last != turns {
		t.Errorf("%d turn headers in %d rows of the log, the last turn %d's; the round had %d", heads, len(bs), last, turns)
	}
}
