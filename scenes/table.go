package scenes

import (
	"errors"
	"math"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
)

// seatInfo is one seat at the table as the table shows it.
type seatInfo struct {
	session.Seat
	status session.SeatStatus
	// plate strings, rebuilt when they change (not every frame)
	scoreStr, pileStr, stateStr string
	state                       msg.ID // the state line's message
}

// table is the playing scene: deal, choose, reveal, placement, row choice, round score and
// game over are its phases.
type table struct {
	g    *ui.Host
	sess session.Session
	tl   anim.Timeline
	lay  layout.Table
	presenter
	board
	hud
	controls
	saveErr bool
	bgKey   [3]float64
	bgDirty bool // the screen changed size: lay the table out again before drawing
	res     tableResources
	// online is the screen an online game's table belongs to (the room), or nil.
	online onlineSide
	// rings are the decision timer's rings (ring.go).
	rings ringState
	btns  [layout.NumButtons]ui.Widget
}

// newTable starts a new game from the settings with the given seed (0: random).
func newTable(g *ui.Host, seed uint64) (*table, error) {
	st := &g.Settings
	l, err := session.NewLocalSession(g, menu.VariantConfig(st), session.SeatsFromSettings(st), seed)
	if err != nil {
		return nil, err
	}
	return newTableOn(g, l, l.Viewer), nil
}

// wire gives the table's parts what they share: the host, the layout and the presenter.
func (t *table) wire() {
	p := &t.presenter
	p.g, p.lay, p.sess, p.tl = t.g, &t.lay, t.sess, &t.tl
	p.b, p.h, p.c, p.stage = &t.board, &t.hud, &t.controls, t
	t.board.g, t.board.lay, t.board.presenter = t.g, &t.lay, p
	t.hud.g, t.hud.lay, t.hud.presenter = t.g, &t.lay, p
	t.controls.g, t.controls.lay, t.controls.presenter = t.g, &t.lay, p
}

// newTableOn opens a table on a session, showing seat me.
func newTableOn(g *ui.Host, sess session.Session, me int) *table {
	t := &table{g: g, sess: sess}
	t.me, t.handover = me, -1
	t.setup()
	if t.people() > 1 {
		t.passTo(me) // hot-seat: the game starts behind the hand-over screen
	}
	return t
}

// resumeTable loads the autosave and resumes exactly where it stopped.
func resumeTable(g *ui.Host) (*table, error) {
	l, err := session.ResumeLocal(g)
	if err != nil {
		return nil, err
	}
	t := newTableOn(g, l, l.Viewer)
	// Fold every event in at once: the screen shows exactly where the game stopped.
	t.fastForward()
	if t.handover >= 0 {
		if s := t.nextPerson(); s >= 0 {
			t.handover = s // hot-seat: the person who must decide now
		}
	}
	return t, nil
}

func (t *table) setup() {
	g := t.g
	t.wire()
	seats := t.sess.Seats()
	t.seats = make([]seatInfo, len(seats))
	for s := range t.seats {
		t.seats[s].Seat = seats[s]
	}
	t.disp = engine.NewView(t.sess.Config(), t.me)
	t.sel = -1
	t.poolHover = -1
	t.showPanel = 0
	if g.Settings.Tracker {
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
		t.logf(msg.New(msg.LogSaveFailed, err.Error()), -1)
	}
}

// act sends the displayed seat's action through the session. A refusal is said in the log and
// changes nothing.
func (pr *presenter) act(a engine.Action) bool {
	n := pr.sess.EventCount()
	if err := pr.sess.Act(pr.me, a); err != nil {
		if errors.Is(err, session.ErrAnswered) {
			return false // the events that answered it are on their way
		}
		pr.h.logf(msg.New(msg.LogRefused, err.Error()), -1)
		pr.redraw = true
		return false
	}
	// A remote session answers later: input waits for the events (or a refusal).
	pr.inFlight = pr.sess.EventCount() == n
	pr.sentAt = n
	return true
}

func (pr *presenter) Speed() anim.Speed { return pr.g.Speed() }

func (pr *presenter) ticks(n int) int { return pr.Speed().Ticks(n) }

func (t *table) Name() string {
	if t.tutorial != nil {
		return "rules"
	}
	return t.phase.String()
}

func (t *table) AcceptsInput() bool {
	return t.tl.Idle() && t.caughtUp()
}

func (t *table) Animating() bool {
	if !t.tl.Idle() || len(t.floaters) > 0 || t.facesPending {
		return true
	}
	for i := range t.lift {
		if math.Abs(t.lift[i]-t.liftTarget(i)) > 0.01 || math.Abs(t.shift[i]-t.shiftTarget(i)) > 0.01 {
			return true
		}
	}
	// Pulsing warnings while a card is lifted or a row choice is pending, when their step
	// changes; one frame after the plates or the status changed.
	return (t.previewActive() || t.phase == phaseRowChoice) && t.pulse() != t.drawnPulse || t.redraw
}

// Still implements stiller: nothing animates or pulses, every event is shown (or held back
// behind the round score, which waits for the person), and the session needs no ticks (its
// bots' pauses are over and a bot still deciding wakes the game when it answers).
func (t *table) Still() bool {
	if !t.tl.Idle() || t.previewActive() || t.phase == phaseRowChoice {
		return false
	}
	if t.phase != phaseScore && (len(t.events) > 0 || t.consumed < t.sess.EventCount()) {
		return false
	}
	s, ok := t.sess.(session.TickingSession)
	return ok && !s.NeedsTicks()
}

// caughtUp reports whether the screen shows every event the game has produced.
func (pr *presenter) caughtUp() bool {
	return len(pr.events) == 0 && pr.consumed >= pr.sess.EventCount() && pr.phase != phaseScore && !pr.inFlight
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
	if t.lay.HandN != n || t.lay.W != g.W || t.lay.H != g.H || len(t.lay.Seats) != len(t.seats) {
		t.lay = layout.NewTable(g.W, g.H, len(t.seats), n)
		t.open = openHand{}
	}
	key := [3]float64{g.W, g.H, g.Scale}
	if key != t.bgKey {
		t.bgKey = key
		t.bgDirty = true
		t.res.Resize(g, &t.lay)
	}
	t.refreshHomes()
}

func (t *table) Resize() {
	t.relayout()
	// Snap every card to its place in the new layout.
	for i := range t.cards {
		sp := &t.cards[i]
		if sp.tween != nil {
			sp.tween.Skip()
		}
	}
	t.tl.Skip()
	t.settle(0, 0, false, nil)
	for s := range t.backs {
		t.placeBack(s, false)
	}
	t.stepSprites()
	t.refreshPlates()
	t.faceRush = true
}

func (ct *controls) previewActive() bool {
	return ct.sel >= 0 && ct.phase == phaseChoose
}

// driveSession runs the session's tick (the bots of a local game, the messages of a remote one)
// and answers a decision the table has no controls for.
func (t *table) driveSession() {
	changed, refused := t.sess.Update(t.tl.Idle() && t.caughtUp())
	if refused != nil {
		t.inFlight = false
		t.logf(msg.New(msg.LogRefused, refused.Error()), -1)
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

func (t *table) Update(in *ui.Input) error {
	if t.online != nil && t.online.follow() {
		return nil // the room's next game opened
	}
	t.phaseTicks++
	if t.g.NoteDevice(in) {
		t.refreshPlates() // the status speaks to the new way of playing
	}
	// Buttons that work at any time.
	if t.handleButtons(in) {
		return nil
	}
	if t.tutorial != nil {
		t.tutorial.Update(in)
	}
	if !t.tl.Idle() {
		if in.Key(ui.KeySpace) || in.Key(ui.KeyEnter) || in.TakeTap() {
			t.tl.Skip()
		}
		t.tl.Update()
	}
	t.stepSprites()
	// Consume events while nothing animates.
	t.consume()
	if t.tl.Idle() && len(t.events) == 0 {
		t.derivePhase()
		t.checkHandover()
	}
	if t.g.Settings.Advisor && t.phase == phaseChoose {
		t.refreshAdvice()
	}
	if !t.handleHandover(in) && t.AcceptsInput() {
		t.handleTable(in)
	}
	t.driveSession()
	t.tickRings()
	return nil
}
