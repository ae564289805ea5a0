package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// Hot-seat play: several people share this device. The table shows one person's view at a time
// (t.me). When the decision passes to another person, the table hides behind the hand-over
// screen ("Pass to Ann") until Ann taps that she is ready; then her view is folded from her own
// event stream, so her hand, her advisor and her tracker show only what she may know. With one
// person and bots there is never a hand-over.

// nextPerson returns the person at this device who must decide now: the displayed seat if it
// must, else the next waiting person after it in seat order; -1 when no person here must decide.
// It reads the displayed view only (the screen has caught up).
func (hd *hud) nextPerson() int {
	n := len(hd.seats)
	for k := 0; k < n; k++ {
		s := (hd.me + k) % n
		if !hd.seats[s].Here() {
			continue
		}
		for _, w := range hd.disp.Waiting {
			if w == s {
				return s
			}
		}
	}
	return -1
}

// checkHandover raises the hand-over screen when the decision has passed to another person here.
func (ct *controls) checkHandover() {
	if ct.handover >= 0 || ct.tutorial != nil || ct.h.people() < 2 || !ct.tl.Idle() || !ct.caughtUp() {
		return
	}
	if ct.phase == phaseScore || ct.phase == phaseOver {
		return
	}
	if s := ct.h.nextPerson(); s >= 0 && s != ct.me {
		ct.passTo(s)
	}
}

// passTo hides the table behind the hand-over screen until person s is ready.
func (ct *controls) passTo(s int) {
	ct.handover = s
	ct.sel, ct.pick, ct.keepSel, ct.poolHover = -1, 0, nil, -1
	ct.redraw = true
}

// handleHandover takes the hand-over screen's input: the ready button, Enter or Space shows the
// person's view, once the table is still. It reports whether the screen is up.
func (t *table) handleHandover(in *ui.Input) bool {
	if t.handover < 0 {
		return false
	}
	if t.tl.Idle() && t.caughtUp() && (in.TapIn(t.handoverButton()) || in.Key(ui.KeyEnter) || in.Key(ui.KeySpace)) {
		t.switchTo(t.handover)
	}
	return true
}

// switchTo shows seat s's view: its stream is folded from the start up to where the screen is,
// and every sprite snaps to its place (the last person's hand is gone).
func (t *table) switchTo(s int) {
	t.handover = -1
	t.me = s
	t.events = nil
	v := engine.NewView(t.sess.Config(), s)
	for i, e := range t.sess.EventsFor(s, 0) {
		if i >= t.consumed {
			break
		}
		if i == t.lastTurn && t.haveLast {
			t.lastView = cloneView(&v)
		}
		if err := v.Apply(e); err != nil {
			t.stopStream(err)
			break
		}
	}
	t.disp = v
	t.sel, t.pick, t.keepSel, t.poolHover = -1, 0, nil, -1
	t.adviceTurn = -1
	t.tl.Skip()
	t.relayout()
	for i := range t.cards {
		sp := &t.cards[i]
		sp.tween, sp.moving, sp.hideAtEnd = nil, false, false
		if t.homes[i].at == atNone {
			sp.vis = false
		}
	}
	t.settle(0, 0, false, nil)
	for b := range t.backs {
		t.backs[b] = cardSprite{}
		t.placeBack(b, false)
	}
	t.stepSprites()
	t.refreshPlates()
	t.redraw = true
}

// handoverButton is the hand-over screen's ready button.
func (hd *hud) handoverButton() layout.Rect {
	p := hd.handoverPanel()
	bh := ui.ClampF(hd.g.H*0.08, layout.MinTap, 72)
	return layout.Rect{X: p.X + 24, Y: p.Y + p.H - bh - 24, W: p.W - 48, H: bh}
}

func (hd *hud) handoverPanel() layout.Rect { return handoverRect(hd.g.W, hd.g.H) }

// handoverRect is the hand-over panel on a sw×sh screen.
func handoverRect(sw, sh float64) layout.Rect {
	w := math.Min(sw-24, 560)
	h := math.Min(sh-24, ui.ClampF(sh*0.5, 260, 420))
	return layout.Rect{X: (sw - w) / 2, Y: (sh - h) / 2, W: w, H: h}
}

// handoverAvatar is the side of the next person's avatar on the hand-over panel of a sw×sh
// screen: a third larger than the name beside it, and clear of the lines over and under them.
func handoverAvatar(sw, sh float64) float64 {
	h := handoverRect(sw, sh).H
	return math.Round(math.Min(ui.ClampF(h*0.2, 28, 72)*1.35, h*0.22))
}

// drawHandover draws the hand-over screen over the plain felt: nothing of the table shows, so
// no hand, choice or advice of the last person can be seen while the device changes hands.
func (t *table) drawHandover(dst *ebiten.Image) {
	hd, g := &t.hud, t.g
	g.DrawFelt(dst)
	p := hd.handoverPanel()
	g.RoundRect(dst, p, 14, sprites.PlateBG)
	name := hd.seatName(hd.handover)
	small := ui.ClampF(p.H*0.07, 14, 26)
	g.Label(dst, msg.HandoverPass.Text(), p.X+p.W/2, p.Y+p.H*0.16, small, sprites.Muted, text.Center, false)
	// The avatar left of the name, the two centred together.
	av := handoverAvatar(g.W, g.H)
	gap := av * 0.2
	big := g.Txt.Fit(name, text.Style{Size: ui.ClampF(p.H*0.2, 28, 72), Bold: true}, p.W-48-av-gap, 14)
	tw, _ := g.Txt.Measure(name, text.Style{Size: big, Bold: true})
	x := p.X + (p.W-av-gap-tw)/2
	t.drawAvatar(dst, hd.handover, layout.Rect{X: x, Y: p.Y + p.H*0.38 - av/2, W: av, H: av})
	g.Label(dst, name, x+av+gap, p.Y+p.H*0.38, big, sprites.Gold, text.Left|text.VertCenter, true)
	hint := msg.New(g.ByDevice(msg.HandoverClick, msg.HandoverTap, msg.HandoverKeys), name).String()
	g.Label(dst, hint, p.X+p.W/2, p.Y+p.H*0.56, g.Txt.Fit(hint, text.Style{Size: small}, p.W-48, 9), sprites.White, text.Center, false)
	w := ui.Widget{ID: "handover-ready", R: hd.handoverButton(), Label: msg.New(msg.HandoverReady, name).String(), Enabled: true}
	g.DrawWidget(dst, &w, true)
	m := ui.Widget{ID: "menu", R: hd.lay.Buttons[layout.BtnMenu], Label: msg.ButtonMenu.Text(), Enabled: true}
	g.DrawWidget(dst, &m, false)
}

// handoverState is the test state while the hand-over screen is up: the name and the button,
// and nothing of any hand.
func (t *table) handoverState(ts *ui.TestState) {
	ts.Handover = t.seatName(t.handover)
	ts.Buttons = append(ts.Buttons,
		ui.Button{ID: "handover-ready", Rect: t.handoverButton(), Enabled: t.tl.Idle() && t.caughtUp()},
		ui.Button{ID: "menu", Rect: t.lay.Buttons[layout.BtnMenu], Enabled: true})
}
