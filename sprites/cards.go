package sprites

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/text"
)

// MaxCard is the highest card number.
const MaxCard = 104

// Cards caches rendered card images at one size in device pixels. Faces are rendered on first
// use; Reset drops them when the size changes.
type Cards struct {
	w, h  int
	faces [MaxCard + 1]*ebiten.Image
	back  *ebiten.Image
	p     *Painter
	t     *text.Renderer
}

// NewCards returns an empty cache drawing with the given painter and text renderer.
func NewCards(p *Painter, t *text.Renderer) *Cards { return &Cards{p: p, t: t} }

// Size returns the cached size in device pixels.
func (c *Cards) Size() (w, h int) { return c.w, c.h }

// Resize sets the size of the cached images in device pixels, dropping old images if it changed.
func (c *Cards) Resize(w, h float64) {
	iw, ih := int(math.Ceil(w)), int(math.Ceil(h))
	if iw < 4 {
		iw = 4
	}
	if ih < 6 {
		ih = 6
	}
	if iw == c.w && ih == c.h {
		return
	}
	c.w, c.h = iw, ih
	for i, img := range c.faces {
		if img != nil {
			img.Deallocate()
			c.faces[i] = nil
		}
	}
	if c.back != nil {
		c.back.Deallocate()
		c.back = nil
	}
}

// Has reports whether the face of card n is rendered already.
func (c *Cards) Has(n int) bool { return n >= 1 && n <= MaxCard && c.faces[n] != nil }

// Face returns the image of card number n (1–104), or nil when it is not rendered yet and the
// painter's budget for this frame is spent.
func (c *Cards) Face(n int) *ebiten.Image {
	if n < 1 || n > MaxCard {
		return c.Back()
	}
	if c.faces[n] == nil {
		if c.p.Budget <= 0 {
			return nil
		}
		c.p.Budget--
		c.faces[n] = c.p.Face(c.t, n, c.w, c.h)
	}
	return c.faces[n]
}

// Back returns the image of the card back (rendered regardless of the budget).
func (c *Cards) Back() *ebiten.Image {
	if c.back == nil {
		c.p.Budget--
		c.back = c.p.Back(c.w, c.h)
	}
	return c.back
}
