package scenes

import (
	"fmt"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/anim"
	"nimmt/assets/sounds"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/text"
)

// faceBudget is how many card images may be rendered per frame.
const faceBudget = 1

// Game is the whole game; it implements ebiten.Game. Build it with NewGame.
type Game struct {
	// Kit is what the scenes draw with (kit.go); the game keeps its size current.
	*Kit
	// Env is what the scenes read and keep beside the screen (env.go).
	*Env
	// targets are the current scene's text fields, for a TextFieldTargets (reused each tick).
	targets []layout.Rect
	ptr     pointer
	in      Input
	sized   bool

	// host is what the scenes are given: the Kit, the Env and the Game's Router.
	host *Host

	cur, next scene
	// dial is how the online screens reach a game server (onlinedial.go).
	dial    dialing
	redraws int // frames in which the scene was drawn (TestState.Redraws)
	quit    bool

	// rig drives the game without a player (screenshot, autoplay, injected input); nil in play.
	rig *rig

	// stillFrames counts the drawn frames in a row that found the game still, and idle is set
	// while the frames are stopped (pace.go).
	stillFrames int
	idle        bool
}

// NewGame builds the game: it loads settings (a missing or corrupt file gives the defaults and
// a notice) and opens the menu, or the scene named by opts.Scene when taking a screenshot.
func NewGame(opts Options) (*Game, error) {
	t, err := text.New()
	if err != nil {
		return nil, fmt.Errorf("scenes: %w", err)
	}
	g := &Game{Kit: &Kit{txt: t, scale: 1, w: 1280, h: 720}, Env: &Env{opts: opts, pacer: steadyPacer{}, clock: clock.Wall{}}}
	g.dirty = true
	g.host = &Host{Kit: g.Kit, Env: g.Env, Router: router{g}}
	if opts.IdleFrames {
		g.pacer = &ebitenPacer{notify: opts.FrameWake}
	}
	if !opts.Desktop {
		g.device = deviceTouch // until a mouse moves or a key is pressed
	}
	g.settings = defaultSettings()
	g.loadSettings()
	lang := g.settings.Lang
	if opts.Lang != "" {
		lang = opts.Lang
	}
	if err := g.setLang(lang); err != nil {
		return nil, err
	}
	g.initSound()
	g.openStats()
	if opts.Storage != nil {
		g.saver = newSaver(opts.Storage, g.Wake)
	}
	if opts.Speed != "" {
		if _, ok := anim.ParseSpeed(opts.Speed); !ok {
			return nil, fmt.Errorf("scenes: unknown speed %q", opts.Speed)
		}
		g.settings.Speed = opts.Speed
	}
	if opts.Seats != 0 {
		if opts.Seats < 2 || opts.Seats > 10 {
			return nil, fmt.Errorf("scenes: %d seats (want 2 to 10)", opts.Seats)
		}
		g.settings.Seats = opts.Seats
	}
	if opts.Variant != "" || opts.Doublets {
		name := opts.Variant
		if name == "" {
			name = g.settings.Variant
		}
		v, err := engine.ParseVariant(name)
		if err != nil {
			return nil, fmt.Errorf("scenes: %w", err)
		}
		if opts.Doublets && v != engine.Double {
			return nil, fmt.Errorf("scenes: doublets need the double variant, not %s", v)
		}
		g.settings.Variant, g.settings.Doublets = v.String(), opts.Doublets
		g.settings.sanitizeVariant()
	}
	if opts.Bots == nil {
		g.opts.Bots = defaultBots
	}
	if opts.Advisor == nil {
		g.opts.Advisor = botsAdvisor
	}
	if err := newRig(g); err != nil {
		return nil, err
	}
	g.initOnline()
	if g.cur == nil {
		g.cur = newMenu(g.host)
	}
	return g, nil
}

// goTo switches to s at the start of the next tick.
func (g *Game) goTo(s scene) { g.next = s }

// Update implements ebiten.Game. A panic in a scene never reaches the player: the game goes
// back to the menu and says so (the autosave of the last action is kept).
func (g *Game) Update() (err error) {
	defer func() {
		if r := recover(); r != nil {
			g.recovered(r)
			err = nil
		}
	}()
	return g.tick()
}

// recovered turns a scene's panic into a notice on the menu.
func (g *Game) recovered(r any) {
	fmt.Fprintf(os.Stderr, "scenes: recovered from a panic: %v\n", r)
	if g.rig.panicked(r) {
		return
	}
	g.notice = msg.New(msg.NoticeCrashed)
	m := newMenu(g.host)
	g.cur, g.next = m, nil
	m.resize()
	g.dirty = true
}

func (g *Game) tick() error {
	if g.quit {
		g.FlushSaves()
		return ebiten.Termination
	}
	if g.saver != nil {
		if err := g.saver.err(); err != nil {
			g.notice = msg.New(msg.NoticeSaveFailed, err.Error())
		}
	}
	if hold, err := g.rig.before(); hold || err != nil {
		return err
	}
	if g.next != nil {
		g.cur, g.next = g.next, nil
		g.cur.resize()
		g.dirty = true
	}
	if g.cur == nil {
		return nil
	}
	g.snd.PlayMusic(themeOf(g.cur)) // the theme playing already: nothing to do
	g.snd.Update()
	g.ptr.read(&g.in, g.scale)
	g.rig.input(&g.in)
	if g.in.Tap || g.in.Moved || g.in.NKeys > 0 || g.in.NRune > 0 {
		g.dirty = true
	}
	if g.opts.Desktop && g.in.Key(KeyFullscreen) && !g.typing() {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	if err := g.cur.update(&g.in); err != nil {
		return err
	}
	g.tellTargets()
	return g.rig.after()
}

// typing reports whether a text field has focus (letters are not commands then).
func (g *Game) typing() bool {
	s, ok := g.cur.(interface{ typing() bool })
	return ok && s.typing()
}

// Draw implements ebiten.Game. A still screen is not redrawn.
func (g *Game) Draw(screen *ebiten.Image) {
	defer func() {
		if r := recover(); r != nil {
			g.recovered(r)
		}
	}()
	g.frames++
	defer g.pace()
	if g.cur == nil {
		return
	}
	if g.dirty || g.cur.animating() || g.rig.capturing() {
		g.dirty = false
		g.painter.Budget = faceBudget
		g.redraws++
		g.cur.draw(screen)
	}
	g.rig.draw(screen)
}

// Layout implements ebiten.Game; Ebitengine calls LayoutF instead, this is its integer form.
func (g *Game) Layout(w, h int) (int, int) {
	fw, fh := g.LayoutF(float64(w), float64(h))
	return int(fw), int(fh)
}

// monitorScale returns the monitor's device scale factor. Ebitengine's monitor state belongs to
// its game loop: the tests, whose games run outside that loop, replace it by a constant.
var monitorScale = func() float64 {
	if m := ebiten.Monitor(); m != nil {
		return m.DeviceScaleFactor()
	}
	return 1
}

// LayoutF implements ebiten.LayoutFer: the screen is in device pixels for crisp HiDPI drawing.
func (g *Game) LayoutF(w, h float64) (float64, float64) {
	s := 1.0
	if g.opts.Scale > 0 {
		s = g.opts.Scale
	} else {
		s = monitorScale()
	}
	if s <= 0 {
		s = 1
	}
	if w < 1 {
		w = 1
	}
	if h < 1 {
		h = 1
	}
	if !g.sized || w != g.w || h != g.h || s != g.scale {
		g.w, g.h, g.scale, g.sized = w, h, s, true
		g.txt.SetScale(s)
		g.dirty = true
		if g.cur != nil {
			g.cur.resize()
		}
	}
	return w * s, h * s
}

// tellTargets gives the platform's text field, where it asks for them, the rectangles of the
// current scene's text fields.
func (g *Game) tellTargets() {
	tt, ok := g.opts.TextField.(TextFieldTargets)
	if !ok {
		return
	}
	g.targets = g.targets[:0]
	if s, ok := g.cur.(interface {
		fieldTargets([]layout.Rect) []layout.Rect
	}); ok {
		g.targets = s.fieldTargets(g.targets)
	}
	tt.Targets(g.targets)
}

// themeOf is the music a scene plays under it: the table's theme at a table (its score and game
// over included), the menus' theme on every other screen.
func themeOf(s scene) sounds.Theme {
	if _, ok := s.(*table); ok {
		return sounds.TableTheme
	}
	return sounds.MenuTheme
}

// router is the Game's Router: each call builds the scene and queues it.
type router struct{ g *Game }

func (r router) Menu() { r.g.next = newMenu(r.g.host) }

func (r router) Play(seed uint64) error {
	t, err := newTable(r.g.host, seed)
	if err != nil {
		return err
	}
	r.g.next = t
	return nil
}

func (r router) Continue() error {
	t, err := resumeTable(r.g.host)
	if err != nil {
		return err
	}
	r.g.next = t
	return nil
}

func (r router) Rules() { r.g.next = newRules(r.g.host) }

func (r router) Lobby(code string) { r.g.next = newLobby(r.g.host, &r.g.dial, code) }

func (r router) Show(s scene) { r.g.next = s }

func (r router) Leaving() bool { return r.g.next != nil }

func (r router) Quit() { r.g.quit = true }
