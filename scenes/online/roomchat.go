package online

import (
	"image/color"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// chatEntry is one line of the room's chat: said by a seat (name, colour), by the room itself
// (system), or answered here (local, in the person's language).
type chatEntry struct {
	_                  ui.NoCompare
	name, colour, text string
	system             bool
	local              msg.Message
}

// MaxChatDraft is the longest chat line typed here (the protocol's limit).
const MaxChatDraft = protocol.MaxChatRunes

// say sends the chat line typed: a slash command as its message, other text to the room.
func (r *Room) say() {
	line := strings.TrimSpace(r.draft)
	r.draft = ""
	if line == "" {
		return
	}
	m, local := ChatAction(line, r.g.Settings.Name, r.colour)
	if local.ID == msg.RoomHelp && !r.Host() {
		local = msg.New(msg.RoomHelpGuest) // the host's commands are not this player's
	}
	if m != nil {
		r.Link.Send(m)
	}
	if local.ID != msg.None {
		r.chat = append(r.chat, chatEntry{local: local})
	}
}

// chatText is a chat entry as shown.
func (e chatEntry) String() string {
	switch {
	case e.local.ID != msg.None:
		return e.local.String()
	case e.system || e.name == "":
		return e.text
	}
	return e.name + ": " + e.text
}

// ChatShown is the chat as drawn: its last lines that fit, wrapped to its width, top first,
// their colours, and the box they take at the bottom of the chat's area, as high as they need
// (the area is the most). An empty chat says so in a sentence.
func (r *Room) ChatShown() (lines []string, cols []color.Color, box layout.Rect) {
	g := r.g
	l := &r.lay
	n := l.ChatLines()
	add := func(s string, c color.Color) {
		ws := g.WrapText(s, l.Text, l.Chat.W-16)
		for j := len(ws) - 1; j >= 0 && len(lines) < n; j-- {
			lines = append(lines, ws[j])
			cols = append(cols, c)
		}
	}
	for i := len(r.chat) - 1; i >= 0 && len(lines) < n; i-- {
		e := r.chat[i]
		c := ui.TitleCol
		if e.system || e.local.ID != msg.None {
			c = sprites.Muted
		}
		add(e.String(), c)
	}
	if len(r.chat) == 0 {
		add(msg.RoomChatEmpty.Text(), sprites.Muted)
	}
	slices.Reverse(lines)
	slices.Reverse(cols)
	h := min(l.Chat.H, float64(len(lines))*l.LineH+2*chatPad)
	return lines, cols, layout.Rect{X: l.Chat.X, Y: l.Chat.Y + l.Chat.H - h, W: l.Chat.W, H: h}
}

// chatPad is the room above and below the chat's lines in their box.
const chatPad = 6

// drawChat draws the chat's last lines (ChatShown), newest at the bottom.
func (r *Room) drawChat(dst *ebiten.Image) {
	g := r.g
	l := &r.lay
	if l.Chat.H <= 0 {
		return
	}
	lines, cols, box := r.ChatShown()
	g.RoundRect(dst, box, 6, ui.Overlay)
	y := box.Y + box.H - (box.H-float64(len(lines))*l.LineH)/2 - (float64(len(lines))-0.5)*l.LineH
	st := text.Style{Size: l.Text}
	for i, s := range lines {
		g.Label(dst, g.Txt.Cut(s, st, l.Chat.W-16), l.Chat.X+8, y, l.Text, cols[i], text.Left|text.VertCenter, false)
		y += l.LineH
	}
}
