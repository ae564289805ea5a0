package table

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
	PhaseNone phase = iota // before the first event
	PhaseDeal
	PhaseChoose
	PhaseReveal
	PhasePlacement
	PhaseRowChoice
	PhaseScore // the round score waits for Continue
	PhaseOver
)

var phaseNames = [...]string{"", "deal", "choose", "reveal", "placement", "rowchoice", "score", "gameover"}

// String returns the phase's scene name.
func (p phase) String() string { return phaseNames[p] }

// SetPhase is the one place the phase changes: the phase's tick count restarts and the plates
// and status follow.
func (pr *presenter) SetPhase(p phase) {
	if pr.Phase == p {
		return
	}
	pr.Phase = p
	pr.PhaseTicks = 0
	pr.stage.RefreshPlates()
}

// FastForward folds all events in without animation (resuming a save).
func (pr *presenter) FastForward() {
	for pr.Broken == nil && (pr.sess.EventCount() > pr.Consumed || len(pr.Events) > 0) {
		pr.fetch()
		for len(pr.Events) > 0 {
			e := pr.Events[0]
			pr.Events = pr.Events[1:]
			pr.Consumed++
			pr.Apply(e, false)
		}
	}
	if pr.Phase == PhaseScore {
		pr.SetPhase(PhaseDeal)
	}
	pr.tl.Skip()
	pr.stage.StepSprites()
	pr.derivePhase()
}

// consume folds events in, one at a time, while nothing animates and no score waits.
func (pr *presenter) consume() {
	for pr.tl.Idle() && pr.Phase != PhaseScore {
		pr.fetch()
		if len(pr.Events) == 0 {
			break
		}
		e := pr.Events[0]
		if _, ok := e.(engine.RoundScored); ok && len(pr.b.Floaters) > 0 {
			break // the last "+N" of the round rises before the score opens
		}
		pr.Events[0] = nil
		pr.Events = pr.Events[1:]
		pr.Consumed++
		pr.Apply(e, true)
		pr.PhaseTicks = 0
		if pr.tl.Idle() {
			pr.stage.StepSprites()
		}
	}
}

func (pr *presenter) fetch() {
	if pr.Broken != nil {
		return
	}
	if pr.InFlight && pr.sess.EventCount() > pr.sentAt {
		pr.InFlight = false
	}
	if len(pr.Events) == 0 && pr.sess.EventCount() > pr.Consumed {
		pr.Events = pr.sess.EventsFor(pr.Me, pr.Consumed)
	}
}

// derivePhase names the phase when nothing is animating.
func (pr *presenter) derivePhase() {
	switch {
	case pr.Phase == PhaseOver || pr.Phase == PhaseScore:
	case pr.Disp.Phase == engine.PhaseRowChoice:
		pr.SetPhase(PhaseRowChoice)
	case pr.Disp.Phase == engine.PhaseChoose:
		pr.SetPhase(PhaseChoose)
	}
}

func (hd *hud) seatName(s int) string {
	if s >= 0 && s < len(hd.Seats) {
		return hd.Seats[s].Name
	}
	return "?"
}

// Apply folds one event into the displayed view and queues its animation steps, in order. An
// event that does not fit the view (engine.View.CheckEvent: a malformed one from a remote
// session) leaves the view as it is and stops the stream (stopStream); every fold below is of an
// event checked here.
func (pr *presenter) Apply(e engine.Event, animate bool) {
	if err := pr.Disp.CheckEvent(e); err != nil {
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
		pr.Disp.Apply(e)
		pr.SetPhase(PhaseRowChoice)
		pr.h.logRowChoice(ev)
	case engine.RowTaken:
		steps = pr.onRowTaken(ev, animate)
	case engine.CardPlaced:
		steps = pr.onPlaced(ev, animate)
	case engine.RoundScored:
		pr.b.endFloaters(true)
		pr.Disp.Apply(e)
		pr.LastRound = ev
		pr.roundPens = append(pr.roundPens, slices.Clone(ev.Penalties))
		pr.roundTotals = append(pr.roundTotals, slices.Clone(ev.Totals))
		pr.haveRound = true
		pr.haveLast = false
		pr.SetPhase(PhaseScore)
	case engine.GameOver:
		pr.Disp.Apply(e)
		pr.SetPhase(PhaseOver)
		if animate {
			pr.h.over.rise.start(pr.ticks(riseTicks)) // none at the instant speed
		}
		pr.stage.recordGame(ev)
	case engine.CardDrafted, engine.DraftDone, engine.CardsKept:
		// Variants: cards move between the pool, the hands and the rows.
		pr.Disp.Apply(e)
		pr.h.variantLog(e)
		pr.stage.Relayout()
		steps = pr.b.Settle(12, 0, animate, nil)
	default:
		pr.Disp.Apply(e)
	}
	if animate {
		steps = pr.h.withSound(e, steps)
	}
	for _, s := range steps {
		pr.tl.Add(s)
	}
	pr.stage.RefreshPlates()
}

// stopStream stops folding the session's events after one that does not fit the view, and
// says so in the log: the table stays as it was before that event.
func (hd *hud) stopStream(err error) {
	hd.Broken = fmt.Errorf("scenes: event %d: %w", hd.Consumed, err)
	hd.Events = nil
	hd.logf(msg.New(msg.Verbatim, hd.Broken.Error()), -1)
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
		for c := range pr.b.Cards {
			if sp := &pr.b.Cards[c]; sp.Vis {
				gather = pr.b.moveSprite(sp, pr.lay.Deck, false, 16, 0, true, gather)
				sp.HideAtEnd = true
			}
		}
	}
	pr.b.endFloaters(true)
	pr.Disp.Apply(ev)
	pr.SetPhase(PhaseDeal)
	pr.h.Log = pr.h.Log[:0]
	pr.h.logf(msg.New(msg.LogDealt, ev.Round), -1)
	pr.haveLast = false
	pr.c.Sel = -1
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
	for c := range pr.b.Cards {
		pr.b.Cards[c] = cardSprite{}
	}
	for s := range pr.b.Backs {
		pr.b.Backs[s] = cardSprite{}
	}
	clear(pr.b.swap[:])
	pr.stage.Relayout()
	d := pr.lay.Deck
	var steps []anim.Step
	k := 0
	deal := func(i int) {
		sp := &pr.b.Cards[i]
		sp.X, sp.Y, sp.W, sp.H, sp.Face, sp.Vis = d.X, d.Y, d.W, d.H, false, true
		steps = pr.b.moveSprite(sp, pr.b.Homes[i].R, true, 18, 6*k, animate, steps)
		k++
	}
	for r := range pr.Disp.Rows { // the new rows, or the kept table (TCG's second half)
		for i := range pr.b.Homes {
			if h := &pr.b.Homes[i]; h.At == AtRow && int(h.Row) == r {
				deal(i)
			}
		}
	}
	for i := range pr.b.Homes {
		if pr.b.Homes[i].At == AtHand || pr.b.Homes[i].At == atChosen {
			deal(i)
		}
	}
	for s := range pr.h.Seats {
		if s == pr.Me || pr.Tutorial != nil {
			continue
		}
		sp := &pr.b.Backs[s]
		p, ch := pr.b.SeatLay(s).Plate, pr.b.SeatLay(s).Chosen
		sp.X, sp.Y, sp.W, sp.H, sp.Face, sp.Vis = d.X, d.Y, d.W, d.H, false, true
		steps = pr.b.moveSprite(sp, layout.Rect{X: p.X + p.W/2 - ch.W/2, Y: p.Y, W: ch.W, H: ch.H}, false, 18, 3*k, animate, steps)
		sp.HideAtEnd = true
		if !animate || pr.Speed() == anim.Instant {
			sp.Vis, sp.HideAtEnd = false, false
		}
		k++
	}
	return par(nil, steps)
}

// onChose: a seat has chosen; its card goes face down to its plate (face up in Open).
func (pr *presenter) onChose(ev engine.SeatChose, animate bool) []anim.Step {
	pr.Disp.Apply(ev)
	switch {
	case ev.Card != 0 && ev.Seat != pr.Me && len(pr.Disp.FaceUp) > 0:
		pr.h.logf(msg.New(msg.LogPlaysFaceUp, pr.h.seatName(ev.Seat), ev.Card), -1)
		return pr.b.Settle(12, 0, animate, nil)
	case ev.Seat == pr.Me:
		pr.stage.Relayout()
		pr.c.Sel = -1
		return pr.b.Settle(12, 0, animate, nil)
	}
	return par(nil, pr.stage.placeBack(ev.Seat, animate))
}

// onRevealed: the chosen cards turn over at the seats, then slide into the queue, lowest first.
func (pr *presenter) onRevealed(ev engine.CardsRevealed, animate bool) []anim.Step {
	// Remember where the turn started, for "watch the last turn again".
	pr.LastTurn = pr.Consumed - 1
	pr.b.endFloaters(false)
	pr.lastView = CloneView(&pr.Disp)
	pr.haveLast = true
	pr.SetPhase(PhaseReveal)
	my := pr.Disp.MyChoice
	pr.Disp.Apply(ev)
	pr.stage.Relayout()
	var flips []anim.Step
	for i, p := range ev.Plays {
		r := pr.b.SeatLay(p.Seat).Chosen
		si := pr.b.SpriteAt(AtPending, 0, i)
		if si < 0 {
			continue
		}
		sp := &pr.b.Cards[si]
		if p.Seat != pr.Me || p.Card != my || !sp.Vis {
			sp.X, sp.Y, sp.W, sp.H, sp.Face, sp.Vis = r.X, r.Y, r.W, r.H, false, true
		}
		flips = pr.b.moveSprite(sp, r, true, 15, 0, animate, flips)
		pr.b.Backs[p.Seat].Vis = false
		pr.h.logf(msg.New(msg.LogPlayed, pr.h.seatName(p.Seat), p.Card), -1)
	}
	var steps []anim.Step
	if len(flips) > 0 {
		steps = append(par(nil, flips), &anim.Wait{N: pr.ticks(15)})
	}
	pr.queued = false
	return append(steps, &anim.Call{Fn: func() {
		pr.queued = len(pr.lay.Queue) > 0
		for _, s := range pr.b.Settle(14, 3, animate, nil) {
			pr.tl.Add(s)
		}
	}})
}

// onRowTaken: the row's cards fly to the taker's pile and a "+N" rises from it (until the turn
// ends: endFloaters).
func (pr *presenter) onRowTaken(ev engine.RowTaken, animate bool) []anim.Step {
	pr.SetPhase(PhasePlacement)
	pr.b.RefreshHomes()
	pile := pr.b.SeatLay(ev.Seat).Pile
	var moves []anim.Step
	for i := range pr.Disp.Rows[ev.Row] {
		si := pr.b.SpriteAt(AtRow, ev.Row, i)
		if si < 0 {
			continue
		}
		sp := &pr.b.Cards[si]
		moves = pr.b.moveSprite(sp, layout.Rect{X: pile.X, Y: pile.Y, W: sp.W * 0.5, H: sp.H * 0.5}, true, 30, 2*i, animate, moves)
		sp.HideAtEnd = true
		if !animate || pr.Speed() == anim.Instant {
			sp.Vis = false
		}
	}
	pr.Disp.Apply(ev)
	pr.b.RefreshHomes()
	pr.h.logRowTaken(ev)
	steps := par(nil, moves)
	if animate && pr.Speed() != anim.Instant {
		tw := anim.NewTween(0, pr.ticks(50), anim.OutCubic)
		steps = append(steps, &anim.Call{Fn: func() {
			pr.b.Floaters = append(pr.b.Floaters, floater{Label: "+" + strconv.Itoa(ev.Bullheads), seat: ev.Seat, Turn: pr.LastTurn, tw: tw})
		}})
	}
	return pr.b.pileUp(ev, steps, animate) // the plate counts up once the cards are there
}

// onPlaced: a card goes to its row.
func (pr *presenter) onPlaced(ev engine.CardPlaced, animate bool) []anim.Step {
	pr.SetPhase(PhasePlacement)
	pr.Disp.Apply(ev)
	pr.stage.Relayout()
	travel, hold := placePace(len(pr.h.Seats))
	steps := pr.b.Settle(travel, 0, animate, nil)
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

// CloneView deep-copies a view.
func CloneView(v *engine.View) engine.View {
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
	if !pr.haveLast || !pr.tl.Idle() || pr.Phase == PhaseScore || pr.Phase == PhaseOver {
		return
	}
	pr.Disp = CloneView(&pr.lastView)
	pr.Consumed = pr.LastTurn
	pr.Events = nil
	pr.b.endFloaters(true)
	pr.stage.Relayout()
	for i := range pr.b.Cards {
		pr.b.Cards[i].Tween = nil
	}
	pr.b.Settle(0, 0, false, nil)
	for s := range pr.b.Backs {
		pr.b.Backs[s] = cardSprite{}
		pr.stage.placeBack(s, false)
	}
	pr.stage.StepSprites()
	pr.h.logf(msg.New(msg.LogReplay), -1)
}
