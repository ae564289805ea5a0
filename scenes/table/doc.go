// Package table is the playing table, over one session.Session: the Table scene (table.go: its
// construction, the Update loop, the layout) and its four parts, as types (parts.go): the
// presenter (presenter.go: the displayed view, the event queue, the typed phase, each event's
// animation steps), the board (board.go, twins.go: the card sprites, their homes, lift and
// shift), the HUD (hud.go, draw_hud.go, panels.go, gameover.go: plates, status line, log,
// tracker, score and game-over panels, the connection banner; the log panel is its own type,
// logView in logview.go) and the controls (controls.go:
// selection, the two-card picks, draft and keep; they decide from the displayed view only).
// Beside them: drawing (draw_table.go), online play's decision timer (ring.go), the hot-seat
// hand-over screen (handover.go), the statistics of a game that ends (record.go), the rules
// walkthrough, a scripted session on a table (rules.go), the pause sheet and the rules or
// settings it opens over a local game (pauseSheet, pause.go), the guided game's coach
// (coaching, tutorial.go), and the test hook (testhook.go).
//
// A table goes back with the Router's Back (the scene manager keeps where it came from); an
// online table's game-over buttons reach its room through an interface the manager sets
// (onlineSide, parts.go), never the room itself. The package imports ui and session, and no sibling above them.
package table
