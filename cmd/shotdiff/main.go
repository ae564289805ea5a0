// Command shotdiff compares two folders of PNG images (screenshots of two revisions, as
// scripts/shots-compare.sh renders them) image by image, by file name. For every name it says
// whether both images exist, whether they have the same size, and for a pair that differs the
// number of differing pixels, the largest difference of one channel (0–255) and the bounding box of
// the differing pixels; it writes a diff image of each differing pair into the -out folder: the new
// image dimmed to grey with the differing pixels in red.
//
//	go run ./cmd/shotdiff [-out DIR] [-q] OLD NEW
//
// Exit status 0 when every image is pixel-identical, 1 when any differs (or is missing on one
// side), 2 for a usage error or an unreadable image.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Diff is how two images differ.
type Diff struct {
	// SizeOld and SizeNew are the images' sizes; when they differ, the fields below are zero.
	SizeOld, SizeNew image.Point
	// Pixels counts the pixels whose colour differs in any channel.
	Pixels int
	// MaxDelta is the largest difference of one channel of one pixel, in 8-bit units.
	MaxDelta int
	// Box bounds the differing pixels, in the new image's coordinates (empty when none).
	Box image.Rectangle
}

// Same reports whether the images are pixel-identical.
func (d Diff) Same() bool { return d.SizeOld == d.SizeNew && d.Pixels == 0 }

// String says the difference in one line.
func (d Diff) String() string {
	switch {
	case d.SizeOld != d.SizeNew:
		return fmt.Sprintf("size %dx%d -> %dx%d", d.SizeOld.X, d.SizeOld.Y, d.SizeNew.X, d.SizeNew.Y)
	case d.Pixels == 0:
		return "same"
	}
	return fmt.Sprintf("%d pixels differ (%.3f%%), max channel delta %d, box %d,%d-%d,%d (%dx%d)",
		d.Pixels, 100*float64(d.Pixels)/float64(d.SizeNew.X*d.SizeNew.Y), d.MaxDelta,
		d.Box.Min.X, d.Box.Min.Y, d.Box.Max.X, d.Box.Max.Y, d.Box.Dx(), d.Box.Dy())
}

// Compare compares a and b pixel by pixel (16-bit premultiplied RGBA, so any change of a stored
// 8-bit value counts). With mark it also returns the diff image: b dimmed to grey, each
// differing pixel red, brighter the larger its difference.
func Compare(a, b image.Image, mark bool) (Diff, *image.NRGBA) {
	ab, bb := a.Bounds(), b.Bounds()
	d := Diff{SizeOld: ab.Size(), SizeNew: bb.Size()}
	if d.SizeOld != d.SizeNew {
		return d, nil
	}
	var out *image.NRGBA
	if mark {
		out = image.NewNRGBA(image.Rect(0, 0, bb.Dx(), bb.Dy()))
	}
	ra, rb := rgba64(a), rgba64(b)
	for y := 0; y < bb.Dy(); y++ {
		for x := 0; x < bb.Dx(); x++ {
			ca := ra.RGBA64At(ab.Min.X+x, ab.Min.Y+y)
			cb := rb.RGBA64At(bb.Min.X+x, bb.Min.Y+y)
			delta := max(dist(ca.R, cb.R), dist(ca.G, cb.G), dist(ca.B, cb.B), dist(ca.A, cb.A))
			if delta == 0 {
				if out != nil {
					grey := uint8((uint32(cb.R)*299 + uint32(cb.G)*587 + uint32(cb.B)*114) / 1000 >> 8)
					out.SetNRGBA(x, y, color.NRGBA{grey / 4, grey / 4, grey / 4, 255})
				}
				continue
			}
			d.Pixels++
			d.MaxDelta = max(d.MaxDelta, delta>>8)
			d.Box = d.Box.Union(image.Rect(x, y, x+1, y+1))
			if out != nil {
				out.SetNRGBA(x, y, color.NRGBA{uint8(128 + min(127, delta>>9)), 0, 0, 255})
			}
		}
	}
	return d, out
}

func dist(a, b uint16) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// rgba64 gives img as an image.RGBA64Image (every image type of the standard library is one).
func rgba64(img image.Image) image.RGBA64Image {
	if r, ok := img.(image.RGBA64Image); ok {
		return r
	}
	return atRGBA64{img}
}

// atRGBA64 reads an image without RGBA64At through At.
type atRGBA64 struct{ image.Image }

func (a atRGBA64) RGBA64At(x, y int) color.RGBA64 {
	return color.RGBA64Model.Convert(a.At(x, y)).(color.RGBA64)
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shotdiff", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "shotdiff-out", "folder for the diff images of the differing pairs (created when needed)")
	quiet := fs.Bool("q", false, "print only the images that differ and the summary")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shotdiff [-out DIR] [-q] OLD NEW")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return 2
	}
	oldDir, newDir := fs.Arg(0), fs.Arg(1)
	oldNames, err := pngs(oldDir)
	if err != nil {
		fmt.Fprintln(stderr, "shotdiff:", err)
		return 2
	}
	newNames, err := pngs(newDir)
	if err != nil {
		fmt.Fprintln(stderr, "shotdiff:", err)
		return 2
	}
	names := slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(oldNames), newNames...))))
	differ := 0
	for _, name := range names {
		inOld, inNew := slices.Contains(oldNames, name), slices.Contains(newNames, name)
		if !inOld || !inNew {
			side := "new"
			if inOld {
				side = "old"
			}
			fmt.Fprintf(stdout, "%s: only in %s\n", name, side)
			differ++
			continue
		}
		a, err := readPNG(filepath.Join(oldDir, name))
		if err != nil {
			fmt.Fprintln(stderr, "shotdiff:", err)
			return 2
		}
		b, err := readPNG(filepath.Join(newDir, name))
		if err != nil {
			fmt.Fprintln(stderr, "shotdiff:", err)
			return 2
		}
		d, img := Compare(a, b, true)
		if d.Same() {
			if !*quiet {
				fmt.Fprintf(stdout, "%s: same\n", name)
			}
			continue
		}
		differ++
		fmt.Fprintf(stdout, "%s: %s\n", name, d)
		if img != nil {
			file := filepath.Join(*out, strings.TrimSuffix(name, ".png")+"-diff.png")
			if err := writePNG(file, img); err != nil {
				fmt.Fprintln(stderr, "shotdiff:", err)
				return 2
			}
		}
	}
	fmt.Fprintf(stdout, "%d of %d images differ\n", differ, len(names))
	if differ > 0 {
		if _, err := os.Stat(*out); err == nil {
			fmt.Fprintf(stdout, "diff images in %s\n", *out)
		}
		return 1
	}
	return 0
}

// pngs lists the names of the PNG files in dir.
func pngs(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("shotdiff: %w", err)
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".png") {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("shotdiff: no PNG images in %s", dir)
	}
	return names, nil
}

func readPNG(file string) (image.Image, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("shotdiff: %w", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("shotdiff: %s: %w", file, err)
	}
	return img, nil
}

func writePNG(file string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return fmt.Errorf("shotdiff: %w", err)
	}
	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("shotdiff: %w", err)
	}
	err = png.Encode(f, img)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("shotdiff: %s: %w", file, err)
	}
	return nil
}
