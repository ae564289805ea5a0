package ui

import "nimmt/engine"

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

	// Table opens a table on a game's session showing seat me, every event folded in at once
	// when fastForward (a game first seen in its middle), and queues it; the scene asking (an
	// online room) is kept to go back to and follows its news while the table shows (Follower).
	// It returns the table, for the room's "back to the table".
	Table(s TableSession, me int, fastForward bool) (Scene, error)
	// Back leaves a table for where it came from: the online room that opened it (kept as it
	// was), or the menu after a local game, the rules or a resumed game.
	Back()
	// PublicLobby opens online play's list of public tables (Menu → Play online).
	PublicLobby()
	// Tutorial starts the guided game (package tutorial); should it fail, the menu says why.
	Tutorial()
	// Profile opens the account page of online play (Menu or public list → Profile).
	Profile()
}

// TableSession is a game's session as the Router takes it: a session.Session, which package ui
// cannot name (package session sits above it and uses ui); the manager asserts the rest.
type TableSession interface {
	Config() engine.Config
	EventCount() int
}

// Follower is a scene that keeps following its news while a table it opened shows (an online
// room: the seat token, the room's next game). The manager calls Follow at the top of each of
// the table's ticks; when Follow moves on (the next game's table), the table's tick is skipped.
type Follower interface {
	Follow()
}

// Host is what a scene is given: the Kit it draws with, the Env it reads and keeps, and the
// Router it moves on with.
type Host struct {
	*Kit
	*Env
	Router
}
