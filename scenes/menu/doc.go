// Package menu is the title menu and its pages (menu.go: the main page, the settings, the new-game
// page; statistics.go: this device's game statistics and their chart) and the new-game form
// (newgame.go: the variant list, a variant's paragraph, the seats and their pickers, the end of
// the game and the speed; its layout in newgamelayout.go and its input in newgameinput.go;
// variants.go: a new game's configuration from the settings). The online room's form reuses
// the new-game form.
//
// A page moves on through the Router (ui.Router: Play, Continue, Rules, Lobby, Quit); the menu
// builds no other scene. It imports ui and session, and no sibling above them.
package menu
