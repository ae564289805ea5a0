package scenes

import (
	"slices"
	"strings"
	"testing"

	"nimmt/client"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/online"
	"nimmt/scenes/ui"
)

// TestRoomChatShown: the room's chat is as high as its lines (issue 26: a large empty panel),
// says so in a sentence while nobody has spoken, and /help tells a player who is not the host
// only the commands that player has (the host's were shown to everyone).
func TestRoomChatShown(t *testing.T) {
	og := newOnlineGame(t, ui.Options{})
	link := &cannedLink{status: client.LinkStatus{Phase: client.LinkOnline}}
	bob := protocol.Seat{Name: "Bob", Colour: "red", Kind: protocol.KindPerson, Connected: true}
	ann := protocol.Seat{Name: "Ann", Colour: "green", Kind: protocol.KindPerson, Connected: true}
	room := lobbyRoom("K7QX3M", 1, bob, ann)
	room.Host = 0
	if err := link.push(protocol.Welcome{Code: "K7QX3M"}, protocol.Joined{Token: "t", Colour: "green"}, room); err != nil {
		t.Fatal(err)
	}
	r := online.NewRoom(og.host, &og.dial, link, "", false)
	og.goTo(r)
	og.tickIdle(t)
	og.tickIdle(t)
	if r.Host() {
		t.Fatal("Ann holds the host's seat")
	}
	var field ui.Rect
	for _, b := range og.TestState().Buttons {
		if b.ID == "chat" {
			field = b.Rect
		}
	}
	lines, _, box := r.ChatShown()
	if got := strings.Join(lines, " "); got != msg.RoomChatEmpty.Text() || box.H > 1.5*field.H || box.Y+box.H > field.Y {
		t.Errorf("an empty chat shows %q in %+v, above the field %+v", got, box, field)
	}
	og.Tap(t, "chat")
	og.typeText(t, "/help")
	chat := og.TestState().Online.Chat
	if len(chat) != 1 || chat[0] != msg.RoomHelpGuest.Text() || strings.Contains(chat[0], "/bot") {
		t.Errorf("/help from a guest: %q", chat)
	}
	lines, _, box2 := r.ChatShown()
	if len(lines) == 0 || slices.Contains(lines, msg.RoomChatEmpty.Text()) || box2.H <= box.H-1 && len(lines) > 1 || box2.Y+box2.H != box.Y+box.H {
		t.Errorf("the chat with the help: %q in %+v (empty: %+v)", lines, box2, box)
	}
	if link.sent != nil && slices.ContainsFunc(link.sent, func(m protocol.Message) bool { _, ok := m.(protocol.Say); return ok }) {
		t.Errorf("/help was sent to the room: %v", link.sent)
	}
}
