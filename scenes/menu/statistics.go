package menu

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"

	"nimmt/engine"
	"nimmt/msg"
	"nimmt/stats"
)

// statsLines is how many summary lines the statistics page shows.
const statsLines = 8

// statsEmptyLines is how many tally lines the sentence of an empty page takes.
const statsEmptyLines = 4

// statsLay is the statistics page's layout, a pure function of the screen size and the number of
// tally lines (by opponents, by rules) to show: Lines are the summary's label|value lines, Chart
// the last games' bars, Tally the tally lines (fewer than asked when the screen is short).
type statsLay struct {
	Lines, Tally []layout.Rect
	Chart        layout.Rect
	Reset, Back  layout.Rect
}

func statsLayout(w, h float64, tally int) statsLay {
	m := math.Round(ui.ClampF(math.Min(w, h)*0.02, 4, 24))
	top := m + ui.ClampF(h*0.12, 40, 140)
	bh := ui.ClampF(h*0.07, layout.MinTap, 56)
	by := h - m - bh
	var l statsLay
	line := func(x, y, fw, rh float64, n int) []layout.Rect {
		out := make([]layout.Rect, n)
		for i := range out {
			out[i] = layout.Rect{X: x, Y: y + float64(i)*rh, W: fw, H: rh}
		}
		return out
	}
	if w >= 1.2*h && w >= 640 { // two columns: summary and chart | tallies
		fw := math.Min((w-3*m)/2, 560)
		x0 := (w - 2*fw - m) / 2
		avail := by - m - top
		rh := math.Min(avail*0.6/statsLines, 40)
		l.Lines = line(x0, top, fw, rh, statsLines)
		cy := top + rh*statsLines + m/2
		l.Chart = layout.Rect{X: x0, Y: cy, W: fw, H: by - m - cy}
		// The tallies in lines as high as the summary's, so their text is as large.
		l.Tally = line(x0+fw+m, top, fw, rh, min(tally, int(avail/rh)))
		l.Reset = layout.Rect{X: x0, Y: by, W: fw, H: bh}
		l.Back = layout.Rect{X: x0 + fw + m, Y: by, W: fw, H: bh}
		return l
	}
	fw := math.Min(w-2*m, 640)
	x0 := (w - fw) / 2
	avail := by - m - top
	chartH := ui.ClampF(avail*0.2, 60, 160)
	rh := math.Min((avail-chartH-m)/float64(statsLines+tally), 34)
	rh = math.Max(rh, 18)
	fit := min(tally, max(0, int((avail-chartH-m)/rh)-statsLines))
	l.Lines = line(x0, top, fw, rh, statsLines)
	cy := top + rh*statsLines + m/2
	l.Chart = layout.Rect{X: x0, Y: cy, W: fw, H: chartH}
	l.Tally = line(x0, cy+chartH+m/2, fw, rh, fit)
	half := (fw - m) / 2
	l.Reset = layout.Rect{X: x0, Y: by, W: half, H: bh}
	l.Back = layout.Rect{X: x0 + half + m, Y: by, W: half, H: bh}
	return l
}

// statsLevels are the opponents' levels in the order the page lists them.
var statsLevels = append(append([]string(nil), ui.Levels...), stats.People)

// statsTallies returns the tally lines: a heading, then each level (or variant) played.
func statsTallies(s stats.Summary) [][2]string {
	var out [][2]string
	tally := func(t stats.Tally) string { return msg.New(msg.StatsTally, t.Won, t.Played).String() }
	out = append(out, [2]string{msg.StatsByLevel.Text(), ""})
	for _, lv := range statsLevels {
		if t, ok := s.ByLevel[lv]; ok && t.Played > 0 {
			name := msg.StatsPeople.Text()
			if lv != stats.People {
				name = ui.LevelName(lv).Text()
			}
			out = append(out, [2]string{name, tally(t)})
		}
	}
	out = append(out, [2]string{msg.StatsByVariant.Text(), ""})
	for _, v := range engine.Variants() {
		if t, ok := s.ByVariant[v.String()]; ok && t.Played > 0 {
			out = append(out, [2]string{msg.VariantTitle(v).Text(), tally(t)})
		}
	}
	return out
}

// gameText describes a best or worst game.
func gameText(r *stats.Result) string {
	if r == nil {
		return "—"
	}
	v, err := engine.ParseVariant(r.Variant)
	if err != nil {
		return msg.New(msg.Verbatim, r.Variant).String()
	}
	return msg.New(msg.StatsGame, r.Total, msg.VariantTitle(v)).String()
}

// buildStats lays out the statistics page (local games).
func (m *Menu) buildStats() {
	g := m.g
	s := g.Stats.Stats().Local
	m.Title = msg.MenuStats.Text()
	tallies := statsTallies(s)
	if s.Played == 0 {
		// No game yet: a sentence where the tallies' headings would stand over nothing.
		tallies = nil
	}
	l := statsLayout(g.W, g.H, max(len(tallies), statsEmptyLines))
	pct := func(f float64) string { return msg.New(msg.SettingsPercent, int(math.Round(f*100))).String() }
	rate, avg := "—", "—" // no game: no rate, no average
	if s.Played > 0 {
		rate, avg = pct(s.WinRate()), msg.Decimal(s.AverageBullheads(), 1)
	}
	lines := [statsLines][2]string{
		{msg.StatsPlayed.Text(), strconv.Itoa(s.Played)},
		{msg.StatsWon.Text(), strconv.Itoa(s.Won)},
		{msg.StatsWinRate.Text(), rate},
		{msg.StatsAverage.Text(), avg},
		{msg.StatsBest.Text(), gameText(s.Best)},
		{msg.StatsWorst.Text(), gameText(s.Worst)},
		{msg.StatsStreak.Text(), strconv.Itoa(s.LongestStreak)},
		{msg.StatsNote.Text(), ""},
	}
	// Every line of both columns at one size, the summary's (fitted smaller only where a text
	// is too wide for its box).
	size := ui.ClampF(l.Lines[0].H*0.42, 12, 30)
	add := func(label string, r layout.Rect, kind int) {
		m.add("", label, r, true, kind)
		m.Widgets[len(m.Widgets)-1].Size = size
	}
	row := func(r layout.Rect, kv [2]string) {
		if kv[1] == "" {
			add(kv[0], r, 1)
			return
		}
		add(kv[0], layout.Rect{X: r.X, Y: r.Y, W: r.W * 0.5, H: r.H}, 1)
		add(kv[1], layout.Rect{X: r.X + r.W*0.5, Y: r.Y, W: r.W * 0.5, H: r.H}, 2)
	}
	for i, r := range l.Lines {
		row(r, lines[i])
	}
	for i, r := range l.Tally {
		if i < len(tallies) {
			row(r, tallies[i])
		}
	}
	if len(tallies) == 0 && len(l.Tally) > 0 {
		box := l.Tally[0]
		box.H = l.Tally[len(l.Tally)-1].Y + l.Tally[len(l.Tally)-1].H - box.Y
		add(msg.StatsEmpty.Text(), box, ui.KindNotice)
	}
	m.recent = s.Recent
	m.chart = l.Chart
	m.add("stats-reset", msg.StatsReset.Text(), l.Reset, s.Played > 0, 0)
	m.add("back", msg.Back.Text(), l.Back, true, 0)
}

// buildStatsReset asks before the statistics are forgotten.
func (m *Menu) buildStatsReset() {
	g := m.g
	m.Title = msg.MenuStats.Text()
	rs := layout.Form(g.W, g.H, 4)
	// The question, wrapped over as many lines as its box takes at a readable size (German is long).
	area := layout.Rect{X: rs[0].X, Y: rs[0].Y, W: rs[0].W, H: rs[1].Y + rs[1].H - rs[0].Y}
	size := ui.ClampF(rs[0].H*0.42, 12, 30)
	var lines []string
	for ; size > 12; size-- {
		if lines = g.WrapText(msg.StatsResetAsk.Text(), size*1.08, area.W-16); float64(len(lines))*size*1.3 <= area.H {
			break
		}
	}
	lh := min(size*1.3, area.H/float64(max(len(lines), 1)))
	top := area.Y + (area.H-lh*float64(len(lines)))/2
	for i, line := range lines {
		m.add("", line, layout.Rect{X: area.X, Y: top + float64(i)*lh, W: area.W, H: lh}, true, 2)
		m.Widgets[len(m.Widgets)-1].Size = size
	}
	m.add("stats-reset-yes", msg.StatsResetYes.Text(), rs[2], true, 0)
	m.add("stats-reset-no", msg.StatsResetNo.Text(), rs[3], true, 0)
}

// drawChart draws the last games' bullheads as bars, oldest first, green for a win.
func (m *Menu) drawChart(dst *ebiten.Image) {
	g := m.g
	c := m.chart
	if c.Empty() {
		return
	}
	g.RoundRect(dst, c, 8, sprites.PlateBG)
	capt := ui.ClampF(c.H*0.14, 11, 18)
	capt = g.Txt.Fit(msg.StatsRecent.Text(), text.Style{Size: capt}, c.W-16, 8)
	g.Label(dst, msg.StatsRecent.Text(), c.X+8, c.Y+capt, capt, ui.LabelCol, text.Left|text.VertCenter, false)
	if len(m.recent) == 0 {
		cx, cy := c.Center()
		g.Label(dst, msg.StatsNone.Text(), cx, cy, capt, sprites.Muted, text.Center, false)
		return
	}
	most := 1
	for _, r := range m.recent {
		most = max(most, r.Total)
	}
	// The bars stand on an axis with the scale's numbers at its left, each bar's bullheads over it.
	vs := ui.ClampF(c.W/stats.RecentGames*0.45, 10, capt*0.85)
	axisW := vs * 2.2
	area := layout.Rect{X: c.X + 8 + axisW, Y: c.Y + 2*capt + vs + 4, W: c.W - 20 - axisW, H: c.H - 2*capt - vs - 14}
	g.FillRect(dst, layout.Rect{X: area.X - 1, Y: area.Y, W: 1, H: area.H + 1}, sprites.Muted)
	g.FillRect(dst, layout.Rect{X: area.X - 1, Y: area.Y + area.H, W: area.W + 1, H: 1}, sprites.Muted)
	for _, v := range [2]int{0, most} {
		y := area.Y + area.H - area.H*float64(v)/float64(most)
		g.FillRect(dst, layout.Rect{X: area.X - 4, Y: y, W: 3, H: 1}, sprites.Muted)
		g.Label(dst, statsNum(v), area.X-6, y, vs, sprites.Muted, text.Right|text.VertCenter, false)
	}
	slot := area.W / stats.RecentGames
	for i, r := range m.recent {
		bh := math.Max(2, area.H*float64(r.Total)/float64(most))
		col := sprites.Danger
		if r.Won {
			col = sprites.Good
		}
		x := area.X + float64(i)*slot + slot*0.15
		g.FillRect(dst, layout.Rect{X: x, Y: area.Y + area.H - bh, W: slot * 0.7, H: bh}, col)
		g.Label(dst, statsNum(r.Total), x+slot*0.35, area.Y+area.H-bh-vs*0.6, vs, ui.LabelCol, text.Center, false)
	}
}

// statsNums are the numbers the chart shows, as text, made once.
var statsNums [1000]string

// statsNum returns n in decimal, without allocating for the numbers a chart shows.
func statsNum(n int) string {
	if n < 0 || n >= len(statsNums) {
		return strconv.Itoa(n)
	}
	if statsNums[n] == "" {
		statsNums[n] = strconv.Itoa(n)
	}
	return statsNums[n]
}
