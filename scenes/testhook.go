package scenes

import (
	"nimmt/layout"
	"nimmt/scenes/ui"
)

func (t *table) TestState(ts *ui.TestState) {
	if t.handover >= 0 {
		t.publicState(ts)
		t.handoverState(ts)
		return
	}
	for i := 0; ; i++ {
		c := t.handCard(i)
		if c == 0 {
			break
		}
		ts.Hand = append(ts.Hand, int(c))
	}
	_, hit := t.hand()
	ts.HandRects = append([]layout.Rect(nil), hit...)
	ts.Chosen = int(t.disp.MyChoice)
	t.publicState(ts)
	for r := range t.disp.Rows {
		ts.RowRects = append(ts.RowRects, t.lay.Rows[r].Hit)
	}
	if t.tutorial == nil {
		ts.Waiting = append([]int{}, t.disp.Waiting...)
		if d, ok := t.decision(); ok && !(t.phase == phaseOver) {
			ts.Decision = d.Kind.String()
		}
		t.poolState(ts)
		t.choiceState(ts)
	}
	for i, r := range t.lay.Buttons {
		if t.tutorial != nil && i != layout.BtnMenu {
			continue
		}
		en := true
		if i == layout.BtnConfirm {
			en = t.sel >= 0 && ts.Decision == "play"
		}
		if i == layout.BtnReplay {
			en = t.haveLast
		}
		ts.Buttons = append(ts.Buttons, ui.Button{ID: layout.ButtonIDs[i], Rect: r, Enabled: en})
	}
	if t.phase == phaseScore {
		ts.Buttons = append(ts.Buttons, ui.Button{ID: "continue", Rect: t.overlayButton(0), Enabled: t.tl.Idle()})
	}
	if t.phase == phaseOver {
		ts.Buttons = append(ts.Buttons, ui.Button{ID: "play-again", Rect: t.overlayButton(0), Enabled: true},
			ui.Button{ID: "menu-gameover", Rect: t.overlayButton(1), Enabled: true})
	}
	if t.tutorial != nil {
		t.tutorial.TestState(ts)
	}
}

// poolState adds the draft pool to the test state.
func (hd *hud) poolState(ts *ui.TestState) {
	for _, c := range hd.disp.Pool {
		ts.Pool = append(ts.Pool, int(c))
	}
	ts.PoolRects = hd.poolRects()
}

// choiceState adds the choice panel to the test state.
func (t *table) choiceState(ts *ui.TestState) {
	d, ok := t.choiceDecision()
	if !ok {
		return
	}
	_, ts.ChoiceRects, ts.ChoiceButton = t.choiceLayout(d)
	ts.Decision = d.Kind.String()
}

// Frames returns the number of Draw calls so far.
func (g *Game) Frames() int { return g.FrameCount }

// publicState fills in what every seat may see: the rows, the scores, the round and the seat shown.
func (hd *hud) publicState(ts *ui.TestState) {
	for r := range hd.disp.Rows {
		for _, c := range hd.disp.Rows[r] {
			ts.Rows[r] = append(ts.Rows[r], int(c))
		}
	}
	ts.Scores = append(ts.Scores, hd.disp.Scores...)
	for s := range hd.seats {
		ts.Names = append(ts.Names, hd.seatName(s))
	}
	ts.Round, ts.Turn = hd.disp.Round, hd.disp.Turn
	ts.Winners = append(ts.Winners, hd.disp.Winners...)
	ts.Seat = hd.me
}
