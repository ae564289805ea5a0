package table

import (
	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// revealLine is the revealed cards' line, lowest first, with each card's owner named under it:
// the desktop's in the side panel, the phones' over the hand's band (layout.Table.RevealBack),
// where it covers the waiting hand on an opaque panel while cards are placed (issue 25). cuts
// are the names fitted under the cards, per place.
type revealLine struct {
	cuts []plateCut
}

// revealOver reports whether the phones' reveal line is up over the hand: the queue holds cards
// and the layout lays it over the hand's band.
func (bd *board) revealOver() bool {
	return bd.queued && !bd.lay.RevealBack.Empty() && len(bd.Disp.Pending) > 0
}

// drawReveal draws, over the hand's band (revealOver), a panel around the line, the queued
// cards resting in it and their owners' names, then the cards on their way, on top; draw draws
// sprite i. The hand is not drawn while the line is up.
func (bd *board) drawReveal(dst *ebiten.Image, draw func(i int)) {
	l := bd.lay
	panels, n := l.RevealPanels(l.Unit * 0.6)
	for _, r := range panels[:n] {
		drawPanel(bd.g, dst, r, 10)
	}
	for i := range bd.Disp.Pending {
		if si := bd.SpriteAt(AtPending, 0, i); si >= 0 && !bd.Cards[si].Moving {
			draw(si)
		}
	}
	bd.drawQueueNames(dst)
	for i := range bd.Cards {
		if sp := &bd.Cards[i]; sp.Vis && sp.Moving {
			draw(i)
		}
	}
}

// drawQueueNames names, under each queued card, whose it is, cut to the card's width and a
// little more (a name never runs under its neighbour's). A card moving up the line carries its
// name along; one on its way to a row has none.
func (bd *board) drawQueueNames(dst *ebiten.Image) {
	if !bd.queued {
		return
	}
	g, l := bd.g, bd.lay
	size := ui.ClampF(l.Unit*0.85, 8, 16)
	if !l.RevealBack.Empty() {
		size = ui.ClampF(l.RevealLabel*0.8, 11, 16)
	}
	if len(bd.reveal.cuts) != len(l.Queue) {
		bd.reveal.cuts = make([]plateCut, len(l.Queue))
	}
	for i, p := range bd.Disp.Pending {
		si := bd.SpriteAt(AtPending, 0, i)
		if i >= len(l.Queue) || si < 0 {
			continue
		}
		q, sp := l.Queue[i], &bd.Cards[si]
		if !sp.Vis || sp.Tx != q.X || sp.Ty != q.Y {
			continue
		}
		st := text.Style{Size: size}
		name := bd.reveal.cuts[i].Name(g, bd.h.seatName(p.Seat), st, q.W*1.08)
		g.Label(dst, name, sp.X+sp.W/2, sp.Y+sp.H+l.Unit*0.2, size, sprites.White, text.HorzCenter|text.Top, false)
	}
}

// restsInLine reports whether home h is a place of the phones' reveal line while it is up: its
// card is drawn by drawReveal, over the panel.
func (bd *board) restsInLine(h *cardHome, over bool) bool {
	return over && h.At == AtPending
}
