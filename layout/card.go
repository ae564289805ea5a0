package layout

// HandShow is the smallest fraction of a hand card's width that the next card of its line
// leaves uncovered. A card's index (its corner number and all its bullheads, see Face) lies
// within that strip, so a fanned hand never hides a number or a bullhead.
const HandShow = 0.56

// Face is where things are on a card's face. The sprites draw by it and the layout keeps a
// fanned hand's index uncovered by it: one anatomy, one place.
type Face struct {
	// Band is the coloured band across the top, which shows the penalty level.
	Band Rect
	// Num is the corner number, top left; its text size is Num.H.
	Num Rect
	// Heads is where the bullheads lie, under the corner number, left-aligned in one or two
	// lines.
	Heads Rect
	// Hero is the big number in the middle; its text size is Hero.H.
	Hero Rect
	// Foot is the small number in the bottom right corner; its text size is Foot.H.
	Foot Rect
}

// Index returns the part of the face that must stay visible in a fanned hand: the corner
// number and the bullheads.
func (f Face) Index() Rect {
	x0, y0 := min(f.Num.X, f.Heads.X), min(f.Num.Y, f.Heads.Y)
	x1 := max(f.Num.X+f.Num.W, f.Heads.X+f.Heads.W)
	y1 := max(f.Num.Y+f.Num.H, f.Heads.Y+f.Heads.H)
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// FaceOf returns the anatomy of a card drawn in r (any size, about 2:3).
func FaceOf(r Rect) Face {
	w, h := r.W, r.H
	band := h * 0.4
	return Face{
		Band:  Rect{r.X, r.Y, w, band},
		Num:   Rect{r.X + w*0.07, r.Y + h*0.025, w * 0.46, h * 0.14},
		Heads: Rect{r.X + w*0.06, r.Y + h*0.175, w * 0.47, h * 0.205},
		Hero:  Rect{r.X + w*0.06, r.Y + band + h*0.05, w * 0.88, h * 0.36},
		Foot:  Rect{r.X + w*0.5, r.Y + h*0.86, w * 0.44, h * 0.11},
	}
}
