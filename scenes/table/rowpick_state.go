//go:build !js || nimmttest

package table

import (
	"nimmt/engine"
	"nimmt/scenes/ui"
)

// rowPickState adds the row choice's feedback to the test state: the row lit, its cost and
// whether a second tap takes it.
func (bd *board) rowPickState(ts *ui.TestState) {
	k := bd.picked()
	if k < 0 || k >= len(bd.Disp.Rows) {
		return
	}
	ts.RowPick = k + 1
	ts.RowCost = engine.SumBullheads(bd.Disp.Rows[k])
	ts.RowArmed = bd.rows.armed == k+1 && bd.rows.at == bd.Consumed
}
