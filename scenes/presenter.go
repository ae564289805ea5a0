package scenes

import (
	"fmt"
	"slices"
	"strconv"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
)

// phase is what the table is showing, named for the scene (TestState.Scene).
type phase uint8

// The table's phases.
const (
	phaseNone phase = iota // before the first event
	phaseDeal
	phaseChoose
	phaseReveal
	phasePlacement
	phaseRowChoice
	phaseScore // the round score waits for Continue
	phaseOver
)

var phaseNames = [...]string{"", "deal", "choose", "reveal", "placement", "rowchoice", "score", "gameover"}

// String returns the phase's scene name.
func (p phase) String() string { return phaseNames[p] }

// setPhase is the one place the phase changes: the phase's tick count restarts and the plates
// and status follow.
func (t *table) setPhase(p phase) {
	if t.phase == p {
		return
	}
	t.phase = p
	t.phaseTicks = 0
	t.refreshPlates()
}

// fastForward folds all events in without animation (resuming a save).
func (t *table) fastForward() {
	for t.broken == nil && (t.sess.EventCount() > t.consumed || len(t.events) > 0) {
		t.fetch()
		for len(t.events) > 0 {
			e := t.events[0]
			t.events = t.events[1:]
			t.consumed++
			t.apply(e, false)
		}
	}
	if t.phase == phaseScore {
		t.setPhase(phaseDeal)
	}
	t.tl.Skip()
	t.stepSprites()
	t.derivePhase()
}

// consume folds events in, one at a time, while nothing animates and no score waits.
func (t *table) consume() {
	for t.tl.Idle() && t.phase != phaseScore {
		t.fetch()
		if len(t.events) == 0 {
			break
		}
		e := t.events[0]
		if _, ok := e.(engine.RoundScored); ok && len(t.floaters) > 0 {
			break // the last "+N" of the round rises before the score opens
		}
		t.events[0] = nil
		t.events = t.events[1:]
		t.consumed++
		t.apply(e, true)
		t.phaseTicks = 0
		if t.tl.Idle() {
			t.stepSprites()
		}
	}
}

func (t *table) fetch() {
	if t.broken != nil {
		return
	}
	if t.inFlight && t.sess.EventCount() > t.sentAt {
		t.inFlight = false
	}
	if len(t.events) == 0 && t.sess.EventCount() > t.consumed {
		t.events = t.sess.EventsFor(t.me, t.consumed)
	}
}

// derivePhase names the phase when nothing is animating.
func (t *table) derivePhase() {
	switch {
	case t.phase == phaseOver || t.phase == phaseScore:
	case t.disp.Phase == engine.PhaseRowChoice:
		t.setPhase(phaseRowChoice)
	case t.disp.Phase == engine.PhaseChoose:
		t.setPhase(phaseChoose)
	}
}

func (hd *hud) seatName(s int) string {
	if s >= 0 && s < len(hd.seats) {
		return hd.seats[s].Name
	}
	return "?"
}

// apply folds one event into the displayed view and queues its animation steps, in order. An
// event that does not fit the view (engine.View.CheckEvent: a malformed one from a remote
// session) leaves the view as it is and stops the stream (stopStream); every fold below is of an
// event checked here.
func (t *table) apply(e engine.Event, animate bool) {
	if err := t.disp.CheckEvent(e); err != nil {
		t.stopStream(err)
		return
	}
	var steps []anim.Step
	switch ev := e.(type) {
	case engine.RoundDealt:
		steps = t.onDealt(ev, animate)
	case engine.SeatChose:
		steps = t.onChose(ev, animate)
	case engine.CardsRevealed:
		steps = t.onRevealed(ev, animate)
	case engine.RowChoiceRequired:
		t.disp.Apply(e)
		t.setPhase(phaseRowChoice)
		t.logRowChoice(ev)
	case engine.RowTaken:
		steps = t.onRowTaken(ev, animate)
	case engine.CardPlaced:
		steps = t.onPlaced(ev, animate)
	case engine.RoundScored:
		t.endFloaters(true)
		t.disp.Apply(e)
		t.lastRound = ev
		t.roundPens = append(t.roundPens, slices.Clone(ev.Penalties))
		t.roundTotals = append(t.roundTotals, slices.Clone(ev.Totals))
		t.haveRound = true
		t.haveLast = false
		t.setPhase(phaseScore)
	case engine.GameOver:
		t.disp.Apply(e)
		t.setPhase(phaseOver)
		t.recordGame(ev)
	case engine.CardDrafted, engine.DraftDone, engine.CardsKept:
		// Variants: cards move between the pool, the hands and the rows.
		t.disp.Apply(e)
		t.variantLog(e)
		t.relayout()
		steps = t.settle(12, 0, animate, nil)
	default:
		t.disp.Apply(e)
	}
	if animate {
		steps = t.withSound(e, steps)
	}
	for _, s := range steps {
		t.tl.Add(s)
	}
	t.refreshPlates()
}

// stopStream stops folding the session's events after one that does not fit the view, and
// says so in the log: the table stays as it was before that event.
func (hd *hud) stopStream(err error) {
	hd.broken = fmt.Errorf("scenes: event %d: %w", hd.consumed, err)
	hd.events = nil
	hd.logf(msg.New(msg.Verbatim, hd.broken.Error()), -1)
}

// par returns the steps as one parallel step, or nothing.
func par(out []anim.Step, steps []anim.Step) []anim.Step {
	if len(steps) == 0 {
		return out
	}
	return append(out, &anim.Parallel{Steps: steps})
}

// onDealt: the last round's cards gather on the deck, then the new ones fly out.
func (t *table) onDealt(ev engine.RoundDealt, animate bool) []anim.Step {
	var gather []anim.Step
	if animate && t.speed() != anim.Instant {
		for c := range t.cards {
			if sp := &t.cards[c]; sp.vis {
				gather = t.moveSprite(sp, t.lay.Deck, false, 16, 0, true, gather)
				sp.hideAtEnd = true
			}
		}
	}
	t.endFloaters(true)
	t.disp.Apply(ev)
	t.setPhase(phaseDeal)
	t.log = t.log[:0]
	t.logf(msg.New(msg.LogDealt, ev.Round), -1)
	t.haveLast = false
	t.sel = -1
	if len(gather) > 0 {
		return append(par(nil, gather), &anim.Call{Fn: func() {
			for _, s := range t.dealSprites(animate) {
				t.tl.Add(s)
			}
		}})
	}
	return t.dealSprites(animate)
}

// dealSprites sends the dealt cards from the deck to their places, face up on arrival, and one
// card back to each other seat (its hand stays hidden).
func (t *table) dealSprites(animate bool) []anim.Step {
	for c := range t.cards {
		t.cards[c] = cardSprite{}
	}
	for s := range t.backs {
		t.backs[s] = cardSprite{}
	}
	clear(t.swap[:])
	t.relayout()
	d := t.lay.Deck
	var steps []anim.Step
	k := 0
	deal := func(i int) {
		sp := &t.cards[i]
		sp.x, sp.y, sp.w, sp.h, sp.face, sp.vis = d.X, d.Y, d.W, d.H, false, true
		steps = t.moveSprite(sp, t.homes[i].r, true, 18, 6*k, animate, steps)
		k++
	}
	for r := range t.disp.Rows { // the new rows, or the kept table (TCG's second half)
		for i := range t.homes {
			if h := &t.homes[i]; h.at == atRow && int(h.row) == r {
				deal(i)
			}
		}
	}
	for i := range t.homes {
		if t.homes[i].at == atHand || t.homes[i].at == atChosen {
			deal(i)
		}
	}
	for s := range t.seats {
		if s == t.me || t.tutorial != nil {
			continue
		}
		sp := &t.backs[s]
		p, ch := t.seatLay(s).Plate, t.seatLay(s).Chosen
		sp.x, sp.y, sp.w, sp.h, sp.face, sp.vis = d.X, d.Y, d.W, d.H, false, true
		steps = t.moveSprite(sp, layout.Rect{X: p.X + p.W/2 - ch.W/2, Y: p.Y, W: ch.W, H: ch.H}, false, 18, 3*k, animate, steps)
		sp.hideAtEnd = true
		if !animate || t.speed() == anim.Instant {
			sp.vis, sp.hideAtEnd = false, false
		}
		k++
	}
	return par(nil, steps)
}

// onChose: a seat has chosen; its card goes face down to its plate (face up in Open).
func (t *table) onChose(ev engine.SeatChose, animate bool) []anim.Step {
	t.disp.Apply(ev)
	switch {
	case ev.Card != 0 && ev.Seat != t.me && len(t.disp.FaceUp) > 0:
		t.logf(msg.New(msg.LogPlaysFaceUp, t.seatName(ev.Seat), ev.Card), -1)
		return t.settle(12, 0, animate, nil)
	case ev.Seat == t.me:
		t.relayout()
		t.sel = -1
		return t.settle(12, 0, animate, nil)
	}
	return par(nil, t.placeBack(ev.Seat, animate))
}

// onRevealed: the chosen cards turn over at the seats, then slide into the queue, lowest first.
func (t *table) onRevealed(ev engine.CardsRevealed, animate bool) []anim.Step {
	// Remember where the turn started, for "watch the last turn again".
	t.lastTurn = t.consumed - 1
	t.endFloaters(false)
	t.lastView = cloneView(&t.disp)
	t.haveLast = true
	t.setPhase(phaseReveal)
	my := t.disp.MyChoice
	t.disp.Apply(ev)
	t.relayout()
	var flips []anim.Step
	for i, p := range ev.Plays {
		r := t.seatLay(p.Seat).Chosen
		si := t.spriteAt(atPending, 0, i)
		if si < 0 {
			continue
		}
		sp := &t.cards[si]
		if p.Seat != t.me || p.Card != my || !sp.vis {
			sp.x, sp.y, sp.w, sp.h, sp.face, sp.vis = r.X, r.Y, r.W, r.H, false, true
		}
		flips = t.moveSprite(sp, r, true, 15, 0, animate, flips)
		t.backs[p.Seat].vis = false
		t.logf(msg.New(msg.LogPlayed, t.seatName(p.Seat), p.Card), -1)
	}
	var steps []anim.Step
	if len(flips) > 0 {
		steps = append(par(nil, flips), &anim.Wait{N: t.ticks(15)})
	}
	t.queued = false
	return append(steps, &anim.Call{Fn: func() {
		t.queued = len(t.lay.Queue) > 0
		for _, s := range t.settle(14, 3, animate, nil) {
			t.tl.Add(s)
		}
	}})
}

// onRowTaken: the row's cards fly to the taker's pile and a "+N" rises from it (until the turn
// ends: endFloaters).
func (t *table) onRowTaken(ev engine.RowTaken, animate bool) []anim.Step {
	t.setPhase(phasePlacement)
	t.refreshHomes()
	pile := t.seatLay(ev.Seat).Pile
	var moves []anim.Step
	for i := range t.disp.Rows[ev.Row] {
		si := t.spriteAt(atRow, ev.Row, i)
		if si < 0 {
			continue
		}
		sp := &t.cards[si]
		moves = t.moveSprite(sp, layout.Rect{X: pile.X, Y: pile.Y, W: sp.w * 0.5, H: sp.h * 0.5}, true, 30, 2*i, animate, moves)
		sp.hideAtEnd = true
		if !animate || t.speed() == anim.Instant {
			sp.vis = false
		}
	}
	t.disp.Apply(ev)
	t.refreshHomes()
	t.logRowTaken(ev)
	steps := par(nil, moves)
	if animate && t.speed() != anim.Instant {
		tw := anim.NewTween(0, t.ticks(50), anim.OutCubic)
		steps = append(steps, &anim.Call{Fn: func() {
			t.floaters = append(t.floaters, floater{label: "+" + strconv.Itoa(ev.Bullheads), seat: ev.Seat, turn: t.lastTurn, tw: tw})
		}})
	}
	return steps
}

// onPlaced: a card goes to its row.
func (t *table) onPlaced(ev engine.CardPlaced, animate bool) []anim.Step {
	t.setPhase(phasePlacement)
	t.disp.Apply(ev)
	t.relayout()
	travel, hold := placePace(len(t.seats))
	steps := t.settle(travel, 0, animate, nil)
	if animate {
		steps = append(steps, &anim.Wait{N: t.ticks(hold)})
	}
	if ev.Pos > 0 {
		t.logf(msg.New(msg.LogGoesTo, ev.Card, ev.Row+1), -1)
	}
	return steps
}

// placePace is how long one placement travels and then holds, in ticks at normal speed, at a
// table of n seats: 20 + 8 up to four seats; each further seat adds 1 to the travel and 3 to
// the hold, so ten placements (10 seats: 26 + 26 ticks each, about 9 s) can be followed one by
// one. A tap or Space still skips.
func placePace(n int) (travel, hold int) {
	extra := max(0, n-4)
	return 20 + extra, 8 + 3*extra
}

// cloneView deep-copies a view.
func cloneView(v *engine.View) engine.View {
	c := *v
	c.Hand = append([]engine.Card(nil), v.Hand...)
	c.HandSizes = append([]int(nil), v.HandSizes...)
	for i := range v.Rows {
		c.Rows[i] = append([]engine.Card(nil), v.Rows[i]...)
	}
	c.Scores = append([]int(nil), v.Scores...)
	c.Penalties = append([]int(nil), v.Penalties...)
	c.Revealed = append([]engine.Card(nil), v.Revealed...)
	c.Chosen = append([]bool(nil), v.Chosen...)
	c.Pending = append([]engine.Play(nil), v.Pending...)
	c.Waiting = append([]int(nil), v.Waiting...)
	c.Winners = append([]int(nil), v.Winners...)
	if v.Decision != nil {
		d := *v.Decision
		c.Decision = &d
	}
	return c
}

// replayLastTurn rewinds the display to the start of the last turn and plays it again.
func (t *table) replayLastTurn() {
	if !t.haveLast || !t.tl.Idle() || t.phase == phaseScore || t.phase == phaseOver {
		return
	}
	t.disp = cloneView(&t.lastView)
	t.consumed = t.lastTurn
	t.events = nil
	t.endFloaters(true)
	t.relayout()
	for i := range t.cards {
		t.cards[i].tween = nil
	}
	t.settle(0, 0, false, nil)
	for s := range t.backs {
		t.backs[s] = cardSprite{}
		t.placeBack(s, false)
	}
	t.stepSprites()
	t.logf(msg.New(msg.LogReplay), -1)
}
