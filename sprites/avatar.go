package sprites

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// SeatColors are the seats' colours, in the order of the online seat colours
// (protocol.Colours: green, red, blue, yellow, purple, orange, pink, cyan, brown, grey), so
// that seat i of a local game and an online seat that asked for protocol.Colours[i] look the
// same. Each is at least 3:1 against the felt's base colour (WCAG) and light enough for dark
// text; none is the gold the game marks its highlights with.
var SeatColors = [10]color.RGBA{
	{0x8f, 0xdc, 0x6e, 0xff}, // green
	{0xf5, 0x83, 0x6e, 0xff}, // red
	{0x62, 0xb0, 0xe8, 0xff}, // blue
	{0xf2, 0xd0, 0x4a, 0xff}, // yellow
	{0xb8, 0x94, 0xee, 0xff}, // purple
	{0xf0, 0x8a, 0x3c, 0xff}, // orange
	{0xea, 0x7f, 0xb6, 0xff}, // pink
	{0x4f, 0xd0, 0xd0, 0xff}, // cyan
	{0xc8, 0x99, 0x6a, 0xff}, // brown
	{0xc9, 0xc9, 0xc9, 0xff}, // grey
}

// seatColors holds SeatColors boxed once, so that SeatColor does not allocate.
var seatColors = func() (out [len(SeatColors)]color.Color) {
	for i, c := range SeatColors {
		out[i] = c
	}
	return out
}()

// SeatColor returns seat i's colour (seats past ten reuse the palette).
func SeatColor(i int) color.Color {
	return seatColors[((i%len(seatColors))+len(seatColors))%len(seatColors)]
}

// Avatar colours.
var (
	avatarCoats = [...]color.RGBA{
		{0x6b, 0x42, 0x26, 0xff}, // brown
		{0x33, 0x2e, 0x33, 0xff}, // charcoal
		{0xc8, 0x93, 0x5e, 0xff}, // tan
		{0xf1, 0xe7, 0xd8, 0xff}, // cream
		{0x8e, 0x3b, 0x22, 0xff}, // red-brown
	}
	avatarHorn   = color.RGBA{0xf6, 0xea, 0xcc, 0xff}
	avatarMuzzle = color.RGBA{0xf3, 0xd9, 0xbf, 0xff}
	avatarEye    = color.RGBA{0xff, 0xfb, 0xf2, 0xff}
	avatarRing   = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
)

// avatarLook is what an avatar is made of, chosen by the seat's name.
type avatarLook struct {
	coat, horns, eyes  int
	brows, ring, blaze bool
}

// lookOf derives an avatar's look from a name (FNV-1a): the same name draws the same bull on
// every device and in every game.
func lookOf(name string) avatarLook {
	h := uint32(2166136261)
	for i := 0; i < len(name); i++ {
		h ^= uint32(name[i])
		h *= 16777619
	}
	// Mix the bits (MurmurHash3's finaliser) so that names differing only in their last
	// letter differ in every feature.
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return avatarLook{
		coat:  int(h % uint32(len(avatarCoats))),
		horns: int(h >> 8 % hornStyles),
		eyes:  int(h >> 12 & 1),
		brows: h>>13&1 == 1,
		ring:  h>>14&1 == 1,
		blaze: h>>16%3 == 0,
	}
}

// near reports whether c is within 120 of (r, g, b), summed over the channels.
func near(c color.RGBA, r, g, b uint8) bool {
	d := func(x, y uint8) int { return max(int(x), int(y)) - min(int(x), int(y)) }
	return d(c.R, r)+d(c.G, g)+d(c.B, b) < 120
}

// AvatarImage returns a new size×size device-pixel image of the avatar of the seat named
// name in the seat's colour (DrawAvatar).
func (p *Painter) AvatarImage(name string, seat color.Color, size int) *ebiten.Image {
	dst := p.Scratch(size, size)
	s := float32(size)
	p.DrawAvatar(dst, name, seat, s/2, s/2, s)
	return p.CopyScratch()
}

// DrawAvatar draws the avatar of the seat named name into dst, size pixels across centred at
// (cx, cy): a badge in the seat's colour with a bull's head on it whose coat, horns, eyes,
// brows, nose ring and blaze follow from the name, so that every seat has a face of its own
// and keeps it.
func (p *Painter) DrawAvatar(dst *image.RGBA, name string, seat color.Color, cx, cy, size float32) {
	lk := lookOf(name)
	coat := avatarCoats[lk.coat]
	// A coat too close to the badge's colour (a tan bull on a brown seat) takes the next coat.
	if sr, sg, sb, _ := seat.RGBA(); near(coat, uint8(sr>>8), uint8(sg>>8), uint8(sb>>8)) {
		coat = avatarCoats[(lk.coat+1)%len(avatarCoats)]
	}
	outline := darker(darker(seat))
	p.FillCircle(dst, cx, cy, size*0.47, outline)
	p.FillCircle(dst, cx, cy, size*0.47-max(1, size*0.045), seat)
	s := size * 0.86
	by := cy + size*0.05
	// The bull: a dark outline first (the parts grown a little), then the parts.
	d := max(0.75, s*0.025)
	p.begin(dst)
	for _, o := range [4][2]float32{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		bullHorns(p.r, cx+o[0]*d, by+o[1]*d, s, lk.horns)
		bullEars(p.r, cx+o[0]*d, by+o[1]*d, s)
		bullFace(p.r, cx+o[0]*d, by+o[1]*d, s)
	}
	p.fill(dst, Ink)
	p.begin(dst)
	bullHorns(p.r, cx, by, s, lk.horns)
	p.fill(dst, avatarHorn)
	p.begin(dst)
	bullEars(p.r, cx, by, s)
	bullFace(p.r, cx, by, s)
	p.fill(dst, coat)
	if lk.blaze {
		var blaze color.Color = Paper
		if lk.coat == 3 {
			blaze = avatarCoats[2]
		}
		p.begin(dst)
		bullHalf(p.r, cx, by, s, 0, -0.30, []seg{{0.10, -0.28, 0.06, -0.12}, {0.03, 0.02, 0, 0.10}})
		p.fill(dst, blaze)
	}
	p.begin(dst)
	bullMuzzle(p.r, cx, by, s)
	p.fill(dst, lerpColor(coat, avatarMuzzle, 0.6))
	p.begin(dst)
	bullNostrils(p.r, cx, by, s)
	p.fill(dst, Ink)
	// Eyes: round and friendly, or narrowed; with or without a frowning brow.
	ex, ey := 0.115*s, by-0.08*s
	if lk.eyes == 0 {
		p.begin(dst)
		p.r.Disc(cx-ex, ey, 0.062*s)
		p.r.Disc(cx+ex, ey, 0.062*s)
		p.fill(dst, avatarEye)
		p.begin(dst)
		p.r.Disc(cx-ex+0.012*s, ey+0.01*s, 0.034*s)
		p.r.Disc(cx+ex-0.012*s, ey+0.01*s, 0.034*s)
		p.fill(dst, Ink)
	} else {
		p.begin(dst)
		bullEyes(p.r, cx, by, s)
		p.fill(dst, avatarEye)
		p.begin(dst)
		p.r.Disc(cx-0.12*s, by-0.085*s, 0.028*s)
		p.r.Disc(cx+0.12*s, by-0.085*s, 0.028*s)
		p.fill(dst, Ink)
	}
	if lk.brows {
		p.begin(dst)
		p.r.Line(cx-0.19*s, ey-0.11*s, cx-0.05*s, ey-0.05*s, max(1, 0.035*s))
		p.r.Line(cx+0.05*s, ey-0.05*s, cx+0.19*s, ey-0.11*s, max(1, 0.035*s))
		p.fill(dst, Ink)
	}
	if lk.ring {
		p.FillArc(dst, cx, by+0.40*s, 0.085*s, max(1, 0.028*s), 1, avatarRing)
	}
}

// Avatars caches avatar images (DrawAvatar) at one size in device pixels, by name and seat
// colour: drawing a cached avatar allocates nothing.
type Avatars struct {
	p    *Painter
	size int
	imgs map[avatarKey]*ebiten.Image
}

// avatarKey is what an avatar's image depends on besides its size.
type avatarKey struct {
	name string
	seat color.RGBA
}

// NewAvatars returns an empty cache drawing with p.
func NewAvatars(p *Painter) *Avatars { return &Avatars{p: p, imgs: map[avatarKey]*ebiten.Image{}} }

// Resize sets the size of the cached images in device pixels (at least 8), dropping the old
// images if it changed.
func (a *Avatars) Resize(size float64) {
	n := max(8, int(size+0.999))
	if n == a.size {
		return
	}
	a.size = n
	for k, img := range a.imgs {
		img.Deallocate()
		delete(a.imgs, k)
	}
}

// Get returns the avatar of the seat named name in the seat's colour, drawing it on first use.
func (a *Avatars) Get(name string, seat color.Color) *ebiten.Image {
	r, g, b, al := seat.RGBA()
	k := avatarKey{name, color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(al >> 8)}}
	img, ok := a.imgs[k]
	if !ok {
		img = a.p.AvatarImage(name, seat, max(a.size, 8))
		a.imgs[k] = img
	}
	return img
}
