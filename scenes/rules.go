package scenes

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/sprites"
	"nimmt/text"
)

// script is a scripted event source: the rules walkthrough plays the rulebook's examples on
// the real table through it.
type script struct {
	events []engine.Event
}

// EventCount returns the number of scripted events so far.
func (s *script) EventCount() int { return len(s.events) }

// EventsFor returns the events from index from on (nothing is hidden in the walkthrough).
func (s *script) EventsFor(seat, from int) []engine.Event {
	if from >= len(s.events) {
		return nil
	}
	return slices.Clone(s.events[from:])
}

// tutorial is the rules walkthrough's state on a table: the rulebook's four examples, one step
// at a time, each with a caption, animated by the same timeline as a real game.
type tutorial struct {
	t    *table
	src  *script
	step int
}

type tutorialStep struct {
	caption string
	events  func() []engine.Event
}

func play(seat int, c engine.Card) engine.Play { return engine.Play{Seat: seat, Card: c} }

// The steps follow the rulebook (rules 1–4 and its figures 1–4).
var tutorialSteps = []tutorialStep{
	{
		caption: "How to play. Everyone gets 10 cards; four cards start four rows (Fig. 1: 12, 37, 43, 58). " +
			"Each turn, every player picks a card face down; then all are revealed. Tap Next.",
		events: func() []engine.Event {
			return []engine.Event{engine.RoundDealt{Round: 1, Rows: [engine.NumRows]engine.Card{12, 37, 43, 58},
				Hands: make([][]engine.Card, 4), Sizes: []int{10, 10, 10, 10}}}
		},
	},
	{
		caption: "Rules 1 and 2. Cards are placed lowest first, each after the row end that is lower and closest. " +
			"14 and 15 go after 12; 44 goes after 43 (not 37: the difference is smaller); 61 after 58.",
		events: func() []engine.Event {
			return []engine.Event{
				engine.CardsRevealed{Round: 1, Turn: 1, Plays: []engine.Play{play(1, 14), play(2, 15), play(0, 44), play(3, 61)}},
				engine.CardPlaced{Seat: 1, Card: 14, Row: 0, Pos: 1},
				engine.CardPlaced{Seat: 2, Card: 15, Row: 0, Pos: 2},
				engine.CardPlaced{Seat: 0, Card: 44, Row: 2, Pos: 1},
				engine.CardPlaced{Seat: 3, Card: 61, Row: 3, Pos: 1},
			}
		},
	},
	{
		caption: "Rule 3: a row holds five cards. 21 and 26 fill the first row; 30 would be the sixth card, " +
			"so its player takes the five cards (their bullheads are minus points) and 30 starts the row. 36 follows it.",
		events: func() []engine.Event {
			return []engine.Event{
				engine.CardsRevealed{Round: 1, Turn: 2, Plays: []engine.Play{play(2, 21), play(3, 26), play(0, 30), play(1, 36)}},
				engine.CardPlaced{Seat: 2, Card: 21, Row: 0, Pos: 3},
				engine.CardPlaced{Seat: 3, Card: 26, Row: 0, Pos: 4},
				engine.RowTaken{Seat: 0, Row: 0, Cards: []engine.Card{12, 14, 15, 21, 26}, Bullheads: 7, Reason: engine.TakeFull},
				engine.CardPlaced{Seat: 0, Card: 30, Row: 0, Pos: 0},
				engine.CardPlaced{Seat: 1, Card: 36, Row: 0, Pos: 1},
			}
		},
	},
	{
		caption: "Rule 4: a card lower than every row end takes a row of its player's choice. " +
			"3 fits nowhere: its player takes the row of 37 and 3 starts it; 9 follows the 3. 68 and 93 go after 61.",
		events: func() []engine.Event {
			return []engine.Event{
				engine.CardsRevealed{Round: 1, Turn: 3, Plays: []engine.Play{play(3, 3), play(0, 9), play(1, 68), play(2, 93)}},
				engine.RowChoiceRequired{Seat: 3, Card: 3},
				engine.RowTaken{Seat: 3, Row: 1, Cards: []engine.Card{37}, Bullheads: 1, Reason: engine.TakeTooLow},
				engine.CardPlaced{Seat: 3, Card: 3, Row: 1, Pos: 0},
				engine.CardPlaced{Seat: 0, Card: 9, Row: 1, Pos: 1},
				engine.CardPlaced{Seat: 1, Card: 68, Row: 3, Pos: 2},
				engine.CardPlaced{Seat: 2, Card: 93, Row: 3, Pos: 3},
			}
		},
	},
	{
		caption: "Bullheads are minus points: 1 on most cards, 2 on cards ending in 5 (one stripe), 3 on tens (two stripes), " +
			"5 on doubles like 33 (bold border), 7 on 55. The game ends when someone reaches 66; the fewest bullheads win.",
		events: func() []engine.Event { return nil },
	},
}

// newRules opens the rules walkthrough on a table.
func newRules(g *Game) scene {
	src := &script{}
	t := &table{g: g, src: src, seed: 1}
	if err := t.setup([]string{"You", "Anna", "Ben", "Cleo"}, []string{"", "", "", ""}); err != nil {
		return newMenu(g)
	}
	t.showPanel = 0
	tu := &tutorial{t: t, src: src}
	t.tutorial = tu
	tu.advance()
	return t
}

func (tu *tutorial) advance() {
	if tu.step >= len(tutorialSteps) {
		return
	}
	tu.src.events = append(tu.src.events, tutorialSteps[tu.step].events()...)
	tu.step++
	if tu.step == 4 {
		// Let the row choice be seen before the row goes.
		tu.t.tl.Add(&anim.Wait{N: tu.t.ticks(30)})
	}
}

func (tu *tutorial) nextRect() layout.Rect { return tu.t.lay.Buttons[layout.BtnConfirm] }

func (tu *tutorial) update(in *Input) {
	if !tu.t.tl.Idle() || len(tu.t.events) > 0 || tu.t.consumed < tu.src.EventCount() {
		return
	}
	if in.TapIn(tu.nextRect()) || in.Key(KeyEnter) || in.Key(KeyRight) || in.Key(KeySpace) {
		if tu.step >= len(tutorialSteps) {
			tu.t.g.goTo(newMenu(tu.t.g))
			return
		}
		tu.advance()
	}
}

func (tu *tutorial) caption() string {
	if tu.step == 0 {
		return ""
	}
	return tutorialSteps[tu.step-1].caption
}

// captionRect is where the caption goes: right of the rows (landscape) or over the hand area.
func (tu *tutorial) captionRect() layout.Rect {
	l := &tu.t.lay
	if !l.Portrait && l.Status.H > l.Unit*2 {
		last := l.Rows[layout.NumRows-1].Hit
		return layout.Rect{X: l.Status.X, Y: l.Status.Y, W: l.Status.W, H: last.Y + last.H - l.Status.Y}
	}
	p := l.Seats[0].Plate
	n := tu.nextRect()
	top := p.Y + p.H + 8
	if n.Y+n.H+8 > top {
		top = n.Y + n.H + 8
	}
	return layout.Rect{X: l.Rows[0].Hit.X, Y: top, W: l.Rows[0].Hit.W, H: l.H - top - 8}
}

func (tu *tutorial) drawCaption(dst *ebiten.Image) {
	g := tu.t.g
	r := tu.captionRect()
	g.roundRect(dst, r, 10, overlay)
	u := tu.t.lay.Unit
	size := clampF(u*1.2, 12, 26)
	title := "How to play · " + num(tu.step) + "/" + num(len(tutorialSteps))
	g.label(dst, title, r.X+12, r.Y+size*1.2, size, sprites.Gold, text.Left|text.VertCenter, true)
	g.txt.DrawWrap(dst, tu.caption(), r.X+12, r.Y+size*2.6, r.W-24, text.Style{Size: size * 0.95, Color: sprites.White, Align: text.Left | text.Top})
}

func (tu *tutorial) draw(dst *ebiten.Image) {
	g := tu.t.g
	label := "Next"
	if tu.step >= len(tutorialSteps) {
		label = "Done"
	}
	w := widget{r: tu.nextRect(), label: label, enabled: tu.t.tl.Idle()}
	g.drawWidget(dst, &w, true)
}

func (tu *tutorial) testState(ts *TestState) {
	ts.Buttons = append(ts.Buttons, Button{ID: "rules-next", Rect: tu.nextRect(), Enabled: tu.t.tl.Idle()})
}
