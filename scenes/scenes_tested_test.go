package scenes

import (
	"nimmt/scenes/menu"
	"nimmt/scenes/online"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
)

// Every scene reports itself into the TestState (Game.TestState asks through ui.Tested).
var (
	_ ui.Tested = (*menu.Menu)(nil)
	_ ui.Tested = (*table.Table)(nil)
	_ ui.Tested = (*online.Lobby)(nil)
	_ ui.Tested = (*online.Room)(nil)
	_ ui.Tested = (*online.Public)(nil)
	_ ui.Tested = (*online.Profile)(nil)
)
