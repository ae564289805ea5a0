package scenes

import (
	"nimmt/layout"
)

func (t *table) testState(ts *TestState) {
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
		ts.Buttons = append(ts.Buttons, Button{ID: layout.ButtonIDs[i], Rect: r, Enabled: en})
	}
	if t.phase == phaseScore {
		ts.Buttons = append(ts.Buttons, Button{ID: "continue", Rect: t.overlayButton(0), Enabled: t.tl.Idle()})
	}
	if t.phase == phaseOver {
		ts.Buttons = append(ts.Buttons, Button{ID: "play-again", Rect: t.overlayButton(0), Enabled: true},
			Button{ID: "menu-gameover", Rect: t.overlayButton(1), Enabled: true})
	}
	if t.tutorial != nil {
		t.tutorial.testState(ts)
	}
}

// poolState adds the draft pool to the test state.
func (hd *hud) poolState(ts *TestState) {
	for _, c := range hd.disp.Pool {
		ts.Pool = append(ts.Pool, int(c))
	}
	ts.PoolRects = hd.poolRects()
}

// choiceState adds the choice panel to the test state.
func (t *table) choiceState(ts *TestState) {
	d, ok := t.choiceDecision()
	if !ok {
		return
	}
	_, ts.ChoiceRects, ts.ChoiceButton = t.choiceLayout(d)
	ts.Decision = d.Kind.String()
}

// Rect is a rectangle in logical pixels, as used in TestState.
type Rect = layout.Rect

// Button is a clickable control in TestState.
type Button struct {
	ID      string `json:"id"`
	Rect    Rect   `json:"rect"`
	Enabled bool   `json:"enabled"`
	// Label is the text on the button, in the game's language, where the scene reports it.
	Label string `json:"label,omitempty"`
}

// TestState is a snapshot of what the player sees, for tests and the browser test hook.
// Rectangles are in logical pixels; multiply by Scale for device pixels.
type TestState struct {
	// Scene is menu, newgame, settings, rules, deal, choose, reveal, placement, rowchoice,
	// score or gameover.
	Scene string `json:"scene"`
	// Width, Height and Scale describe the screen.
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Scale  float64 `json:"scale"`
	// Input says whether input is accepted now (no animation holds it).
	Input bool `json:"input"`
	// Hand is the person's hand, lowest first, and HandRects their tap targets.
	Hand      []int  `json:"hand"`
	HandRects []Rect `json:"hand_rects"`
	// Chosen is the person's chosen card this turn, or 0.
	Chosen int `json:"chosen"`
	// Rows are the four rows and RowRects their tap targets.
	Rows     [4][]int `json:"rows"`
	RowRects []Rect   `json:"row_rects"`
	// Scores are the seats' totals.
	Scores []int `json:"scores"`
	// Names are the seats' names as their plates show them.
	Names []string `json:"names,omitempty"`
	// Seat is the seat whose hand and decisions are shown: the person holding the device.
	Seat int `json:"seat"`
	// Handover names the person the device must be passed to (hot-seat play): the table is
	// hidden behind the hand-over screen until its "handover-ready" button is tapped.
	Handover string `json:"handover,omitempty"`
	// Pool is the face-up pool of a draft (Logic, Tournament) and PoolRects its tap targets.
	Pool      []int  `json:"pool,omitempty"`
	PoolRects []Rect `json:"pool_rects,omitempty"`
	// ChoiceRects are the cards of the person's order or keep choice and ChoiceButton the Keep
	// button.
	ChoiceRects  []Rect `json:"choice_rects,omitempty"`
	ChoiceButton Rect   `json:"choice_button,omitempty"`
	// Decision is what the person must do now: "play", "row", "draft", "order", "keep" or "".
	Decision string `json:"decision"`
	// Waiting is the seats the game waits for.
	Waiting []int `json:"waiting"`
	// Round and Turn count from 1.
	Round int `json:"round"`
	Turn  int `json:"turn"`
	// Winners are set on game over.
	Winners []int `json:"winners"`
	// Buttons are the clickable controls of the current scene.
	Buttons []Button `json:"buttons"`
	// Notice is the message line (e.g. a damaged save), if any.
	Notice string `json:"notice"`
	// Lang is the code of the language shown (en, de, es, fr).
	Lang string `json:"lang"`
	// Online is the room screen's state (online play), on that screen only.
	Online *OnlineState `json:"online,omitempty"`
	// Redraws counts the frames in which the scene was drawn; a still screen is not redrawn.
	Redraws int `json:"redraws"`
}

// Frames returns the number of Draw calls so far.
func (g *Game) Frames() int { return g.frames }

// publicState fills in what every seat may see: the rows, the scores, the round and the seat shown.
func (hd *hud) publicState(ts *TestState) {
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
