package table

import (
	"nimmt/assets/sounds"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
	"slices"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
)

// Decision returns the displayed seat's decision once the screen shows every event.
func (ct *controls) Decision() (engine.Decision, bool) {
	if ct.Tutorial != nil || ct.Handover >= 0 || !ct.CaughtUp() || ct.Disp.Decision == nil {
		return engine.Decision{}, false
	}
	return *ct.Disp.Decision, true
}

// Play is the person choosing card c.
func (ct *controls) Play(c engine.Card) {
	d, ok := ct.Decision()
	if !ok || d.Kind != engine.DecidePlay || c == 0 {
		return
	}
	if d.Count > 1 && d.Min == 1 {
		// Hand: the first card waits; the same card again plays it alone, another plays both.
		if ct.Pick == 0 || !slices.Contains(ct.Disp.Hand, ct.Pick) {
			ct.Pick = c
			ct.h.logf(msg.New(msg.LogHandPick, c), ct.Me)
			return
		}
		cs := []engine.Card{ct.Pick, c}
		if c == ct.Pick {
			cs = cs[:1]
		}
		if !ct.coachAllows(engine.PlayCards(cs...)) {
			return
		}
		ct.Act(engine.PlayCards(cs...))
		ct.Pick = 0
		return
	}
	if d.Count > 1 && d.Min == 0 {
		// Nifty: the first card chosen waits for the second.
		if ct.Pick == 0 || ct.Pick == c || !slices.Contains(ct.Disp.Hand, ct.Pick) {
			ct.Pick = c
			ct.h.logf(msg.New(msg.LogNiftyPick, c), ct.Me)
			return
		}
		if !ct.coachAllows(engine.PlayCards(ct.Pick, c)) {
			return
		}
		ct.Act(engine.PlayCards(ct.Pick, c))
		ct.Pick = 0
		return
	}
	if ct.coachAllows(engine.PlayCard(c)) {
		ct.Act(engine.PlayCard(c))
	}
}

func (ct *controls) ChooseRow(r int) {
	if d, ok := ct.Decision(); ok && d.Kind == engine.DecideRow && ct.coachAllows(engine.TakeRow(r)) {
		ct.Act(engine.TakeRow(r))
	}
}

// handleButtons handles the table's buttons and global keys; it reports whether it took the input.
func (t *Table) handleButtons(in *ui.Input) (took bool) {
	g := t.G
	defer func() {
		if took {
			g.Cue(sounds.Click)
		}
	}()
	b := &t.Lay.Buttons
	if r, ok := t.ResultPanel(); ok && in.Tap && r.Contains(in.TapX, in.TapY) {
		// A result panel lies over the buttons on small screens (issue 25) and takes its taps.
		b = &noButtons
	}
	if in.TapIn(b[layout.BtnMenu]) || in.Key(ui.KeyEsc) {
		t.Save()
		if t.Online == nil && t.Tutorial == nil { // online and the walkthrough have no sheet
			t.Pause.open()
			t.redraw = true
			return true
		}
		g.Back() // online: the room screen (resign, finish, leave, chat); else the menu
		return true
	}
	if t.Tutorial != nil || t.Handover >= 0 {
		return false
	}
	if in.TapIn(b[layout.BtnTracker]) || in.Key(ui.KeyTracker) {
		t.ShowPanel = toggle(t.ShowPanel, 1)
		g.Settings.Tracker = t.ShowPanel == 1
		return true
	}
	if in.TapIn(b[layout.BtnAdvisor]) || in.Key(ui.KeyAdvisor) {
		g.Settings.Advisor = !g.Settings.Advisor
		t.adviceTurn = -1
		return true
	}
	if in.TapIn(b[layout.BtnLog]) || in.Key(ui.KeyLog) {
		t.ShowPanel = toggle(t.ShowPanel, 2)
		return true
	}
	if in.TapIn(b[layout.BtnReplay]) || in.Key(ui.KeyReplay) {
		t.replayLastTurn()
		return true
	}
	if (t.Phase == PhaseScore) && t.Tl.Idle() {
		if in.TapIn(t.OverlayButton(0)) || in.Key(ui.KeyEnter) || in.Key(ui.KeySpace) {
			// The next round's deal (or the game over) follows at once.
			t.SetPhase(PhaseDeal)
			t.consume()
			return true
		}
	}
	if (t.Phase == PhaseOver) && t.Tl.Idle() && t.CaughtUp() {
		if t.Online != nil {
			return t.Online.OverButtons(in, t.OverlayButton(0), t.OverlayButton(1))
		}
		if in.TapIn(t.OverlayButton(0)) || in.Key(ui.KeyEnter) {
			if err := g.Play(0); err != nil {
				g.Notice = session.Notice(err)
				g.Menu()
			}
			return true
		}
		if in.TapIn(t.OverlayButton(1)) {
			g.Menu()
			return true
		}
	}
	return false
}

func toggle(cur, v int) int {
	if cur == v {
		return 0
	}
	return v
}

// handleTable handles hand and row input when the timeline allows it.
func (ct *controls) handleTable(in *ui.Input) {
	ct.coachFollow()
	if ct.Tutorial != nil || (ct.Phase == PhaseOver) || (ct.Phase == PhaseScore) {
		return
	}
	if ct.handleDraft(in) {
		return
	}
	if ct.handleChoice(in) {
		return
	}
	// The tap targets as the player sees the hand: opened around the lifted card.
	_, hits := ct.hand()
	n := len(hits)
	switch {
	case ct.Disp.Phase == engine.PhaseChoose && ct.Disp.Decision != nil && ct.Disp.Decision.Kind == engine.DecidePlay:
		if in.Hover {
			ct.Sel = -1
			for i := 0; i < n; i++ {
				if hits[i].Contains(in.X, in.Y) {
					ct.Sel = i
				}
			}
		}
		for i := 0; i < n; i++ {
			if in.TapIn(hits[i]) {
				if ct.Sel == i {
					ct.Play(ct.b.HandCard(i))
				} else {
					ct.Sel = i
				}
				return
			}
		}
		if ct.Sel >= 0 && ct.Sel < n && (in.TapIn(ct.lay.Buttons[layout.BtnConfirm]) || in.Key(ui.KeyEnter)) {
			ct.Play(ct.b.HandCard(ct.Sel))
			return
		}
		if n > 0 {
			if in.Key(ui.KeyRight) {
				ct.Sel = (ct.Sel + 1) % n
			}
			if in.Key(ui.KeyLeft) {
				if ct.Sel <= 0 {
					ct.Sel = n - 1
				} else {
					ct.Sel--
				}
			}
			if d := in.TakeDigit(); d >= 0 {
				i := d - 1
				if d == 0 {
					i = 9
				}
				if i < n {
					ct.Sel = i
				}
			}
		}
		if ct.Sel >= n {
			ct.Sel = -1
		}
	case ct.Disp.Phase == engine.PhaseRowChoice:
		if d, ok := ct.Decision(); ok && d.Kind == engine.DecideRow {
			if r := ct.b.rowInput(in); r >= 0 { // a click, or a touch's second tap (rowpick.go)
				ct.ChooseRow(r)
				return
			}
			if d := in.TakeDigit(); d >= 1 && d <= 4 {
				ct.ChooseRow(d - 1)
			}
		}
	}
}

// autoDecision answers, for the person, a decision the table has no controls for, with the bots'
// one-step Heuristic, and says so in the log. It reports whether it acted. Every decision kind of
// the engine has controls today; this is the safety net for new ones.
func (ct *controls) autoDecision() bool {
	d, ok := ct.Decision()
	if !ok || ct.InFlight || !ct.tl.Idle() {
		return false
	}
	switch d.Kind {
	case engine.DecidePlay, engine.DecideRow, engine.DecideDraft, engine.DecideOrder, engine.DecideKeep:
		return false
	}
	v := CloneView(&ct.Disp)
	a := bots.Heuristic(&v)
	if !ct.Act(a) {
		return false
	}
	switch d.Kind {
	case engine.DecideDraft:
		ct.h.logf(msg.New(msg.LogAdvisorDrafted, ct.h.seatName(ct.Me), a.Cards[0]), -1)
	case engine.DecideOrder:
		ct.h.logf(msg.New(msg.LogAdvisorPlaced, ct.h.seatName(ct.Me), a.Cards[0]), -1)
	case engine.DecideKeep:
		ct.h.logf(msg.New(msg.LogAdvisorKept, ct.h.seatName(ct.Me), cardList(a.Cards)), -1)
	}
	return true
}

// handleDraft lets the person draft a card of the pool by tapping it. It reports whether the
// input was taken.
func (ct *controls) handleDraft(in *ui.Input) bool {
	d, ok := ct.Decision()
	if !ok || d.Kind != engine.DecideDraft {
		return false
	}
	rs := ct.h.PoolRects()
	if in.Hover {
		ct.poolHover = -1
		for i, r := range rs {
			if r.Contains(in.X, in.Y) {
				ct.poolHover = i
			}
		}
	}
	for i, r := range rs {
		if in.TapIn(r) && i < len(ct.Disp.Pool) {
			c := ct.Disp.Pool[i]
			ct.Act(engine.DraftCard(c))
			ct.poolHover = -1
			return true
		}
	}
	return true
}

// choiceDecision returns the person's order or keep decision, if one is due and the screen has
// caught up.
func (ct *controls) choiceDecision() (engine.Decision, bool) {
	if ct.Phase == PhaseOver {
		return engine.Decision{}, false
	}
	d, ok := ct.Decision()
	if !ok || (d.Kind != engine.DecideOrder && d.Kind != engine.DecideKeep) {
		return engine.Decision{}, false
	}
	return d, true
}

// handleChoice answers the choice panel's taps; it reports whether a choice panel is up.
func (ct *controls) handleChoice(in *ui.Input) bool {
	d, ok := ct.choiceDecision()
	if !ok {
		ct.keepSel = nil
		return false
	}
	_, cards, button := ct.h.ChoiceLayout(d)
	if len(ct.keepSel) != len(d.Cards) {
		ct.keepSel = make([]bool, len(d.Cards))
	}
	for i, r := range cards {
		if !in.TapIn(r) {
			continue
		}
		if d.Kind == engine.DecideOrder {
			if ct.Act(engine.PlaceFirst(d.Cards[i])) {
				ct.h.logSeat(msg.LogYouPlaced, msg.LogPlaced, ct.Me, d.Cards[i])
			}
			return true
		}
		n := 0
		for _, on := range ct.keepSel {
			if on {
				n++
			}
		}
		if ct.keepSel[i] || len(ct.Disp.Hand)+n < engine.MaxHand {
			ct.keepSel[i] = !ct.keepSel[i]
		}
		return true
	}
	if d.Kind == engine.DecideKeep && (in.TapIn(button) || in.Key(ui.KeyEnter)) {
		var keep []engine.Card
		for i, on := range ct.keepSel {
			if on {
				keep = append(keep, d.Cards[i])
			}
		}
		ct.Act(engine.KeepCards(keep...))
		ct.keepSel = nil
	}
	return true
}
