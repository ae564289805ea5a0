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

// resume gives a guided game continued from the autosave l its coach again (it follows every
// event from the start) and its bots their script.
func (c *coaching) resume(l *session.LocalSession) {
	if !session.ResumeGuided(l) {
		return
	}
	if co, err := tutorial.New(); err == nil {
		c.Coach = co
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

// coachRect is where the coaching line may go on the table laid out as l. Landscape: the side
// column under the table's buttons, above Play card; portrait (no side column): over the status
// and warning lines above the rows, whose job the line does while the lesson lasts.
func coachRect(l *layout.Table) layout.Rect {
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

// text lays the line out in r: its lines at the largest size (up to the table's text size for
// the unit) at which they fit.
func (c *coaching) text(g *ui.Host, line string, r layout.Rect, unit float64) ([]string, float64) {
	if line != c.capFor || r != c.capIn {
		c.capFor, c.capIn = line, r
		for c.capSize = ui.ClampF(unit*0.95, 11, 20); ; c.capSize *= 0.92 {
			c.capLines = g.WrapText(line, c.capSize, r.W-16)
			if float64(len(c.capLines))*c.capSize*1.3+c.capSize*0.6 <= r.H || c.capSize <= 9 {
				break
			}
		}
	}
	return c.capLines, c.capSize
}

// draw draws the guided game's coaching line on the table pr presents and rings the move it
// wants.
func (c *coaching) draw(dst *ebiten.Image, pr *presenter) {
	if c.Coach == nil || c.Coach.Free() || pr.Handover >= 0 {
		return
	}
	g, l := pr.g, pr.lay
	if a, ok := c.Coach.Expected(&pr.Disp); ok && pr.tl.Idle() && pr.CaughtUp() {
		switch {
		case a.Kind == engine.DecideRow && pr.Phase == PhaseRowChoice && a.Row >= 0 && a.Row < layout.NumRows:
			g.StrokeRect(dst, l.Rows[a.Row].Hit, 8, 3, sprites.Gold)
		case a.Kind == engine.DecidePlay && pr.Phase == PhaseChoose && len(a.Cards) > 0:
			hand, _ := pr.c.hand()
			for i := range hand {
				if pr.b.HandCard(i) == a.Cards[0] {
					g.StrokeRect(dst, hand[i], 8, 3, sprites.Gold)
				}
			}
		}
	}
	line := pr.CoachLine()
	if line == "" {
		return
	}
	r := coachRect(l)
	lines, size := c.text(g, line, r, l.Unit)
	r.H = min(r.H, float64(len(lines))*size*1.3+size*0.6)
	g.RoundRect(dst, r, 8, ui.Overlay)
	for i, s := range lines {
		g.Label(dst, s, r.X+8, r.Y+size*0.3+float64(i)*size*1.3, size, sprites.Gold, text.Left|text.Top, false)
	}
}
