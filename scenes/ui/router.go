package ui

// Router is how a scene moves on: the scene asks, the scene manager (Game) builds the next
// scene and shows it at the start of the next tick. A scene never holds the manager.
type Router interface {
	// Menu opens the title menu.
	Menu()
	// Play starts a new local game from the settings with the seed (0: random).
	Play(seed uint64) error
	// Continue resumes the autosaved game exactly where it stopped.
	Continue() error
	// Rules opens the rules walkthrough.
	Rules()
	// Lobby opens online play's page; code, when set, is a room code to join.
	Lobby(code string)
	// Show shows a scene that exists already (an online room and its table, which go back to
	// each other).
	Show(s Scene)
	// Leaving reports whether a switch is asked for this tick.
	Leaving() bool
	// Quit ends the game (desktop).
	Quit()
	// Tutorial starts the guided game (package tutorial); should it fail, the menu says why.
	Tutorial()
}

// Host is what a scene is given: the Kit it draws with, the Env it reads and keeps, and the
// Router it moves on with.
type Host struct {
	*Kit
	*Env
	Router
}
