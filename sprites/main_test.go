package sprites

import (
	"image"
	"image/png"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/text"
)

// The drawing tests run inside the game loop (ReadPixels needs a running game). Without a
// display they skip, unless REQUIRE_DISPLAY=1 turns that into a failure.

type loop struct {
	m    *testing.M
	code int
}

func (l *loop) Update() error {
	l.code = l.m.Run()
	return ebiten.Termination
}
func (l *loop) Draw(*ebiten.Image)         {}
func (l *loop) Layout(w, h int) (int, int) { return w, h }

var inLoop bool

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		os.Exit(m.Run())
	}
	inLoop = true
	l := &loop{m: m}
	ebiten.SetWindowSize(320, 240)
	if err := ebiten.RunGame(l); err != nil {
		if os.Getenv("REQUIRE_DISPLAY") == "1" {
			println("sprites: RunGame:", err.Error())
			os.Exit(1)
		}
		os.Exit(m.Run())
	}
	os.Exit(l.code)
}

func needLoop(t *testing.T) {
	t.Helper()
	if !inLoop {
		if os.Getenv("REQUIRE_DISPLAY") == "1" {
			t.Fatal("no display, and REQUIRE_DISPLAY=1")
		}
		t.Skip("no display")
	}
}

func TestLevels(t *testing.T) {
	seen := map[int]bool{}
	for _, b := range []int{1, 2, 3, 5, 7} {
		lv := LevelOf(b)
		r, g, bb, _ := lv.Band.RGBA()
		key := int(r>>8)<<16 | int(g>>8)<<8 | int(bb>>8)
		if seen[key] {
			t.Errorf("level %d shares its colour", b)
		}
		seen[key] = true
	}
}

func TestCardSheet(t *testing.T) {
	needLoop(t)
	tx, err := text.New()
	if err != nil {
		t.Fatal(err)
	}
	p := &Painter{Budget: 1000}
	cards := NewCards(p, tx)
	cards.Resize(90, 135)
	sheet := ebiten.NewImage(8*100, 2*145)
	p.DrawFelt(sheet, 800, 290)
	for i, n := range []int{1, 5, 10, 11, 55, 104, 0, 33} {
		img := cards.Face(n)
		if n == 0 {
			img = cards.Back()
		}
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(5+i*100), 5)
		sheet.DrawImage(img, op)
	}
	for i, draw := range []func(*image.RGBA){
		func(dst *image.RGBA) { p.DrawSlot(dst, 0, 0, 90, 135) },
		func(dst *image.RGBA) { p.DrawDanger(dst, 0, 0, 90, 135, 1) },
	} {
		draw(p.Scratch(90, 135))
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(5+i*100), 150)
		sheet.DrawImage(p.CopyScratch(), op)
	}
	small := NewCards(p, tx)
	small.Resize(40, 60)
	for i, n := range []int{1, 5, 10, 11, 55, 104} {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(205+i*50), 150)
		sheet.DrawImage(small.Face(n), op)
	}
	pix := make([]byte, 4*sheet.Bounds().Dx()*sheet.Bounds().Dy())
	sheet.ReadPixels(pix)
	// The centre of card 1's face is paper-coloured, not felt.
	at := func(x, y int) (r, g, b byte) {
		i := 4 * (y*800 + x)
		return pix[i], pix[i+1], pix[i+2]
	}
	if r, g, b := at(50, 110); r < 200 || g < 200 || b < 180 {
		t.Errorf("card face pixel = %d,%d,%d, want paper", r, g, b)
	}
	if out := os.Getenv("SHEET_PNG"); out != "" {
		img := image.NewRGBA(image.Rect(0, 0, 800, 290))
		copy(img.Pix, pix)
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
}
