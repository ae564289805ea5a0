package icons_test

import (
	"testing"

	"nimmt/assets/icons"
)

// TestImages checks that the window icon decodes at 16 to 256 pixels, square, with opaque
// middles (the card) and (mostly) transparent corners (the rounded felt).
func TestImages(t *testing.T) {
	imgs, err := icons.Images()
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[int]bool{}
	for _, img := range imgs {
		b := img.Bounds()
		if b.Dx() != b.Dy() {
			t.Errorf("icon %v is not square", b)
		}
		sizes[b.Dx()] = true
		if _, _, _, a := img.At(b.Dx()/2, b.Dy()/2).RGBA(); a != 0xffff {
			t.Errorf("%d px: the middle is not opaque", b.Dx())
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a > 0x4000 {
			t.Errorf("%d px: the corner is not (mostly) transparent", b.Dx())
		}
	}
	for _, n := range []int{16, 32, 48, 64, 128, 256} {
		if !sizes[n] {
			t.Errorf("no %d px icon", n)
		}
	}
}
