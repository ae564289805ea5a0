// Package online is online play's screens: the lobby (online.go: the server's address, the name
// and colour, create a room with the new-game form plus a decision timer, or join by code) and
// the room (room.go: its state and its buttons' actions; roomfollow.go: following the room's
// link, the seat token, asking for the table on a remote session; roomview.go: buttons, status
// line, drawing, the test state; roomchat.go: the chat and its slash commands; roomlayout.go),
// the text fields' form they share (form.go), and the link they need of a game server with the
// Dialing the scene manager gives them (onlinelink.go).
//
// The room builds no table: it asks the Router for one on a session.RemoteSession (Router.Table),
// and the scene manager keeps the room to go back to (Router.Back, the table's menu button) and
// has it follow the room's next game while the table shows (ui.Follower). It imports ui, session
// and menu (the room's form is the new-game form), and no sibling above them.
package online
