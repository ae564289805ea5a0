package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"nimmt/layout"
	"nimmt/msg"
)

// Key is a keyboard command, independent of the physical key.
type Key uint8

// Keyboard commands.
const (
	KeyNone Key = iota
	KeyLeft
	KeyRight
	KeyUp
	KeyDown
	KeyEnter
	KeyEsc
	KeySpace
	KeyBackspace
	KeyTracker
	KeyAdvisor
	KeyLog
	KeyReplay
	KeyFullscreen
	KeyDigit // Input.Digit holds 0–9
)

// Input is one tick's input in logical pixels, gathered once per Update from mouse, touch and
// keyboard (or injected by tests). A tap is consumed by the first handler that takes it, so a
// click is handled by exactly one thing.
type Input struct {
	_ NoCompare
	// X, Y is the pointer position; Hover is set when a mouse hovers (no touch).
	X, Y  float64
	Hover bool
	// Tap is set on the tick a press is released without dragging; TapX, TapY is where.
	Tap        bool
	TapX, TapY float64
	// Keys pressed this tick, in order; Digit is the digit of the last KeyDigit.
	Keys  [8]Key
	NKeys int
	Digit int
	// Runes typed this tick (for the name field).
	Runes [8]rune
	NRune int
	// Moved is set when the pointer moved this tick.
	Moved bool
	// Touch is set when this tick's press or tap came from a touch screen.
	Touch bool
}

// TapIn reports whether there is an unconsumed tap inside r, and consumes it.
func (in *Input) TapIn(r layout.Rect) bool {
	if in.Tap && r.Contains(in.TapX, in.TapY) {
		in.Tap = false
		return true
	}
	return false
}

// TakeTap consumes any tap and reports whether there was one.
func (in *Input) TakeTap() bool {
	t := in.Tap
	in.Tap = false
	return t
}

// Key reports whether k was pressed this tick, and consumes it.
func (in *Input) Key(k Key) bool {
	for i := 0; i < in.NKeys; i++ {
		if in.Keys[i] == k {
			in.Keys[i] = KeyNone
			return true
		}
	}
	return false
}

// TakeDigit returns a digit key pressed this tick (consuming it), or -1.
func (in *Input) TakeDigit() int {
	if in.Key(KeyDigit) {
		return in.Digit
	}
	return -1
}

func (in *Input) AddKey(k Key) {
	if in.NKeys < len(in.Keys) {
		in.Keys[in.NKeys] = k
		in.NKeys++
	}
}

// Pointer turns mouse and touch into one stream of taps (press and release within a small
// distance) and hover positions.
type Pointer struct {
	Down       bool
	touch      ebiten.TouchID
	Touching   bool
	sx, sy     float64
	lx, ly     float64
	dragged    bool
	touchIDs   []ebiten.TouchID
	justIDs    []ebiten.TouchID
	lastMouseX int
	lastMouseY int
}

const dragSlop = 12 // logical pixels a press may move and still be a tap

// Read gathers this tick's input; scale converts device to logical pixels.
func (p *Pointer) Read(in *Input, scale float64) {
	*in = Input{X: p.lx, Y: p.ly}
	// Touch first: a touch suppresses hover.
	p.touchIDs = ebiten.AppendTouchIDs(p.touchIDs[:0])
	if p.Touching {
		in.Touch = true
		if inpututil.IsTouchJustReleased(p.touch) {
			p.Touching = false
			if !p.dragged {
				in.Tap, in.TapX, in.TapY = true, p.lx, p.ly
			}
		} else {
			x, y := ebiten.TouchPosition(p.touch)
			p.track(float64(x)/scale, float64(y)/scale)
		}
	} else if len(p.touchIDs) > 0 {
		p.justIDs = inpututil.AppendJustPressedTouchIDs(p.justIDs[:0])
		if len(p.justIDs) > 0 {
			id := p.justIDs[0]
			x, y := ebiten.TouchPosition(id)
			p.Touching, p.touch = true, id
			in.Touch = true
			p.start(float64(x)/scale, float64(y)/scale)
		}
	}
	if !p.Touching {
		mx, my := ebiten.CursorPosition()
		if mx != p.lastMouseX || my != p.lastMouseY {
			p.lastMouseX, p.lastMouseY = mx, my
			x, y := float64(mx)/scale, float64(my)/scale
			if !p.Down {
				p.lx, p.ly = x, y
			} else {
				p.track(x, y)
			}
			in.Moved = true
			in.Hover = true
		}
		if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
			p.Down = true
			p.start(float64(mx)/scale, float64(my)/scale)
		}
		// Not "else": a click whose press and release came in the same tick (one batch of
		// events woke an idle game) is still a tap.
		if p.Down && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
			p.Down = false
			if !p.dragged {
				in.Tap, in.TapX, in.TapY = true, p.lx, p.ly
			}
		}
	}
	in.X, in.Y = p.lx, p.ly
	for _, k := range keyMap {
		if inpututil.IsKeyJustPressed(k.key) {
			in.AddKey(k.cmd)
		}
	}
	for d := 0; d <= 9; d++ {
		if inpututil.IsKeyJustPressed(ebiten.Key0+ebiten.Key(d)) || inpututil.IsKeyJustPressed(ebiten.KeyNumpad0+ebiten.Key(d)) {
			in.AddKey(KeyDigit)
			in.Digit = d
		}
	}
	var buf [8]rune
	rs := ebiten.AppendInputChars(buf[:0])
	for _, r := range rs {
		if in.NRune < len(in.Runes) {
			in.Runes[in.NRune] = r
			in.NRune++
		}
	}
}

func (p *Pointer) start(x, y float64) {
	p.sx, p.sy, p.lx, p.ly = x, y, x, y
	p.dragged = false
}

func (p *Pointer) track(x, y float64) {
	p.lx, p.ly = x, y
	if dx, dy := x-p.sx, y-p.sy; dx*dx+dy*dy > dragSlop*dragSlop {
		p.dragged = true
	}
}

var keyMap = [...]struct {
	key ebiten.Key
	cmd Key
}{
	{ebiten.KeyArrowLeft, KeyLeft}, {ebiten.KeyArrowRight, KeyRight}, {ebiten.KeyArrowUp, KeyUp},
	{ebiten.KeyArrowDown, KeyDown}, {ebiten.KeyEnter, KeyEnter}, {ebiten.KeyNumpadEnter, KeyEnter},
	{ebiten.KeyEscape, KeyEsc}, {ebiten.KeySpace, KeySpace}, {ebiten.KeyBackspace, KeyBackspace},
	{ebiten.KeyT, KeyTracker}, {ebiten.KeyA, KeyAdvisor}, {ebiten.KeyL, KeyLog}, {ebiten.KeyR, KeyReplay},
	{ebiten.KeyF11, KeyFullscreen}, {ebiten.KeyF, KeyFullscreen},
}

// Device is how the person plays, so the instructions can speak to it.
type Device uint8

// The ways to play.
const (
	DeviceMouse Device = iota // a pointer with hover: pointing lifts a card, a click plays it
	DeviceTouch               // a touch screen: a tap lifts a card, a second tap plays it
	DeviceKeys                // the keyboard: arrows or digits lift a card, Enter plays it
)

// NoteDevice records how the person played this tick: a touch, a mouse (moved or clicked), or
// the keys that play (arrows, digits, Enter). It reports whether the way changed.
func (k *Kit) NoteDevice(in *Input) bool {
	d := k.Device
	switch {
	case in.Touch:
		d = DeviceTouch
	case in.Hover || in.Tap:
		d = DeviceMouse
	}
	for i := 0; i < in.NKeys; i++ {
		switch in.Keys[i] {
		case KeyLeft, KeyRight, KeyUp, KeyDown, KeyEnter, KeyDigit:
			d = DeviceKeys
		}
	}
	changed := d != k.Device
	k.Device = d
	return changed
}

// ByDevice picks the message for the way the person plays.
func (k *Kit) ByDevice(mouse, touch, keys msg.ID) msg.ID {
	switch k.Device {
	case DeviceTouch:
		return touch
	case DeviceKeys:
		return keys
	}
	return mouse
}
