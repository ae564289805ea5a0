package online

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// chatEntry is one line of the room's chat: said by a seat (name, colour), by the room itself
// (system), or answered here (local, in the person's language).
type chatEntry struct {
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

// drawChat draws the chat's last lines, wrapped to its width, newest at the bottom.
func (r *Room) drawChat(dst *ebiten.Image) {
	g := r.g
	l := &r.lay
	if l.Chat.H <= 0 {
		return
	}
	g.RoundRect(dst, l.Chat, 6, ui.Overlay)
	n := l.ChatLines()
	var lines []string
	var cols []color.Color
	for i := len(r.chat) - 1; i >= 0 && len(lines) < n; i-- {
		e := r.chat[i]
		ws := g.WrapText(e.String(), l.Text, l.Chat.W-16)
		c := ui.TitleCol
		if e.system || e.local.ID != msg.None {
			c = sprites.Muted
		}
		for j := len(ws) - 1; j >= 0 && len(lines) < n; j-- {
			lines = append(lines, ws[j])
			cols = append(cols, c)
		}
	}
	y := l.Chat.Y + l.Chat.H - l.LineH/2 - 2
	st := text.Style{Size: l.Text}
	for i, s := range lines {
		g.Label(dst, g.Txt.Cut(s, st, l.Chat.W-16), l.Chat.X+8, y, l.Text, cols[i], text.Left|text.VertCenter, false)
		y -= l.LineH
	}
}
