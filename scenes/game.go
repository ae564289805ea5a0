package scenes

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/anim"
	"nimmt/client"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/sound"
	"nimmt/sprites"
	"nimmt/stats"
	"nimmt/text"
)

// Storage keeps the game's small files: settings.json and save.json. Load's error should wrap
// fs.ErrNotExist for a missing file. Desktop: storage.Dir; browser: localStorage; mobile: files dir.
type Storage interface {
	Load(name string) ([]byte, error)
	Save(name string, data []byte) error
}

// Options configure a Game.
type Options struct {
	// Storage keeps settings and the autosave; nil keeps nothing.
	Storage Storage
	// Desktop enables the Quit button and the fullscreen toggle.
	Desktop bool
	// Seed seeds the first game's deal; 0 picks one from the cosmetic generator.
	Seed uint64
	// Bots makes computer opponents; nil uses the bots package (bots.New).
	Bots BotFactory
	// Advisor estimates the expected bullheads of each card in the person's hand; nil uses the
	// Intermediate bot's evaluation (bots.Advise).
	Advisor Advisor
	// Screenshot, if set, renders Scene to this PNG file and then ends the game.
	Screenshot string
	// Scene names the scene for Screenshot: menu deal choose reveal placement score gameover
	// rowchoice rules.
	Scene string
	// Speed overrides the saved animation speed when non-empty ("slow", "normal", "fast", "instant").
	Speed string
	// Seats overrides the saved number of seats of a new game when non-zero (2–10).
	Seats int
	// Variant overrides the saved rules of a new game when non-empty (an engine variant name:
	// basic, tactics, logic, tournament, professional, open, nifty, hand, double, tcg), and
	// Doublets picks Double's one deck plus the doublets 11…99.
	Variant  string
	Doublets bool
	// Autoplay starts a game at once and plays the person's seat with the bots' one-step player until the
	// game is over, then ends (a demo, and a way to measure a whole game).
	Autoplay bool
	// InlineBots runs the bots' decisions inside Update instead of in goroutines: a game is then
	// a pure function of its seed and input (tests, screenshots).
	InlineBots bool
	// Lang overrides the saved language when non-empty: a language code of nimmt/msg (en, de,
	// es, fr). An unknown code is an error.
	Lang string
	// Locale is the system's or browser's locale ("de_DE.UTF-8", "fr-CA"): the language when the
	// settings name none. Empty or unknown means English.
	Locale string
	// Scale forces the device scale factor (device pixels per logical pixel) when positive;
	// 0 uses the monitor's. For screenshots and tests of HiDPI drawing.
	Scale float64
	// Sound plays the effects (sound.New over sound.Open's device); nil is silent.
	Sound *sound.Player
	// Server is the game server of online play when the platform knows it (the browser: its
	// page's own, "wss://host"); empty lets the person type one (remembered in the settings).
	Server string
	// Clipboard, if set, puts a text on the clipboard (the browser's navigator.clipboard, the
	// desktop's system clipboard through nimmt/clip): the room screen's copy button. Nil (the
	// phone apps) makes the button say that this device cannot copy, with the code to share.
	Clipboard func(text string) error
	// Room is a room code to join at once (the browser's ?room=CODE link); empty opens the menu.
	Room string
	// SoundStatus, if set, says whether the sound device plays and why not (sound.Device.Status);
	// the settings page shows the reason when it is silent.
	SoundStatus func() (ready bool, err error)
	// IdleFrames stops the frames while nothing moves (pace.go): Ebitengine then draws only on
	// input and when the game is woken, so a still menu or table costs no CPU. The desktop, web
	// and mobile builds set it; a caller that runs Update and Draw itself (tests) leaves it off.
	IdleFrames bool
	// FrameWake, if set, is called in the idle mode after the game asked Ebitengine for a frame
	// from outside the game loop (Game.Wake, WakeAfter): the browser's page holds Ebitengine's
	// animation-frame requests back while the game is idle and lets them go then (wasm/webrun).
	FrameWake func()
	// TextField, if set, is the platform's text input a name is typed into (the browser's
	// <input>); nil takes the keys' letters and, on a touch screen, shows an on-screen keyboard.
	TextField TextField
}

// Settings are the person's choices, kept in settings.json.
type Settings struct {
	Name  string `json:"name"`
	Seats int    `json:"seats"`
	// Levels are seats 1–9: a bot level, or "person" for another person at this device
	// (hot-seat), named by Names.
	Levels   []string `json:"levels"`
	Names    []string `json:"names,omitempty"`
	EndMode  string   `json:"end_mode"` // "66", "score" or "rounds"
	EndScore int      `json:"end_score"`
	Rounds   int      `json:"rounds"`
	Speed    string   `json:"speed"`
	Tracker  bool     `json:"tracker"`
	Advisor  bool     `json:"advisor"`
	Variant  string   `json:"variant,omitempty"`  // an engine variant name offered by menuVariants; "" = basic
	Doublets bool     `json:"doublets,omitempty"` // Double with one deck and the doublets 11…99 of a second
	// Online holds online play's choices and the seat held in a room (online.go).
	Online onlineSettings `json:"online"`
	// Lang is the language chosen on the settings page (a nimmt/msg code); "" follows the
	// system's language (Options.Locale).
	Lang string `json:"lang,omitempty"`
	// Volume is the sound's volume in percent, 0–100 in steps of volumeStep; Muted silences it.
	Volume int  `json:"volume"`
	Muted  bool `json:"muted,omitempty"`
}

func defaultSettings() Settings {
	return Settings{Name: msg.DefaultName.Text(), Seats: 4, Levels: []string{"intermediate", "intermediate", "intermediate",
		"intermediate", "intermediate", "intermediate", "intermediate", "intermediate", "intermediate"},
		Names: make([]string, 9), EndMode: "66", EndScore: 66, Rounds: 5, Speed: "normal",
		Volume: int(sound.DefaultVolume * 100), Online: onlineSettings{Timer: protocol.DefaultTimer}}
}

// maxName is the most letters (runes) of a name the settings keep: what the name field and the
// plates fit, within what a game record keeps (engine.MaxPlayerName).
const maxName = min(16, engine.MaxPlayerName)

// clipName returns name as valid UTF-8 of at most maxName runes; it reads no further than that,
// however long name is.
func clipName(name string) string {
	n := 0
	for i := range name {
		if n == maxName {
			name = name[:i]
			break
		}
		n++
	}
	return strings.ToValidUTF8(name, "\uFFFD")
}

func (s *Settings) sanitize() {
	d := defaultSettings()
	if s.Name == "" {
		s.Name = d.Name
	}
	s.Name = clipName(s.Name)
	if s.Seats < 2 || s.Seats > 10 {
		s.Seats = d.Seats
	}
	s.sanitizeVariant()
	for len(s.Levels) < 9 {
		s.Levels = append(s.Levels, "intermediate")
	}
	for len(s.Names) < 9 {
		s.Names = append(s.Names, "")
	}
	for i, n := range s.Names {
		s.Names[i] = clipName(n)
	}
	for i, l := range s.Levels {
		if levelIndex(l) < 0 && l != levelPerson {
			s.Levels[i] = "intermediate"
		}
	}
	switch s.EndMode {
	case "66", "score", "rounds":
	default:
		s.EndMode = "66"
	}
	if s.EndScore < 10 || s.EndScore > 500 {
		s.EndScore = 66
	}
	if s.Rounds < 1 || s.Rounds > 50 {
		s.Rounds = 5
	}
	if _, ok := anim.ParseSpeed(s.Speed); !ok {
		s.Speed = "normal"
	}
	if s.Lang != "" && msg.Match(s.Lang) != s.Lang {
		s.Lang = ""
	}
	if s.Volume < 0 || s.Volume > 100 {
		s.Volume = d.Volume
	}
	s.Volume -= s.Volume % volumeStep
	s.Online.sanitize()
}

// setLang makes code the game's language (the settings' or the system's when code is "") and
// renames the person's default name ("You") into it.
func (g *Game) setLang(code string) error {
	if code == "" {
		code = msg.Match(g.opts.Locale)
	}
	wasDefault := isDefaultName(g.settings.Name)
	if err := msg.SetLang(code); err != nil {
		return fmt.Errorf("scenes: %w", err)
	}
	if wasDefault {
		g.settings.Name = msg.DefaultName.Text()
	}
	if g.opts.Desktop {
		ebiten.SetWindowTitle(msg.GameTitle.Text())
	}
	return nil
}

// isDefaultName reports whether name is the default person's name in some language.
func isDefaultName(name string) bool {
	for _, l := range msg.Langs() {
		if msg.New(msg.DefaultName).In(l.Code) == name {
			return true
		}
	}
	return false
}

// faceBudget is how many card images may be rendered per frame.
const faceBudget = 1

const (
	settingsFile = "settings.json"
	saveFile     = "save.json"
)

// scene is one screen of the game.
type scene interface {
	name() string
	update(in *Input) error
	draw(dst *ebiten.Image)
	// resize is called when the logical screen size changes.
	resize()
	// animating reports whether the scene must be redrawn every frame now.
	animating() bool
	// acceptsInput reports whether input is taken now (the timeline allows it).
	acceptsInput() bool
	testState(ts *TestState)
}

// Game is the whole game; it implements ebiten.Game. Build it with NewGame.
type Game struct {
	opts     Options
	settings Settings
	// notice is a one-line message shown on the menu (e.g. a corrupt save).
	notice msg.Message
	// targets are the current scene's text fields, for a TextFieldTargets (reused each tick).
	targets []layout.Rect

	txt     *text.Renderer
	painter sprites.Painter
	ptr     pointer
	in      Input
	// device is how the person last played: a pointer with hover, touch or keys (controls.go).
	device device

	w, h  float64 // logical size
	scale float64 // device pixels per logical pixel
	sized bool

	cur, next scene
	dirty     bool
	frames    int
	redraws   int // frames in which the scene was drawn (TestState.Redraws)
	quit      bool

	saver   *saver
	shapes  map[shapeKey]*ebiten.Image
	shapeOp ebiten.DrawImageOptions
	// sliceVerts, sliceIdx and sliceOp draw a stretched shape in nine pieces (drawShape).
	sliceVerts []ebiten.Vertex
	sliceIdx   []uint32
	sliceOp    ebiten.DrawTrianglesOptions
	// pixel is one white pixel that fillRect scales and tints with rectOp.
	pixel  *ebiten.Image
	rectOp ebiten.DrawImageOptions
	// rig drives the game without a player (screenshot, autoplay, injected input); nil in play.
	rig *rig
	// snd plays the sound effects (never nil).
	snd *sound.Player
	// stats keeps this device's game statistics (never nil).
	stats *stats.Keeper
	// cardSpy, when set (tests), is told every card drawn, whether its face shows and where.
	cardSpy func(c engine.Card, face bool, r layout.Rect)
	// dialRoom opens a link to a room of a game server (online play); tests put a fake in.
	dialRoom roomDialer
	// dialer opens the connections of dialLink (nil: client.DialTransport); tests dial a server
	// in the process.
	dialer client.Dialer
	// sessionFor makes the table's session over a room's link.
	sessionFor func(l roomLink) Session

	// pacer stops and restarts the frames (pace.go); stillFrames counts the drawn frames in a
	// row that found the game still, and idle is set while the frames are stopped.
	pacer       pacer
	stillFrames int
	idle        bool
	// clock is the time of the decision timer's ring and its wakes: the wall clock in play,
	// one the test moves in tests.
	clock clock.Clock
}

// NewGame builds the game: it loads settings (a missing or corrupt file gives the defaults and
// a notice) and opens the menu, or the scene named by opts.Scene when taking a screenshot.
func NewGame(opts Options) (*Game, error) {
	t, err := text.New()
	if err != nil {
		return nil, fmt.Errorf("scenes: %w", err)
	}
	g := &Game{opts: opts, txt: t, scale: 1, w: 1280, h: 720, dirty: true, pacer: steadyPacer{}, clock: clock.Wall{}}
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
		g.cur = newMenu(g)
	}
	return g, nil
}

func (g *Game) loadSettings() {
	if g.opts.Storage == nil {
		return
	}
	b, err := g.opts.Storage.Load(settingsFile)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			g.notice = msg.New(msg.NoticeSettingsUnread)
		}
		return
	}
	s := defaultSettings() // a field the file lacks (an older file) keeps its default
	if err := json.Unmarshal(b, &s); err != nil {
		g.notice = msg.New(msg.NoticeSettingsDamaged)
		return
	}
	s.sanitize()
	g.settings = s
}

func (g *Game) saveSettings() {
	if g.opts.Storage == nil {
		return
	}
	b, err := json.MarshalIndent(g.settings, "", "  ")
	if err != nil {
		g.notice = msg.New(msg.NoticeSettingsUnsaved)
		return
	}
	g.saver.save(settingsFile, b)
}

// FlushSaves waits until the settings and the autosave queued so far are written. The game
// writes them in the background; call this before the process exits.
func (g *Game) FlushSaves() {
	if g.saver != nil {
		g.saver.flush()
	}
}

func (g *Game) speed() anim.Speed {
	s, _ := anim.ParseSpeed(g.settings.Speed)
	return s
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
	return g.update()
}

// recovered turns a scene's panic into a notice on the menu.
func (g *Game) recovered(r any) {
	fmt.Fprintf(os.Stderr, "scenes: recovered from a panic: %v\n", r)
	if g.rig.panicked(r) {
		return
	}
	g.notice = msg.New(msg.NoticeCrashed)
	m := newMenu(g)
	g.cur, g.next = m, nil
	m.resize()
	g.dirty = true
}

func (g *Game) update() error {
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
