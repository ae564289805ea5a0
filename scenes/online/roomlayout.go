package online

import (
	"math"

	"nimmt/layout"
	"nimmt/scenes/ui"
)

// roomLayout is where the room screen's parts sit: a pure function of the screen size and the
// room's seat count (roomLayoutFor). Wide screens put the seats on the left and the chat on the
// right; tall ones stack header, seats, host bar, chat and the bottom buttons.
type roomLayout struct {
	W, H float64
	// Title holds the room's code; Link the link that opens the room and Copy its copy button.
	Title, Link, Copy layout.Rect
	// Status is the line for the connection's state, an error or what the room waits for.
	Status layout.Rect
	// Seats are the seat lines; each has a colour Swatch, the Name, the Info (bot level, host,
	// you, here/away/disconnected) and a Remove button (the host's, on bots).
	Seats []seatLine
	// Level and AddBot are the host's bot level chip and its add button; Start starts the game
	// (Start also holds "Play again", "Back to the table" or "Take a seat" as the state asks).
	Level, AddBot, Start layout.Rect
	// Chat is the area of the chat's last lines; Input the field to type in and Send its button.
	Chat, Input, Send layout.Rect
	// Buttons are the bottom line: Leave, then Resign and Finish while a game is on.
	Buttons [3]layout.Rect
	// Text is the size of the seat lines' and the chat's text; LineH the chat's line height.
	Text, LineH float64
}

// seatLine is one seat on the room screen.
type seatLine struct {
	_                               ui.NoCompare
	Box, Swatch, Name, Info, Remove layout.Rect
}

// RoomLayoutFor lays the room screen out on a w×h screen for a room of seats seats.
func RoomLayoutFor(w, h float64, seats int) roomLayout {
	l := roomLayout{W: w, H: h}
	m := math.Round(ui.ClampF(math.Min(w, h)*0.02, 6, 24))
	gap := math.Round(ui.ClampF(math.Min(w, h)*0.01, 4, 10))
	bh := ui.ClampF(h*0.07, layout.MinTap, 56)
	titleH := ui.ClampF(h*0.07, 34, 64)
	if math.Min(w, h) < 600 { // a phone: tap targets as small as they may be, room for the seats
		bh, titleH = layout.MinTap, math.Min(titleH, layout.MinTap)
	}
	wide := w > h*1.15 && w >= 700
	l.Text = ui.ClampF(math.Min(w, h)*0.035, 13, 20)
	l.LineH = math.Ceil(l.Text * 1.4)
	l.Title = layout.Rect{X: m, Y: m, W: w - 2*m, H: titleH}
	y := m + titleH + gap
	// The link and its copy button.
	cw := ui.ClampF(w*0.22, 96, 200)
	l.Link = layout.Rect{X: m, Y: y, W: w - 2*m - cw - gap, H: bh}
	l.Copy = layout.Rect{X: w - m - cw, Y: y, W: cw, H: bh}
	y += bh + gap
	l.Status = layout.Rect{X: m, Y: y, W: w - 2*m, H: l.LineH}
	y += l.LineH + gap
	bottom := h - m - bh
	row := layout.Rect{X: m, Y: bottom, W: w - 2*m, H: bh}
	for i := range l.Buttons {
		l.Buttons[i] = row.SplitH(3, i, gap)
	}
	if wide {
		left := layout.Rect{X: m, Y: y, W: (w-2*m)*0.55 - gap/2, H: bottom - gap - y}
		right := layout.Rect{X: left.X + left.W + gap, Y: y, W: w - 2*m - left.W - gap, H: left.H}
		hostY := left.Y + left.H - bh
		l.hostBar(layout.Rect{X: left.X, Y: hostY, W: left.W, H: bh}, gap)
		l.seatLines(layout.Rect{X: left.X, Y: left.Y, W: left.W, H: hostY - gap - left.Y}, seats, gap, bh)
		l.chat(right, bh, gap)
		return l
	}
	// Tall: seats get what they need (lines of at least a tap target), the chat the rest.
	lineH := bh
	seatsH := float64(seats)*(lineH+gap) - gap
	hostY := y + seatsH + gap
	l.seatLines(layout.Rect{X: m, Y: y, W: w - 2*m, H: seatsH}, seats, gap, bh)
	l.hostBar(layout.Rect{X: m, Y: hostY, W: w - 2*m, H: bh}, gap)
	cy := hostY + bh + gap
	l.chat(layout.Rect{X: m, Y: cy, W: w - 2*m, H: bottom - gap - cy}, bh, gap)
	return l
}

// hostBar cuts the host's line: the bot level chip, Add bot, Start.
func (l *roomLayout) hostBar(r layout.Rect, gap float64) {
	l.Level, l.AddBot, l.Start = r.SplitH(3, 0, gap), r.SplitH(3, 1, gap), r.SplitH(3, 2, gap)
}

// seatLines cuts area into seats lines of at most maxH, each with its swatch, name, info and
// remove button; in two columns when one is too short for lines of 28 pixels.
func (l *roomLayout) seatLines(area layout.Rect, seats int, gap, maxH float64) {
	cols := 1
	if float64(seats)*(28+gap) > area.H+gap {
		cols = 2
	}
	per := (seats + cols - 1) / cols
	lh := math.Min(maxH, (area.H+gap)/float64(per)-gap)
	l.Seats = make([]seatLine, seats)
	for i := range l.Seats {
		c, r := i/per, i%per
		col := area.SplitH(cols, c, gap)
		b := layout.Rect{X: col.X, Y: area.Y + float64(r)*(lh+gap), W: col.W, H: lh}
		pad := math.Round(lh * 0.2)
		sw := lh - 2*pad
		rw := math.Max(layout.MinTap, lh)
		s := seatLine{Box: b, Swatch: layout.Rect{X: b.X + pad, Y: b.Y + pad, W: sw, H: sw},
			Remove: layout.Rect{X: b.X + b.W - rw, Y: b.Y, W: rw, H: lh}}
		tx := s.Swatch.X + sw + pad
		tw := s.Remove.X - gap - tx
		s.Name = layout.Rect{X: tx, Y: b.Y, W: tw * 0.5, H: lh}
		s.Info = layout.Rect{X: tx + tw*0.5, Y: b.Y, W: tw * 0.5, H: lh}
		l.Seats[i] = s
	}
}

// chat cuts the chat area: its lines above the input field and the Send button.
func (l *roomLayout) chat(r layout.Rect, bh, gap float64) {
	sw := ui.ClampF(r.W*0.25, 80, 160)
	iy := r.Y + r.H - bh
	l.Input = layout.Rect{X: r.X, Y: iy, W: r.W - sw - gap, H: bh}
	l.Send = layout.Rect{X: r.X + r.W - sw, Y: iy, W: sw, H: bh}
	l.Chat = layout.Rect{X: r.X, Y: r.Y, W: r.W, H: math.Max(0, iy-gap-r.Y)}
}

// ChatLines is how many chat lines the chat area shows.
func (l *roomLayout) ChatLines() int { return int(l.Chat.H / l.LineH) }
