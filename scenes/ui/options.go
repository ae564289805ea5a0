package ui

import "nimmt/sound"

// Storage keeps the game's small files: settings.json and save.json. Load's error should wrap
// fs.ErrNotExist for a missing file. Desktop: storage.Dir; browser: localStorage; mobile: files dir.
type Storage interface {
	Load(name string) ([]byte, error)
	Save(name string, data []byte) error
}

// Options configure a Game.
type Options struct {
	// Storage keeps settings and the autosave; nil keeps nothing.
	Storage Storage
	// Desktop enables the Quit button and the fullscreen toggle.
	Desktop bool
	// Seed seeds the first game's deal; 0 picks one from the cosmetic generator.
	Seed uint64
	// Bots makes computer opponents; nil uses the bots package (bots.New).
	Bots BotFactory
	// Advisor estimates the expected bullheads of each card in the person's hand; nil uses the
	// Intermediate bot's evaluation (bots.Advise).
	Advisor Advisor
	// Screenshot, if set, renders Scene to this PNG file and then ends the game.
	Screenshot string
	// Scene names the scene for Screenshot: menu deal choose reveal placement score gameover
	// rowchoice rules.
	Scene string
	// Speed overrides the saved animation speed when non-empty ("slow", "normal", "fast", "instant").
	Speed string
	// Seats overrides the saved number of seats of a new game when non-zero (2–10).
	Seats int
	// Variant overrides the saved rules of a new game when non-empty (an engine variant name:
	// basic, tactics, logic, tournament, professional, open, nifty, hand, double, tcg), and
	// Doublets picks Double's one deck plus the doublets 11…99.
	Variant  string
	Doublets bool
	// Autoplay starts a game at once and plays the person's seat with the bots' one-step player until the
	// game is over, then ends (a demo, and a way to measure a whole game).
	Autoplay bool
	// InlineBots runs the bots' decisions inside Update instead of in goroutines: a game is then
	// a pure function of its seed and input (tests, screenshots).
	InlineBots bool
	// Lang overrides the saved language when non-empty: a language code of nimmt/msg (en, de,
	// es, fr). An unknown code is an error.
	Lang string
	// Locale is the system's or browser's locale ("de_DE.UTF-8", "fr-CA"): the language when the
	// settings name none. Empty or unknown means English.
	Locale string
	// Scale forces the device scale factor (device pixels per logical pixel) when positive;
	// 0 uses the monitor's. For screenshots and tests of HiDPI drawing.
	Scale float64
	// Sound plays the effects (sound.New over sound.Open's device); nil is silent.
	Sound *sound.Player
	// Server is the game server of online play when the platform knows it (the browser: its
	// page's own, "wss://host"); empty lets the person type one (remembered in the settings).
	Server string
	// Clipboard, if set, puts a text on the clipboard (the browser's navigator.clipboard, the
	// desktop's system clipboard through nimmt/clip): the room screen's copy button. Nil (the
	// phone apps) makes the button say that this device cannot copy, with the code to share.
	Clipboard func(text string) error
	// Download, if set, hands a file to the person (the browser's download: the profile page's
	// export); nil saves it in Storage, in the game's files folder.
	Download func(name, mime string, data []byte) error
	// Room is a room code to join at once (the browser's ?room=CODE link); empty opens the menu.
	Room string
	// SoundStatus, if set, says whether the sound device plays and why not (sound.Device.Status);
	// the settings page shows the reason when it is silent.
	SoundStatus func() (ready bool, err error)
	// IdleFrames stops the frames while nothing moves (pace.go): Ebitengine then draws only on
	// input and when the game is woken, so a still menu or table costs no CPU. The desktop, web
	// and mobile builds set it; a caller that runs Update and Draw itself (tests) leaves it off.
	IdleFrames bool
	// FrameWake, if set, is called in the idle mode after the game asked Ebitengine for a frame
	// from outside the game loop (Game.Wake, WakeAfter): the browser's page holds Ebitengine's
	// animation-frame requests back while the game is idle and lets them go then (wasm/webrun).
	FrameWake func()
	// TextField, if set, is the platform's text input a name is typed into (the browser's
	// <input>); nil takes the keys' letters and, on a touch screen, shows an on-screen keyboard.
	TextField TextField
}
