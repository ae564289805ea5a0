package table

import (
	"errors"
	"math"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
)

// seatInfo is one seat at the table as the table shows it.
type seatInfo struct {
	_ ui.NoCompare
	session.Seat
	Status session.SeatStatus
	// plate strings, rebuilt when they change (not every frame)
	scoreStr, pileStr, stateStr string
	State                       msg.ID // the state line's message
}

// Table is the playing scene: deal, choose, reveal, placement, row choice, round score and
// game over are its phases.
type Table struct {
	G    *ui.Host
	Sess session.Session
	Tl   anim.Timeline
	Lay  layout.Table
	presenter
	board
	hud
	controls
	// Pause is the pause sheet (pause.go).
	Pause pauseSheet
	// LogView is the log panel (logview.go).
	LogView logView
	saveErr bool
	bgKey   [3]float64
	bgDirty bool // the screen changed size: lay the table out again before drawing
	res     tableResources
	// Online names and takes an online game's game-over buttons (its room), or is nil; the
	// scene manager sets it (Router.Table).
	Online onlineSide
	// Rings are the decision timer's rings (ring.go).
	Rings ringState
	Btns  [layout.NumButtons]ui.Widget
}

// NewTable starts a new game from the settings with the given seed (0: random).
func NewTable(g *ui.Host, seed uint64) (*Table, error) {
	st := &g.Settings
	l, err := session.NewLocalSession(g, ui.VariantConfig(st), session.SeatsFromSettings(st), seed)
	if err != nil {
		return nil, err
	}
	return NewTableOn(g, l, l.Viewer), nil
}

// wire gives the table's parts what they share: the host, the layout and the presenter.
func (t *Table) wire() {
	p := &t.presenter
	p.g, p.lay, p.sess, p.tl = t.G, &t.Lay, t.Sess, &t.Tl
	p.b, p.h, p.c, p.stage = &t.board, &t.hud, &t.controls, t
	t.board.g, t.board.lay, t.board.presenter = t.G, &t.Lay, p
	t.hud.g, t.hud.lay, t.hud.presenter = t.G, &t.Lay, p
	t.controls.g, t.controls.lay, t.controls.presenter = t.G, &t.Lay, p
	t.Pause.g, t.LogView.hd = t.G, &t.hud
}

// NewTableOn opens a table on a session, showing seat me.
func NewTableOn(g *ui.Host, sess session.Session, me int) *Table {
	t := &Table{G: g, Sess: sess}
	t.Me, t.Handover = me, -1
	t.setup()
	if t.People() > 1 {
		t.passTo(me) // hot-seat: the game starts behind the hand-over screen
	}
	return t
}

// ResumeTable loads the autosave and resumes exactly where it stopped.
func ResumeTable(g *ui.Host) (*Table, error) {
	l, err := session.ResumeLocal(g)
	if err != nil {
		return nil, err
	}
	t := NewTableOn(g, l, l.Viewer)
	t.coaching.resume(l)
	// Fold every event in at once: the screen shows exactly where the game stopped.
	t.FastForward()
	if t.Handover >= 0 {
		if s := t.nextPerson(); s >= 0 {
			t.Handover = s // hot-seat: the person who must decide now
		}
	}
	return t, nil
}

func (t *Table) setup() {
	g := t.G
	t.wire()
	seats := t.Sess.Seats()
	t.Seats = make([]seatInfo, len(seats))
	for s := range t.Seats {
		t.Seats[s].Seat = seats[s]
	}
	t.Disp = engine.NewView(t.Sess.Config(), t.Me)
	t.Sel = -1
	t.poolHover = -1
	t.ShowPanel = 0
	if g.Settings.Tracker {
		t.ShowPanel = 1
	}
	t.res.init(g)
	t.Relayout()
	t.RefreshPlates()
}

// Save writes the autosave; a failed write is said once in the log.
func (t *Table) Save() {
	if err := t.Sess.Save(); err != nil && !t.saveErr {
		t.saveErr = true
		t.logf(msg.New(msg.LogSaveFailed, err.Error()), -1)
	}
}

// Act sends the displayed seat's action through the session. A refusal is said in the log and
// changes nothing.
func (pr *presenter) Act(a engine.Action) bool {
	n := pr.sess.EventCount()
	if err := pr.sess.Act(pr.Me, a); err != nil {
		if errors.Is(err, session.ErrAnswered) {
			return false // the events that answered it are on their way
		}
		pr.h.logf(msg.New(msg.LogRefused, err.Error()), -1)
		pr.redraw = true
		return false
	}
	// A remote session answers later: input waits for the events (or a refusal).
	pr.InFlight = pr.sess.EventCount() == n
	pr.sentAt = n
	return true
}

func (pr *presenter) Speed() anim.Speed { return pr.g.Speed() }

func (pr *presenter) ticks(n int) int { return pr.Speed().Ticks(n) }

func (t *Table) Name() string {
	if t.Pause.Paused {
		return t.Pause.name()
	}
	if t.Tutorial != nil {
		return "rules"
	}
	return t.Phase.String()
}

func (t *Table) AcceptsInput() bool {
	if o := t.Pause.over; o != nil {
		return o.AcceptsInput()
	}
	return t.Tl.Idle() && t.CaughtUp()
}

func (t *Table) Animating() bool {
	if t.Pause.Paused {
		return t.redraw || t.Pause.animating()
	}
	if !t.Tl.Idle() || len(t.Floaters) > 0 || t.FacesPending || t.counting() || t.over.rise.running() {
		return true
	}
	for i := range t.Lift {
		if math.Abs(t.Lift[i]-t.LiftTarget(i)) > 0.01 || math.Abs(t.Shift[i]-t.ShiftTarget(i)) > 0.01 {
			return true
		}
	}
	// Pulsing warnings while a card is lifted or a row choice is pending, when their step
	// changes; one frame after the plates or the status changed.
	return (t.previewActive() || t.Phase == PhaseRowChoice) && t.pulse() != t.drawnPulse || t.redraw
}

// Still implements stiller: nothing animates or pulses, every event is shown (or held back
// behind the round score, which waits for the person), and the session needs no ticks (its
// bots' pauses are over and a bot still deciding wakes the game when it answers).
func (t *Table) Still() bool {
	if t.Pause.Paused {
		return t.Pause.still()
	}
	if !t.Tl.Idle() || t.counting() || t.over.rise.running() || t.previewActive() || t.Phase == PhaseRowChoice {
		return false
	}
	if t.Phase != PhaseScore && (len(t.Events) > 0 || t.Consumed < t.Sess.EventCount()) {
		return false
	}
	s, ok := t.Sess.(session.TickingSession)
	return ok && !s.NeedsTicks()
}

// CaughtUp reports whether the screen shows every event the game has produced.
func (pr *presenter) CaughtUp() bool {
	return len(pr.Events) == 0 && pr.Consumed >= pr.sess.EventCount() && pr.Phase != PhaseScore && !pr.InFlight
}

// Relayout recomputes the layout for the current hand size and screen.
func (t *Table) Relayout() {
	n := len(t.Disp.Hand)
	if t.Disp.MyChoice != 0 {
		n--
	}
	if n < 0 {
		n = 0
	}
	g := t.G
	if t.Lay.HandN != n || t.Lay.W != g.W || t.Lay.H != g.H || len(t.Lay.Seats) != len(t.Seats) {
		t.Lay = layout.NewTable(g.W, g.H, len(t.Seats), n).WithCaption(t.Tutorial != nil)
		t.open = openHand{}
	}
	key := [3]float64{g.W, g.H, g.Scale}
	if key != t.bgKey {
		t.bgKey = key
		t.bgDirty = true
		t.res.Resize(g, &t.Lay)
	}
	t.RefreshHomes()
}

func (t *Table) Resize() {
	t.Relayout()
	// Snap every card to its place in the new layout.
	for i := range t.Cards {
		sp := &t.Cards[i]
		if sp.Tween != nil {
			sp.Tween.Skip()
		}
	}
	t.Tl.Skip()
	t.Settle(0, 0, false, nil)
	for s := range t.Backs {
		t.placeBack(s, false)
	}
	t.StepSprites()
	t.RefreshPlates()
	t.faceRush = true
	t.Pause.resize()
}

func (ct *controls) previewActive() bool {
	return ct.Sel >= 0 && ct.Phase == PhaseChoose
}

// driveSession runs the session's tick (the bots of a local game, the messages of a remote one)
// and answers a decision the table has no controls for.
func (t *Table) driveSession() {
	changed, refused := t.Sess.Update(t.Tl.Idle() && t.CaughtUp())
	if refused != nil {
		t.InFlight = false
		t.logf(msg.New(msg.LogRefused, refused.Error()), -1)
		changed = true
	}
	for s := range t.Seats {
		if st := t.Sess.Status(s); st != t.Seats[s].Status {
			t.Seats[s].Status = st
			changed = true
		}
	}
	for s, x := range t.Sess.Seats() {
		t.Seats[s].Name = x.Name // a seat's account renamed (online): shown from the next redraw
	}
	if t.autoDecision() || changed {
		t.RefreshPlates()
	}
}

func (t *Table) Update(in *ui.Input) error {
	t.PhaseTicks++
	if t.G.NoteDevice(in) {
		t.RefreshPlates() // the status speaks to the new way of playing
	}
	if t.Pause.Paused {
		changed, err := t.Pause.update(in, t.Save) // the game waits under the pause sheet
		if changed && !t.Pause.Paused {
			// Back at the table: the settings may have changed its language or its panel.
			t.RefreshPlates()
			if t.ShowPanel != 2 {
				t.ShowPanel = 0
				if t.G.Settings.Tracker {
					t.ShowPanel = 1
				}
			}
		}
		t.redraw = t.redraw || changed
		return err
	}
	if t.Phase == PhaseOver && t.Tl.Idle() && t.over.rise.update(in) {
		t.redraw = true // the podium has risen: its last frame
	}
	// Buttons that work at any time.
	if t.handleButtons(in) {
		return nil
	}
	if t.Tutorial != nil {
		t.Tutorial.Update(in)
	}
	if !t.Tl.Idle() {
		if in.Key(ui.KeySpace) || in.Key(ui.KeyEnter) || in.TakeTap() {
			t.Tl.Skip()
		}
		t.Tl.Update()
	}
	t.StepSprites()
	// Consume events while nothing animates.
	t.consume()
	if t.Tl.Idle() && len(t.Events) == 0 {
		t.derivePhase()
		t.checkHandover()
	}
	if t.G.Settings.Advisor && t.Phase == PhaseChoose {
		t.refreshAdvice()
	}
	if !t.handleHandover(in) && t.AcceptsInput() {
		t.handleTable(in)
	}
	t.driveSession()
	if t.Rings.tick(t.G, len(t.Seats), t.ringDeadline) {
		t.redraw = true
	}
	return nil
}
