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
	"nimmt/scenes/menu"
	"nimmt/scenes/online"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/text"
)

// faceBudget is how many card images may be rendered per frame.
const faceBudget = 1

// Game is the whole game; it implements ebiten.Game. Build it with NewGame.
type Game struct {
	// Kit is what the scenes draw with (kit.go); the game keeps its size current.
	*ui.Kit
	// Env is what the scenes read and keep beside the screen (env.go).
	*ui.Env
	// targets are the current scene's text fields, for a TextFieldTargets (reused each tick).
	targets []layout.Rect
	ptr     ui.Pointer
	in      ui.Input
	sized   bool

	// Host is what the scenes are given: the Kit, the Env and the Game's Router.
	host *ui.Host

	cur, next ui.Scene
	// opened is the last table the Router's Table opened, and back the scene that asked for it
	// (an online room; nil: the menu). Back goes there from that table (router.Back).
	opened, back ui.Scene
	// dial is how the online screens reach a game server (onlinedial.go).
	dial    online.Dialing
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
func NewGame(opts ui.Options) (*Game, error) {
	t, err := text.New()
	if err != nil {
		return nil, fmt.Errorf("scenes: %w", err)
	}
	g := &Game{Kit: &ui.Kit{Txt: t, Scale: 1, W: 1280, H: 720}, Env: &ui.Env{Opts: opts, Pacer: ui.SteadyPacer{}, Clock: clock.Wall{}}}
	g.Dirty = true
	g.host = &ui.Host{Kit: g.Kit, Env: g.Env, Router: router{g}}
	if opts.IdleFrames {
		g.Pacer = &ui.EbitenPacer{Notify: opts.FrameWake}
	}
	if !opts.Desktop {
		g.Device = ui.DeviceTouch // until a mouse moves or a key is pressed
	}
	g.Settings = ui.DefaultSettings()
	g.LoadSettings()
	lang := g.Settings.Lang
	if opts.Lang != "" {
		lang = opts.Lang
	}
	if err := g.SetLang(lang); err != nil {
		return nil, err
	}
	g.InitSound()
	g.OpenStats()
	if opts.Storage != nil {
		g.Saver = ui.NewSaver(opts.Storage, g.Wake)
	}
	if opts.Speed != "" {
		if _, ok := anim.ParseSpeed(opts.Speed); !ok {
			return nil, fmt.Errorf("scenes: unknown speed %q", opts.Speed)
		}
		g.Settings.Speed = opts.Speed
	}
	if opts.Seats != 0 {
		if opts.Seats < 2 || opts.Seats > 10 {
			return nil, fmt.Errorf("scenes: %d seats (want 2 to 10)", opts.Seats)
		}
		g.Settings.Seats = opts.Seats
	}
	if opts.Variant != "" || opts.Doublets {
		name := opts.Variant
		if name == "" {
			name = g.Settings.Variant
		}
		v, err := engine.ParseVariant(name)
		if err != nil {
			return nil, fmt.Errorf("scenes: %w", err)
		}
		if opts.Doublets && v != engine.Double {
			return nil, fmt.Errorf("scenes: doublets need the double variant, not %s", v)
		}
		g.Settings.Variant, g.Settings.Doublets = v.String(), opts.Doublets
		g.Settings.SanitizeVariant()
	}
	if opts.Bots == nil {
		g.Opts.Bots = ui.DefaultBots
	}
	if opts.Advisor == nil {
		g.Opts.Advisor = ui.BotsAdvisor
	}
	if err := newRig(g); err != nil {
		return nil, err
	}
	g.initOnline()
	if g.cur == nil {
		g.cur = menu.NewMenu(g.host)
	}
	return g, nil
}

// goTo switches to s at the start of the next tick.
func (g *Game) goTo(s ui.Scene) { g.next = s }

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
	g.Notice = msg.New(msg.NoticeCrashed)
	m := menu.NewMenu(g.host)
	g.cur, g.next = m, nil
	m.Resize()
	g.Dirty = true
}

func (g *Game) tick() error {
	if g.quit {
		g.FlushSaves()
		return ebiten.Termination
	}
	if g.Saver != nil {
		if err := g.Saver.Err(); err != nil {
			g.Notice = msg.New(msg.NoticeSaveFailed, err.Error())
		}
	}
	if hold, err := g.rig.before(); hold || err != nil {
		return err
	}
	if g.next != nil {
		g.cur, g.next = g.next, nil
		g.cur.Resize()
		g.Dirty = true
	}
	if g.cur == nil {
		return nil
	}
	g.Snd.PlayMusic(themeOf(g.cur)) // the theme playing already: nothing to do
	g.Snd.Update()
	g.ptr.Read(&g.in, g.Scale)
	g.rig.input(&g.in)
	if g.in.Tap || g.in.Moved || g.in.NKeys > 0 || g.in.NRune > 0 {
		g.Dirty = true
	}
	if g.Opts.Desktop && g.in.Key(ui.KeyFullscreen) && !g.Typing() {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	if !g.follow() {
		if err := g.cur.Update(&g.in); err != nil {
			return err
		}
	}
	g.tellTargets()
	return g.rig.after()
}

// Typing reports whether a text field has focus (letters are not commands then).
func (g *Game) Typing() bool {
	s, ok := g.cur.(interface{ Typing() bool })
	return ok && s.Typing()
}

// Draw implements ebiten.Game. A still screen is not redrawn.
func (g *Game) Draw(screen *ebiten.Image) {
	defer func() {
		if r := recover(); r != nil {
			g.recovered(r)
		}
	}()
	g.FrameCount++
	defer g.pace()
	if g.cur == nil {
		return
	}
	if g.Dirty || g.cur.Animating() || g.rig.capturing() {
		g.Dirty = false
		g.Painter.Budget = faceBudget
		g.redraws++
		g.cur.Draw(screen)
	}
	g.rig.Draw(screen)
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
	if g.Opts.Scale > 0 {
		s = g.Opts.Scale
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
	if !g.sized || w != g.W || h != g.H || s != g.Scale {
		g.W, g.H, g.Scale, g.sized = w, h, s, true
		g.Txt.SetScale(s)
		g.Dirty = true
		if g.cur != nil {
			g.cur.Resize()
		}
	}
	return w * s, h * s
}

// tellTargets gives the platform's text field, where it asks for them, the rectangles of the
// current scene's text fields.
func (g *Game) tellTargets() {
	tt, ok := g.Opts.TextField.(ui.TextFieldTargets)
	if !ok {
		return
	}
	g.targets = g.targets[:0]
	if s, ok := g.cur.(interface {
		FieldTargets([]layout.Rect) []layout.Rect
	}); ok {
		g.targets = s.FieldTargets(g.targets)
	}
	tt.Targets(g.targets)
}

// themeOf is the music a scene plays under it: the table's theme at a table (its score and game
// over included), the menus' theme on every other screen.
func themeOf(s ui.Scene) sounds.Theme {
	if _, ok := s.(*table.Table); ok {
		return sounds.TableTheme
	}
	return sounds.MenuTheme
}

// router is the Game's Router: each call builds the scene and queues it.
type router struct{ g *Game }

func (r router) Menu() { r.g.next = menu.NewMenu(r.g.host) }

func (r router) Play(seed uint64) error {
	t, err := table.NewTable(r.g.host, seed)
	if err != nil {
		return err
	}
	r.g.next = t
	return nil
}

func (r router) Continue() error {
	t, err := table.ResumeTable(r.g.host)
	if err != nil {
		return err
	}
	r.g.next = t
	return nil
}

func (r router) Rules() { r.g.next = rulesScene(r.g.host) }

// rulesScene opens the rules walkthrough, or the menu should its fixed example fail (a bug, not
// the player's problem).
func rulesScene(h *ui.Host) ui.Scene {
	t, err := table.NewRules(h)
	if err != nil {
		return menu.NewMenu(h)
	}
	return t
}

func (r router) Lobby(code string) { r.g.next = online.NewLobby(r.g.host, &r.g.dial, code) }

func (r router) Show(s ui.Scene) { r.g.next = s }

func (r router) Leaving() bool { return r.g.next != nil }

func (r router) Quit() { r.g.quit = true }

// Table opens a table on s. The scene asking is kept to go back to, unless it is the table the
// Router opened last (the room's next game opened while its last game's table shows): the room
// stays the way back. An online room also names and takes the game over's two buttons.
func (r router) Table(s ui.TableSession, me int, fastForward bool) (ui.Scene, error) {
	sess, ok := s.(session.Session)
	if !ok {
		return nil, fmt.Errorf("scenes: a table opens on a session.Session, not %T", s)
	}
	g := r.g
	if g.opened == nil || g.cur != g.opened {
		g.back = g.cur
	}
	t := table.NewTableOn(g.host, sess, me)
	if fastForward {
		t.FastForward()
	}
	if side, ok := g.back.(gameOverSide); ok {
		t.Online = side
	}
	g.opened, g.next = t, t
	return t, nil
}

// gameOverSide is what an online table's game-over panel asks of its room: the labels and the
// taps of its two buttons (play again or the room, and leave).
type gameOverSide interface {
	OverLabels() (again, leave string)
	OverButtons(in *ui.Input, again, leave layout.Rect) bool
}

// Back goes from the table the Router opened last to the scene that asked for it, as it was
// (the online room, which lays itself out again when shown); from any other table (a local
// game, a resumed one, the rules) or with nobody to go back to, it opens the menu.
func (r router) Back() {
	g := r.g
	if g.back != nil && g.cur == g.opened {
		g.next = g.back
		return
	}
	g.next = menu.NewMenu(g.host)
}

// follow runs the way back's Follow at the top of the tick of the table it opened, and reports
// whether it moved on (the room's next game opened): the table's tick is then skipped.
func (g *Game) follow() bool {
	f, ok := g.back.(ui.Follower)
	if !ok || g.cur != g.opened {
		return false
	}
	f.Follow()
	return g.next != nil
}

// PublicLobby opens the list of public tables (scenes/online/public.go).
func (r router) PublicLobby() { r.g.next = online.NewPublic(r.g.host, &r.g.dial) }

func (r router) Tutorial() {
	t, err := table.NewGuidedTable(r.g.host, 0)
	if err != nil {
		r.g.Notice = session.Notice(err)
		r.g.next = menu.NewMenu(r.g.host)
		return
	}
	r.g.next = t
}

// Profile opens the account page (scenes/online/profile.go). Opened from the menu (or again
// from a page opened there, Retry), its Back goes to the menu.
func (r router) Profile() {
	p := online.NewProfile(r.g.host, &r.g.dial)
	_, p.Home = r.g.cur.(*menu.Menu)
	if old, ok := r.g.cur.(*online.Profile); ok {
		p.Home = old.Home
	}
	r.g.next = p
}
