// Package scenes is the game: the scene manager over the screens of its sub-packages, on
// Ebitengine. Every platform builds it with the one constructor NewGame(Options); *Game
// implements ebiten.Game (with LayoutF, so the screen is in device pixels and HiDPI screens stay
// crisp).
//
// Game is the scene manager: it owns the current scene and switches to the next at the start of
// a tick, draws only when something changed, and recovers a scene's panic to the menu. It
// implements the ui.Router: a scene asks (Menu, Play, Continue, Rules, Lobby, Show, Table), the
// manager builds the scene and shows it next tick. A scene is given a ui.Host, never the Game,
// and no scene holds another to go back to: the online room asks for its game's table
// (Router.Table) and the manager keeps the room, has it follow its next game while the table
// shows (ui.Follower), and takes the table's menu back to it (Router.Back; from a local game,
// the menu). The rig (screenshots, autoplay, injected input; desktop only) drives the game from
// outside.
//
// The sub-packages, each importing only those before it: ui (the Kit, input, widgets, the Env,
// the Scene interface, the Router), session (where a table's game lives: local, remote), menu
// (the title menu, settings, statistics, the new-game form), table (the playing table and the
// rules walkthrough), online (the lobby and the room). A new screen is a ui.Scene in the
// package of its part, built by the manager behind a new Router method.
//
// # Test hook
//
// TestState returns a JSON-able snapshot for tests and the browser hook: the scene name, the
// screen size and scale, whether input is accepted now, the person's hand with tap rectangles,
// the rows with tap rectangles, scores, the pending decision and waiting seats, and every button
// of the current scene, the seat shown (Seat) and, during a hand-over, the person's name
// (Handover; no hand or decision is reported then). Rectangles are in logical pixels; multiply
// by Scale for device pixels.
//
// Scene names: menu, newgame, settings, rules, deal, choose, reveal, placement, rowchoice,
// score, gameover; the new-game form (newgame.go, its layout in newgamelayout.go and input in
// newgameinput.go; a component an online room's form reuses) shows "variants" (the list), "variant" (one paragraph) and "seat" (a seat's picker); online,
// online-create and room are online play's lobby, its room form and the room screen (whose
// state TestState.Online reports).
//
// Button ids (stable):
//
//	menu:      new-game, continue, online, rules, stats, settings, quit (desktop only)
//	newgame:   variant (opens the list; where the screen has room the list stands beside the
//	           form instead), variant-KEY (basic … tcg, double-doublets), about-KEY (its
//	           paragraph), seats-minus, seats-plus, name (the person's name), seat-1 … seat-9
//	           (the seat's picker), end-mode, end-minus, end-plus, speed, back, start;
//	           back-variants on the list, back-newgame on a paragraph; on a seat's picker
//	           choice-random … choice-expert, choice-person, seat-name (a person's name),
//	           seat-done
//	settings:  speed, tracker, advisor, lang, volume-minus, volume-plus, mute, fullscreen (desktop
//	           only), back
//	table:     menu, tracker, advisor, log, replay, confirm; handover-ready on the hand-over screen
//	score:     continue
//	gameover:  play-again, menu-gameover
//	rules:     menu, rules-next
//	variants:  keep (Hand); the draft pool and choice cards are PoolRects and ChoiceRects
//	online:    server (desktop and phones), name, colour, create, code, join, rejoin, back
//	online-create: the new-game form's ids (its Start is create-room) and timer-minus,
//	           timer-plus
//	room:      copy (browser), remove-N (the host, on a bot's line), level, add-bot, start
//	           (the host), colour, take-seat (not seated), to-table, again (the host, game over),
//	           chat, send, leave, resign, finish (the host), no, yes (confirming)
//	keyboard:  while a field is typed into on a touch screen without the platform's text
//	           field (the phone app), on any of these screens: key-LETTER (key-a, key-Q, key-3,
//	           key-/ …, as shown), key-shift, key-symbols, key-back, key-space, key-done
//
// To play a card: tap one of HandRects (it lifts), then tap it again or tap "confirm". To take a
// row when Decision is "row": tap one of RowRects.
//
// # Screenshots
//
// Options.Screenshot renders Options.Scene from a seeded position to a PNG and ends the game:
// menu, newgame, variants, seat, keyboard (a name typed on the on-screen keyboard), settings,
// rules, deal, choose, fan (a full hand, its second card lifted), warning, reveal, placement, rowchoice, score, gameover,
// tracker, log, handover (the hot-seat hand-over screen), online, online-create, room,
// reconnecting (an online table whose connection dropped), timer (an online table with the
// decision timer running), online-keyboard and room-keyboard (a room code and a chat line typed
// on the on-screen keyboard). `make screenshots` renders every one
// at 390x844, 844x390 and 1280x720 into build/screenshots.
package scenes
