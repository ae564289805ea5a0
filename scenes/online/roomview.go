package online

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// Build lays the screen out and makes its buttons; it runs on resize and after every change.
func (r *Room) Build() {
	g := r.g
	rm := r.State()
	r.lay = RoomLayoutFor(g.W, g.H, r.maxSeats())
	l := &r.lay
	r.Widgets = r.Widgets[:0]
	lbl := msg.RoomCopy.Text()
	if r.copied {
		lbl = msg.RoomCopied.Text()
	}
	live := r.Opened && r.Status.Phase != client.LinkFailed // a link ended for good offers only leave
	if r.Status.Phase != client.LinkFailed {
		r.add("copy", lbl, l.Copy, r.Opened, 0)
	} else {
		l.Link.W = l.Copy.X + l.Copy.W - l.Link.X // the link takes the hidden button's place
	}
	for s, line := range l.Seats {
		if live && r.Host() && rm.State == protocol.StateLobby && s < len(rm.Seats) && rm.Seats[s].Kind == protocol.KindBot {
			r.add("remove-"+strconv.Itoa(s), "×", line.Remove, true, 0)
		}
	}
	lobby := rm.State == protocol.StateLobby
	switch {
	case !live:
	case lobby && r.Host():
		r.add("level", ui.LevelName(r.level).Text(), l.Level, true, 3)
		r.add("add-bot", msg.RoomAddBot.Text(), l.AddBot, len(rm.Seats) < rm.Settings.Seats, 0)
		lo, _ := engine.SeatsAllowed(rm.Settings.Variant)
		r.add("start", msg.Start.Text(), l.Start, len(rm.Seats) >= lo, 0)
	case lobby && !r.seated():
		lbl := msg.OnlineColourAny.Text()
		if r.colour != "" {
			lbl = colourName(r.colour)
		}
		r.add("colour", lbl, l.Level, true, 3)
		r.add("take-seat", msg.RoomTakeSeat.Text(), l.Start, len(rm.Seats) < rm.Settings.Seats, 0)
	case rm.State == protocol.StatePlaying:
		r.add("to-table", msg.RoomToTable.Text(), l.Start, r.Table != nil, 0)
	case rm.State == protocol.StateOver:
		r.add("to-table", msg.RoomToTable.Text(), l.AddBot, r.Table != nil, 0)
		if r.Host() {
			r.add("again", msg.RoomAgain.Text(), l.Start, true, 0)
		}
	}
	if live {
		r.addField("chat", r.draft, msg.None, l.Input)
		if r.field != "chat" && r.draft == "" {
			w := &r.Widgets[len(r.Widgets)-1]
			w.Label, w.Hint = msg.RoomChatHint.Text(), true
		}
		r.add("send", msg.RoomSend.Text(), l.Send, true, 0)
	}
	switch {
	case r.buildMod(): // the bottom row is the chosen seat's
	case r.confirm != "":
		r.add("no", msg.RoomNo.Text(), l.Buttons[0], true, 0)
		r.add("yes", msg.RoomYes.Text(), l.Buttons[2], true, 0)
	default:
		r.add("leave", msg.RoomLeave.Text(), l.Buttons[0], true, 0)
		if live && rm.State == protocol.StatePlaying && r.seated() && !rm.Seats[rm.You].Resigned {
			r.add("resign", msg.RoomResign.Text(), l.Buttons[1], true, 0)
		}
		if live && rm.State == protocol.StatePlaying && r.Host() {
			r.add("finish", msg.RoomFinish.Text(), l.Buttons[2], true, 0)
		}
	}
	if r.focus >= len(r.Widgets) {
		r.focus = -1
	}
}

// StatusLine is what the status line says now.
func (r *Room) StatusLine() (msg.Message, bool) {
	rm := r.State()
	switch r.Status.Phase {
	case client.LinkConnecting:
		return msg.New(msg.OnlineConnecting, pageURL(r.base)), true
	case client.LinkReconnecting:
		return msg.New(msg.OnlineReconnecting, r.Status.Attempt), true
	case client.LinkFailed:
		return failedText(r.Status, r.base), true
	}
	if m, ok := r.modLine(); ok {
		return m, true
	}
	switch {
	case r.confirm == "resign":
		return msg.New(msg.RoomResignConfirm), true
	case r.confirm == "finish":
		return msg.New(msg.RoomFinishConfirm), true
	case r.notice.ID != msg.None:
		return r.notice, true
	case rm.State == protocol.StateLobby && !r.Host() && r.seated():
		return msg.New(msg.RoomWaitHost), false
	case rm.State == protocol.StatePlaying && !r.seated():
		return msg.New(msg.RoomWatching), false
	case rm.State == protocol.StatePlaying:
		return msg.New(msg.RoomPlaying, rm.Game), false
	case rm.State == protocol.StateOver && rm.Result != nil:
		if lead := resultLeader(rm.Result); lead >= 0 && lead < len(rm.Seats) {
			id := msg.RoomOverWins
			if rm.Result.Finished {
				id = msg.RoomOverFinished
			}
			return msg.New(id, rm.Seats[lead].Name), false
		}
	case rm.Spectators > 0:
		return msg.New(msg.RoomSpectators, rm.Spectators), false
	}
	return msg.Message{}, false
}

// seatCol is the colour of a protocol seat colour's swatch.
func seatCol(c string) color.Color {
	for i, k := range protocol.Colours {
		if k == c {
			return swatchCols[i]
		}
	}
	return sprites.Muted
}

// swatchCols are the swatches of protocol.Colours, in its order.
var swatchCols = []color.Color{
	color.RGBA{0x4c, 0xc0, 0x5a, 0xff}, color.RGBA{0xe0, 0x4a, 0x3c, 0xff}, color.RGBA{0x4a, 0x8c, 0xf0, 0xff},
	color.RGBA{0xf4, 0xd0, 0x30, 0xff}, color.RGBA{0xa0, 0x6c, 0xe0, 0xff}, color.RGBA{0xf0, 0x8c, 0x2c, 0xff},
	color.RGBA{0xf2, 0x8c, 0xc8, 0xff}, color.RGBA{0x3c, 0xd0, 0xd8, 0xff}, color.RGBA{0x9c, 0x6c, 0x44, 0xff},
	color.RGBA{0xb0, 0xb0, 0xb0, 0xff},
}

// seatInfoText is what a seat's line says besides its name.
func (r *Room) seatInfoText(s int) string {
	rm := r.State()
	st := rm.Seats[s]
	var parts []string
	if st.Kind == protocol.KindBot {
		parts = append(parts, msg.New(msg.RoomBot, ui.LevelName(st.Level)).String())
	} else {
		switch {
		case st.Resigned:
			parts = append(parts, msg.RoomResigned.Text())
		case !st.Connected:
			parts = append(parts, msg.PlateDisconnected.Text())
		case st.Away:
			parts = append(parts, msg.PlateAway.Text())
		default:
			parts = append(parts, msg.RoomReady.Text())
		}
	}
	if s == rm.Host {
		parts = append(parts, msg.RoomHost.Text())
	}
	if s == rm.You {
		parts = append(parts, msg.RoomYou.Text())
	}
	return strings.Join(parts, " · ")
}

// SeatName is seat s's name as its line shows it, with its style and the width it fits:
// shortened as the table's plates shorten a name (text.Renderer.CutName), so that seats stay
// told apart ("P. 10", "Ada L.").
func (r *Room) SeatName(s int) (string, text.Style, float64) {
	st := text.Style{Size: r.lay.Text, Bold: true}
	w := r.lay.Seats[s].Name.W - 4
	return r.g.Txt.CutName(r.State().Seats[s].Name, st, w), st, w
}

func (r *Room) Draw(dst *ebiten.Image) {
	g := r.g
	l := &r.lay
	rm := r.State()
	g.DrawFelt(dst)
	title := msg.New(msg.RoomTitle, rm.Code).String()
	if rm.Code == "" {
		title = msg.OnlineTitle.Text()
	}
	r.title(dst, title, l.Title)
	size := l.Text
	st := text.Style{Size: size}
	// The link, in a framed box.
	g.RoundRect(dst, l.Link, 6, ui.Overlay)
	if rm.Code != "" {
		link := RoomURL(r.base, rm.Code)
		_, cy := l.Link.Center()
		g.Label(dst, g.Txt.Cut(link, st, l.Link.W-16), l.Link.X+8, cy, size, ui.TitleCol, text.Left|text.VertCenter, false)
	}
	if m, warn := r.StatusLine(); m.ID != msg.None {
		c := ui.LabelCol
		if warn {
			c = ui.FocusCol
		}
		s := m.String()
		fs := g.Txt.Fit(s, st, l.Status.W, size*0.8)
		_, cy := l.Status.Center()
		g.Label(dst, g.Txt.Cut(s, text.Style{Size: fs}, l.Status.W), l.Status.X, cy, fs, c, text.Left|text.VertCenter, false)
	}
	for s, line := range l.Seats {
		g.RoundRect(dst, line.Box, 6, ui.Overlay)
		_, cy := line.Box.Center()
		if s >= len(rm.Seats) {
			g.Label(dst, g.Txt.Cut(msg.RoomFree.Text(), st, line.Name.W+line.Info.W), line.Name.X, cy, size, sprites.Muted, text.Left|text.VertCenter, false)
			continue
		}
		seat := rm.Seats[s]
		g.RoundRect(dst, line.Swatch, line.Swatch.W/2, seatCol(seat.Colour))
		name, nst, _ := r.SeatName(s)
		g.Label(dst, name, line.Name.X, cy, size, ui.TitleCol, text.Left|text.VertCenter, true)
		// The info follows the name as drawn, so a short name leaves its room to the info
		// ("here · host" whole beside "Ada" on a landscape phone).
		nw, _ := g.Txt.Measure(name, nst)
		ix := math.Min(line.Info.X, line.Name.X+nw+size*0.7)
		g.Label(dst, g.Txt.Cut(r.seatInfoText(s), st, line.Info.X+line.Info.W-ix), ix, cy, size, ui.LabelCol, text.Left|text.VertCenter, false)
	}
	r.drawChat(dst)
	r.form.Draw(dst)
}

func (r *Room) onlineState() *ui.OnlineState {
	rm := r.State()
	o := &ui.OnlineState{Code: rm.Code, State: rm.State, Game: rm.Game, You: rm.You, Host: rm.Host,
		Phase: r.Status.Phase.String()}
	if rm.Code != "" {
		o.Link = RoomURL(r.base, rm.Code)
	}
	for _, s := range rm.Seats {
		o.Seats = append(o.Seats, s.Name)
	}
	if m, _ := r.StatusLine(); m.ID != msg.None {
		o.Status = m.String()
	}
	if rm.Result != nil {
		o.Totals = append([]int{}, rm.Result.Totals...)
	}
	for _, e := range r.chat {
		o.Chat = append(o.Chat, e.String())
	}
	return o
}
