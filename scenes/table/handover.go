package table

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
	n := len(hd.Seats)
	for k := 0; k < n; k++ {
		s := (hd.Me + k) % n
		if !hd.Seats[s].Here() {
			continue
		}
		for _, w := range hd.Disp.Waiting {
			if w == s {
				return s
			}
		}
	}
	return -1
}

// checkHandover raises the hand-over screen when the decision has passed to another person here.
func (ct *controls) checkHandover() {
	if ct.Handover >= 0 || ct.Tutorial != nil || ct.h.People() < 2 || !ct.tl.Idle() || !ct.CaughtUp() {
		return
	}
	if ct.Phase == PhaseScore || ct.Phase == PhaseOver {
		return
	}
	if s := ct.h.nextPerson(); s >= 0 && s != ct.Me {
		ct.passTo(s)
	}
}

// passTo hides the table behind the hand-over screen until person s is ready.
func (ct *controls) passTo(s int) {
	ct.Handover = s
	ct.Sel, ct.Pick, ct.keepSel, ct.poolHover = -1, 0, nil, -1
	ct.redraw = true
}

// handleHandover takes the hand-over screen's input: the ready button, Enter or Space shows the
// person's view, once the table is still. It reports whether the screen is up.
func (t *Table) handleHandover(in *ui.Input) bool {
	if t.Handover < 0 {
		return false
	}
	if t.Tl.Idle() && t.CaughtUp() && (in.TapIn(t.handoverButton()) || in.Key(ui.KeyEnter) || in.Key(ui.KeySpace)) {
		t.SwitchTo(t.Handover)
	}
	return true
}

// SwitchTo shows seat s's view: its stream is folded from the start up to where the screen is,
// and every sprite snaps to its place (the last person's hand is gone).
func (t *Table) SwitchTo(s int) {
	t.Handover = -1
	t.Me = s
	t.Events = nil
	v := engine.NewView(t.Sess.Config(), s)
	for i, e := range t.Sess.EventsFor(s, 0) {
		if i >= t.Consumed {
			break
		}
		if i == t.LastTurn && t.haveLast {
			t.lastView = CloneView(&v)
		}
		if err := v.Apply(e); err != nil {
			t.stopStream(err)
			break
		}
	}
	t.Disp = v
	t.Sel, t.Pick, t.keepSel, t.poolHover = -1, 0, nil, -1
	t.adviceTurn = -1
	t.Tl.Skip()
	t.Relayout()
	for i := range t.Cards {
		sp := &t.Cards[i]
		sp.Tween, sp.Moving, sp.HideAtEnd = nil, false, false
		if t.Homes[i].At == AtNone {
			sp.Vis = false
		}
	}
	t.Settle(0, 0, false, nil)
	for b := range t.Backs {
		t.Backs[b] = cardSprite{}
		t.placeBack(b, false)
	}
	t.StepSprites()
	t.RefreshPlates()
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
func (t *Table) drawHandover(dst *ebiten.Image) {
	hd, g := &t.hud, t.G
	g.DrawFelt(dst)
	p := hd.handoverPanel()
	g.RoundRect(dst, p, 14, sprites.PlateBG)
	name := hd.seatName(hd.Handover)
	small := ui.ClampF(p.H*0.07, 14, 26)
	g.Label(dst, msg.HandoverPass.Text(), p.X+p.W/2, p.Y+p.H*0.16, small, sprites.Muted, text.Center, false)
	// The avatar left of the name, the two centred together.
	av := handoverAvatar(g.W, g.H)
	gap := av * 0.2
	big := g.Txt.Fit(name, text.Style{Size: ui.ClampF(p.H*0.2, 28, 72), Bold: true}, p.W-48-av-gap, 14)
	tw, _ := g.Txt.Measure(name, text.Style{Size: big, Bold: true})
	x := p.X + (p.W-av-gap-tw)/2
	t.drawAvatar(dst, hd.Handover, layout.Rect{X: x, Y: p.Y + p.H*0.38 - av/2, W: av, H: av})
	g.Label(dst, name, x+av+gap, p.Y+p.H*0.38, big, sprites.Gold, text.Left|text.VertCenter, true)
	hint := msg.New(g.ByDevice(msg.HandoverClick, msg.HandoverTap, msg.HandoverKeys), name).String()
	g.Label(dst, hint, p.X+p.W/2, p.Y+p.H*0.56, g.Txt.Fit(hint, text.Style{Size: small}, p.W-48, 9), sprites.White, text.Center, false)
	w := ui.Widget{ID: "handover-ready", R: hd.handoverButton(), Label: msg.New(msg.HandoverReady, name).String(), Enabled: true}
	g.DrawWidget(dst, &w, true)
	m := ui.Widget{ID: "menu", R: hd.lay.Buttons[layout.BtnMenu], Label: msg.ButtonMenu.Text(), Enabled: true}
	g.DrawWidget(dst, &m, false)
}
