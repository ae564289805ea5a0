package scenes

import (
	"math"
	"nimmt/assets/sounds"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/sprites"
	"nimmt/stats"
	"nimmt/text"
)

// Levels are the bot levels, weakest first.
var Levels = []string{"random", "beginner", "intermediate", "expert"}

// levelShort names the levels, in the order of Levels, on the opponent chips.
var levelShort = []msg.ID{msg.LevelRandomShort, msg.LevelBeginnerShort, msg.LevelIntermediateShort, msg.LevelExpertShort}

// levelPerson is the seat choice "a person at this device" (hot-seat play).
const levelPerson = "person"

// seatChoices are what a seat other than the first can be: a bot of a level, or a person at
// this device (hot-seat).
var seatChoices = append(append([]string(nil), Levels...), levelPerson)

// seatShort is a seat choice's chip label.
func seatShort(choice string) msg.ID {
	if choice == levelPerson {
		return msg.LevelPersonShort
	}
	if li := levelIndex(choice); li >= 0 {
		return levelShort[li]
	}
	return msg.LevelIntermediateShort
}

// peopleNames returns the names of the people at this device, in seat order, separated by
// commas (the new-game form's name field).
func (s *Settings) peopleNames() string {
	var b strings.Builder
	b.WriteString(s.Name)
	for seat := 1; seat < s.Seats; seat++ {
		if s.Levels[seat-1] == levelPerson {
			b.WriteString(", ")
			b.WriteString(s.personName(seat))
		}
	}
	return b.String()
}

// setPeopleNames sets the people's names from the name field: the first is the person at the
// first seat, the others go to the person seats in order. A missing name keeps a default; each
// is at most maxName letters.
func (s *Settings) setPeopleNames(field string) {
	parts := strings.Split(field, ",")
	name := func(i int) string {
		if i >= len(parts) {
			return ""
		}
		return clipName(strings.TrimSpace(parts[i]))
	}
	s.Name = name(0)
	if s.Name == "" {
		s.Name = msg.DefaultName.Text()
	}
	k := 1
	for seat := 1; seat < s.Seats; seat++ {
		if s.Levels[seat-1] == levelPerson {
			s.Names[seat-1] = name(k)
			k++
		}
	}
}

// personName is the name of seat s (1–9) when a person plays it.
func (s *Settings) personName(seat int) string {
	if seat-1 < len(s.Names) && s.Names[seat-1] != "" {
		return s.Names[seat-1]
	}
	return msg.New(msg.PlayerName, seat+1).String()
}

func levelIndex(l string) int {
	for i, x := range Levels {
		if x == l {
			return i
		}
	}
	return -1
}

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

// menu is the title menu with its pages: main, newgame and settings.
type menu struct {
	g       *Game
	page    string
	widgets []widget
	focus   int
	editing bool // the name field has focus
	// nameBuf is the name field's text while editing: the people's names, separated by commas.
	nameBuf []rune
	title   string
	// titleSize is the title's font size fitted to its box, for the title titleFor in titleBox.
	titleSize float64
	titleFor  string
	titleBox  layout.Rect
	hasSave   bool
	blink     int
	// cards draws the title page's cards; cardsPending is set while some are not rendered yet.
	cards        *sprites.Cards
	cardsPending bool
	op           ebiten.DrawImageOptions
	// recent and chart are the statistics page's last games and the chart's rectangle.
	recent []stats.Result
	chart  layout.Rect
}

func newMenu(g *Game) *menu {
	m := &menu{g: g, page: "menu", focus: -1}
	m.hasSave = g.hasSave()
	return m
}

func (m *menu) name() string {
	if m.page == "menu" {
		return "menu"
	}
	return m.page
}

func (m *menu) animating() bool    { return m.editing || m.cardsPending }
func (m *menu) acceptsInput() bool { return true }

func (m *menu) resize() { m.build() }

func (m *menu) add(id, label string, r layout.Rect, enabled bool, kind int) {
	m.widgets = append(m.widgets, widget{id: id, label: label, r: r, enabled: enabled, kind: kind})
}

// build lays the page out; it runs on resize and after every change (not every frame).
func (m *menu) build() {
	g := m.g
	m.widgets = m.widgets[:0]
	m.chart = layout.Rect{}
	st := &g.settings
	switch m.page {
	case "stats":
		m.buildStats()
	case "stats-reset":
		m.buildStatsReset()
	case "menu":
		m.title = msg.GameTitle.Text()
		n := 5
		if g.opts.Desktop {
			n = 6
		}
		rs := layout.Form(g.w, g.h, n+1)
		m.add("new-game", msg.MenuNewGame.Text(), rs[1], true, 0)
		m.add("continue", msg.MenuContinue.Text(), rs[2], m.hasSave, 0)
		m.add("rules", msg.MenuRules.Text(), rs[3], true, 0)
		m.add("stats", msg.MenuStats.Text(), rs[4], true, 0)
		m.add("settings", msg.MenuSettings.Text(), rs[5], true, 0)
		if g.opts.Desktop {
			m.add("quit", msg.MenuQuit.Text(), rs[6], true, 0)
		}
		m.add("", g.notice.String(), rs[0], true, kindNotice)
	case "newgame":
		m.title = msg.MenuNewGame.Text()
		all := layout.Form(g.w, g.h, 9)
		// The variant, and a "?" opening its explanation.
		vr := all[0]
		vl := layout.Rect{X: vr.X, Y: vr.Y, W: vr.W * 0.42, H: vr.H}
		qw := clampF(vr.H*1.1, layout.MinTap, 90)
		m.add("", msg.NewGameRules.Text(), vl, true, 1)
		m.add("variant", st.variantTitle(), layout.Rect{X: vl.X + vl.W, Y: vr.Y, W: vr.W - vl.W - qw - 4, H: vr.H}, true, 0)
		m.add("variant-about", "?", layout.Rect{X: vr.X + vr.W - qw, Y: vr.Y, W: qw, H: vr.H}, true, 0)
		rs := all[1:]
		split := func(r layout.Rect) (lbl, minus, val, plus layout.Rect) {
			lw := r.W * 0.42
			bw := clampF(r.H*1.1, layout.MinTap, 90)
			lbl = layout.Rect{X: r.X, Y: r.Y, W: lw, H: r.H}
			minus = layout.Rect{X: r.X + lw, Y: r.Y, W: bw, H: r.H}
			plus = layout.Rect{X: r.X + r.W - bw, Y: r.Y, W: bw, H: r.H}
			val = layout.Rect{X: minus.X + bw, Y: r.Y, W: plus.X - minus.X - bw, H: r.H}
			return
		}
		l, mi, v, p := split(rs[0])
		m.add("", msg.NewGamePlayers.Text(), l, true, 1)
		lo, hi := engine.SeatsAllowed(st.variant())
		m.add("seats-minus", "−", mi, st.Seats > lo, 0)
		m.add("", strconv.Itoa(st.Seats), v, true, 2)
		m.add("seats-plus", "+", p, st.Seats < hi, 0)
		l = layout.Rect{X: rs[1].X, Y: rs[1].Y, W: rs[1].W * 0.42, H: rs[1].H}
		nameLabel := msg.NewGameName
		if len(peopleHere(seatsFromSettings(st))) > 1 {
			nameLabel = msg.NewGameNames
		}
		m.add("", nameLabel.Text(), l, true, 1)
		name := st.peopleNames()
		if m.editing {
			name = string(m.nameBuf) + "_"
		}
		m.add("name", name, layout.Rect{X: l.X + l.W, Y: l.Y, W: rs[1].W - l.W, H: l.H}, true, 3)
		m.widgets[len(m.widgets)-1].on = m.editing
		// Opponent levels: chips, up to 5 per line, on two lines.
		opp := st.Seats - 1
		for line := 0; line < 2; line++ {
			r := rs[2+line]
			lbl := ""
			if line == 0 {
				lbl = msg.NewGameOpponents.Text()
			}
			lr := layout.Rect{X: r.X, Y: r.Y, W: r.W * 0.3, H: r.H}
			m.add("", lbl, lr, true, 1)
			area := layout.Rect{X: r.X + lr.W, Y: r.Y, W: r.W - lr.W, H: r.H}
			for i := 0; i < 5; i++ {
				s := line*5 + i + 1
				if s > opp {
					break
				}
				m.add("level-"+strconv.Itoa(s), msg.New(msg.NewGameLevelChip, s, seatShort(st.Levels[s-1])).String(), area.SplitH(5, i, 4), true, 0)
			}
		}
		l, mi, v, p = split(rs[4])
		m.add("", msg.NewGameEnds.Text(), l, true, 1)
		m.add("end-mode", endModeNames[st.EndMode].Text(), layout.Rect{X: mi.X, Y: mi.Y, W: p.X + p.W - mi.X, H: mi.H}, true, 0)
		l, mi, v, p = split(rs[5])
		switch st.EndMode {
		case "score":
			m.add("", msg.NewGameEndScore.Text(), l, true, 1)
			m.add("end-minus", "−", mi, st.EndScore > 10, 0)
			m.add("", strconv.Itoa(st.EndScore), v, true, 2)
			m.add("end-plus", "+", p, st.EndScore < 500, 0)
		case "rounds":
			m.add("", msg.NewGameRounds.Text(), l, true, 1)
			m.add("end-minus", "−", mi, st.Rounds > 1, 0)
			m.add("", strconv.Itoa(st.Rounds), v, true, 2)
			m.add("end-plus", "+", p, st.Rounds < 50, 0)
		}
		l = layout.Rect{X: rs[6].X, Y: rs[6].Y, W: rs[6].W * 0.42, H: rs[6].H}
		m.add("", msg.NewGameAnimation.Text(), l, true, 1)
		m.add("speed", speedName(st.Speed), layout.Rect{X: l.X + l.W, Y: l.Y, W: rs[6].W - l.W, H: l.H}, true, 0)
		m.add("back", msg.Back.Text(), rs[7].SplitH(2, 0, 10), true, 0)
		m.add("start", msg.Start.Text(), rs[7].SplitH(2, 1, 10), true, 0)
	case "variant":
		// The explanation of the selected variant (docs/variants.md), wrapped to the form.
		v := st.variant()
		m.title = msg.VariantTitle(v).Text()
		rs := layout.Form(g.w, g.h, 8)
		area := layout.Rect{X: rs[0].X, Y: rs[0].Y, W: rs[0].W, H: rs[6].Y + rs[6].H - rs[0].Y}
		lo, hi := engine.SeatsAllowed(v)
		about := msg.New(msg.VariantPage, msg.VariantAbout(v), lo, hi).String()
		size := clampF(rs[0].H*0.42, 12, 30)
		var lines []string
		for ; size >= 10; size-- {
			lines = g.wrapText(about, size, area.W-8)
			if float64(len(lines))*size*1.45 <= area.H {
				break
			}
		}
		lh := size * 1.45
		for i, line := range lines {
			m.add("", line, layout.Rect{X: area.X, Y: area.Y + float64(i)*lh, W: area.W, H: lh}, true, 1)
			m.widgets[len(m.widgets)-1].size = size
		}
		m.add("back-newgame", msg.Back.Text(), rs[7], true, 0)
	case "settings":
		m.title = msg.MenuSettings.Text()
		rs := layout.Form(g.w, g.h, 9)
		row := func(r layout.Rect, lbl, id, val string, on bool) {
			l := layout.Rect{X: r.X, Y: r.Y, W: r.W * 0.5, H: r.H}
			m.add("", lbl, l, true, 1)
			m.add(id, val, layout.Rect{X: l.X + l.W, Y: l.Y, W: r.W - l.W, H: l.H}, true, 3)
			m.widgets[len(m.widgets)-1].on = on
		}
		row(rs[0], msg.SettingsSpeed.Text(), "speed", speedName(st.Speed), false)
		row(rs[1], msg.SettingsTracker.Text(), "tracker", onOff(st.Tracker), st.Tracker)
		row(rs[2], msg.SettingsAdvisor.Text(), "advisor", onOff(st.Advisor), st.Advisor)
		row(rs[3], msg.SettingsLanguage.Text(), "lang", langName(msg.Lang()), false)
		vol := rs[4]
		m.add("", msg.SettingsVolume.Text(), layout.Rect{X: vol.X, Y: vol.Y, W: vol.W * 0.5, H: vol.H}, true, 1)
		step := vol.W * 0.5 / 4
		m.add("volume-minus", "−", layout.Rect{X: vol.X + vol.W*0.5, Y: vol.Y, W: step, H: vol.H}, st.Volume > 0, 0)
		m.add("", msg.New(msg.SettingsPercent, st.Volume).String(), layout.Rect{X: vol.X + vol.W*0.5 + step, Y: vol.Y, W: 2 * step, H: vol.H}, true, 2)
		m.add("volume-plus", "+", layout.Rect{X: vol.X + vol.W - step, Y: vol.Y, W: step, H: vol.H}, st.Volume < 100, 0)
		row(rs[5], msg.SettingsSound.Text(), "mute", onOff(!st.Muted), !st.Muted)
		if why := g.silence(); why != "" {
			m.add("", msg.New(msg.SettingsSilent, why).String(), rs[6], true, kindNotice)
		}
		if g.opts.Desktop {
			row(rs[7], msg.SettingsFullscreen.Text(), "fullscreen", onOff(ebiten.IsFullscreen()), ebiten.IsFullscreen())
		}
		m.add("back", msg.Back.Text(), rs[8], true, 0)
	}
	if m.focus >= len(m.widgets) {
		m.focus = -1
	}
}

func onOff(b bool) string {
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
	return cycle(codes, code, 1)
}

func cycle(list []string, cur string, d int) string {
	i := 0
	for j, x := range list {
		if x == cur {
			i = j
		}
	}
	return list[(i+d+len(list))%len(list)]
}

func (m *menu) activate(id string) error {
	g := m.g
	st := &g.settings
	changed := true
	g.cue(sounds.Click)
	switch id {
	case "new-game":
		m.page = "newgame"
		m.focus = -1
	case "continue":
		t, err := resumeTable(g)
		if err != nil {
			g.notice = notice(err)
			m.hasSave = false
			break
		}
		g.notice = msg.Message{}
		g.goTo(t)
	case "rules":
		g.goTo(newRules(g))
	case "settings":
		m.page = "settings"
		m.focus = -1
	case "stats", "stats-reset-no":
		m.page = "stats"
		m.focus = -1
	case "stats-reset":
		m.page = "stats-reset"
		m.focus = -1
	case "stats-reset-yes":
		if err := g.stats.Reset(); err != nil {
			g.notice = msg.New(msg.NoticeSaveFailed, err.Error())
		}
		m.page = "stats"
		m.focus = -1
	case "quit":
		g.quit = true
	case "back":
		m.page = "menu"
		m.editing = false
		m.focus = -1
		g.saveSettings()
	case "seats-minus":
		st.Seats = clampSeats(st.variant(), st.Seats-1)
	case "seats-plus":
		st.Seats = clampSeats(st.variant(), st.Seats+1)
	case "variant":
		st.nextVariant()
	case "variant-about":
		m.page = "variant"
		m.focus = -1
	case "back-newgame":
		m.page = "newgame"
		m.focus = -1
	case "name":
		m.editing = !m.editing
		m.nameBuf = []rune(st.peopleNames())
	case "end-mode":
		st.EndMode = cycle([]string{"66", "score", "rounds"}, st.EndMode, 1)
	case "end-minus", "end-plus":
		d := 1
		if id == "end-minus" {
			d = -1
		}
		if st.EndMode == "score" {
			st.EndScore = int(clampF(float64(st.EndScore+d*5), 10, 500))
		} else {
			st.Rounds = int(clampF(float64(st.Rounds+d), 1, 50))
		}
	case "speed":
		st.Speed = cycle(speeds, st.Speed, 1)
	case "tracker":
		st.Tracker = !st.Tracker
	case "advisor":
		st.Advisor = !st.Advisor
	case "lang":
		st.Lang = nextLang(msg.Lang())
		if err := g.setLang(st.Lang); err != nil {
			return err
		}
	case "volume-minus", "volume-plus":
		d := volumeStep
		if id == "volume-minus" {
			d = -d
		}
		st.Volume = int(clampF(float64(st.Volume+d), 0, 100))
		g.applySound()
	case "mute":
		st.Muted = !st.Muted
		g.applySound()
	case "fullscreen":
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	case "start":
		m.editing = false
		g.saveSettings()
		t, err := newTable(g, g.opts.Seed)
		if err != nil {
			g.notice = notice(err)
			m.page = "menu"
			break
		}
		g.opts.Seed = 0
		g.goTo(t)
	default:
		if len(id) > 6 && id[:6] == "level-" {
			s, _ := strconv.Atoi(id[6:])
			if s >= 1 && s <= 9 {
				st.Levels[s-1] = cycle(seatChoices, st.Levels[s-1], 1)
			}
		} else {
			changed = false
		}
	}
	if changed {
		m.build()
	}
	return nil
}

func (m *menu) update(in *Input) error {
	if m.editing {
		st := &m.g.settings
		rs := m.nameBuf
		changed := false
		for i := 0; i < in.NRune; i++ {
			if len(rs) < 17*10 && in.Runes[i] >= ' ' {
				rs = append(rs, in.Runes[i])
				changed = true
			}
		}
		if in.Key(KeyBackspace) && len(rs) > 0 {
			rs = rs[:len(rs)-1]
			changed = true
		}
		m.nameBuf = rs
		if in.Key(KeyEnter) || in.Key(KeyEsc) {
			m.editing = false
			changed = true
		}
		if changed {
			st.setPeopleNames(string(rs))
			m.build()
		}
		if in.Tap {
			for i := range m.widgets {
				if m.widgets[i].id == "name" && m.widgets[i].r.Contains(in.TapX, in.TapY) {
					break
				}
				if i == len(m.widgets)-1 {
					m.editing = false
					m.build()
				}
			}
		}
		in.NKeys = 0
	}
	for i := range m.widgets {
		w := &m.widgets[i]
		if w.id == "" || !w.enabled {
			continue
		}
		if in.TapIn(w.r) {
			m.focus = -1
			return m.activate(w.id)
		}
	}
	in.TakeTap()
	// Keyboard: arrows move the focus over enabled buttons, Enter activates, Esc goes back.
	if in.Key(KeyDown) || in.Key(KeyRight) {
		m.moveFocus(1)
	}
	if in.Key(KeyUp) || in.Key(KeyLeft) {
		m.moveFocus(-1)
	}
	if in.Key(KeyEnter) && m.focus >= 0 && m.focus < len(m.widgets) {
		return m.activate(m.widgets[m.focus].id)
	}
	if in.Key(KeyEsc) && m.page == "stats-reset" {
		return m.activate("stats-reset-no")
	}
	if in.Key(KeyEsc) && m.page == "variant" {
		return m.activate("back-newgame")
	}
	if in.Key(KeyEsc) && m.page != "menu" {
		return m.activate("back")
	}
	return nil
}

func (m *menu) moveFocus(d int) {
	n := len(m.widgets)
	for k := 1; k <= n; k++ {
		i := ((m.focus+d*k)%n + n) % n
		if m.focus < 0 && d > 0 {
			i = (k - 1) % n
		}
		if w := m.widgets[i]; w.id != "" && w.enabled {
			m.focus = i
			return
		}
	}
}

func (m *menu) draw(dst *ebiten.Image) {
	g := m.g
	g.drawFelt(dst)
	t := layout.FormTitle(g.w, g.h)
	if m.titleFor != m.title || m.titleBox != t {
		m.titleSize = g.txt.Fit(m.title, text.Style{Size: clampF(t.H*0.6, 22, 72), Bold: true}, t.W-16, 16)
		m.titleFor, m.titleBox = m.title, t
	}
	cx, cy := t.Center()
	g.label(dst, m.title, cx, cy, m.titleSize, titleCol, text.Center, true)
	for i := range m.widgets {
		g.drawWidget(dst, &m.widgets[i], i == m.focus)
	}
	if m.page == "menu" {
		m.drawCards(dst)
	}
	if m.page == "stats" {
		m.drawChart(dst)
	}
}

// menuCards show the five penalty levels on the title page: 1, 2, 3, 5 and 7 bullheads.
var menuCards = [...]int{1, 5, 10, 11, 55}

// drawCards draws a fan of the five penalty levels below the buttons, when there is room.
func (m *menu) drawCards(dst *ebiten.Image) {
	g := m.g
	m.cardsPending = false
	bottom := 0.0
	for _, w := range m.widgets {
		bottom = max(bottom, w.r.Y+w.r.H)
	}
	room := g.h - bottom - 16
	ch := math.Min(room*0.85, g.h*0.22)
	if ch < 60 {
		return
	}
	cw := math.Min(ch*2/3, (g.w-32)/(1+0.8*float64(len(menuCards)-1)))
	ch = cw * 1.5
	step := cw * 0.8
	total := step*float64(len(menuCards)-1) + cw
	x0 := g.w/2 - total/2
	y := bottom + (room-ch)/2 + 8
	if m.cards == nil {
		m.cards = sprites.NewCards(&g.painter, g.txt)
	}
	m.cards.Resize(cw*g.scale, ch*g.scale)
	s := g.scale
	for i, c := range menuCards {
		img := m.cards.Face(c)
		if img == nil {
			m.cardsPending = true
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

func (m *menu) testState(ts *TestState) {
	for _, w := range m.widgets {
		if w.id != "" {
			ts.Buttons = append(ts.Buttons, Button{ID: w.id, Rect: w.r, Enabled: w.enabled, Label: w.label})
		}
	}
}

// speedOf returns the speed setting as an anim.Speed.
func speedOf(s string) anim.Speed {
	sp, _ := anim.ParseSpeed(s)
	return sp
}
