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
func (pr *presenter) setPhase(p phase) {
	if pr.phase == p {
		return
	}
	pr.phase = p
	pr.phaseTicks = 0
	pr.stage.refreshPlates()
}

// fastForward folds all events in without animation (resuming a save).
func (pr *presenter) fastForward() {
	for pr.broken == nil && (pr.sess.EventCount() > pr.consumed || len(pr.events) > 0) {
		pr.fetch()
		for len(pr.events) > 0 {
			e := pr.events[0]
			pr.events = pr.events[1:]
			pr.consumed++
			pr.apply(e, false)
		}
	}
	if pr.phase == phaseScore {
		pr.setPhase(phaseDeal)
	}
	pr.tl.Skip()
	pr.stage.stepSprites()
	pr.derivePhase()
}

// consume folds events in, one at a time, while nothing animates and no score waits.
func (pr *presenter) consume() {
	for pr.tl.Idle() && pr.phase != phaseScore {
		pr.fetch()
		if len(pr.events) == 0 {
			break
		}
		e := pr.events[0]
		if _, ok := e.(engine.RoundScored); ok && len(pr.b.floaters) > 0 {
			break // the last "+N" of the round rises before the score opens
		}
		pr.events[0] = nil
		pr.events = pr.events[1:]
		pr.consumed++
		pr.apply(e, true)
		pr.phaseTicks = 0
		if pr.tl.Idle() {
			pr.stage.stepSprites()
		}
	}
}

func (pr *presenter) fetch() {
	if pr.broken != nil {
		return
	}
	if pr.inFlight && pr.sess.EventCount() > pr.sentAt {
		pr.inFlight = false
	}
	if len(pr.events) == 0 && pr.sess.EventCount() > pr.consumed {
		pr.events = pr.sess.EventsFor(pr.me, pr.consumed)
	}
}

// derivePhase names the phase when nothing is animating.
func (pr *presenter) derivePhase() {
	switch {
	case pr.phase == phaseOver || pr.phase == phaseScore:
	case pr.disp.Phase == engine.PhaseRowChoice:
		pr.setPhase(phaseRowChoice)
	case pr.disp.Phase == engine.PhaseChoose:
		pr.setPhase(phaseChoose)
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
func (pr *presenter) apply(e engine.Event, animate bool) {
	if err := pr.disp.CheckEvent(e); err != nil {
		pr.h.stopStream(err)
		return
	}
	var steps []anim.Step
	switch ev := e.(type) {
	case engine.RoundDealt:
		steps = pr.onDealt(ev, animate)
	case engine.SeatChose:
		steps = pr.onChose(ev, animate)
	case engine.CardsRevealed:
		steps = pr.onRevealed(ev, animate)
	case engine.RowChoiceRequired:
		pr.disp.Apply(e)
		pr.setPhase(phaseRowChoice)
		pr.h.logRowChoice(ev)
	case engine.RowTaken:
		steps = pr.onRowTaken(ev, animate)
	case engine.CardPlaced:
		steps = pr.onPlaced(ev, animate)
	case engine.RoundScored:
		pr.b.endFloaters(true)
		pr.disp.Apply(e)
		pr.lastRound = ev
		pr.roundPens = append(pr.roundPens, slices.Clone(ev.Penalties))
		pr.roundTotals = append(pr.roundTotals, slices.Clone(ev.Totals))
		pr.haveRound = true
		pr.haveLast = false
		pr.setPhase(phaseScore)
	case engine.GameOver:
		pr.disp.Apply(e)
		pr.setPhase(phaseOver)
		pr.stage.recordGame(ev)
	case engine.CardDrafted, engine.DraftDone, engine.CardsKept:
		// Variants: cards move between the pool, the hands and the rows.
		pr.disp.Apply(e)
		pr.h.variantLog(e)
		pr.stage.relayout()
		steps = pr.b.settle(12, 0, animate, nil)
	default:
		pr.disp.Apply(e)
	}
	if animate {
		steps = pr.h.withSound(e, steps)
	}
	for _, s := range steps {
		pr.tl.Add(s)
	}
	pr.stage.refreshPlates()
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
func (pr *presenter) onDealt(ev engine.RoundDealt, animate bool) []anim.Step {
	var gather []anim.Step
	if animate && pr.Speed() != anim.Instant {
		for c := range pr.b.cards {
			if sp := &pr.b.cards[c]; sp.vis {
				gather = pr.b.moveSprite(sp, pr.lay.Deck, false, 16, 0, true, gather)
				sp.hideAtEnd = true
			}
		}
	}
	pr.b.endFloaters(true)
	pr.disp.Apply(ev)
	pr.setPhase(phaseDeal)
	pr.h.log = pr.h.log[:0]
	pr.h.logf(msg.New(msg.LogDealt, ev.Round), -1)
	pr.haveLast = false
	pr.c.sel = -1
	if len(gather) > 0 {
		return append(par(nil, gather), &anim.Call{Fn: func() {
			for _, s := range pr.dealSprites(animate) {
				pr.tl.Add(s)
			}
		}})
	}
	return pr.dealSprites(animate)
}

// dealSprites sends the dealt cards from the deck to their places, face up on arrival, and one
// card back to each other seat (its hand stays hidden).
func (pr *presenter) dealSprites(animate bool) []anim.Step {
	for c := range pr.b.cards {
		pr.b.cards[c] = cardSprite{}
	}
	for s := range pr.b.backs {
		pr.b.backs[s] = cardSprite{}
	}
	clear(pr.b.swap[:])
	pr.stage.relayout()
	d := pr.lay.Deck
	var steps []anim.Step
	k := 0
	deal := func(i int) {
		sp := &pr.b.cards[i]
		sp.x, sp.y, sp.w, sp.h, sp.face, sp.vis = d.X, d.Y, d.W, d.H, false, true
		steps = pr.b.moveSprite(sp, pr.b.homes[i].r, true, 18, 6*k, animate, steps)
		k++
	}
	for r := range pr.disp.Rows { // the new rows, or the kept table (TCG's second half)
		for i := range pr.b.homes {
			if h := &pr.b.homes[i]; h.at == atRow && int(h.row) == r {
				deal(i)
			}
		}
	}
	for i := range pr.b.homes {
		if pr.b.homes[i].at == atHand || pr.b.homes[i].at == atChosen {
			deal(i)
		}
	}
	for s := range pr.h.seats {
		if s == pr.me || pr.tutorial != nil {
			continue
		}
		sp := &pr.b.backs[s]
		p, ch := pr.b.seatLay(s).Plate, pr.b.seatLay(s).Chosen
		sp.x, sp.y, sp.w, sp.h, sp.face, sp.vis = d.X, d.Y, d.W, d.H, false, true
		steps = pr.b.moveSprite(sp, layout.Rect{X: p.X + p.W/2 - ch.W/2, Y: p.Y, W: ch.W, H: ch.H}, false, 18, 3*k, animate, steps)
		sp.hideAtEnd = true
		if !animate || pr.Speed() == anim.Instant {
			sp.vis, sp.hideAtEnd = false, false
		}
		k++
	}
	return par(nil, steps)
}

// onChose: a seat has chosen; its card goes face down to its plate (face up in Open).
func (pr *presenter) onChose(ev engine.SeatChose, animate bool) []anim.Step {
	pr.disp.Apply(ev)
	switch {
	case ev.Card != 0 && ev.Seat != pr.me && len(pr.disp.FaceUp) > 0:
		pr.h.logf(msg.New(msg.LogPlaysFaceUp, pr.h.seatName(ev.Seat), ev.Card), -1)
		return pr.b.settle(12, 0, animate, nil)
	case ev.Seat == pr.me:
		pr.stage.relayout()
		pr.c.sel = -1
		return pr.b.settle(12, 0, animate, nil)
	}
	return par(nil, pr.stage.placeBack(ev.Seat, animate))
}

// onRevealed: the chosen cards turn over at the seats, then slide into the queue, lowest first.
func (pr *presenter) onRevealed(ev engine.CardsRevealed, animate bool) []anim.Step {
	// Remember where the turn started, for "watch the last turn again".
	pr.lastTurn = pr.consumed - 1
	pr.b.endFloaters(false)
	pr.lastView = cloneView(&pr.disp)
	pr.haveLast = true
	pr.setPhase(phaseReveal)
	my := pr.disp.MyChoice
	pr.disp.Apply(ev)
	pr.stage.relayout()
	var flips []anim.Step
	for i, p := range ev.Plays {
		r := pr.b.seatLay(p.Seat).Chosen
		si := pr.b.spriteAt(atPending, 0, i)
		if si < 0 {
			continue
		}
		sp := &pr.b.cards[si]
		if p.Seat != pr.me || p.Card != my || !sp.vis {
			sp.x, sp.y, sp.w, sp.h, sp.face, sp.vis = r.X, r.Y, r.W, r.H, false, true
		}
		flips = pr.b.moveSprite(sp, r, true, 15, 0, animate, flips)
		pr.b.backs[p.Seat].vis = false
		pr.h.logf(msg.New(msg.LogPlayed, pr.h.seatName(p.Seat), p.Card), -1)
	}
	var steps []anim.Step
	if len(flips) > 0 {
		steps = append(par(nil, flips), &anim.Wait{N: pr.ticks(15)})
	}
	pr.queued = false
	return append(steps, &anim.Call{Fn: func() {
		pr.queued = len(pr.lay.Queue) > 0
		for _, s := range pr.b.settle(14, 3, animate, nil) {
			pr.tl.Add(s)
		}
	}})
}

// onRowTaken: the row's cards fly to the taker's pile and a "+N" rises from it (until the turn
// ends: endFloaters).
func (pr *presenter) onRowTaken(ev engine.RowTaken, animate bool) []anim.Step {
	pr.setPhase(phasePlacement)
	pr.b.refreshHomes()
	pile := pr.b.seatLay(ev.Seat).Pile
	var moves []anim.Step
	for i := range pr.disp.Rows[ev.Row] {
		si := pr.b.spriteAt(atRow, ev.Row, i)
		if si < 0 {
			continue
		}
		sp := &pr.b.cards[si]
		moves = pr.b.moveSprite(sp, layout.Rect{X: pile.X, Y: pile.Y, W: sp.w * 0.5, H: sp.h * 0.5}, true, 30, 2*i, animate, moves)
		sp.hideAtEnd = true
		if !animate || pr.Speed() == anim.Instant {
			sp.vis = false
		}
	}
	pr.disp.Apply(ev)
	pr.b.refreshHomes()
	pr.h.logRowTaken(ev)
	steps := par(nil, moves)
	if animate && pr.Speed() != anim.Instant {
		tw := anim.NewTween(0, pr.ticks(50), anim.OutCubic)
		steps = append(steps, &anim.Call{Fn: func() {
			pr.b.floaters = append(pr.b.floaters, floater{label: "+" + strconv.Itoa(ev.Bullheads), seat: ev.Seat, turn: pr.lastTurn, tw: tw})
		}})
	}
	return steps
}

// onPlaced: a card goes to its row.
func (pr *presenter) onPlaced(ev engine.CardPlaced, animate bool) []anim.Step {
	pr.setPhase(phasePlacement)
	pr.disp.Apply(ev)
	pr.stage.relayout()
	travel, hold := placePace(len(pr.h.seats))
	steps := pr.b.settle(travel, 0, animate, nil)
	if animate {
		steps = append(steps, &anim.Wait{N: pr.ticks(hold)})
	}
	if ev.Pos > 0 {
		pr.h.logf(msg.New(msg.LogGoesTo, ev.Card, ev.Row+1), -1)
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
func (pr *presenter) replayLastTurn() {
	if !pr.haveLast || !pr.tl.Idle() || pr.phase == phaseScore || pr.phase == phaseOver {
		return
	}
	pr.disp = cloneView(&pr.lastView)
	pr.consumed = pr.lastTurn
	pr.events = nil
	pr.b.endFloaters(true)
	pr.stage.relayout()
	for i := range pr.b.cards {
		pr.b.cards[i].tween = nil
	}
	pr.b.settle(0, 0, false, nil)
	for s := range pr.b.backs {
		pr.b.backs[s] = cardSprite{}
		pr.stage.placeBack(s, false)
	}
	pr.stage.stepSprites()
	pr.h.logf(msg.New(msg.LogReplay), -1)
}
