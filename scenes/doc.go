// Package scenes is the game: the menu, the playing table (deal, choose, reveal, placement, row
// choice, round score, game over) and the rules walkthrough, on Ebitengine. Every platform builds
// it with the one constructor NewGame(Options); *Game implements ebiten.Game (with LayoutF, so the
// screen is in device pixels and HiDPI screens stay crisp).
//
// Flow: the engine emits events; the table keeps its own displayed engine.View and folds the
// events in one by one as the anim timeline consumes them, so the screen never runs ahead of the
// animation. Input is taken only when the timeline is idle (a tap or Space skips an animation).
// Bots decide in goroutines; the scene polls their answers and paces them like people (20–60
// ticks for a card, ~30 before a row choice). The layout is a pure function of the window size
// (package layout); drawing and hit-testing use the same rectangles.
//
// Text shown to players comes from nimmt/msg by message id (menu, settings, notices, the rules
// walkthrough; the table's files are being converted, see unconverted in text_test.go, whose
// TestNoRawText fails on a raw literal drawn in a converted file).
//
// Storage keeps settings.json and save.json (the engine's game record plus the bot levels and
// the seed), written in the background; FlushSaves waits for pending writes.
//
// # Test hook
//
// TestState returns a JSON-able snapshot for tests and the browser hook: the scene name, the
// screen size and scale, whether input is accepted now, the person's hand with tap rectangles,
// the rows with tap rectangles, scores, the pending decision and waiting seats, and every button
// of the current scene. Rectangles are in logical pixels; multiply by Scale for device pixels.
//
// Scene names: menu, newgame, settings, rules, deal, choose, reveal, placement, rowchoice,
// score, gameover; "variant" is the new-game page describing the chosen variant.
//
// Button ids (stable):
//
//	menu:      new-game, continue, rules, settings, quit (desktop only)
//	newgame:   variant, variant-about, seats-minus, seats-plus, name, level-1 … level-9,
//	           end-mode, end-minus, end-plus, speed, back, start (back-newgame on the about page)
//	settings:  speed, tracker, advisor, fullscreen (desktop only), back
//	table:     menu, tracker, advisor, log, replay, confirm
//	score:     continue
//	gameover:  play-again, menu-gameover
//	rules:     menu, rules-next
//	variants:  keep (Hand); the draft pool and choice cards are PoolRects and ChoiceRects
//
// To play a card: tap one of HandRects (it lifts), then tap it again or tap "confirm". To take a
// row when Decision is "row": tap one of RowRects.
//
// # Screenshots
//
// Options.Screenshot renders Options.Scene from a seeded position to a PNG and ends the game:
// menu, newgame, settings, rules, deal, choose, reveal, placement, rowchoice, score, gameover,
// tracker, log.
package scenes
