package online

import (
	"math"
	"time"

	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/scenes/ui"
)

// status is what the page's notice says: what happened last, or that it signs in, or that the
// device has no account.
func (p *Profile) status() msg.Message {
	switch {
	case p.Notice.ID != msg.None:
		return p.Notice
	case p.Conn == nil:
		return msg.Message{}
	case p.signing:
		return msg.New(msg.ProfileSigning)
	case p.Account == nil:
		return msg.New(msg.ProfileNone)
	}
	return msg.Message{}
}

// lost reports whether the page's connection ended (a new page connects again).
func (p *Profile) lost() bool {
	return p.Notice.ID == msg.ProfileLost
}

// actions are the page's button rows: with an account, pair a device and export, rename and
// password, delete, back; without, make an account, pair this device with a code, sign in with
// a handle and password, back.
func (p *Profile) actions(pg page) []func(layout.Rect) {
	g := p.g
	on := p.Conn != nil && !p.signing && !p.lost()
	back := func(r layout.Rect) {
		if p.lost() {
			a, b := pg.halves(r)
			p.add("retry", msg.ProfileRetry.Text(), a, true, ui.KindPrimary)
			p.add("back", msg.Back.Text(), b, true, ui.KindSecondary)
			return
		}
		p.add("back", msg.Back.Text(), r, true, ui.KindSecondary)
	}
	if p.Account == nil {
		name := g.Settings.Name
		rows := []func(layout.Rect){
			func(r layout.Rect) {
				p.add("create", msg.New(msg.ProfileCreate, name).String(), r, on && protocol.CheckName(name) == nil, ui.KindPrimary)
			},
			func(r layout.Rect) {
				a, b := pg.halves(r)
				p.fieldOr(a, "pair-code", p.code, p.code, msg.ProfileEnterCode, on)
				p.add("pair-here", msg.ProfilePairHere.Text(), b, on && len(p.code) >= accountmsg.PairingLength, 0)
			},
		}
		return append(append(rows, p.loginRows(pg, on)...), back)
	}
	del := msg.ProfileDelete.Text()
	if p.sure == "delete" {
		del = msg.New(msg.ProfileDeleteSure, p.Account.Handle).String()
	}
	return []func(layout.Rect){
		func(r layout.Rect) {
			a, b := pg.halves(r)
			p.add("pair", msg.ProfilePair.Text(), a, on, 0)
			p.add("export", msg.ProfileExport.Text(), b, on, 0)
		},
		func(r layout.Rect) { p.accountRow(pg, r, on) },
		func(r layout.Rect) { p.add("delete", del, r, on, 0) },
		back,
	}
}

// Build lays the page out: the button rows, and the account's card, the pairing code and the
// devices in a list. Where the screen is wide the rows stand in a column at the left of the
// list; elsewhere the list is above them.
func (p *Profile) Build() {
	g := p.g
	p.Widgets = p.Widgets[:0]
	w, h := g.W, g.H
	pg := newPage(w, h)
	rows := p.actions(pg)
	p.buildList(pg.lay(w, h, rows, 0), pg.m)
	if p.focus >= len(p.Widgets) {
		p.focus = -1
	}
}

// buildList lays the notice, the account's card, the pairing code and the devices out in r, as
// many devices as fit.
func (p *Profile) buildList(r layout.Rect, m float64) {
	g := p.g
	cardH := ui.ClampF(g.H*0.09, 56, 84)
	noticeH := math.Min(r.H, ui.ClampF(g.H*0.08, layout.MinTap, 64))
	y := r.Y
	line := func(text string, kind int) *ui.Widget {
		wd := p.add("", text, layout.Rect{X: r.X, Y: y, W: r.W, H: noticeH}, true, kind)
		y += noticeH + m
		return wd
	}
	if n := p.status(); n.ID != msg.None {
		line(n.String(), ui.KindNotice)
	}
	a := p.Account
	if a == nil {
		return
	}
	if y+cardH <= r.Y+r.H {
		card := p.add("", a.Name, layout.Rect{X: r.X, Y: y, W: r.W, H: cardH}, true, ui.KindTwoLine)
		card.Sub = a.Handle
		y += cardH + m
	}
	if p.Pairing.Code != "" && y+noticeH <= r.Y+r.H {
		line(p.pairingLine().String(), ui.KindNotice)
	}
	for _, d := range p.Devices {
		if y+cardH > r.Y+r.H+0.5 {
			break
		}
		c := layout.Rect{X: r.X, Y: y, W: r.W, H: cardH}
		bw := ui.ClampF(c.W*0.24, 80, 140)
		label := d.Label
		if label == "" {
			label = msg.ProfileUnnamed.Text()
		}
		if d.This {
			label += " (" + msg.ProfileThisDevice.Text() + ")"
		}
		cw := c.W - bw - m/2
		if d.This {
			cw = c.W // this device is not revoked here: no button beside it
		}
		card := p.add("", label, layout.Rect{X: c.X, Y: c.Y, W: cw, H: c.H}, true, ui.KindTwoLine)
		card.Sub = msg.New(msg.ProfileSeen, day(d.Created), day(d.Seen)).String()
		if !d.This {
			id := "revoke-" + d.ID
			text := msg.ProfileRevoke.Text()
			if p.sure == id {
				text = msg.ProfileRevokeSure.Text()
			}
			b := p.add(id, text, layout.Rect{X: c.X + c.W - bw, Y: c.Y, W: bw, H: c.H}, p.Conn != nil && !p.lost(), 0)
			b.Size = ui.ClampF(cardH*0.28, 12, 24)
		}
		y += cardH + m
	}
}

// pairingLine says the pairing code and how long it lasts.
func (p *Profile) pairingLine() msg.Message {
	mins := int(math.Ceil(float64(p.Pairing.Expires-p.g.Clock.Now().UnixMilli()) / 60000))
	return msg.New(msg.ProfileCode, pairingShown(p.Pairing.Code), max(mins, 1))
}

// pairingShown is a pairing code as shown: two groups of five ("K7QMZ-P3XRT"; the server's
// has the dash already).
func pairingShown(c string) string {
	if len(c) == accountmsg.PairingLength {
		return c[:5] + "-" + c[5:]
	}
	return c
}

// day is a Unix-ms time as a date.
func day(ms int64) string { return time.UnixMilli(ms).UTC().Format("2006-01-02") }
