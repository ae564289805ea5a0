package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// picture is a synthetic screenshot: a gradient, so that every pixel has its own colour.
func picture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{uint8(x * 7), uint8(y * 5), uint8(x + y), 255})
		}
	}
	return img
}

func save(t *testing.T, dir, name string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCompare(t *testing.T) {
	if d, _ := Compare(picture(40, 30), picture(40, 30), false); !d.Same() || d.Pixels != 0 || !d.Box.Empty() {
		t.Errorf("equal images: %+v", d)
	}
	a := picture(40, 30)
	// Two pixels changed: one channel by 1, another by 200.
	b := picture(40, 30)
	c := b.RGBAAt(3, 4)
	c.B++
	b.SetRGBA(3, 4, c)
	a.SetRGBA(20, 25, color.RGBA{10, 20, 30, 255})
	b.SetRGBA(20, 25, color.RGBA{210, 20, 30, 255})
	d, img := Compare(a, b, true)
	if d.Same() || d.Pixels != 2 || d.MaxDelta != 200 || d.Box != image.Rect(3, 4, 21, 26) {
		t.Errorf("two pixels: got %+v, want 2 pixels, delta 200, box (3,4)-(21,26)", d)
	}
	if img == nil || img.Bounds() != a.Bounds() {
		t.Fatalf("diff image: %v", img)
	}
	if r := img.NRGBAAt(3, 4); r.R < 128 || r.G != 0 {
		t.Errorf("a differing pixel is %v in the diff image, want red", r)
	}
	if r := img.NRGBAAt(0, 0); r.R != r.G || r.R > 64 {
		t.Errorf("an equal pixel is %v in the diff image, want dark grey", r)
	}
	// A different size is a difference without pixels.
	if d, img := Compare(a, picture(30, 40), true); d.Same() || img != nil || !strings.HasPrefix(d.String(), "size 40x30 -> 30x40") {
		t.Errorf("sizes: %v, image %v", d, img)
	}
	// The same pixels in another image type (what png.Decode returns) are the same.
	n := image.NewNRGBA(a.Bounds())
	for y := range 30 {
		for x := range 40 {
			n.Set(x, y, a.At(x, y))
		}
	}
	if d, _ := Compare(a, n, false); !d.Same() {
		t.Errorf("RGBA against NRGBA of the same opaque pixels: %v", d)
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	oldDir, newDir, out := filepath.Join(dir, "old"), filepath.Join(dir, "new"), filepath.Join(dir, "out")
	save(t, oldDir, "menu-390x844.png", picture(20, 10))
	save(t, newDir, "menu-390x844.png", picture(20, 10))
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-out", out, oldDir, newDir}, &stdout, &stderr); code != 0 {
		t.Fatalf("equal folders: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "0 of 1 images differ") {
		t.Errorf("equal folders: %s", stdout.String())
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("equal folders wrote %s (%v)", out, err)
	}

	changed := picture(20, 10)
	changed.SetRGBA(5, 5, color.RGBA{255, 255, 255, 255})
	save(t, newDir, "table-390x844.png", changed)
	save(t, oldDir, "table-390x844.png", picture(20, 10))
	save(t, oldDir, "gone-390x844.png", picture(20, 10))
	stdout.Reset()
	if code := run([]string{"-q", "-out", out, oldDir, newDir}, &stdout, &stderr); code != 1 {
		t.Fatalf("differing folders: exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	for _, want := range []string{"gone-390x844.png: only in old", "table-390x844.png: 1 pixels differ", "box 5,5-6,6", "2 of 3 images differ"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
	if strings.Contains(stdout.String(), "menu-390x844.png") {
		t.Errorf("-q printed a same image:\n%s", stdout.String())
	}
	if _, err := os.Stat(filepath.Join(out, "table-390x844-diff.png")); err != nil {
		t.Errorf("no diff image: %v", err)
	}

	if code := run([]string{oldDir}, &stdout, &stderr); code != 2 {
		t.Errorf("one folder: exit %d, want 2", code)
	}
	if err := os.WriteFile(filepath.Join(newDir, "gone-390x844.png"), []byte("not a png"), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run([]string{"-out", out, oldDir, newDir}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "gone-390x844.png") {
		t.Errorf("a broken PNG: exit %d, want 2 naming the file; %s", code, stderr.String())
	}
}
