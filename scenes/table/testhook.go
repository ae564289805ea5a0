//go:build !js || nimmttest

package table

// The scenes' TestState: left out of the web release build (as the scene manager's, ../teststate.go).

import (
	"nimmt/layout"
	"nimmt/scenes/ui"
)

func (t *Table) TestState(ts *ui.TestState) {
	if t.Pause.Paused {
		if t.Pause.overState(ts) {
			return
		}
		t.publicState(ts)
		t.Pause.state(ts)
		return
	}
	if t.Handover >= 0 {
		t.publicState(ts)
		t.handoverState(ts)
		return
	}
	for i := 0; ; i++ {
		c := t.HandCard(i)
		if c == 0 {
			break
		}
		ts.Hand = append(ts.Hand, int(c))
	}
	_, hit := t.hand()
	ts.HandRects = append([]layout.Rect(nil), hit...)
	ts.Chosen = int(t.Disp.MyChoice)
	t.publicState(ts)
	for r := range t.Disp.Rows {
		ts.RowRects = append(ts.RowRects, t.Lay.Rows[r].Hit)
	}
	if t.Tutorial == nil {
		ts.Waiting = append([]int{}, t.Disp.Waiting...)
		if d, ok := t.Decision(); ok && !(t.Phase == PhaseOver) {
			ts.Decision = d.Kind.String()
		}
		t.poolState(ts)
		t.choiceState(ts)
		t.rowPickState(ts)
	}
	for i, r := range t.Lay.Buttons {
		if t.Tutorial != nil && i != layout.BtnMenu {
			continue
		}
		en := true
		if i == layout.BtnConfirm {
			en = t.Sel >= 0 && ts.Decision == "play"
		}
		if i == layout.BtnReplay {
			en = t.haveLast
		}
		ts.Buttons = append(ts.Buttons, ui.Button{ID: layout.ButtonIDs[i], Rect: r, Enabled: en})
	}
	if t.Phase == PhaseScore {
		ts.Buttons = append(ts.Buttons, ui.Button{ID: "continue", Rect: t.OverlayButton(0), Enabled: t.Tl.Idle()})
	}
	if t.Phase == PhaseOver {
		ts.Buttons = append(ts.Buttons, ui.Button{ID: "play-again", Rect: t.OverlayButton(0), Enabled: true},
			ui.Button{ID: "menu-gameover", Rect: t.OverlayButton(1), Enabled: true})
	}
	if t.Tutorial != nil {
		t.Tutorial.TestState(ts)
	}
}

// poolState adds the draft pool to the test state.
func (hd *hud) poolState(ts *ui.TestState) {
	for _, c := range hd.Disp.Pool {
		ts.Pool = append(ts.Pool, int(c))
	}
	ts.PoolRects = hd.PoolRects()
}

// choiceState adds the choice panel to the test state.
func (t *Table) choiceState(ts *ui.TestState) {
	d, ok := t.choiceDecision()
	if !ok {
		return
	}
	_, ts.ChoiceRects, ts.ChoiceButton = t.ChoiceLayout(d)
	ts.Decision = d.Kind.String()
}

// publicState fills in what every seat may see: the rows, the scores, the round and the seat shown.
func (hd *hud) publicState(ts *ui.TestState) {
	for r := range hd.Disp.Rows {
		for _, c := range hd.Disp.Rows[r] {
			ts.Rows[r] = append(ts.Rows[r], int(c))
		}
	}
	ts.Scores = append(ts.Scores, hd.Disp.Scores...)
	for s := range hd.Seats {
		ts.Names = append(ts.Names, hd.seatName(s))
	}
	ts.Round, ts.Turn = hd.Disp.Round, hd.Disp.Turn
	ts.Winners = append(ts.Winners, hd.Disp.Winners...)
	ts.Seat = hd.Me
}

func (tu *walkthrough) TestState(ts *ui.TestState) {
	ts.Buttons = append(ts.Buttons, ui.Button{ID: "rules-next", Rect: tu.NextRect(), Enabled: tu.t.Tl.Idle()})
}

// handoverState is the test state while the hand-over screen is up: the name and the button,
// and nothing of any hand.
func (t *Table) handoverState(ts *ui.TestState) {
	ts.Handover = t.seatName(t.Handover)
	ts.Buttons = append(ts.Buttons,
		ui.Button{ID: "handover-ready", Rect: t.handoverButton(), Enabled: t.Tl.Idle() && t.CaughtUp()},
		ui.Button{ID: "menu", Rect: t.Lay.Buttons[layout.BtnMenu], Enabled: true})
}
