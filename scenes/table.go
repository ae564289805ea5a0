package scenes

import (
	"errors"
	"math"
	"slices"
	"strconv"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/text"
)

// seatInfo is one seat at the table as the table shows it.
type seatInfo struct {
	Seat
	status SeatStatus
	// plate strings, rebuilt when they change (not every frame)
	scoreStr, pileStr, stateStr string
}

// cardSprite is one card on screen: where it is, where it goes, and which side shows.
type cardSprite struct {
	x, y, w, h     float64
	fx, fy, fw, fh float64
	tx, ty, tw, th float64
	tween          *anim.Tween
	face, toFace   bool
	vis, hideAtEnd bool
	moving         bool
}

// floater is a rising "+N" over a seat.
type floater struct {
	label string
	x, y  float64
	tw    *anim.Tween
}

// table is the playing scene: deal, choose, reveal, placement, row choice, round score and
// game over are its phases.
type table struct {
	g    *Game
	sess Session
	// plateCuts are the seat plates' texts cut to their boxes, per seat and layout.Txt id.
	plateCuts [][layout.NumPlateTexts]plateCut
	// me is the seat whose view is displayed: the person holding the device.
	me        int
	seats     []seatInfo
	disp      engine.View
	events    []engine.Event // fetched, not yet consumed
	consumed  int
	tl        anim.Timeline
	lay       layout.Table
	cards     [numSprites]cardSprite // sprite 2c+k is copy k of card c (twins.go)
	homes     [numSprites]cardHome   // where each sprite belongs in the displayed view
	occ       [numSprites]cardHome   // the places of each number, in view order (refreshHomes)
	occN      [engine.DeckSize + 1]uint8
	swap      [engine.DeckSize + 1]bool // copy 1 of the card has its first place
	pick      engine.Card               // Nifty: the person's first card, waiting for the second
	poolHover int                       // the pool card under the pointer during a draft, or -1
	keepSel   []bool                    // Hand: the taken cards the person chose to keep
	backs     [engine.MaxSeats]cardSprite
	floaters  []floater
	// inFlight is set while an action sent through the session has not come back as events.
	inFlight bool
	sentAt   int

	phase      string
	phaseTicks int
	holdScore  bool // the round score waits for Continue
	over       bool
	sel        int // selected hand index, -1 for none
	lift       [numSprites]float64
	log        []string
	showPanel  int // 0 none, 1 tracker, 2 log
	advice     map[engine.Card]float64
	adviceStr  [engine.DeckSize + 1]string
	adviceTurn int
	status     string
	statusSize float64
	scoreLine  string
	lastTurn   int // event index of the last CardsRevealed consumed
	lastView   engine.View
	haveLast   bool
	lastRound  engine.RoundScored
	haveRound  bool
	saveErr    bool
	tutorial   *tutorial
	bgKey      [3]float64
	bgDirty    bool
	res        tableResources
	btns       [layout.NumButtons]widget
	// facesPending is set when a card face was not rendered yet in the last frame.
	facesPending bool
	// queued is set once the revealed cards have moved from the seats to the queue.
	queued bool
	// redraw asks for one frame after a change that no animation shows (plates, status).
	redraw bool
	// drawnPulse is the warning glow's step on screen (pulse).
	drawnPulse int
}

// newTable starts a new game from the settings with the given seed (0: random).
func newTable(g *Game, seed uint64) (*table, error) {
	st := &g.settings
	l, err := newLocalSession(g, variantConfig(st), seatsFromSettings(st), seed)
	if err != nil {
		return nil, err
	}
	return newTableOn(g, l, l.viewer), nil
}

// newTableOn opens a table on a session, showing seat me.
func newTableOn(g *Game, sess Session, me int) *table {
	t := &table{g: g, sess: sess, me: me}
	t.setup()
	return t
}

// noticeError is an error with a message for the player (shown on the menu).
type noticeError struct{ notice string }

func (e *noticeError) Error() string { return "scenes: " + e.notice }

func playerErr(notice string) error { return &noticeError{notice} }

// notice returns the player's message for err.
func notice(err error) string {
	var n *noticeError
	if errors.As(err, &n) {
		return n.notice
	}
	return err.Error()
}

// resumeTable loads the autosave and resumes exactly where it stopped.
func resumeTable(g *Game) (*table, error) {
	l, err := resumeLocal(g)
	if err != nil {
		return nil, err
	}
	t := newTableOn(g, l, l.viewer)
	// Fold every event in at once: the screen shows exactly where the game stopped.
	t.fastForward()
	return t, nil
}

func (t *table) setup() {
	g := t.g
	seats := t.sess.Seats()
	t.seats = make([]seatInfo, len(seats))
	for s := range t.seats {
		t.seats[s].Seat = seats[s]
	}
	t.disp = engine.NewView(t.sess.Config(), t.me)
	t.sel = -1
	t.poolHover = -1
	t.showPanel = 0
	if g.settings.Tracker {
		t.showPanel = 1
	}
	t.res.init(g)
	t.relayout()
	t.refreshPlates()
}

// save writes the autosave; a failed write is said once in the log.
func (t *table) save() {
	if err := t.sess.Save(); err != nil && !t.saveErr {
		t.saveErr = true
		t.log = append(t.log, "Autosave failed: "+err.Error())
	}
}

// act sends the displayed seat's action through the session. A refusal is said in the log and
// changes nothing.
func (t *table) act(a engine.Action) bool {
	n := t.sess.EventCount()
	if err := t.sess.Act(t.me, a); err != nil {
		t.log = append(t.log, "Not accepted: "+err.Error())
		t.redraw = true
		return false
	}
	// A remote session answers later: input waits for the events (or a refusal).
	t.inFlight = t.sess.EventCount() == n
	t.sentAt = n
	return true
}

func (t *table) speed() anim.Speed { return t.g.speed() }

func (t *table) ticks(n int) int { return t.speed().Ticks(n) }

func (t *table) name() string {
	if t.tutorial != nil {
		return "rules"
	}
	return t.phase
}

func (t *table) acceptsInput() bool {
	return t.tl.Idle() && t.caughtUp()
}

func (t *table) animating() bool {
	if !t.tl.Idle() || len(t.floaters) > 0 || t.facesPending {
		return true
	}
	for i := range t.lift {
		if math.Abs(t.lift[i]-t.liftTarget(i)) > 0.01 {
			return true
		}
	}
	// Pulsing warnings while a card is lifted or a row choice is pending, when their step
	// changes; one frame after the plates or the status changed.
	return (t.previewActive() || t.phase == "rowchoice") && t.pulse() != t.drawnPulse || t.redraw
}

// caughtUp reports whether the screen shows every event the game has produced.
func (t *table) caughtUp() bool {
	return len(t.events) == 0 && t.consumed >= t.sess.EventCount() && !t.holdScore && !t.inFlight
}

// relayout recomputes the layout for the current hand size and screen.
func (t *table) relayout() {
	n := len(t.disp.Hand)
	if t.disp.MyChoice != 0 {
		n--
	}
	if n < 0 {
		n = 0
	}
	g := t.g
	if t.lay.HandN != n || t.lay.W != g.w || t.lay.H != g.h || len(t.lay.Seats) != len(t.seats) {
		t.lay = layout.NewTable(g.w, g.h, len(t.seats), n)
	}
	key := [3]float64{g.w, g.h, g.scale}
	if key != t.bgKey {
		t.bgKey = key
		t.bgDirty = true
		t.res.resize(g, &t.lay)
	}
	t.refreshHomes()
}

func (t *table) resize() {
	t.relayout()
	// Snap every card to its place in the new layout.
	for i := range t.cards {
		sp := &t.cards[i]
		if sp.tween != nil {
			sp.tween.Skip()
		}
	}
	t.tl.Skip()
	t.settle(0, 0, false)
	for s := range t.backs {
		t.placeBack(s, false)
	}
	t.stepSprites()
	t.refreshPlates()
}

// handCard returns the card at index i of the displayed hand (the hand without the chosen card,
// lowest first), or 0.
func (t *table) handCard(i int) engine.Card {
	k := 0
	skipped := false
	for _, h := range t.disp.Hand {
		if h == t.disp.MyChoice && !skipped {
			skipped = true
			continue
		}
		if k == i {
			return h
		}
		k++
	}
	return 0
}

// settle sends every card whose place changed to its new place, over dur ticks after delay
// (staggered by stagger per moving card); the tweens join the timeline in one parallel step.
func (t *table) settle(dur, stagger int, animate bool) {
	var steps []anim.Step
	k := 0
	t.refreshHomes()
	for i := range t.cards {
		sp := &t.cards[i]
		h := &t.homes[i]
		r, face, vis := h.r, true, h.at != atNone
		if !vis {
			if sp.vis && !sp.hideAtEnd {
				sp.vis = false
			}
			continue
		}
		if sp.vis && !sp.moving && sp.tx == r.X && sp.ty == r.Y && sp.tw == r.W && sp.toFace == face {
			continue
		}
		if !sp.vis {
			sp.x, sp.y, sp.w, sp.h = r.X, r.Y, r.W, r.H
			sp.face = face
			sp.vis = true
		}
		steps = t.moveSprite(sp, r, face, dur, stagger*k, animate, steps)
		k++
	}
	if len(steps) > 0 {
		t.tl.Add(&anim.Parallel{Steps: steps})
	}
}

func (t *table) moveSprite(sp *cardSprite, r layout.Rect, face bool, dur, delay int, animate bool, steps []anim.Step) []anim.Step {
	sp.fx, sp.fy, sp.fw, sp.fh = sp.x, sp.y, sp.w, sp.h
	sp.tx, sp.ty, sp.tw, sp.th = r.X, r.Y, r.W, r.H
	sp.toFace = face
	sp.hideAtEnd = false
	if !animate || t.speed() == anim.Instant {
		sp.x, sp.y, sp.w, sp.h, sp.face = r.X, r.Y, r.W, r.H, face
		sp.tween, sp.moving = nil, false
		return steps
	}
	sp.tween = anim.NewTween(t.ticks(delay), t.ticks(dur), anim.OutCubic)
	sp.moving = true
	return append(steps, sp.tween)
}

// stepSprites moves every sprite along its tween (after the timeline advanced them).
func (t *table) stepSprites() {
	for c := range t.cards {
		stepSprite(&t.cards[c])
	}
	for s := range t.backs {
		stepSprite(&t.backs[s])
	}
	fl := t.floaters[:0]
	for _, f := range t.floaters {
		if !f.tw.Update() {
			fl = append(fl, f)
		}
	}
	t.floaters = fl
	for i := range t.lift {
		want := t.liftTarget(i)
		t.lift[i] += (want - t.lift[i]) * 0.35
		if math.Abs(want-t.lift[i]) < 0.01 {
			t.lift[i] = want
		}
	}
}

func stepSprite(sp *cardSprite) {
	if sp.tween == nil {
		return
	}
	p := sp.tween.Progress()
	sp.x = anim.Lerp(sp.fx, sp.tx, p)
	sp.y = anim.Lerp(sp.fy, sp.ty, p)
	sp.w = anim.Lerp(sp.fw, sp.tw, p)
	sp.h = anim.Lerp(sp.fh, sp.th, p)
	if sp.tween.Done() {
		sp.x, sp.y, sp.w, sp.h = sp.tx, sp.ty, sp.tw, sp.th
		sp.face = sp.toFace
		sp.tween, sp.moving = nil, false
		if sp.hideAtEnd {
			sp.vis, sp.hideAtEnd = false, false
		}
	}
}

// flipState returns the horizontal scale of a flipping sprite and which side shows.
func flipState(sp *cardSprite) (sx float64, face bool) {
	if sp.tween == nil || sp.face == sp.toFace {
		return 1, sp.face
	}
	raw := sp.tween.Raw()
	fp := clampF((raw-0.55)/0.45, 0, 1)
	sx = math.Abs(math.Cos(fp * math.Pi))
	if fp >= 0.5 {
		return sx, sp.toFace
	}
	return sx, sp.face
}

// placeBack puts seat s's face-down card at its chosen spot if the seat has chosen (other seats).
func (t *table) placeBack(s int, animate bool) []anim.Step {
	if s >= len(t.seats) || s == t.me {
		return nil
	}
	sp := &t.backs[s]
	chosen := s < len(t.disp.Chosen) && t.disp.Chosen[s]
	if !chosen {
		sp.vis = false
		sp.tween = nil
		return nil
	}
	if sp.vis && sp.tween == nil {
		return nil
	}
	r := t.lay.Seats[s].Chosen
	if !sp.vis {
		p := t.lay.Seats[s].Plate
		sp.x, sp.y, sp.w, sp.h = p.X+p.W/2-r.W/2, p.Y, r.W, r.H
		sp.vis = true
	}
	return t.moveSprite(sp, r, false, 12, 0, animate, nil)
}

// liftTarget is how far sprite i (a hand card) is lifted now.
func (t *table) liftTarget(i int) float64 {
	if t.sel < 0 {
		return 0
	}
	if h := &t.homes[i]; h.at == atHand && int(h.pos) == t.sel && t.tl.Idle() {
		return t.lay.Lift
	}
	return 0
}

func (t *table) previewActive() bool {
	return t.sel >= 0 && t.phase == "choose"
}

// fastForward folds all events in without animation (resuming a save).
func (t *table) fastForward() {
	for t.sess.EventCount() > t.consumed || len(t.events) > 0 {
		t.fetch()
		for len(t.events) > 0 {
			e := t.events[0]
			t.events = t.events[1:]
			t.consumed++
			t.apply(e, false)
		}
	}
	t.holdScore = false
	t.tl.Skip()
	t.stepSprites()
	t.derivePhase()
}

func (t *table) fetch() {
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
	case t.over:
		t.phase = "gameover"
	case t.holdScore:
		t.phase = "score"
	case t.disp.Phase == engine.PhaseRowChoice:
		t.phase = "rowchoice"
	case t.disp.Phase == engine.PhaseChoose:
		t.phase = "choose"
	}
}

func (t *table) seatName(s int) string {
	if s >= 0 && s < len(t.seats) {
		return t.seats[s].Name
	}
	return "?"
}

// apply folds one event into the displayed view and queues its animation.
func (t *table) apply(e engine.Event, animate bool) {
	switch ev := e.(type) {
	case engine.RoundDealt:
		// The last round's cards gather on the deck first.
		var gather []anim.Step
		if animate && t.speed() != anim.Instant {
			for c := range t.cards {
				if sp := &t.cards[c]; sp.vis {
					gather = t.moveSprite(sp, t.lay.Deck, false, 16, 0, true, gather)
					sp.hideAtEnd = true
				}
			}
		}
		t.disp.Apply(e)
		t.phase = "deal"
		t.log = t.log[:0]
		t.log = append(t.log, "Round "+strconv.Itoa(ev.Round)+" dealt.")
		t.haveLast = false
		t.sel = -1
		dealSprites := func() {
			for c := range t.cards {
				t.cards[c] = cardSprite{}
			}
			for s := range t.backs {
				t.backs[s] = cardSprite{}
			}
			clear(t.swap[:])
			t.relayout()
			// Cards fly from the deck, staggered, and turn face up on arrival.
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
			// The other hands: one card flies to each seat (its hand stays hidden).
			for s := range t.seats {
				if s == t.me || t.tutorial != nil {
					continue
				}
				sp := &t.backs[s]
				p, ch := t.lay.Seats[s].Plate, t.lay.Seats[s].Chosen
				sp.x, sp.y, sp.w, sp.h, sp.face, sp.vis = d.X, d.Y, d.W, d.H, false, true
				steps = t.moveSprite(sp, layout.Rect{X: p.X + p.W/2 - ch.W/2, Y: p.Y, W: ch.W, H: ch.H}, false, 18, 3*k, animate, steps)
				sp.hideAtEnd = true
				if !animate || t.speed() == anim.Instant {
					sp.vis, sp.hideAtEnd = false, false
				}
				k++
			}
			if len(steps) > 0 {
				t.tl.Add(&anim.Parallel{Steps: steps})
			}
		}
		if len(gather) > 0 {
			t.tl.Add(&anim.Parallel{Steps: gather})
			t.tl.Add(&anim.Call{Fn: dealSprites})
		} else {
			dealSprites()
		}
	case engine.SeatChose:
		t.disp.Apply(e)
		if ev.Card != 0 && ev.Seat != t.me && len(t.disp.FaceUp) > 0 {
			t.log = append(t.log, t.seatName(ev.Seat)+" plays "+ev.Card.String()+" face up.")
			t.settle(12, 0, animate)
		} else if ev.Seat == t.me {
			t.relayout()
			t.sel = -1
			t.settle(12, 0, animate)
		} else if steps := t.placeBack(ev.Seat, animate); len(steps) > 0 {
			t.tl.Add(&anim.Parallel{Steps: steps})
		}
	case engine.CardsRevealed:
		// Remember where the turn started, for "watch the last turn again".
		t.lastTurn = t.consumed - 1
		t.lastView = cloneView(&t.disp)
		t.haveLast = true
		t.phase = "reveal"
		my := t.disp.MyChoice
		t.disp.Apply(e)
		t.relayout()
		var steps []anim.Step
		for i, p := range ev.Plays {
			r := t.lay.Seats[p.Seat].Chosen
			si := t.spriteAt(atPending, 0, i)
			if si < 0 {
				continue
			}
			sp := &t.cards[si]
			if p.Seat != t.me || p.Card != my || !sp.vis {
				sp.x, sp.y, sp.w, sp.h, sp.face, sp.vis = r.X, r.Y, r.W, r.H, false, true
			}
			steps = t.moveSprite(sp, r, true, 15, 0, animate, steps)
			t.backs[p.Seat].vis = false
			t.log = append(t.log, t.seatName(p.Seat)+" played "+p.Card.String()+".")
		}
		if len(steps) > 0 {
			t.tl.Add(&anim.Parallel{Steps: steps})
			t.tl.Add(&anim.Wait{N: t.ticks(15)})
		}
		// Then the cards slide into the queue, lowest first (where the layout has room for it).
		t.queued = false
		t.tl.Add(&anim.Call{Fn: func() {
			t.queued = len(t.lay.Queue) > 0
			t.settle(14, 3, animate)
		}})
	case engine.RowChoiceRequired:
		t.disp.Apply(e)
		t.phase = "rowchoice"
		if ev.Seat == t.me {
			t.log = append(t.log, "Your "+ev.Card.String()+" is lower than every row: choose a row to take.")
		} else {
			t.log = append(t.log, t.seatName(ev.Seat)+"'s "+ev.Card.String()+" is too low: choosing a row…")
		}
	case engine.RowTaken:
		t.phase = "placement"
		t.refreshHomes()
		pile := t.lay.Seats[ev.Seat].Pile
		var steps []anim.Step
		for i := range t.disp.Rows[ev.Row] {
			si := t.spriteAt(atRow, ev.Row, i)
			if si < 0 {
				continue
			}
			sp := &t.cards[si]
			steps = t.moveSprite(sp, layout.Rect{X: pile.X, Y: pile.Y, W: sp.w * 0.5, H: sp.h * 0.5}, true, 30, 2*i, animate, steps)
			sp.hideAtEnd = true
			if !animate || t.speed() == anim.Instant {
				sp.vis = false
			}
		}
		t.disp.Apply(e)
		t.refreshHomes()
		why := "the sixth card"
		if ev.Reason == engine.TakeTooLow {
			why = "a card too low"
		}
		if ev.Shared {
			t.log = append(t.log, t.seatName(ev.Seat)+" shares row "+strconv.Itoa(ev.Row+1)+" (+"+strconv.Itoa(ev.Bullheads)+", twins).")
		} else {
			t.log = append(t.log, t.seatName(ev.Seat)+" took row "+strconv.Itoa(ev.Row+1)+" (+"+strconv.Itoa(ev.Bullheads)+", "+why+").")
		}
		if len(steps) > 0 {
			t.tl.Add(&anim.Parallel{Steps: steps})
		}
		if animate && t.speed() != anim.Instant {
			p := t.lay.Seats[ev.Seat].Plate
			tw := anim.NewTween(0, t.ticks(50), anim.OutCubic)
			t.tl.Add(&anim.Call{Fn: func() {
				t.floaters = append(t.floaters, floater{label: "+" + strconv.Itoa(ev.Bullheads), x: p.X + p.W/2, y: p.Y + p.H/2, tw: tw})
			}})
		}
		t.refreshPlates()
	case engine.CardPlaced:
		t.phase = "placement"
		t.disp.Apply(e)
		t.relayout()
		t.settle(20, 0, animate)
		if animate {
			t.tl.Add(&anim.Wait{N: t.ticks(8)})
		}
		if ev.Pos > 0 {
			t.log = append(t.log, ev.Card.String()+" goes to row "+strconv.Itoa(ev.Row+1)+".")
		}
	case engine.RoundScored:
		t.disp.Apply(e)
		t.lastRound = ev
		t.haveRound = true
		t.holdScore = true
		t.phase = "score"
		t.haveLast = false
		t.refreshPlates()
	case engine.GameOver:
		t.disp.Apply(e)
		t.over = true
		t.holdScore = false
		t.phase = "gameover"
		t.refreshPlates()
	case engine.CardDrafted, engine.DraftDone, engine.CardsKept:
		// Variants: cards move between the pool, the hands and the rows.
		t.disp.Apply(e)
		t.variantLog(e)
		t.relayout()
		t.settle(12, 0, animate)
	default:
		t.disp.Apply(e)
	}
	t.refreshPlates()
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

// refreshPlates rebuilds the strings shown on the seat plates and the status line.
func (t *table) refreshPlates() {
	for s := range t.seats {
		si := &t.seats[s]
		score := 0
		if s < len(t.disp.Scores) {
			score = t.disp.Scores[s]
		}
		si.scoreStr = strconv.Itoa(score)
		pen := 0
		if s < len(t.disp.Penalties) {
			pen = t.disp.Penalties[s]
		}
		si.pileStr = ""
		if pen > 0 {
			si.pileStr = "+" + strconv.Itoa(pen)
		}
		chosen := s < len(t.disp.Chosen) && t.disp.Chosen[s]
		switch {
		case t.over:
			si.stateStr = ""
			for _, w := range t.disp.Winners {
				if w == s {
					si.stateStr = "winner"
				}
			}
		case t.disp.Phase == engine.PhaseRowChoice && len(t.disp.Waiting) > 0 && t.disp.Waiting[0] == s:
			si.stateStr = "choosing row"
		case t.disp.Phase == engine.PhaseChoose && chosen:
			si.stateStr = "ready"
		case t.disp.Phase == engine.PhaseChoose && len(t.disp.Pending) == 0 && si.status == StatusThinking:
			si.stateStr = "thinking…"
		case t.disp.Phase == engine.PhaseChoose && len(t.disp.Pending) == 0 && s == t.me && t.tutorial == nil && t.phase != "deal":
			si.stateStr = "your turn"
		default:
			si.stateStr = ""
		}
	}
	cfg := t.disp.Config
	goal := ""
	switch {
	case cfg.Rounds > 0 && cfg.EndScore > 0:
		goal = " · to " + strconv.Itoa(cfg.EndScore) + " or " + strconv.Itoa(cfg.Rounds) + " rounds"
	case cfg.Rounds > 0:
		goal = " of " + strconv.Itoa(cfg.Rounds)
	case cfg.EndScore > 0:
		goal = " · game to " + strconv.Itoa(cfg.EndScore)
	}
	t.scoreLine = "Round " + strconv.Itoa(max(t.disp.Round, 1)) + goal
	t.redraw = true
	t.status = t.statusText()
	t.statusSize = t.g.txt.Fit(t.status, text.Style{Size: t.lay.Unit * 1.1}, t.lay.Status.W, 9)
}

func (t *table) statusText() string {
	if t.tutorial != nil {
		return ""
	}
	switch {
	case t.over:
		return "Game over."
	case t.holdScore:
		return "Round over."
	case t.phase == "deal":
		return "Dealing…"
	case t.disp.Phase == engine.PhaseRowChoice && len(t.disp.Waiting) > 0:
		if t.disp.Waiting[0] == t.me {
			return "Your card is too low: tap a row to take it (keys 1–4)."
		}
		return t.seatName(t.disp.Waiting[0]) + " is choosing a row to take…"
	case t.variantStatus() != "":
		return t.variantStatus()
	case len(t.disp.Pending) > 0:
		return "Placing cards, lowest first…"
	case t.disp.Phase == engine.PhaseChoose:
		if t.disp.MyChoice == 0 {
			return "Turn " + strconv.Itoa(t.disp.Turn) + ": choose a card (tap it twice, or arrows + Enter)."
		}
		n := 0
		for s := range t.disp.Chosen {
			if !t.disp.Chosen[s] {
				n++
			}
		}
		return "Waiting for " + strconv.Itoa(n) + " more · tap another card to change your mind."
	}
	return ""
}

// refreshAdvice recomputes the advisor's numbers for the current turn.
func (t *table) refreshAdvice() {
	key := t.disp.Round*100 + t.disp.Turn
	if t.adviceTurn == key || t.g.opts.Advisor == nil || t.tutorial != nil {
		return
	}
	t.adviceTurn = key
	v := cloneView(&t.disp)
	t.advice = t.g.opts.Advisor(&v)
	for c := range t.adviceStr {
		t.adviceStr[c] = ""
	}
	for c, x := range t.advice {
		if int(c) < len(t.adviceStr) {
			t.adviceStr[c] = strconv.FormatFloat(x, 'f', 1, 64)
		}
	}
}

// driveSession runs the session's tick (the bots of a local game, the messages of a remote one)
// and answers a decision the table has no controls for.
func (t *table) driveSession() {
	changed, refused := t.sess.Update(t.tl.Idle() && t.caughtUp())
	if refused != nil {
		t.inFlight = false
		t.log = append(t.log, "Not accepted: "+refused.Error())
		changed = true
	}
	for s := range t.seats {
		if st := t.sess.Status(s); st != t.seats[s].status {
			t.seats[s].status = st
			changed = true
		}
	}
	if t.autoDecision() || changed {
		t.refreshPlates()
	}
}

// decision returns the displayed seat's decision once the screen shows every event.
func (t *table) decision() (engine.Decision, bool) {
	if t.tutorial != nil || !t.caughtUp() || t.disp.Decision == nil {
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
			t.log = append(t.log, "You chose "+c.String()+": choose it again to play it alone, or a second card.")
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
			t.log = append(t.log, "You chose "+c.String()+": now choose your second card.")
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

func (t *table) update(in *Input) error {
	t.phaseTicks++
	// Buttons that work at any time.
	if t.handleButtons(in) {
		return nil
	}
	if t.tutorial != nil {
		t.tutorial.update(in)
	}
	if !t.tl.Idle() {
		if in.Key(KeySpace) || in.Key(KeyEnter) || in.TakeTap() {
			t.tl.Skip()
		}
		t.tl.Update()
	}
	t.stepSprites()
	// Consume events while nothing animates.
	for t.tl.Idle() && !t.holdScore {
		t.fetch()
		if len(t.events) == 0 {
			break
		}
		e := t.events[0]
		t.events[0] = nil
		t.events = t.events[1:]
		t.consumed++
		t.apply(e, true)
		t.phaseTicks = 0
		if t.tl.Idle() {
			t.stepSprites()
		}
	}
	if t.tl.Idle() && len(t.events) == 0 {
		prev := t.phase
		t.derivePhase()
		if prev != t.phase {
			t.phaseTicks = 0
			t.refreshPlates()
		}
	}
	if t.g.settings.Advisor && t.phase == "choose" {
		t.refreshAdvice()
	}
	if t.acceptsInput() {
		t.handleTable(in)
	}
	t.driveSession()
	return nil
}

// handleButtons handles the table's buttons and global keys; it reports whether it took the input.
func (t *table) handleButtons(in *Input) bool {
	g := t.g
	b := &t.lay.Buttons
	if in.TapIn(b[layout.BtnMenu]) || in.Key(KeyEsc) {
		t.save()
		if t.tutorial != nil {
			g.goTo(newMenu(g))
			return true
		}
		g.goTo(newMenu(g))
		return true
	}
	if t.tutorial != nil {
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
	if t.holdScore && t.tl.Idle() {
		if in.TapIn(t.overlayButton(0)) || in.Key(KeyEnter) || in.Key(KeySpace) {
			t.holdScore = false
			t.phaseTicks = 0
			return true
		}
	}
	if t.over && t.tl.Idle() && t.caughtUp() {
		if in.TapIn(t.overlayButton(0)) || in.Key(KeyEnter) {
			nt, err := newTable(g, 0)
			if err == nil {
				g.goTo(nt)
			}
			return true
		}
		if in.TapIn(t.overlayButton(1)) {
			g.goTo(newMenu(g))
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

// replayLastTurn rewinds the display to the start of the last turn and plays it again.
func (t *table) replayLastTurn() {
	if !t.haveLast || !t.tl.Idle() || t.holdScore || t.over {
		return
	}
	t.disp = cloneView(&t.lastView)
	t.consumed = t.lastTurn
	t.events = nil
	t.relayout()
	for i := range t.cards {
		t.cards[i].tween = nil
	}
	t.settle(0, 0, false)
	for s := range t.backs {
		t.backs[s] = cardSprite{}
		t.placeBack(s, false)
	}
	t.stepSprites()
	t.log = append(t.log, "— replaying the last turn —")
}

// handleTable handles hand and row input when the timeline allows it.
func (t *table) handleTable(in *Input) {
	if t.tutorial != nil || t.over || t.holdScore {
		return
	}
	if t.handleDraft(in) {
		return
	}
	if t.handleChoice(in) {
		return
	}
	n := len(t.lay.HandHit)
	switch {
	case t.disp.Phase == engine.PhaseChoose && t.disp.Decision != nil && t.disp.Decision.Kind == engine.DecidePlay:
		if in.Hover {
			t.sel = -1
			for i := 0; i < n; i++ {
				if t.lay.HandHit[i].Contains(in.X, in.Y) {
					t.sel = i
				}
			}
		}
		for i := 0; i < n; i++ {
			if in.TapIn(t.lay.HandHit[i]) {
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

// overlayButton returns the rectangles of the score and game-over panels' buttons.
func (t *table) overlayButton(i int) layout.Rect {
	p := t.overlayPanel()
	bh := clampF(t.g.h*0.07, layout.MinTap, 60)
	row := layout.Rect{X: p.X + 16, Y: p.Y + p.H - bh - 16, W: p.W - 32, H: bh}
	if t.over {
		return row.SplitH(2, i, 12)
	}
	return row
}

func (t *table) overlayPanel() layout.Rect {
	g := t.g
	w := math.Min(g.w-24, 560)
	rows := float64(len(t.seats))
	lineH := clampF(g.h*0.045, 18, 34)
	h := math.Min(g.h-24, lineH*(rows+4)+clampF(g.h*0.07, layout.MinTap, 60)+40)
	return layout.Rect{X: (g.w - w) / 2, Y: (g.h - h) / 2, W: w, H: h}
}

func (t *table) testState(ts *TestState) {
	for i := 0; ; i++ {
		c := t.handCard(i)
		if c == 0 {
			break
		}
		ts.Hand = append(ts.Hand, int(c))
	}
	ts.HandRects = append([]layout.Rect(nil), t.lay.HandHit...)
	ts.Chosen = int(t.disp.MyChoice)
	for r := range t.disp.Rows {
		for _, c := range t.disp.Rows[r] {
			ts.Rows[r] = append(ts.Rows[r], int(c))
		}
		ts.RowRects = append(ts.RowRects, t.lay.Rows[r].Hit)
	}
	ts.Scores = append(ts.Scores, t.disp.Scores...)
	ts.Round, ts.Turn = t.disp.Round, t.disp.Turn
	ts.Winners = append(ts.Winners, t.disp.Winners...)
	ts.Seat = t.me
	if t.tutorial == nil {
		ts.Waiting = append([]int{}, t.disp.Waiting...)
		if d, ok := t.decision(); ok && !t.over {
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
	if t.holdScore {
		ts.Buttons = append(ts.Buttons, Button{ID: "continue", Rect: t.overlayButton(0), Enabled: t.tl.Idle()})
	}
	if t.over {
		ts.Buttons = append(ts.Buttons, Button{ID: "play-again", Rect: t.overlayButton(0), Enabled: true},
			Button{ID: "menu-gameover", Rect: t.overlayButton(1), Enabled: true})
	}
	if t.tutorial != nil {
		t.tutorial.testState(ts)
	}
}
