package table

import (
	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
	"nimmt/tutorial"
)

// coaching is the guided game's coach on a table (package tutorial): it follows the events the
// person's seat is shown, says one line under the rows, points at the move it wants and refuses
// another until the script is over.
type coaching struct {
	// Coach is the guided game's coach, or nil at any other table.
	Coach *tutorial.Coach
	// coachSeen is how many of the person's events the coach has observed.
	coachSeen int
	// capFor, capIn, capLines and capSize are the caption's text laid out (when they change).
	capFor   string
	capIn    layout.Rect
	capLines []string
	capSize  float64
}

// NewGuidedTable starts the guided game (package tutorial) with the given seed for its later
// rounds (0: random).
func NewGuidedTable(g *ui.Host, seed uint64) (*Table, error) {
	c, err := tutorial.New()
	if err != nil {
		return nil, err
	}
	l, err := session.NewGuidedSession(g, seed)
	if err != nil {
		return nil, err
	}
	t := NewTableOn(g, l, tutorial.Person)
	t.Coach = c
	return t, nil
}

// resumeCoach gives a guided game continued from the autosave its coach again (it follows
// every event from the start) and its bots their script.
func (t *Table) resumeCoach(l *session.LocalSession) {
	if !session.ResumeGuided(l) {
		return
	}
	if c, err := tutorial.New(); err == nil {
		t.Coach = c
	}
}

// coachFollow gives the coach, in order, every event the table has shown the person since it
// last looked (a replayed turn is not shown to it twice).
func (pr *presenter) coachFollow() {
	if pr.Coach == nil || pr.coachSeen >= pr.Consumed {
		return
	}
	step := pr.Coach.Step()
	evs := pr.sess.EventsFor(pr.Me, pr.coachSeen)
	for _, e := range evs[:min(len(evs), pr.Consumed-pr.coachSeen)] {
		pr.Coach.Observe(e)
	}
	pr.coachSeen = pr.Consumed
	if pr.Coach.Step() != step {
		pr.redraw = true
	}
}

// coachAllows reports whether the person's action a may go to the session: always, but in the
// guided game's lessons only the move the lesson wants (the coach's hint then says which).
func (pr *presenter) coachAllows(a engine.Action) bool {
	if pr.Coach == nil {
		return true
	}
	pr.coachFollow()
	if pr.Coach.Allow(&pr.Disp, a) {
		return true
	}
	pr.redraw = true
	return false
}

// CoachLine is the guided game's coaching line shown now ("" at other tables and once the game
// is free).
func (pr *presenter) CoachLine() string {
	if pr.Coach == nil {
		return ""
	}
	return pr.Coach.Line().String()
}

// coachRect is where the coaching line may go. Landscape: the side column under the table's
// buttons, above Play card; portrait (no side column): over the status and warning lines above
// the rows, whose job the line does while the lesson lasts.
func (t *Table) coachRect() layout.Rect {
	l := &t.Lay
	if !l.Portrait {
		c := l.Buttons[layout.BtnConfirm]
		top := 0.0
		for i, b := range l.Buttons {
			if i != layout.BtnConfirm && b.Y < c.Y && b.X+b.W > c.X {
				top = max(top, b.Y+b.H)
			}
		}
		return layout.Rect{X: c.X, Y: top + 8, W: c.W, H: c.Y - 8 - top - 8}
	}
	return layout.Rect{X: l.Status.X, Y: l.Status.Y, W: l.Status.W, H: l.Rows[0].Hit.Y - 2 - l.Status.Y}
}

// coachText lays the line out in r: its lines at the largest size (up to the table's text
// size) at which they fit.
func (t *Table) coachText(line string, r layout.Rect) ([]string, float64) {
	if line != t.capFor || r != t.capIn {
		t.capFor, t.capIn = line, r
		for t.capSize = ui.ClampF(t.Lay.Unit*0.95, 11, 20); ; t.capSize *= 0.92 {
			t.capLines = t.G.WrapText(line, t.capSize, r.W-16)
			if float64(len(t.capLines))*t.capSize*1.3+t.capSize*0.6 <= r.H || t.capSize <= 9 {
				break
			}
		}
	}
	return t.capLines, t.capSize
}

// drawCoach draws the guided game's coaching line and rings the move it wants.
func (t *Table) drawCoach(dst *ebiten.Image) {
	if t.Coach == nil || t.Coach.Free() || t.Handover >= 0 {
		return
	}
	g := t.G
	if a, ok := t.Coach.Expected(&t.Disp); ok && t.AcceptsInput() {
		switch {
		case a.Kind == engine.DecideRow && t.Phase == PhaseRowChoice && a.Row >= 0 && a.Row < layout.NumRows:
			g.StrokeRect(dst, t.Lay.Rows[a.Row].Hit, 8, 3, sprites.Gold)
		case a.Kind == engine.DecidePlay && t.Phase == PhaseChoose && len(a.Cards) > 0:
			hand, _ := t.hand()
			for i := range hand {
				if t.HandCard(i) == a.Cards[0] {
					g.StrokeRect(dst, hand[i], 8, 3, sprites.Gold)
				}
			}
		}
	}
	line := t.CoachLine()
	if line == "" {
		return
	}
	r := t.coachRect()
	lines, size := t.coachText(line, r)
	r.H = min(r.H, float64(len(lines))*size*1.3+size*0.6)
	g.RoundRect(dst, r, 8, ui.Overlay)
	for i, s := range lines {
		g.Label(dst, s, r.X+8, r.Y+size*0.3+float64(i)*size*1.3, size, sprites.Gold, text.Left|text.Top, false)
	}
}
