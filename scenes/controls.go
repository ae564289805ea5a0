package scenes

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

// decision returns the displayed seat's decision once the screen shows every event.
func (ct *controls) decision() (engine.Decision, bool) {
	if ct.tutorial != nil || ct.handover >= 0 || !ct.caughtUp() || ct.disp.Decision == nil {
		return engine.Decision{}, false
	}
	return *ct.disp.Decision, true
}

// play is the person choosing card c.
func (ct *controls) play(c engine.Card) {
	d, ok := ct.decision()
	if !ok || d.Kind != engine.DecidePlay || c == 0 {
		return
	}
	if d.Count > 1 && d.Min == 1 {
		// Hand: the first card waits; the same card again plays it alone, another plays both.
		if ct.pick == 0 || !slices.Contains(ct.disp.Hand, ct.pick) {
			ct.pick = c
			ct.h.logf(msg.New(msg.LogHandPick, c), ct.me)
			return
		}
		cs := []engine.Card{ct.pick, c}
		if c == ct.pick {
			cs = cs[:1]
		}
		ct.act(engine.PlayCards(cs...))
		ct.pick = 0
		return
	}
	if d.Count > 1 && d.Min == 0 {
		// Nifty: the first card chosen waits for the second.
		if ct.pick == 0 || ct.pick == c || !slices.Contains(ct.disp.Hand, ct.pick) {
			ct.pick = c
			ct.h.logf(msg.New(msg.LogNiftyPick, c), ct.me)
			return
		}
		ct.act(engine.PlayCards(ct.pick, c))
		ct.pick = 0
		return
	}
	ct.act(engine.PlayCard(c))
}

func (ct *controls) chooseRow(r int) {
	if d, ok := ct.decision(); ok && d.Kind == engine.DecideRow {
		ct.act(engine.TakeRow(r))
	}
}

// handleButtons handles the table's buttons and global keys; it reports whether it took the input.
func (t *table) handleButtons(in *ui.Input) (took bool) {
	g := t.g
	defer func() {
		if took {
			g.Cue(sounds.Click)
		}
	}()
	b := &t.lay.Buttons
	if in.TapIn(b[layout.BtnMenu]) || in.Key(ui.KeyEsc) {
		t.save()
		if t.online != nil {
			t.online.fromTable() // online: the room screen (resign, finish, leave, chat)
			return true
		}
		if t.tutorial != nil {
			g.Menu()
			return true
		}
		g.Menu()
		return true
	}
	if t.tutorial != nil || t.handover >= 0 {
		return false
	}
	if in.TapIn(b[layout.BtnTracker]) || in.Key(ui.KeyTracker) {
		t.showPanel = toggle(t.showPanel, 1)
		g.Settings.Tracker = t.showPanel == 1
		return true
	}
	if in.TapIn(b[layout.BtnAdvisor]) || in.Key(ui.KeyAdvisor) {
		g.Settings.Advisor = !g.Settings.Advisor
		t.adviceTurn = -1
		return true
	}
	if in.TapIn(b[layout.BtnLog]) || in.Key(ui.KeyLog) {
		t.showPanel = toggle(t.showPanel, 2)
		return true
	}
	if in.TapIn(b[layout.BtnReplay]) || in.Key(ui.KeyReplay) {
		t.replayLastTurn()
		return true
	}
	if (t.phase == phaseScore) && t.tl.Idle() {
		if in.TapIn(t.overlayButton(0)) || in.Key(ui.KeyEnter) || in.Key(ui.KeySpace) {
			// The next round's deal (or the game over) follows at once.
			t.setPhase(phaseDeal)
			t.consume()
			return true
		}
	}
	if (t.phase == phaseOver) && t.tl.Idle() && t.caughtUp() {
		if t.online != nil {
			return t.online.overButtons(in, t.overlayButton(0), t.overlayButton(1))
		}
		if in.TapIn(t.overlayButton(0)) || in.Key(ui.KeyEnter) {
			if err := g.Play(0); err != nil {
				g.Notice = session.Notice(err)
				g.Menu()
			}
			return true
		}
		if in.TapIn(t.overlayButton(1)) {
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
	if ct.tutorial != nil || (ct.phase == phaseOver) || (ct.phase == phaseScore) {
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
	case ct.disp.Phase == engine.PhaseChoose && ct.disp.Decision != nil && ct.disp.Decision.Kind == engine.DecidePlay:
		if in.Hover {
			ct.sel = -1
			for i := 0; i < n; i++ {
				if hits[i].Contains(in.X, in.Y) {
					ct.sel = i
				}
			}
		}
		for i := 0; i < n; i++ {
			if in.TapIn(hits[i]) {
				if ct.sel == i {
					ct.play(ct.b.handCard(i))
				} else {
					ct.sel = i
				}
				return
			}
		}
		if ct.sel >= 0 && ct.sel < n && (in.TapIn(ct.lay.Buttons[layout.BtnConfirm]) || in.Key(ui.KeyEnter)) {
			ct.play(ct.b.handCard(ct.sel))
			return
		}
		if n > 0 {
			if in.Key(ui.KeyRight) {
				ct.sel = (ct.sel + 1) % n
			}
			if in.Key(ui.KeyLeft) {
				if ct.sel <= 0 {
					ct.sel = n - 1
				} else {
					ct.sel--
				}
			}
			if d := in.TakeDigit(); d >= 0 {
				i := d - 1
				if d == 0 {
					i = 9
				}
				if i < n {
					ct.sel = i
				}
			}
		}
		if ct.sel >= n {
			ct.sel = -1
		}
	case ct.disp.Phase == engine.PhaseRowChoice:
		if d, ok := ct.decision(); ok && d.Kind == engine.DecideRow {
			for r := 0; r < engine.NumRows; r++ {
				if in.TapIn(ct.lay.Rows[r].Hit) {
					ct.chooseRow(r)
					return
				}
			}
			if d := in.TakeDigit(); d >= 1 && d <= 4 {
				ct.chooseRow(d - 1)
			}
		}
	}
}

// autoDecision answers, for the person, a decision the table has no controls for, with the bots'
// one-step Heuristic, and says so in the log. It reports whether it acted. Every decision kind of
// the engine has controls today; this is the safety net for new ones.
func (ct *controls) autoDecision() bool {
	d, ok := ct.decision()
	if !ok || ct.inFlight || !ct.tl.Idle() {
		return false
	}
	switch d.Kind {
	case engine.DecidePlay, engine.DecideRow, engine.DecideDraft, engine.DecideOrder, engine.DecideKeep:
		return false
	}
	v := cloneView(&ct.disp)
	a := bots.Heuristic(&v)
	if !ct.act(a) {
		return false
	}
	switch d.Kind {
	case engine.DecideDraft:
		ct.h.logf(msg.New(msg.LogAdvisorDrafted, ct.h.seatName(ct.me), a.Cards[0]), -1)
	case engine.DecideOrder:
		ct.h.logf(msg.New(msg.LogAdvisorPlaced, ct.h.seatName(ct.me), a.Cards[0]), -1)
	case engine.DecideKeep:
		ct.h.logf(msg.New(msg.LogAdvisorKept, ct.h.seatName(ct.me), cardList(a.Cards)), -1)
	}
	return true
}

// handleDraft lets the person draft a card of the pool by tapping it. It reports whether the
// input was taken.
func (ct *controls) handleDraft(in *ui.Input) bool {
	d, ok := ct.decision()
	if !ok || d.Kind != engine.DecideDraft {
		return false
	}
	rs := ct.h.poolRects()
	if in.Hover {
		ct.poolHover = -1
		for i, r := range rs {
			if r.Contains(in.X, in.Y) {
				ct.poolHover = i
			}
		}
	}
	for i, r := range rs {
		if in.TapIn(r) && i < len(ct.disp.Pool) {
			c := ct.disp.Pool[i]
			ct.act(engine.DraftCard(c))
			ct.poolHover = -1
			return true
		}
	}
	return true
}

// choiceDecision returns the person's order or keep decision, if one is due and the screen has
// caught up.
func (ct *controls) choiceDecision() (engine.Decision, bool) {
	if ct.phase == phaseOver {
		return engine.Decision{}, false
	}
	d, ok := ct.decision()
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
	_, cards, button := ct.h.choiceLayout(d)
	if len(ct.keepSel) != len(d.Cards) {
		ct.keepSel = make([]bool, len(d.Cards))
	}
	for i, r := range cards {
		if !in.TapIn(r) {
			continue
		}
		if d.Kind == engine.DecideOrder {
			if ct.act(engine.PlaceFirst(d.Cards[i])) {
				ct.h.logSeat(msg.LogYouPlaced, msg.LogPlaced, ct.me, d.Cards[i])
			}
			return true
		}
		n := 0
		for _, on := range ct.keepSel {
			if on {
				n++
			}
		}
		if ct.keepSel[i] || len(ct.disp.Hand)+n < engine.MaxHand {
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
		ct.act(engine.KeepCards(keep...))
		ct.keepSel = nil
	}
	return true
}
