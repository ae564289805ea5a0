package tutorial

import (
	"errors"
	"fmt"
	"slices"

	"nimmt/engine"
	"nimmt/msg"
)

// Step is one step of the coaching script.
type Step struct {
	// Line is what the table says while the step is current.
	Line msg.Message
	// Expect is the person's move the step wants: a card to play (engine.PlayCard), or
	// DecideRow for the cheapest row of the moment (Row is then ignored: Coach.Expected finds it
	// in the view). Kind 0: the step only shows its line, any move is the person's.
	Expect engine.Action
	// Until reports whether an event, as the person's seat sees it, ends the step.
	Until func(e engine.Event) bool
}

// Lesson is what the script's moves do on the engine, found by playing them (the coaching lines
// say it): the row end the first card goes after, the bullheads the sixth card takes, and at
// the row choice the cheapest row (0-based) with its bullheads and the dearest row's.
type Lesson struct {
	// First is the person's first card and Last the row end it goes after (rules 1 and 2).
	First, Last engine.Card
	// Sixth is the person's card that is a row's sixth, SixthBullheads what the five cost and
	// SixthRow the row (0-based) (rule 3).
	Sixth          engine.Card
	SixthBullheads int
	SixthRow       int
	// Low is the person's card lower than every row (rule 4); Cheapest is the row with the
	// fewest bullheads, Least its bullheads, Most the dearest row's; LowRow the row taken.
	Low         engine.Card
	Cheapest    int
	Least, Most int
	LowRow      int
}

// Learn plays the script's three turns through the engine (the person choosing the cheapest row)
// and returns what they show; an error means the fixed deal or the script is wrong.
func Learn() (Lesson, error) {
	g, err := engine.Replay(Record(), nil)
	if err != nil {
		return Lesson{}, fmt.Errorf("tutorial: the fixed deal: %w", err)
	}
	l := Lesson{First: script[0][Person], Sixth: script[1][Person], Low: script[2][Person], Cheapest: -1, SixthRow: -1, LowRow: -1}
	v := engine.NewView(g.Config(), Person)
	seen := 0
	follow := func() error {
		for _, e := range g.EventsFor(Person, seen) {
			switch e := e.(type) {
			case engine.CardPlaced:
				if e.Seat == Person && e.Card == l.First && e.Pos > 0 {
					l.Last = v.Rows[e.Row][len(v.Rows[e.Row])-1]
				}
			case engine.RowTaken:
				switch {
				case e.Seat == Person && e.Reason == engine.TakeFull:
					l.SixthBullheads, l.SixthRow = e.Bullheads, e.Row
				case e.Seat == Person && e.Reason == engine.TakeTooLow:
					l.LowRow = e.Row
				}
			case engine.RowChoiceRequired:
				if e.Seat == Person {
					l.Cheapest, l.Least, l.Most = cheapest(&v)
				}
			}
			if err := v.Apply(e); err != nil {
				return fmt.Errorf("tutorial: %w", err)
			}
			seen++
		}
		return nil
	}
	for turn := range script {
		for s := range Seats {
			if err := g.Act(s, engine.PlayCard(script[turn][s])); err != nil {
				return Lesson{}, fmt.Errorf("tutorial: turn %d: %w", turn+1, err)
			}
		}
		if err := follow(); err != nil {
			return Lesson{}, err
		}
		if d, ok := g.Decision(Person); ok && d.Kind == engine.DecideRow {
			if err := g.Act(Person, engine.TakeRow(l.Cheapest)); err != nil {
				return Lesson{}, fmt.Errorf("tutorial: turn %d: %w", turn+1, err)
			}
			if err := follow(); err != nil {
				return Lesson{}, err
			}
		}
	}
	if l.Last == 0 || l.SixthRow < 0 || l.Cheapest < 0 || l.LowRow != l.Cheapest {
		return Lesson{}, errors.New("tutorial: the script does not show rules 2, 3 and 4")
	}
	return l, nil
}

// cheapest returns the row with the fewest bullheads (the first of equals), its bullheads and
// the most bullheads of any row.
func cheapest(v *engine.View) (row, least, most int) {
	row, least = -1, 0
	for r := range v.Rows {
		b := engine.SumBullheads(v.Rows[r])
		if row < 0 || b < least {
			row, least = r, b
		}
		most = max(most, b)
	}
	return row, least, most
}

// Steps returns the coaching script of lesson l.
func Steps(l Lesson) []Step {
	return []Step{
		{
			Line:   msg.New(msg.TutorialPlace, l.First, l.Last),
			Expect: engine.PlayCard(l.First),
			Until: func(e engine.Event) bool {
				p, ok := e.(engine.CardPlaced)
				return ok && p.Seat == Person && p.Card == l.First
			},
		},
		{
			Line:   msg.New(msg.TutorialSixth, l.Sixth),
			Expect: engine.PlayCard(l.Sixth),
			Until: func(e engine.Event) bool {
				t, ok := e.(engine.RowTaken)
				return ok && t.Seat == Person && t.Reason == engine.TakeFull
			},
		},
		{
			Line:   msg.New(msg.TutorialTooLow, l.Sixth, l.SixthBullheads, l.Low),
			Expect: engine.PlayCard(l.Low),
			Until: func(e engine.Event) bool {
				r, ok := e.(engine.RowChoiceRequired)
				return ok && r.Seat == Person
			},
		},
		{
			Line:   msg.New(msg.TutorialChoose, l.Low, l.Cheapest+1, l.Least),
			Expect: engine.Action{Kind: engine.DecideRow},
			Until: func(e engine.Event) bool {
				t, ok := e.(engine.RowTaken)
				return ok && t.Seat == Person && t.Reason == engine.TakeTooLow
			},
		},
		{
			Line: msg.New(msg.TutorialCheapest, l.Least, l.Most),
			Until: func(e engine.Event) bool {
				c, ok := e.(engine.SeatChose)
				return ok && c.Seat == Person
			},
		},
	}
}

// Coach follows the guided game's events through the coaching script: the line to show, the
// move expected, the hint after another move. Once the script is over the game is free.
type Coach struct {
	steps []Step
	step  int
	hint  msg.Message
}

// New returns a coach at the start of the guided game.
func New() (*Coach, error) {
	l, err := Learn()
	if err != nil {
		return nil, err
	}
	return &Coach{steps: Steps(l)}, nil
}

// Step returns the index of the current step in the script (len of the script when free).
func (c *Coach) Step() int { return c.step }

// Free reports whether the script is over: the person plays as in any game.
func (c *Coach) Free() bool { return c.step >= len(c.steps) }

// Line returns the coaching line to show: the hint after a refused move, else the step's line;
// the empty message (msg.None) once the game is free.
func (c *Coach) Line() msg.Message {
	switch {
	case c.Free():
		return msg.Message{}
	case c.hint.ID != msg.None:
		return c.hint
	}
	return c.steps[c.step].Line
}

// Observe takes the next event the person's seat sees; it ends the step the event completes.
func (c *Coach) Observe(e engine.Event) {
	if !c.Free() && c.steps[c.step].Until(e) {
		c.step++
		c.hint = msg.Message{}
	}
}

// Expected returns the move the current step wants of the person in view v (its cheapest row for
// a row step); false when the step wants none.
func (c *Coach) Expected(v *engine.View) (engine.Action, bool) {
	if c.Free() {
		return engine.Action{}, false
	}
	a := c.steps[c.step].Expect
	switch a.Kind {
	case 0:
		return engine.Action{}, false
	case engine.DecideRow:
		row, _, _ := cheapest(v)
		return engine.TakeRow(row), true
	}
	return a, true
}

// Allow reports whether the person's action a, in view v, may go to the engine. A move the
// current step does not want is refused: the hint then says which one it wants and why, and
// nothing else changes (the table keeps its card or its row choice open).
func (c *Coach) Allow(v *engine.View, a engine.Action) bool {
	want, ok := c.Expected(v)
	if !ok {
		return true
	}
	switch {
	case want.Kind == engine.DecideRow && a.Kind == engine.DecideRow:
		if a.Row == want.Row {
			return true
		}
		if a.Row >= 0 && a.Row < engine.NumRows {
			_, least, _ := cheapest(v)
			c.hint = msg.New(msg.TutorialHintRow, a.Row+1, engine.SumBullheads(v.Rows[a.Row]), want.Row+1, least)
		}
		return false
	case want.Kind == engine.DecidePlay && a.Kind == engine.DecidePlay:
		if slices.Equal(a.Cards, want.Cards) {
			return true
		}
		c.hint = msg.New(msg.TutorialHintCard, want.Cards[0])
		return false
	}
	return false
}
