package scenes

import (
	"math"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/scenes/ui"
)

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

// floater is a "+N" rising from a seat's pile. It belongs to a turn (the event index of the
// turn's CardsRevealed) and ends with it; its place follows the layout.
type floater struct {
	label string
	seat  int
	turn  int
	tw    *anim.Tween
}

// floaterAt returns where floater f is drawn now: over its seat's pile, risen by its progress.
func (bd *board) floaterAt(f *floater) (x, y float64) {
	r := bd.seatLay(f.seat).Pile
	if r.W <= 0 || r.H <= 0 {
		r = bd.seatLay(f.seat).Plate
	}
	x, y = r.Center()
	return x, y - f.tw.Progress()*bd.lay.Unit*4
}

// endFloaters removes the "+N" labels of past turns (all of them with all true: the round ended).
func (bd *board) endFloaters(all bool) {
	fl := bd.floaters[:0]
	for _, f := range bd.floaters {
		if !all && f.turn == bd.lastTurn {
			fl = append(fl, f)
		}
	}
	clear(bd.floaters[len(fl):])
	bd.floaters = fl
}

// handCard returns the card at index i of the displayed hand (the hand without the chosen card,
// lowest first), or 0.
func (bd *board) handCard(i int) engine.Card {
	k := 0
	skipped := false
	for _, h := range bd.disp.Hand {
		if h == bd.disp.MyChoice && !skipped {
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
// (staggered by stagger per moving card); it appends the tweens, as one parallel step, to out.
func (bd *board) settle(dur, stagger int, animate bool, out []anim.Step) []anim.Step {
	var steps []anim.Step
	k := 0
	bd.refreshHomes()
	for i := range bd.cards {
		sp := &bd.cards[i]
		h := &bd.homes[i]
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
		steps = bd.moveSprite(sp, r, face, dur, stagger*k, animate, steps)
		k++
	}
	return par(out, steps)
}

func (bd *board) moveSprite(sp *cardSprite, r layout.Rect, face bool, dur, delay int, animate bool, steps []anim.Step) []anim.Step {
	sp.fx, sp.fy, sp.fw, sp.fh = sp.x, sp.y, sp.w, sp.h
	sp.tx, sp.ty, sp.tw, sp.th = r.X, r.Y, r.W, r.H
	sp.toFace = face
	sp.hideAtEnd = false
	if !animate || bd.Speed() == anim.Instant {
		sp.x, sp.y, sp.w, sp.h, sp.face = r.X, r.Y, r.W, r.H, face
		sp.tween, sp.moving = nil, false
		return steps
	}
	sp.tween = anim.NewTween(bd.ticks(delay), bd.ticks(dur), anim.OutCubic)
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
		t.lift[i] = ease(t.lift[i], t.liftTarget(i))
		t.shift[i] = ease(t.shift[i], t.shiftTarget(i))
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
	fp := ui.ClampF((raw-0.55)/0.45, 0, 1)
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
	r := t.seatLay(s).Chosen
	if sp.vis && sp.tween == nil && sp.x == r.X && sp.y == r.Y && sp.w == r.W && sp.h == r.H {
		return nil
	}
	if !sp.vis {
		p := t.seatLay(s).Plate
		sp.x, sp.y, sp.w, sp.h = p.X+p.W/2-r.W/2, p.Y, r.W, r.H
		sp.vis = true
	}
	return t.moveSprite(sp, r, false, 12, 0, animate, nil)
}

// liftTarget is how far sprite i (a hand card) is lifted now.
func (ct *controls) liftTarget(i int) float64 {
	if h := &ct.b.homes[i]; h.at == atHand && int(h.pos) == ct.lifted() {
		return ct.lay.Lift
	}
	return 0
}

// lifted is the hand position of the card lifted now, or -1: the selected card, while nothing
// moves.
func (ct *controls) lifted() int {
	if ct.sel < 0 || ct.sel >= len(ct.lay.Hand) || !ct.tl.Idle() {
		return -1
	}
	return ct.sel
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

// shiftTarget is how far right of its home sprite i (a hand card) is drawn now: the way its
// line opens around the lifted card.
func (ct *controls) shiftTarget(i int) float64 {
	h := &ct.b.homes[i]
	if h.at != atHand || ct.lifted() < 0 {
		return 0
	}
	hand, _ := ct.hand()
	if int(h.pos) >= len(hand) {
		return 0
	}
	return hand[h.pos].X - ct.lay.Hand[h.pos].X
}

var noSeat layout.Seat

// seatLay returns the layout of seat s's place at the table. The seat shown (t.me) sits at the
// layout's first place, by the hand, and the others follow in seat order; with the person at
// seat 0 this is the identity.
func (bd *board) seatLay(s int) *layout.Seat {
	k := bd.layIndex(s)
	if k < 0 {
		return &noSeat
	}
	return &bd.lay.Seats[k]
}

// layIndex is seat s's index in the layout's seats (the person shown is the layout's seat 0),
// or -1 before a layout.
func (bd *board) layIndex(s int) int {
	n := len(bd.lay.Seats)
	if n == 0 {
		return -1
	}
	return ((s-bd.me)%n + n) % n
}
