package table

import (
	"math"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/scenes/ui"
)

// cardSprite is one card on screen: where it is, where it goes, and which side shows.
type cardSprite struct {
	_              ui.NoCompare
	X, Y, W, H     float64
	fx, fy, fw, fh float64
	Tx, Ty, Tw, Th float64
	Tween          *anim.Tween
	Face, ToFace   bool
	Vis, HideAtEnd bool
	Moving         bool
}

// floater is a "+N" rising from a seat's pile. It belongs to a turn (the event index of the
// turn's CardsRevealed) and ends with it; its place follows the layout.
type floater struct {
	_     ui.NoCompare
	Label string
	seat  int
	Turn  int
	tw    *anim.Tween
}

// floaterAt returns where floater f is drawn now: over its seat's pile, risen by its progress.
func (bd *board) floaterAt(f *floater) (x, y float64) {
	r := bd.SeatLay(f.seat).Pile
	if r.W <= 0 || r.H <= 0 {
		r = bd.SeatLay(f.seat).Plate
	}
	x, y = r.Center()
	return x, y - f.tw.Progress()*bd.lay.Unit*4
}

// endFloaters removes the "+N" labels of past turns (all of them with all true: the round ended,
// and the plates' counts end too).
func (bd *board) endFloaters(all bool) {
	if all {
		bd.endCounts()
	}
	fl := bd.Floaters[:0]
	for _, f := range bd.Floaters {
		if !all && f.Turn == bd.LastTurn {
			fl = append(fl, f)
		}
	}
	clear(bd.Floaters[len(fl):])
	bd.Floaters = fl
}

// HandCard returns the card at index i of the displayed hand (the hand without the chosen card,
// lowest first), or 0.
func (bd *board) HandCard(i int) engine.Card {
	k := 0
	skipped := false
	for _, h := range bd.Disp.Hand {
		if h == bd.Disp.MyChoice && !skipped {
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

// Settle sends every card whose place changed to its new place, over dur ticks after delay
// (staggered by stagger per moving card); it appends the tweens, as one parallel step, to out.
func (bd *board) Settle(dur, stagger int, animate bool, out []anim.Step) []anim.Step {
	var steps []anim.Step
	k := 0
	bd.RefreshHomes()
	for i := range bd.Cards {
		sp := &bd.Cards[i]
		h := &bd.Homes[i]
		r, face, vis := h.R, true, h.At != AtNone
		if !vis {
			if sp.Vis && !sp.HideAtEnd {
				sp.Vis = false
			}
			continue
		}
		if sp.Vis && !sp.Moving && sp.Tx == r.X && sp.Ty == r.Y && sp.Tw == r.W && sp.ToFace == face {
			continue
		}
		if !sp.Vis {
			sp.X, sp.Y, sp.W, sp.H = r.X, r.Y, r.W, r.H
			sp.Face = face
			sp.Vis = true
		}
		steps = bd.moveSprite(sp, r, face, dur, stagger*k, animate, steps)
		k++
	}
	return par(out, steps)
}

func (bd *board) moveSprite(sp *cardSprite, r layout.Rect, face bool, dur, delay int, animate bool, steps []anim.Step) []anim.Step {
	sp.fx, sp.fy, sp.fw, sp.fh = sp.X, sp.Y, sp.W, sp.H
	sp.Tx, sp.Ty, sp.Tw, sp.Th = r.X, r.Y, r.W, r.H
	sp.ToFace = face
	sp.HideAtEnd = false
	if !animate || bd.Speed() == anim.Instant {
		sp.X, sp.Y, sp.W, sp.H, sp.Face = r.X, r.Y, r.W, r.H, face
		sp.Tween, sp.Moving = nil, false
		return steps
	}
	sp.Tween = anim.NewTween(bd.ticks(delay), bd.ticks(dur), anim.OutCubic)
	sp.Moving = true
	return append(steps, sp.Tween)
}

// StepSprites moves every sprite along its tween (after the timeline advanced them).
func (t *Table) StepSprites() {
	for c := range t.Cards {
		stepSprite(&t.Cards[c])
	}
	for s := range t.Backs {
		stepSprite(&t.Backs[s])
	}
	fl := t.Floaters[:0]
	for _, f := range t.Floaters {
		if !f.tw.Update() {
			fl = append(fl, f)
		}
	}
	t.Floaters = fl
	t.stepPiles()
	for i := range t.Lift {
		t.Lift[i] = ease(t.Lift[i], t.LiftTarget(i))
		t.Shift[i] = ease(t.Shift[i], t.ShiftTarget(i))
	}
}

// ease moves v a step towards want, there when within 0.01.
func ease(v, want float64) float64 {
	v += (want - v) * 0.35
	if math.Abs(want-v) < 0.01 {
		return want
	}
	return v
}

func stepSprite(sp *cardSprite) {
	if sp.Tween == nil {
		return
	}
	p := sp.Tween.Progress()
	sp.X = anim.Lerp(sp.fx, sp.Tx, p)
	sp.Y = anim.Lerp(sp.fy, sp.Ty, p)
	sp.W = anim.Lerp(sp.fw, sp.Tw, p)
	sp.H = anim.Lerp(sp.fh, sp.Th, p)
	if sp.Tween.Done() {
		sp.X, sp.Y, sp.W, sp.H = sp.Tx, sp.Ty, sp.Tw, sp.Th
		sp.Face = sp.ToFace
		sp.Tween, sp.Moving = nil, false
		if sp.HideAtEnd {
			sp.Vis, sp.HideAtEnd = false, false
		}
	}
}

// flipState returns the horizontal scale of a flipping sprite and which side shows.
func flipState(sp *cardSprite) (sx float64, face bool) {
	if sp.Tween == nil || sp.Face == sp.ToFace {
		return 1, sp.Face
	}
	raw := sp.Tween.Raw()
	fp := ui.ClampF((raw-0.55)/0.45, 0, 1)
	sx = math.Abs(math.Cos(fp * math.Pi))
	if fp >= 0.5 {
		return sx, sp.ToFace
	}
	return sx, sp.Face
}

// placeBack puts seat s's face-down card at its chosen spot if the seat has chosen (other seats).
func (t *Table) placeBack(s int, animate bool) []anim.Step {
	if s >= len(t.Seats) || s == t.Me {
		return nil
	}
	sp := &t.Backs[s]
	chosen := s < len(t.Disp.Chosen) && t.Disp.Chosen[s]
	if !chosen {
		sp.Vis = false
		sp.Tween = nil
		return nil
	}
	r := t.SeatLay(s).Chosen
	if sp.Vis && sp.Tween == nil && sp.X == r.X && sp.Y == r.Y && sp.W == r.W && sp.H == r.H {
		return nil
	}
	if !sp.Vis {
		p := t.SeatLay(s).Plate
		sp.X, sp.Y, sp.W, sp.H = p.X+p.W/2-r.W/2, p.Y, r.W, r.H
		sp.Vis = true
	}
	return t.moveSprite(sp, r, false, 12, 0, animate, nil)
}

// LiftTarget is how far sprite i (a hand card) is lifted now.
func (ct *controls) LiftTarget(i int) float64 {
	if h := &ct.b.Homes[i]; h.At == AtHand && int(h.Pos) == ct.lifted() {
		return ct.lay.Lift
	}
	return 0
}

// lifted is the hand position of the card lifted now, or -1: the selected card, while nothing
// moves.
func (ct *controls) lifted() int {
	if ct.Sel < 0 || ct.Sel >= len(ct.lay.Hand) || !ct.tl.Idle() {
		return -1
	}
	return ct.Sel
}

// openHand is the hand of the current layout opened around card k: its drawn places and tap
// targets (none before the first lift after a relayout).
type openHand struct {
	k         int
	hand, hit []layout.Rect
}

// hand returns where the hand's cards lie now and their tap targets: the layout's, with the
// line of the lifted card opened around it so that it covers no neighbour's number or
// bullheads (layout.Table.Opened).
func (ct *controls) hand() (hand, hit []layout.Rect) {
	k := ct.lifted()
	if k < 0 {
		return ct.lay.Hand, ct.lay.HandHit
	}
	if ct.b.open.hand == nil || ct.b.open.k != k {
		h, hh := ct.lay.Opened(k)
		ct.b.open = openHand{k: k, hand: h, hit: hh}
	}
	return ct.b.open.hand, ct.b.open.hit
}

// ShiftTarget is how far right of its home sprite i (a hand card) is drawn now: the way its
// line opens around the lifted card.
func (ct *controls) ShiftTarget(i int) float64 {
	h := &ct.b.Homes[i]
	if h.At != AtHand || ct.lifted() < 0 {
		return 0
	}
	hand, _ := ct.hand()
	if int(h.Pos) >= len(hand) {
		return 0
	}
	return hand[h.Pos].X - ct.lay.Hand[h.Pos].X
}

var noSeat layout.Seat

// SeatLay returns the layout of seat s's place at the table. The seat shown (t.me) sits at the
// layout's first place, by the hand, and the others follow in seat order; with the person at
// seat 0 this is the identity.
func (bd *board) SeatLay(s int) *layout.Seat {
	k := bd.LayIndex(s)
	if k < 0 {
		return &noSeat
	}
	return &bd.lay.Seats[k]
}

// LayIndex is seat s's index in the layout's seats (the person shown is the layout's seat 0),
// or -1 before a layout.
func (bd *board) LayIndex(s int) int {
	n := len(bd.lay.Seats)
	if n == 0 {
		return -1
	}
	return ((s-bd.Me)%n + n) % n
}
