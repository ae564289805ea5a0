package layout

import "math"

// liveDuringResult are the table's buttons that stay live while a result panel (the round's
// score, the game over) is up: the menu, the tracker, the advisor, the log and the replay. The
// confirm button is hidden under a result panel and takes nothing then.
var liveDuringResult = [...]int{BtnMenu, BtnTracker, BtnAdvisor, BtnLog, BtnReplay}

// ResultLive returns the rectangles of the buttons live while a result panel is up.
func (t *Table) ResultLive() []Rect {
	out := make([]Rect, 0, len(liveDuringResult))
	for _, b := range liveDuringResult {
		if !t.Buttons[b].Empty() {
			out = append(out, t.Buttons[b])
		}
	}
	return out
}

// ResultArea is where a result panel may lie: the largest of the screen's parts left of, right
// of, above or below the live buttons (ResultLive), less a margin, so that the panel never
// covers a control the person can still use (issue 25). On a phone held upright that is the
// screen under the button row; across, the screen left of the button column.
func (t *Table) ResultArea() Rect {
	m := math.Round(math.Max(4, math.Min(16, math.Min(t.W, t.H)*0.015)))
	full := Rect{X: m, Y: m, W: t.W - 2*m, H: t.H - 2*m}
	live := t.ResultLive()
	if len(live) == 0 {
		return full
	}
	b := live[0]
	for _, r := range live[1:] {
		x0, y0 := math.Min(b.X, r.X), math.Min(b.Y, r.Y)
		x1, y1 := math.Max(b.X+b.W, r.X+r.W), math.Max(b.Y+b.H, r.Y+r.H)
		b = Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	}
	best := Rect{}
	for _, c := range [4]Rect{
		{X: m, Y: m, W: b.X - 2*m, H: t.H - 2*m},                         // left of the buttons
		{X: b.X + b.W + m, Y: m, W: t.W - b.X - b.W - 2*m, H: t.H - 2*m}, // right
		{X: m, Y: m, W: t.W - 2*m, H: b.Y - 2*m},                         // above
		{X: m, Y: b.Y + b.H + m, W: t.W - 2*m, H: t.H - b.Y - b.H - 2*m}, // below
	} {
		if c.W > 0 && c.H > 0 && c.W*c.H > best.W*best.H {
			best = c
		}
	}
	return best
}
