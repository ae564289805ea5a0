package scenes

import (
	"fmt"
	"testing"

	"nimmt/layout"
	"nimmt/scenes/table"
)

// TestOverLayout checks the game-over panel at phone and desktop sizes with 2, 4 and 10 seats
// and few to many rounds: every box inside the panel and the panel on the screen, the title,
// the person's place, the podium (there at every size but the smallest phone's), table, chart
// and buttons apart, the table's cells apart and tall enough for their text, the
// text readable on a phone and wide enough cells for a three-digit number.
func TestOverLayout(t *testing.T) {
	sizes := [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1280, 720}, {1920, 1080}}
	for _, sz := range sizes {
		for _, seats := range []int{2, 4, 10} {
			for _, rounds := range []int{1, 3, 6, 20} {
				name := fmt.Sprintf("%gx%g/%d seats/%d rounds", sz[0], sz[1], seats, rounds)
				l := table.NewOverLayout(sz[0], sz[1], seats, rounds)
				if !l.Panel.Inside(sz[0], sz[1]) {
					t.Errorf("%s: panel %+v off the screen", name, l.Panel)
				}
				boxes := []layout.Rect{l.Title, l.Sub, l.Grid, l.Chart, l.Buttons[0], l.Buttons[1]}
				if !l.Podium.Empty() {
					boxes = append(boxes, l.Podium)
				} else if sz != [2]float64{360, 640} {
					t.Errorf("%s: no podium", name)
				}
				for i, b := range boxes {
					if b.Empty() || !b.Within(l.Panel) {
						t.Errorf("%s: box %d %+v empty or outside the panel %+v", name, i, b, l.Panel)
					}
					for j := i + 1; j < len(boxes); j++ {
						if b.Overlaps(boxes[j]) {
							t.Errorf("%s: boxes %d and %d overlap: %+v %+v", name, i, j, b, boxes[j])
						}
					}
				}
				for _, b := range l.Buttons {
					if b.H < layout.MinTap {
						t.Errorf("%s: button %+v lower than a tap target", name, b)
					}
				}
				if l.Size < 11 || l.Size > l.RowH {
					t.Errorf("%s: text size %.1f in lines of %.1f (want ≥ 11 and within the line)", name, l.Size, l.RowH)
				}
				if l.Cols < 1 || l.Cols > rounds {
					t.Errorf("%s: %d round columns", name, l.Cols)
				}
				if l.CellW < l.Size*1.9 || l.TotalW < l.Size*1.9 || l.NameW < l.Size*4 {
					t.Errorf("%s: columns name %.1f round %.1f total %.1f too narrow for text %.1f", name, l.NameW, l.CellW, l.TotalW, l.Size)
				}
				var cells []layout.Rect
				for r := 0; r <= seats; r++ {
					for c := 0; c <= l.Cols+1; c++ {
						cells = append(cells, l.Cell(r, c))
					}
				}
				for i, a := range cells {
					if !a.Within(l.Grid) {
						t.Fatalf("%s: cell %d %+v outside the table %+v", name, i, a, l.Grid)
					}
					for _, b := range cells[i+1:] {
						if a.Inset(0.01).Overlaps(b) {
							t.Fatalf("%s: cells overlap: %+v %+v", name, a, b)
						}
					}
				}
			}
		}
	}
}
