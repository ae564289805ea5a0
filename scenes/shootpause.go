package scenes

import "nimmt/scenes/table"

// shotPause steps the pause shots over the first turn: "pause" is the sheet (Menu or Esc);
// "pause-settings" and "pause-rules" are the settings page and the rules walkthrough opened from
// it over the paused game, taken once what was opened is still. It reports when to capture.
func shotPause(t *table.Table, scene string) bool {
	if !t.Pause.Paused {
		if t.Phase == table.PhaseChoose && t.AcceptsInput() && t.PhaseTicks > 30 {
			if scene == "pause" {
				t.Pause.Paused = true
				return true
			}
			t.Pause.OpenOver(scene)
		}
		return false
	}
	return t.Pause.Over()
}
