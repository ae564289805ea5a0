package table

import (
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// Script is a scripted event source: the rules walkthrough plays the rulebook's examples on
// the real table through it.
type Script struct {
	Events   []engine.Event
	SeatList []session.Seat
}

// EventCount returns the number of scripted events so far.
func (s *Script) EventCount() int { return len(s.Events) }

// EventsFor returns the events from index from on (nothing is hidden in the walkthrough).
func (s *Script) EventsFor(seat, from int) []engine.Event {
	if from >= len(s.Events) {
		return nil
	}
	return slices.Clone(s.Events[from:])
}

// Config returns the walkthrough's game: four seats, the basic rules.
func (s *Script) Config() engine.Config { return engine.DefaultConfig(len(s.SeatList)) }

// Seats returns the walkthrough's seats.
func (s *Script) Seats() []session.Seat { return s.SeatList }

// Act refuses: nobody acts in the walkthrough.
func (s *Script) Act(seat int, a engine.Action) error { return session.ErrNotHere(seat) }

// Update does nothing: the walkthrough's steps come from its Next button.
func (s *Script) Update(still bool) (bool, error) { return false, nil }

// Status is nothing to show.
func (s *Script) Status(seat int) session.SeatStatus { return session.StatusNone }

// Save has nothing to save.
func (s *Script) Save() error { return nil }

// Deadline is none: the walkthrough has no timer.
func (s *Script) Deadline(int) (time.Time, time.Duration) { return time.Time{}, 0 }

// walkthrough is the rules walkthrough's state on a table: the rulebook's four examples, one step
// at a time, each with a caption, animated by the same timeline as a real game.
type walkthrough struct {
	t     *Table
	Src   *Script
	steps [][]engine.Event // the engine's events of each step (the last, scoring, has none)
	Step  int
	// Title is the caption's title for step, made when the step starts.
	Title string
	// capFor and capIn are the caption and rectangle capTitle, capLines and capSize were laid
	// out for (captionText runs when they change, not every frame).
	capFor            string
	capIn             layout.Rect
	capTitle, capSize float64
	capLines          []string
	// fitIn and fitFor are the space and first step's caption fitH was measured for: the most
	// height any step's text takes there, with its padding.
	fitIn  layout.Rect
	fitFor string
	fitH   float64
}

func play(seat int, c engine.Card) engine.Play { return engine.Play{Seat: seat, Card: c} }

// rulebookTurns is the running example of the rulebook (004, Fig. 1–4): the row cards, and each
// turn's cards as {seat, card}; in the third turn seat 3's 3 is too low and it takes row 2.
var rulebookTurns = [3][]engine.Play{
	{play(1, 14), play(2, 15), play(0, 44), play(3, 61)},
	{play(2, 21), play(3, 26), play(0, 30), play(1, 36)},
	{play(3, 3), play(0, 9), play(1, 68), play(2, 93)},
}

var rulebookRows = [engine.NumRows]engine.Card{12, 37, 43, 58}

// RulebookEvents plays the rulebook's example through the engine and returns its events cut into
// the walkthrough's steps (the deal, then one step per turn), as a seat that sees no hand sees
// them, without the "has chosen" steps. The walkthrough thus shows exactly what the rules
// engine does, bullheads included.
func RulebookEvents() ([][]engine.Event, error) {
	const seats = 4
	used := map[engine.Card]bool{}
	for _, c := range rulebookRows {
		used[c] = true
	}
	hands := make([][]engine.Card, seats)
	for _, turn := range rulebookTurns {
		for _, p := range turn {
			hands[p.Seat] = append(hands[p.Seat], p.Card)
			used[p.Card] = true
		}
	}
	filler := engine.Card(engine.DeckSize)
	for s := range hands {
		for len(hands[s]) < engine.DefaultHandSize {
			for used[filler] {
				filler--
			}
			used[filler] = true
			hands[s] = append(hands[s], filler)
		}
		engine.SortCards(hands[s])
	}
	rec := &engine.Record{Format: engine.RecordFormat, Version: engine.RecordVersion, Config: engine.DefaultConfig(seats),
		Rounds: []engine.RoundRecord{{Deal: engine.Deal{Hands: hands, Rows: rulebookRows}}}}
	g, err := engine.Replay(rec, nil)
	if err != nil {
		return nil, err
	}
	steps := [][]engine.Event{g.EventsFor(-1, 0)}
	for _, turn := range rulebookTurns {
		from := g.EventCount()
		for _, p := range turn {
			if err := g.Play(p.Seat, p.Card); err != nil {
				return nil, err
			}
		}
		if d, ok := g.Decision(3); ok && d.Kind == engine.DecideRow {
			if err := g.ChooseRow(3, 1); err != nil { // "He chooses the second row"
				return nil, err
			}
		}
		steps = append(steps, slices.DeleteFunc(g.EventsFor(-1, from), func(e engine.Event) bool {
			_, chose := e.(engine.SeatChose)
			return chose
		}))
	}
	return steps, nil
}

// TutorialCaptions are the walkthrough's steps: the deal, the three turns of the rulebook's
// example (rules 1–2, rule 3, rule 4), and the scoring.
var TutorialCaptions = []msg.ID{msg.RulesDeal, msg.RulesPlace, msg.RulesSixth, msg.RulesTooLow, msg.RulesScore}

// NewRules opens the rules walkthrough on a table. Its example is fixed: an error is a bug.
func NewRules(g *ui.Host) (*Table, error) {
	src := &Script{SeatList: []session.Seat{{Kind: session.SeatPerson, Name: msg.DefaultName.Text()}, {Kind: session.SeatRemote, Name: msg.RulesName1.Text()},
		{Kind: session.SeatRemote, Name: msg.RulesName2.Text()}, {Kind: session.SeatRemote, Name: msg.RulesName3.Text()}}}
	t := &Table{G: g, Sess: src}
	t.Handover = -1
	t.setup()
	t.ShowPanel = 0
	tu := &walkthrough{t: t, Src: src}
	steps, err := RulebookEvents()
	if err != nil {
		return nil, err
	}
	tu.steps = steps
	t.Tutorial = tu
	t.Lay = t.Lay.WithCaption(true) // the caption takes the hand's band under the reveal line
	tu.Advance()
	return t, nil
}

func (tu *walkthrough) Advance() {
	if tu.Step >= len(TutorialCaptions) {
		return
	}
	if tu.Step < len(tu.steps) {
		tu.Src.Events = append(tu.Src.Events, tu.steps[tu.Step]...)
	}
	tu.Step++
	tu.Title = msg.New(msg.RulesTitle, tu.Step, len(TutorialCaptions)).String()
	if tu.Step == 4 {
		// Let the row choice be seen before the row goes.
		tu.t.Tl.Add(&anim.Wait{N: tu.t.ticks(30)})
	}
}

func (tu *walkthrough) NextRect() layout.Rect { return tu.t.Lay.Buttons[layout.BtnConfirm] }

func (tu *walkthrough) Update(in *ui.Input) {
	if !tu.t.Tl.Idle() || len(tu.t.Events) > 0 || tu.t.Consumed < tu.Src.EventCount() {
		return
	}
	if in.TapIn(tu.NextRect()) || in.Key(ui.KeyEnter) || in.Key(ui.KeyRight) || in.Key(ui.KeySpace) {
		if tu.Step >= len(TutorialCaptions) {
			tu.t.G.Menu()
			return
		}
		tu.Advance()
	}
}

// Caption is the current step's text; the first step ends by saying how to go on, in the
// words of the way the person plays (click, tap or the keys).
func (tu *walkthrough) Caption() string { return tu.captionOf(tu.Step) }

// captionOf is step's caption (steps count from 1; none for 0).
func (tu *walkthrough) captionOf(step int) string {
	if step == 0 {
		return ""
	}
	c := TutorialCaptions[step-1].Text()
	if step == 1 {
		c += " " + tu.t.G.ByDevice(msg.RulesNextClick, msg.RulesNextTap, msg.RulesNextKeys).Text()
	}
	return c
}

// CaptionRect is where the caption goes: right of the rows (landscape), clear of the places
// where the revealed cards wait (the larger space above or below them); in the side column on a
// phone on its side, whose reveal line lies under the rows; under the rows when the status line
// sits above them; or over the hand area under the reveal line (portrait).
func (tu *walkthrough) CaptionRect() layout.Rect {
	l := &tu.t.Lay
	if !l.Portrait && l.Status.H > l.Unit*2 {
		last := l.Rows[layout.NumRows-1].Hit
		r := layout.Rect{X: l.Status.X, Y: l.Status.Y, W: l.Status.W, H: last.Y + last.H - l.Status.Y}
		if len(l.Queue) == 0 {
			return r
		}
		gap := l.Unit * 0.5
		top, bottom := l.Queue[0].Y, 0.0
		for _, q := range l.Queue {
			top = min(top, q.Y)
			bottom = max(bottom, q.Y+q.H+l.Unit*1.4) // the name under each card
		}
		above := layout.Rect{X: r.X, Y: r.Y, W: r.W, H: top - gap - r.Y}
		below := layout.Rect{X: r.X, Y: bottom + gap, W: r.W, H: r.Y + r.H - bottom - gap}
		if below.H > above.H {
			return below
		}
		return above
	}
	n := tu.NextRect()
	if !l.Portrait && !l.RevealBack.Empty() {
		// A phone on its side: the reveal line takes the hand's band; the caption goes in the
		// side column between Menu and Next.
		m := l.Buttons[layout.BtnMenu]
		top := m.Y + m.H + 8
		return tu.fit(layout.Rect{X: n.X, Y: top, W: n.W, H: n.Y - 8 - top})
	}
	if !l.Portrait {
		// The status line above the rows: the caption goes under them, where a hand would be.
		last := l.Rows[layout.NumRows-1].Hit
		top := last.Y + last.H + 8
		r := layout.Rect{X: l.Status.X, Y: top, W: l.Status.W, H: l.H - top - 8}
		if pile := l.Seats[0].Pile; r.Overlaps(pile) { // right of the person's pile
			x := pile.X + pile.W + 8
			r.X, r.W = x, r.X+r.W-x
		}
		return r
	}
	p := l.Seats[0].Plate
	top := max(p.Y+p.H, n.Y+n.H) + 8
	if panels, k := l.RevealPanels(l.Unit * 0.6); k > 0 {
		top = max(top, panels[k-1].Y+panels[k-1].H+8) // under the reveal line
	}
	return tu.fit(layout.Rect{X: l.Rows[0].Hit.X, Y: top, W: l.Rows[0].Hit.W, H: l.H - top - 8})
}

// fit returns the top of r as high as the longest step's text needs there with its padding, so
// a phone's caption panel holds no empty band and keeps one height from step to step.
func (tu *walkthrough) fit(r layout.Rect) layout.Rect {
	if first := tu.captionOf(1); r != tu.fitIn || first != tu.fitFor {
		tu.fitIn, tu.fitFor, tu.fitH = r, first, 0
		for step := 1; step <= len(TutorialCaptions); step++ {
			title, lines, size := tu.layCaption(tu.captionOf(step), r)
			tu.fitH = max(tu.fitH, title*2.6+float64(len(lines))*size*1.3+12)
		}
	}
	r.H = min(r.H, tu.fitH)
	return r
}

// CaptionText lays the caption out in r: the title's size and the text's lines and size, the
// largest (up to the table's unit) at which both fit.
func (tu *walkthrough) CaptionText(r layout.Rect) (title float64, lines []string, size float64) {
	if c := tu.Caption(); c != tu.capFor || r != tu.capIn {
		tu.capFor, tu.capIn = c, r
		tu.capTitle, tu.capLines, tu.capSize = tu.layCaption(c, r)
	}
	return tu.capTitle, tu.capLines, tu.capSize
}

// layCaption lays caption c out in r: the largest title (up to the table's unit) at which the
// title and the wrapped text fit.
func (tu *walkthrough) layCaption(c string, r layout.Rect) (title float64, lines []string, size float64) {
	for title = ui.ClampF(tu.t.Lay.Unit*1.2, 12, 26); ; title *= 0.92 {
		size = title * 0.95
		lines = tu.t.G.WrapText(c, size, r.W-24)
		if title*2.6+float64(len(lines))*size*1.3 <= r.H-8 || title <= 10 {
			return title, lines, size
		}
	}
}

func (tu *walkthrough) drawCaption(dst *ebiten.Image) {
	g := tu.t.G
	r := tu.CaptionRect()
	g.RoundRect(dst, r, 10, ui.Overlay)
	title, lines, size := tu.CaptionText(r)
	g.Label(dst, tu.Title, r.X+12, r.Y+title*1.2, title, sprites.Gold, text.Left|text.VertCenter, true)
	for i, line := range lines {
		g.Label(dst, line, r.X+12, r.Y+title*2.6+float64(i)*size*1.3, size, sprites.White, text.Left|text.Top, false)
	}
}

func (tu *walkthrough) Draw(dst *ebiten.Image) {
	g := tu.t.G
	label := msg.Next.Text()
	if tu.Step >= len(TutorialCaptions) {
		label = msg.Done.Text()
	}
	w := ui.Widget{R: tu.NextRect(), Label: label, Enabled: tu.t.Tl.Idle()}
	g.DrawWidget(dst, &w, true)
}
