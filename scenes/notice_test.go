package scenes

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestSaveNoticeFits opens the menu over a save cut short, in every language, on a phone held
// upright (390×844) and on a desktop window: the notice is the player's language (no "storage:"
// of the English error), and drawn wrapped it stays inside its box, which is on the screen. The
// phone's menu goes to build/screenshots (or NIMMT_SCREENSHOTS) as notice-LANG-390x844.png.
func TestSaveNoticeFits(t *testing.T) {
	needDisplay(t)
	for _, l := range msg.Langs() {
		for _, sz := range [][2]float64{{390, 844}, {1280, 720}} {
			mem := &storage.Memory{}
			mem.Save(ui.SaveFile, []byte(`{"version":2,"seed":1,"record":{"format":1,"players":["Ann"]`))
			g, err := NewGame(ui.Options{Storage: mem, Lang: l.Code, Scale: 1})
			if err != nil {
				t.Fatal(err)
			}
			want := msg.New(msg.NoticeSaveCut, 60).In(l.Code)
			var screen *ebiten.Image
			frame(func() {
				screen = ebiten.NewImage(int(sz[0]), int(sz[1]))
				g.LayoutF(sz[0], sz[1])
				g.InjectInput(func(in *ui.Input) {})
				g.Update()
			}, func(*ebiten.Image) { g.Draw(screen) })
			m := g.cur.(*menu.Menu)
			var w *ui.Widget
			for i := range m.Widgets {
				if m.Widgets[i].Kind == ui.KindNotice {
					w = &m.Widgets[i]
				}
			}
			if w == nil || w.Label != want {
				t.Fatalf("%s %v: no notice %q on the menu (widgets %v)", l.Code, sz, want, m.Widgets)
			}
			ts, n := g.WidgetTexts(w)
			screenRect := layout.Rect{W: sz[0], H: sz[1]}
			for _, pt := range ts[:n] {
				if box := textBox(g, pt); !box.Inset(0.5).Within(w.R) || !w.R.Within(screenRect) || pt.Style.Size < 8 {
					t.Errorf("%s %v: notice at size %.1f (wrapped %v) drawn at %+v, its box %+v", l.Code, sz, pt.Style.Size, pt.Wrap > 0, box, w.R)
				}
			}
			if sz[0] == 390 {
				savePNG(t, screen, "notice-"+l.Code+"-390x844")
			}
			frame(func() { screen.Deallocate() }, nil)
		}
	}
}

// savePNG writes the screen to the screenshots folder for a person to look at.
func savePNG(t *testing.T, screen *ebiten.Image, name string) {
	t.Helper()
	dir := os.Getenv("NIMMT_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join("..", "build", "screenshots")
	}
	b := screen.Bounds()
	img := image.NewRGBA(b)
	frame(nil, func(*ebiten.Image) { screen.ReadPixels(img.Pix) })
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Log(err)
		return
	}
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Log(err)
		return
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Log(err)
	}
}
