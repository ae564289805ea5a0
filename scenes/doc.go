// Package scenes is the game: the menu, the playing table (deal, choose, reveal, placement, row
// choice, round score, game over) and the rules walkthrough, on Ebitengine. Every platform builds
// it with the one constructor NewGame(Options); *Game implements ebiten.Game (with LayoutF, so the
// screen is in device pixels and HiDPI screens stay crisp).
//
// Game (game.go) is the scene manager: it owns the current scene and switches to the next at
// the start of a tick, draws only when something changed (pace.go), and recovers a scene's panic
// to the menu. A scene is given a *Host, never the Game: the Kit it draws with (kit.go: text,
// painter, shape cache, size and scale, the widgets of widgets.go and shapes.go), the Env it
// reads and keeps (env.go: options, settings.go, sound, statistics, clock, the frames' wake, the
// online dialer) and the Router it moves on with (router.go: Menu, Play, Continue, Rules,
// Lobby, Show; the manager builds the scene and shows it next tick). options.go holds Options.
//
// Flow: a table's game lives in a Session (session.go): localSession (local.go) holds the
// engine, runs the bots — paced like people, 20–60 ticks for a card and about 30 before a row
// choice, in goroutines, or inline with Options.InlineBots — and writes the autosave; the rules
// walkthrough is a scripted session (rules.go); online play adds a remote one. The table never
// holds the game: it reads the redacted event stream of the seat it shows (t.me), folds the
// events into its displayed engine.View one by one as the anim timeline consumes them, and sends
// actions through Session.Act; input decides from the displayed view only and is taken when the
// timeline is idle (a tap or Space skips an animation). Seats are typed (Seat: a person here, a
// bot, a remote player). The layout is a pure function of the window size (package layout);
// drawing and hit-testing use the same rectangles.
//
// Text shown to players comes from nimmt/msg by message id: the menu, the settings, the
// notices, the rules walkthrough and the table (status, plates, buttons, panels, the hand-over
// screen); the log keeps messages (id and arguments), not finished strings. TestNoRawText fails
// on a raw literal drawn in a converted file (all but variants.go).
//
// The table, by job: table.go (the scene: construction, the Update loop, layout, and the table's
// four parts over its Session, as types: presenter — the displayed view, the event queue, the
// typed phase; board — the card sprites, their homes, lift and shift; hud — plates, status, log,
// panels and their text caches; controls — selection, picks, hover — each part reading the
// presenter's displayed view; the types are in parts.go), presenter.go (the presenter's
// typed phase with its one setter, one method per event kind returning animation steps),
// board.go and twins.go (card sprites, their homes, motion), hud.go (plates, status line, log),
// controls.go (pointer, keyboard, the two-card picks of Nifty and Hand, draft and keep),
// draw_table.go and panels.go (drawing; tracker, log, score, game over, choice panels),
// ring.go (online play's decision timer: a ring where each deciding person's card will come,
// the seconds left in it, stepped and woken once a second by the game's clock),
// handover.go (hot-seat play), testhook.go and teststate.go (TestState; not in the web release
// build), rig.go (the rig: screenshots, autoplay, injected input — outside Game, which stays a
// scene manager) and shoot.go, shootonline.go, shootremote.go (the screenshots and autoplay,
// desktop only: rig_js.go refuses them in the browser, keeping their code out of the wasm).
//
// Text fields: textfield.go (the platform's own text field, the browser's <input>) and
// keyboard.go (the game's on-screen keyboard on a touch screen without one, the phone app: the
// new-game form's names and every field of the online screens, through form.go).
//
// Online play (online.go, room*.go, form.go): Menu → Play online is the lobby
// (the server's address — the browser's own page's — the name and colour, create a room with the
// new-game form plus a decision timer, or join by code; ?room=CODE in the browser opens it with
// the code filled in, or takes the seat kept in the settings back). The room screen follows the
// room over a client.Link: seats, the host's bots and start, the chat with the portal's slash
// commands, resign and finish confirmed, leave; when a game starts it opens the table on the
// remote session, whose menu button comes back to the room. The seat token is kept in the
// settings so a reload, a restart or a lost connection takes the seat back. The room screen is
// cut by job: room.go (the screen's state and its buttons' actions), roomfollow.go (following the
// link: refusals, the seat token, opening the table), roomview.go (buttons, status line, drawing,
// the test state), roomchat.go (the chat's lines and slash commands) and roomlayout.go.
//
// Hot-seat: several seats can be people at this device. When the decision passes to another
// person, the table hides behind a hand-over screen ("Pass the device to Ann") and, once she
// taps, shows her view folded from her own stream: her hand, advisor and tracker only. A game
// with one person never shows it; Continue resumes a hot-seat game behind it.
//
// Sound: Options.Sound (a nimmt/sound Player) hears each event when the table's timeline shows
// it (sound.go: a step at the start of the event's animation, a placement as its card lands), as
// the person shown hears it (no one's during a hand-over); buttons click; Suspend and Resume pause
// it; the settings page keeps its volume and mute and says why the device is silent.
//
// Storage keeps settings.json and save.json (the engine's game record plus the seats, the seed
// and the person holding the device), written in the background; FlushSaves waits for pending
// writes.
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
