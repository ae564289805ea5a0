package menu

import (
	"math"
	"nimmt/assets/sounds"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/msg"
	"nimmt/sprites"
	"nimmt/stats"
	"nimmt/text"
)

var speeds = []string{"slow", "normal", "fast", "instant"}

// speedNames names the speeds, in the order of speeds.
var speedNames = []msg.ID{msg.SpeedSlow, msg.SpeedNormal, msg.SpeedFast, msg.SpeedInstant}

// speedName returns the player's name of the speed setting s.
func speedName(s string) string {
	for i, x := range speeds {
		if x == s {
			return speedNames[i].Text()
		}
	}
	return s
}

// endModeNames names the settings' end modes on the new-game form.
var endModeNames = map[string]msg.ID{"66": msg.EndAt66, "score": msg.EndAtScore, "rounds": msg.EndAfterRounds}

// Menu is the title menu with its pages: main, newgame and settings.
type Menu struct {
	g       *ui.Host
	Page    string
	Widgets []ui.Widget
	focus   int
	// Form is the new-game form while the page is "newgame".
	Form  *NewGameForm
	Title string
	// TitleSize is the title's font size fitted to its box, for the title titleFor in titleBox.
	TitleSize float64
	titleFor  string
	titleBox  layout.Rect
	hasSave   bool
	// cards draws the title page's cards; cardsPending is set while some are not rendered yet.
	cards        *sprites.Cards
	CardsPending bool
	op           ebiten.DrawImageOptions
	// recent and chart are the statistics page's last games and the chart's rectangle.
	recent []stats.Result
	chart  layout.Rect
}

func NewMenu(g *ui.Host) *Menu {
	m := &Menu{g: g, Page: "menu", focus: -1}
	m.hasSave = session.HasSave(g.Env)
	return m
}

func (m *Menu) Name() string {
	if m.Page == "newgame" {
		return m.Form.Name()
	}
	return m.Page
}

// Typing reports whether a name is being typed on the new-game form.
func (m *Menu) Typing() bool { return m.Page == "newgame" && m.Form.Typing() }

func (m *Menu) Animating() bool    { return m.Typing() || m.CardsPending }
func (m *Menu) AcceptsInput() bool { return true }

func (m *Menu) Resize() {
	m.Build()
	if m.Form != nil {
		m.Form.Resize()
	}
}

func (m *Menu) add(id, label string, r layout.Rect, enabled bool, kind int) {
	m.Widgets = append(m.Widgets, ui.Widget{ID: id, Label: label, R: r, Enabled: enabled, Kind: kind})
}

// Build lays the page out; it runs on resize and after every change (not every frame).
func (m *Menu) Build() {
	g := m.g
	m.Widgets = m.Widgets[:0]
	m.chart = layout.Rect{}
	st := &g.Settings
	switch m.Page {
	case "stats":
		m.buildStats()
	case "stats-reset":
		m.buildStatsReset()
	case "menu":
		m.Title = msg.GameTitle.Text()
		n := 7
		if g.Opts.Desktop {
			n = 8
		}
		rs := layout.Form(g.W, g.H, n+1)
		m.add("new-game", msg.MenuNewGame.Text(), rs[1], true, 0)
		m.add("continue", msg.MenuContinue.Text(), rs[2], m.hasSave, 0)
		// Play online and the account page share a row, a gap between them.
		on, gap := rs[3], math.Round(ui.ClampF(min(g.W, g.H)*0.02, 4, 24))
		half := (on.W - gap) / 2
		m.add("online", msg.MenuOnline.Text(), layout.Rect{X: on.X, Y: on.Y, W: half, H: on.H}, true, 0)
		m.add("profile", msg.ProfileTitle.Text(), layout.Rect{X: on.X + half + gap, Y: on.Y, W: half, H: on.H}, true, 0)
		m.add("rules", msg.MenuRules.Text(), rs[4], true, 0)
		m.add("tutorial", msg.MenuTutorial.Text(), rs[5], true, 0)
		m.add("stats", msg.MenuStats.Text(), rs[6], true, 0)
		m.add("settings", msg.MenuSettings.Text(), rs[7], true, 0)
		if g.Opts.Desktop {
			m.add("quit", msg.MenuQuit.Text(), rs[8], true, 0)
		}
		notice := g.Notice
		if notice.ID == msg.None && !m.hasSave && g.Stats.Stats().Local.Played == 0 {
			notice = msg.New(msg.TutorialOffer) // a first game: the guided game is offered
		}
		m.add("", notice.String(), rs[0], true, ui.KindNotice)
	case "settings":
		m.Title = msg.MenuSettings.Text()
		// The game's settings beside the sound's where the screen is wide and low; one column
		// elsewhere. Why the device is silent and Fullscreen take a row only when shown.
		why := g.Silence()
		b := 4
		if why != "" {
			b++
		}
		if g.Opts.Desktop {
			b++
		}
		rs := layout.FormPair(g.W, g.H, 10, 4, b)
		// A choice among several shows its value (a tap takes the next); an on/off setting is a
		// switch showing its state.
		row := func(r layout.Rect, lbl, id, val string, kind int, on bool) {
			l := layout.Rect{X: r.X, Y: r.Y, W: r.W * 0.5, H: r.H}
			m.add("", lbl, l, true, 1)
			m.add(id, val, layout.Rect{X: l.X + l.W, Y: l.Y, W: r.W - l.W, H: l.H}, true, kind)
			m.Widgets[len(m.Widgets)-1].On = on
		}
		toggle := func(r layout.Rect, lbl, id string, on bool) { row(r, lbl, id, OnOff(on), ui.KindSwitch, on) }
		row(rs[0], msg.SettingsSpeed.Text(), "speed", speedName(st.Speed), 3, false)
		toggle(rs[1], msg.SettingsTracker.Text(), "tracker", st.Tracker)
		toggle(rs[2], msg.SettingsAdvisor.Text(), "advisor", st.Advisor)
		row(rs[3], msg.SettingsLanguage.Text(), "lang", langName(msg.Lang()), 3, false)
		rs = rs[4:]
		vol := rs[0]
		m.add("", msg.SettingsVolume.Text(), layout.Rect{X: vol.X, Y: vol.Y, W: vol.W * 0.5, H: vol.H}, true, 1)
		step := vol.W * 0.5 / 4
		m.add("volume-minus", "−", layout.Rect{X: vol.X + vol.W*0.5, Y: vol.Y, W: step, H: vol.H}, st.Volume > 0, 0)
		m.add("", msg.New(msg.SettingsPercent, st.Volume).String(), layout.Rect{X: vol.X + vol.W*0.5 + step, Y: vol.Y, W: 2 * step, H: vol.H}, true, 2)
		m.add("volume-plus", "+", layout.Rect{X: vol.X + vol.W - step, Y: vol.Y, W: step, H: vol.H}, st.Volume < 100, 0)
		mus := rs[1]
		m.add("", msg.SettingsMusic.Text(), layout.Rect{X: mus.X, Y: mus.Y, W: mus.W * 0.5, H: mus.H}, true, 1)
		m.add("music-minus", "−", layout.Rect{X: mus.X + mus.W*0.5, Y: mus.Y, W: step, H: mus.H}, st.MusicVolume > 0, 0)
		m.add("", msg.New(msg.SettingsPercent, st.MusicVolume).String(), layout.Rect{X: mus.X + mus.W*0.5 + step, Y: mus.Y, W: 2 * step, H: mus.H}, true, 2)
		m.add("music-plus", "+", layout.Rect{X: mus.X + mus.W - step, Y: mus.Y, W: step, H: mus.H}, st.MusicVolume < 100, 0)
		toggle(rs[2], msg.SettingsSound.Text(), "mute", !st.Muted)
		rs = rs[3:]
		if why != "" {
			m.add("", msg.New(msg.SettingsSilent, why).String(), rs[0], true, ui.KindNotice)
			rs = rs[1:]
		}
		if g.Opts.Desktop {
			toggle(rs[0], msg.SettingsFullscreen.Text(), "fullscreen", ebiten.IsFullscreen())
		}
		m.add("back", msg.Back.Text(), rs[len(rs)-1], true, 0)
	}
	if m.focus >= len(m.Widgets) {
		m.focus = -1
	}
}

func OnOff(b bool) string {
	if b {
		return msg.On.Text()
	}
	return msg.Off.Text()
}

// langName returns the language's name in itself ("Deutsch").
func langName(code string) string {
	for _, l := range msg.Langs() {
		if l.Code == code {
			return l.Name
		}
	}
	return code
}

// nextLang returns the code of the language after code in msg.Langs, round.
func nextLang(code string) string {
	var codes []string
	for _, l := range msg.Langs() {
		codes = append(codes, l.Code)
	}
	return Cycle(codes, code, 1)
}

func Cycle(list []string, cur string, d int) string {
	i := 0
	for j, x := range list {
		if x == cur {
			i = j
		}
	}
	return list[(i+d+len(list))%len(list)]
}

func (m *Menu) Activate(id string) error {
	g := m.g
	st := &g.Settings
	changed := true
	g.Cue(sounds.Click)
	switch id {
	case "new-game":
		m.OpenForm()
	case "continue":
		if err := g.Continue(); err != nil {
			g.Notice = session.Notice(err)
			m.hasSave = false
			break
		}
		g.Notice = msg.Message{}
	case "online":
		g.PublicLobby()
	case "profile":
		g.Profile()
	case "rules":
		g.Rules()
	case "tutorial":
		g.Notice = msg.Message{}
		g.Tutorial()
	case "settings":
		m.Page = "settings"
		m.focus = -1
	case "stats", "stats-reset-no":
		m.Page = "stats"
		m.focus = -1
	case "stats-reset":
		m.Page = "stats-reset"
		m.focus = -1
	case "stats-reset-yes":
		if err := g.Stats.Reset(); err != nil {
			g.Notice = msg.New(msg.NoticeSaveFailed, err.Error())
		}
		m.Page = "stats"
		m.focus = -1
	case "quit":
		g.Quit()
	case "back":
		m.Page = "menu"
		m.focus = -1
		g.SaveSettings()
	case "speed":
		st.Speed = Cycle(speeds, st.Speed, 1)
	case "tracker":
		st.Tracker = !st.Tracker
	case "advisor":
		st.Advisor = !st.Advisor
	case "lang":
		st.Lang = nextLang(msg.Lang())
		if err := g.SetLang(st.Lang); err != nil {
			return err
		}
	case "volume-minus", "volume-plus":
		d := ui.VolumeStep
		if id == "volume-minus" {
			d = -d
		}
		st.Volume = int(ui.ClampF(float64(st.Volume+d), 0, 100))
		g.ApplySound()
	case "music-minus", "music-plus":
		d := ui.VolumeStep
		if id == "music-minus" {
			d = -d
		}
		st.MusicVolume = int(ui.ClampF(float64(st.MusicVolume+d), 0, 100))
		g.ApplySound()
	case "mute":
		st.Muted = !st.Muted
		g.ApplySound()
	case "fullscreen":
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	default:
		changed = false
	}
	if changed {
		m.Build()
	}
	return nil
}

func (m *Menu) Update(in *ui.Input) error {
	if m.Page == "newgame" {
		res, err := m.Form.Update(in)
		if err != nil {
			return err
		}
		switch res {
		case FormBack:
			return m.Activate("back")
		case FormStart:
			m.Start()
		}
		return nil
	}
	// Taps, and the keyboard: arrows move the focus over enabled buttons, Enter activates, Esc
	// goes back.
	if id := ui.WidgetInput(m.Widgets, &m.focus, in); id != "" {
		return m.Activate(id)
	}
	if m.Page == "stats-reset" && in.Key(ui.KeyEsc) { // (a key read is taken)
		return m.Activate("stats-reset-no")
	}
	if in.Key(ui.KeyEsc) && m.Page != "menu" {
		return m.Activate("back")
	}
	return nil
}

// OpenForm shows the new-game form.
func (m *Menu) OpenForm() {
	m.Page = "newgame"
	m.focus = -1
	m.Form = MakeNewGameForm(m.g, &m.g.Settings, FormOptions{})
}

// Start starts the game the new-game form describes.
func (m *Menu) Start() {
	g := m.g
	g.SaveSettings()
	if err := g.Play(g.Opts.Seed); err != nil {
		g.Notice = session.Notice(err)
		m.Page = "menu"
		m.Build()
		return
	}
	g.Opts.Seed = 0
}

func (m *Menu) Draw(dst *ebiten.Image) {
	g := m.g
	g.DrawFelt(dst)
	if m.Page == "newgame" {
		m.Form.Draw(dst)
		return
	}
	t := layout.FormTitle(g.W, g.H)
	if m.titleFor != m.Title || m.titleBox != t {
		m.TitleSize = g.Txt.Fit(m.Title, text.Style{Size: ui.ClampF(t.H*0.6, 22, 72), Bold: true}, t.W-16, 16)
		m.titleFor, m.titleBox = m.Title, t
	}
	cx, cy := t.Center()
	g.Label(dst, m.Title, cx, cy, m.TitleSize, ui.TitleCol, text.Center, true)
	for i := range m.Widgets {
		g.DrawWidget(dst, &m.Widgets[i], i == m.focus)
	}
	if m.Page == "menu" {
		m.drawCards(dst)
	}
	if m.Page == "stats" {
		m.drawChart(dst)
	}
}

// menuCards show the five penalty levels on the title page: 1, 2, 3, 5 and 7 bullheads.
var menuCards = [...]int{1, 5, 10, 11, 55}

// drawCards draws a fan of the five penalty levels below the buttons, when there is room.
func (m *Menu) drawCards(dst *ebiten.Image) {
	g := m.g
	m.CardsPending = false
	bottom := 0.0
	for _, w := range m.Widgets {
		bottom = max(bottom, w.R.Y+w.R.H)
	}
	room := g.H - bottom - 16
	ch := math.Min(room*0.85, g.H*0.22)
	if ch < 60 {
		return
	}
	cw := math.Min(ch*2/3, (g.W-32)/(1+0.8*float64(len(menuCards)-1)))
	ch = cw * 1.5
	step := cw * 0.8
	total := step*float64(len(menuCards)-1) + cw
	x0 := g.W/2 - total/2
	y := bottom + (room-ch)/2 + 8
	if m.cards == nil {
		m.cards = sprites.NewCards(&g.Painter, g.Txt)
	}
	m.cards.Resize(cw*g.Scale, ch*g.Scale)
	s := g.Scale
	for i, c := range menuCards {
		img := m.cards.Face(c)
		if img == nil {
			m.CardsPending = true
			continue
		}
		iw, ih := m.cards.Size()
		m.op.GeoM.Reset()
		m.op.GeoM.Scale(cw*s/float64(iw), ch*s/float64(ih))
		lift := math.Abs(float64(i)-2) * ch * 0.06
		m.op.GeoM.Translate((x0+float64(i)*step)*s, (y+lift)*s)
		m.op.Filter = ebiten.FilterLinear
		dst.DrawImage(img, &m.op)
	}
}

// FieldTargets appends the new-game form's name fields while it shows.
func (m *Menu) FieldTargets(rs []layout.Rect) []layout.Rect {
	if m.Page == "newgame" && m.Form != nil {
		return m.Form.FieldTargets(rs)
	}
	return rs
}

// Still implements stiller: the menu's pages change only on input (the name field's cursor
// blinks while it has focus: animating).
func (m *Menu) Still() bool { return !m.Animating() }
