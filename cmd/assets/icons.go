package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"

	"nimmt/sprites"
)

// canvas is an icon being drawn.
type canvas struct {
	img *image.NRGBA
	r   sprites.Raster
}

func newCanvas(n int) *canvas {
	return &canvas{img: image.NewNRGBA(image.Rect(0, 0, n, n)), r: sprites.NewRaster(n, n)}
}

// fill paints the outline added by add in colour c.
func (c *canvas) fill(col color.Color, add func(p sprites.Pather)) {
	c.r.Reset(c.img.Bounds().Dx(), c.img.Bounds().Dy())
	add(c.r)
	c.r.Draw(c.img, c.img.Bounds(), image.NewUniform(col), image.Point{})
}

// roundRect adds a rectangle with corners of radius rad (only the top corners when topOnly).
func roundRect(p sprites.Pather, x, y, w, h, rad float32, topOnly bool) {
	p.MoveTo(x+rad, y)
	p.LineTo(x+w-rad, y)
	p.QuadTo(x+w, y, x+w, y+rad)
	if topOnly {
		p.LineTo(x+w, y+h)
		p.LineTo(x, y+h)
	} else {
		p.LineTo(x+w, y+h-rad)
		p.QuadTo(x+w, y+h, x+w-rad, y+h)
		p.LineTo(x+rad, y+h)
		p.QuadTo(x, y+h, x, y+h-rad)
	}
	p.LineTo(x, y+rad)
	p.QuadTo(x, y, x+rad, y)
	p.Close()
}

// icon draws the app icon at n×n pixels: a card of the game on the table's felt, its band in the
// colour of a five-bullhead card, the game's bull head (the cards' own, sprites.Bull) large on its face. A square icon (iOS, which masks
// the corners itself and wants no transparency) fills every pixel; the others have round corners.
func icon(n int, square bool) *image.NRGBA {
	c := newCanvas(n)
	f := float32(n)
	rad := 0.2 * f
	if square {
		rad = 0
	}
	c.fill(sprites.FeltDark, func(p sprites.Pather) { roundRect(p, 0, 0, f, f, rad, false) })
	c.fill(sprites.FeltLight, func(p sprites.Pather) { roundRect(p, 0.04*f, 0.04*f, 0.92*f, 0.92*f, rad*0.85, false) })
	c.card(f, f)
	return c.img
}

// adaptiveCard is the card's width on Android's adaptive icon foreground, a fraction of its
// 108 dp side: the card (and its rounded corners) stays within the 66 dp circle that every
// launcher mask keeps.
const adaptiveCard = 0.36

// adaptiveForeground draws the foreground layer of Android's adaptive icon at n×n pixels (108 dp):
// the icon's card alone on a transparent layer; the felt is the background layer, a colour.
func adaptiveForeground(n int) *image.NRGBA {
	c := newCanvas(n)
	f := float32(n)
	c.card(f, adaptiveCard/0.64*f)
	return c.img
}

// card draws the icon's card with its shadow, centred on a canvas f pixels square, at the size
// it has on an icon u pixels square (0.64u × 0.84u).
func (c *canvas) card(f, u float32) {
	w, h := 0.64*u, 0.84*u
	x, y := (f-w)/2, (f-h)/2
	cr := 0.09 * w
	line := float32(math.Max(1, float64(0.035*u)))
	c.fill(sprites.Shadow, func(p sprites.Pather) { roundRect(p, x+0.03*u, y+0.03*u, w, h, cr, false) })
	c.fill(sprites.Ink, func(p sprites.Pather) { roundRect(p, x, y, w, h, cr, false) })
	x, y, w, h, cr = x+line, y+line, w-2*line, h-2*line, cr-line/2
	c.fill(sprites.Paper, func(p sprites.Pather) { roundRect(p, x, y, w, h, cr, false) })
	c.fill(sprites.LevelOf(5).Band, func(p sprites.Pather) { roundRect(p, x, y, w, 0.27*h, cr, true) })
	s := 0.8 * w
	cx, cy := x+w/2, y+0.27*h+(0.73*h)*0.52
	c.fill(sprites.Ink, func(p sprites.Pather) { sprites.Bull(p, cx, cy, s) })
	c.fill(sprites.Paper, func(p sprites.Pather) { sprites.BullFeatures(p, cx, cy, s) })
}

// adaptiveIcon is Android's adaptive launcher icon (API 26 and later): the felt colour behind the
// card of adaptiveForeground; older Androids use the mipmap-*/ic_launcher.png icons.
const adaptiveIcon = `<?xml version="1.0" encoding="utf-8"?>
<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
    <background android:drawable="@color/ic_launcher_background"/>
    <foreground android:drawable="@mipmap/ic_launcher_foreground"/>
</adaptive-icon>
`

// hexColor returns a colour as #RRGGBB.
func hexColor(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, b>>8)
}

// encodePNG encodes an image as PNG (RGB when it is opaque, as iOS wants).
func encodePNG(img image.Image) []byte {
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img); err != nil {
		panic(err) // encoding to memory fails only on a bad image
	}
	return b.Bytes()
}

// encodeICO packs PNG images into a Windows icon file (favicon.ico): browsers and Windows read
// PNG entries since Vista.
func encodeICO(imgs ...image.Image) []byte {
	var dir, data bytes.Buffer
	le := binary.LittleEndian
	hdr := le.AppendUint16(nil, 0)
	hdr = le.AppendUint16(hdr, 1)
	hdr = le.AppendUint16(hdr, uint16(len(imgs)))
	off := 6 + 16*len(imgs)
	for _, img := range imgs {
		p := encodePNG(img)
		n := img.Bounds().Dx()
		e := []byte{byte(n % 256), byte(n % 256), 0, 0}
		e = le.AppendUint16(e, 1)  // colour planes
		e = le.AppendUint16(e, 32) // bits per pixel
		e = le.AppendUint32(e, uint32(len(p)))
		e = le.AppendUint32(e, uint32(off+data.Len()))
		dir.Write(e)
		data.Write(p)
	}
	return append(append(hdr, dir.Bytes()...), data.Bytes()...)
}

// iosContents is the asset catalogue entry of a single 1024-pixel app icon (Xcode 14 and later
// make every size from it).
const iosContents = `{
  "images" : [
    {
      "filename" : "icon-1024.png",
      "idiom" : "universal",
      "platform" : "ios",
      "size" : "1024x1024"
    }
  ],
  "info" : {
    "author" : "xcode",
    "version" : 1
  }
}
`

// iconFiles returns every icon file: the desktop window icons (assets/icons, embedded), the
// web's favicon and touch icons, Android's launcher icons (the legacy ones and the adaptive
// icon's layers) and iOS's app icon.
func iconFiles() []file {
	var out []file
	for _, n := range []int{16, 32, 48, 64, 128, 256} {
		out = append(out, file{"assets/icons/icon-" + strconv.Itoa(n) + ".png", encodePNG(icon(n, false))})
	}
	out = append(out,
		file{"wasm/favicon.ico", encodeICO(icon(16, false), icon(32, false), icon(48, false))},
		file{"wasm/icon-192.png", encodePNG(icon(192, false))},
		file{"wasm/icon-512.png", encodePNG(icon(512, false))},
		file{"wasm/apple-touch-icon.png", encodePNG(icon(180, true))},
	)
	for _, d := range []struct {
		dpi string
		n   int
	}{{"mdpi", 48}, {"hdpi", 72}, {"xhdpi", 96}, {"xxhdpi", 144}, {"xxxhdpi", 192}} {
		res := "mobile/android/app/src/main/res/mipmap-" + d.dpi + "/"
		out = append(out,
			file{res + "ic_launcher.png", encodePNG(icon(d.n, false))},
			file{res + "ic_launcher_foreground.png", encodePNG(adaptiveForeground(d.n * 108 / 48))})
	}
	out = append(out,
		file{"mobile/android/app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml", []byte(adaptiveIcon)},
		file{"mobile/android/app/src/main/res/values/ic_launcher_background.xml", []byte(`<?xml version="1.0" encoding="utf-8"?>
<resources>
    <color name="ic_launcher_background">` + hexColor(sprites.FeltLight) + `</color>
</resources>
`)})
	const ios = "mobile/ios/Nimmt/Assets.xcassets/"
	out = append(out,
		file{ios + "Contents.json", []byte("{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")},
		file{ios + "AppIcon.appiconset/Contents.json", []byte(iosContents)},
		file{ios + "AppIcon.appiconset/icon-1024.png", encodePNG(icon(1024, true))},
	)
	return out
}
