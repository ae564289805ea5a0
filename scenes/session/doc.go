// Package session is where a table's game lives, apart from any drawing: the Session interface
// and its seats (session.go), the local session (local.go: the engine, the bots paced like
// people, the autosave and resuming it) and the remote one of online play (remote.go: a room's
// link, the server's refusals, the connection's banner text). The table reads a session's event
// streams and acts through it; the scene manager and the online room make them.
//
// It imports package ui (the Env: options, settings, saver, wake) and no scene.
package session
