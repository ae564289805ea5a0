package scenes

import (
	"nimmt/assets/sounds"
	"slices"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
)

// device is how the person plays, so the instructions can speak to it.
type device uint8

// The ways to play.
const (
	deviceMouse device = iota // a pointer with hover: pointing lifts a card, a click plays it
	deviceTouch               // a touch screen: a tap lifts a card, a second tap plays it
	deviceKeys                // the keyboard: arrows or digits lift a card, Enter plays it
)

// noteDevice records how the person played this tick: a touch, a mouse (moved or clicked), or
// the keys that play (arrows, digits, Enter). It reports whether the way changed.
func (k *Kit) noteDevice(in *Input) bool {
	d := k.device
	switch {
	case in.Touch:
		d = deviceTouch
	case in.Hover || in.Tap:
		d = deviceMouse
	}
	for i := 0; i < in.NKeys; i++ {
		switch in.Keys[i] {
		case KeyLeft, KeyRight, KeyUp, KeyDown, KeyEnter, KeyDigit:
			d = deviceKeys
		}
	}
	changed := d != k.device
	k.device = d
	return changed
}

// byDevice picks the message for the way the person plays.
func (k *Kit) byDevice(mouse, touch, keys msg.ID) msg.ID {
	switch k.device {
	case deviceTouch:
		return touch
	case deviceKeys:
		return keys
	}
	return mouse
}

// decision returns the displayed seat's decision once the screen shows every event.
func (t *table) decision() (engine.Decision, bool) {
	if t.tutorial != nil || t.handover >= 0 || !t.caughtUp() || t.disp.Decision == nil {
		return engine.Decision{}, false
	}
	return *t.disp.Decision, true
}

// play is the person choosing card c.
func (t *table) play(c engine.Card) {
	d, ok := t.decision()
	if !ok || d.Kind != engine.DecidePlay || c == 0 {
		return
	}
	if d.Count > 1 && d.Min == 1 {
		// Hand: the first card waits; the same card again plays it alone, another plays both.
		if t.pick == 0 || !slices.Contains(t.disp.Hand, t.pick) {
			t.pick = c
			t.logf(msg.New(msg.LogHandPick, c), t.me)
			return
		}
		cs := []engine.Card{t.pick, c}
		if c == t.pick {
			cs = cs[:1]
		}
		t.act(engine.PlayCards(cs...))
		t.pick = 0
		return
	}
	if d.Count > 1 && d.Min == 0 {
		// Nifty: the first card chosen waits for the second.
		if t.pick == 0 || t.pick == c || !slices.Contains(t.disp.Hand, t.pick) {
			t.pick = c
			t.logf(msg.New(msg.LogNiftyPick, c), t.me)
			return
		}
		t.act(engine.PlayCards(t.pick, c))
		t.pick = 0
		return
	}
	t.act(engine.PlayCard(c))
}

func (t *table) chooseRow(r int) {
	if d, ok := t.decision(); ok && d.Kind == engine.DecideRow {
		t.act(engine.TakeRow(r))
	}
}

// handleButtons handles the table's buttons and global keys; it reports whether it took the input.
func (t *table) handleButtons(in *Input) (took bool) {
	g := t.g
	defer func() {
		if took {
			g.cue(sounds.Click)
		}
	}()
	b := &t.lay.Buttons
	if in.TapIn(b[layout.BtnMenu]) || in.Key(KeyEsc) {
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
	if in.TapIn(b[layout.BtnTracker]) || in.Key(KeyTracker) {
		t.showPanel = toggle(t.showPanel, 1)
		g.settings.Tracker = t.showPanel == 1
		return true
	}
	if in.TapIn(b[layout.BtnAdvisor]) || in.Key(KeyAdvisor) {
		g.settings.Advisor = !g.settings.Advisor
		t.adviceTurn = -1
		return true
	}
	if in.TapIn(b[layout.BtnLog]) || in.Key(KeyLog) {
		t.showPanel = toggle(t.showPanel, 2)
		return true
	}
	if in.TapIn(b[layout.BtnReplay]) || in.Key(KeyReplay) {
		t.replayLastTurn()
		return true
	}
	if (t.phase == phaseScore) && t.tl.Idle() {
		if in.TapIn(t.overlayButton(0)) || in.Key(KeyEnter) || in.Key(KeySpace) {
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
		if in.TapIn(t.overlayButton(0)) || in.Key(KeyEnter) {
			if err := g.Play(0); err != nil {
				g.notice = notice(err)
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
func (t *table) handleTable(in *Input) {
	if t.tutorial != nil || (t.phase == phaseOver) || (t.phase == phaseScore) {
		return
	}
	if t.handleDraft(in) {
		return
	}
	if t.handleChoice(in) {
		return
	}
	// The tap targets as the player sees the hand: opened around the lifted card.
	_, hits := t.hand()
	n := len(hits)
	switch {
	case t.disp.Phase == engine.PhaseChoose && t.disp.Decision != nil && t.disp.Decision.Kind == engine.DecidePlay:
		if in.Hover {
			t.sel = -1
			for i := 0; i < n; i++ {
				if hits[i].Contains(in.X, in.Y) {
					t.sel = i
				}
			}
		}
		for i := 0; i < n; i++ {
			if in.TapIn(hits[i]) {
				if t.sel == i {
					t.play(t.handCard(i))
				} else {
					t.sel = i
				}
				return
			}
		}
		if t.sel >= 0 && t.sel < n && (in.TapIn(t.lay.Buttons[layout.BtnConfirm]) || in.Key(KeyEnter)) {
			t.play(t.handCard(t.sel))
			return
		}
		if n > 0 {
			if in.Key(KeyRight) {
				t.sel = (t.sel + 1) % n
			}
			if in.Key(KeyLeft) {
				if t.sel <= 0 {
					t.sel = n - 1
				} else {
					t.sel--
				}
			}
			if d := in.TakeDigit(); d >= 0 {
				i := d - 1
				if d == 0 {
					i = 9
				}
				if i < n {
					t.sel = i
				}
			}
		}
		if t.sel >= n {
			t.sel = -1
		}
	case t.disp.Phase == engine.PhaseRowChoice:
		if d, ok := t.decision(); ok && d.Kind == engine.DecideRow {
			for r := 0; r < engine.NumRows; r++ {
				if in.TapIn(t.lay.Rows[r].Hit) {
					t.chooseRow(r)
					return
				}
			}
			if d := in.TakeDigit(); d >= 1 && d <= 4 {
				t.chooseRow(d - 1)
			}
		}
	}
}

// autoDecision answers, for the person, a decision the table has no controls for, with the bots'
// one-step Heuristic, and says so in the log. It reports whether it acted. Every decision kind of
// the engine has controls today; this is the safety net for new ones.
func (t *table) autoDecision() bool {
	d, ok := t.decision()
	if !ok || t.inFlight || !t.tl.Idle() {
		return false
	}
	switch d.Kind {
	case engine.DecidePlay, engine.DecideRow, engine.DecideDraft, engine.DecideOrder, engine.DecideKeep:
		return false
	}
	v := cloneView(&t.disp)
	a := bots.Heuristic(&v)
	if !t.act(a) {
		return false
	}
	switch d.Kind {
	case engine.DecideDraft:
		t.logf(msg.New(msg.LogAdvisorDrafted, t.seatName(t.me), a.Cards[0]), -1)
	case engine.DecideOrder:
		t.logf(msg.New(msg.LogAdvisorPlaced, t.seatName(t.me), a.Cards[0]), -1)
	case engine.DecideKeep:
		t.logf(msg.New(msg.LogAdvisorKept, t.seatName(t.me), cardList(a.Cards)), -1)
	}
	return true
}

// handleDraft lets the person draft a card of the pool by tapping it. It reports whether the
// input was taken.
func (t *table) handleDraft(in *Input) bool {
	d, ok := t.decision()
	if !ok || d.Kind != engine.DecideDraft {
		return false
	}
	rs := t.poolRects()
	if in.Hover {
		t.poolHover = -1
		for i, r := range rs {
			if r.Contains(in.X, in.Y) {
				t.poolHover = i
			}
		}
	}
	for i, r := range rs {
		if in.TapIn(r) && i < len(t.disp.Pool) {
			c := t.disp.Pool[i]
			t.act(engine.DraftCard(c))
			t.poolHover = -1
			return true
		}
	}
	return true
}

// choiceDecision returns the person's order or keep decision, if one is due and the screen has
// caught up.
func (t *table) choiceDecision() (engine.Decision, bool) {
	if t.phase == phaseOver {
		return engine.Decision{}, false
	}
	d, ok := t.decision()
	if !ok || (d.Kind != engine.DecideOrder && d.Kind != engine.DecideKeep) {
		return engine.Decision{}, false
	}
	return d, true
}

// handleChoice answers the choice panel's taps; it reports whether a choice panel is up.
func (t *table) handleChoice(in *Input) bool {
	d, ok := t.choiceDecision()
	if !ok {
		t.keepSel = nil
		return false
	}
	_, cards, button := t.choiceLayout(d)
	if len(t.keepSel) != len(d.Cards) {
		t.keepSel = make([]bool, len(d.Cards))
	}
	for i, r := range cards {
		if !in.TapIn(r) {
			continue
		}
		if d.Kind == engine.DecideOrder {
			if t.act(engine.PlaceFirst(d.Cards[i])) {
				t.logSeat(msg.LogYouPlaced, msg.LogPlaced, t.me, d.Cards[i])
			}
			return true
		}
		n := 0
		for _, on := range t.keepSel {
			if on {
				n++
			}
		}
		if t.keepSel[i] || len(t.disp.Hand)+n < engine.MaxHand {
			t.keepSel[i] = !t.keepSel[i]
		}
		return true
	}
	if d.Kind == engine.DecideKeep && (in.TapIn(button) || in.Key(KeyEnter)) {
		var keep []engine.Card
		for i, on := range t.keepSel {
			if on {
				keep = append(keep, d.Cards[i])
			}
		}
		t.act(engine.KeepCards(keep...))
		t.keepSel = nil
	}
	return true
}
