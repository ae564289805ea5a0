package scenes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/storage"
	"nimmt/text"
)

// fitSizes are the screen sizes the per-language tests lay out: the smallest phone, a phone
// upright and on its side, and two desktop windows.
var fitSizes = [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1280, 720}, {1920, 1080}}

// TestMenuPagesFitEveryLanguage lays the main menu, the settings, the statistics (with games in
// them) and the reset question out in every language at every size of fitSizes: every text
// inside its widget at 9 px or more, the title inside its box at its minimum size or more, no
// widget off the screen, no two overlapping. (The new-game form has its own test,
// TestNewGameFormLayout, which runs every language too.)
func TestMenuPagesFitEveryLanguage(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	t.Cleanup(func() { g.setLang(msg.English) })
	if err := sampleStats(g, 3); err != nil {
		t.Fatal(err)
	}
	for _, lang := range msg.Langs() {
		if err := g.setLang(lang.Code); err != nil {
			t.Fatal(err)
		}
		for _, sz := range fitSizes {
			g.LayoutF(sz[0], sz[1])
			for _, page := range []string{"menu", "settings", "stats", "stats-reset"} {
				name := fmt.Sprintf("%s %gx%g %s", lang.Code, sz[0], sz[1], page)
				m := newMenu(g)
				m.page = page
				m.build()
				m.draw(ebiten.NewImage(1, 1)) // fits the title
				title := layout.FormTitle(g.w, g.h)
				if tw, _ := g.txt.Measure(m.title, text.Style{Size: m.titleSize, Bold: true}); tw > title.W || m.titleSize < 16 {
					t.Errorf("%s: title %q %.0f px wide in %.0f at %.1f px", name, m.title, tw, title.W, m.titleSize)
				}
				screen := layout.Rect{W: g.w, H: g.h}
				for i := range m.widgets {
					w := &m.widgets[i]
					if !w.r.Within(screen) {
						t.Errorf("%s: %q %+v off the screen", name, w.label, w.r)
					}
					for j := i + 1; j < len(m.widgets); j++ {
						if o := m.widgets[j]; w.r.Inset(0.5).Overlaps(o.r) {
							t.Errorf("%s: %q %+v overlaps %q %+v", name, w.label, w.r, o.label, o.r)
						}
					}
					checkWidgetText(t, g, name, w)
				}
			}
		}
	}
}

// TestStatusFitsEveryLanguage: the status line — every moment of the choice and of a row choice,
// for the mouse, a touch screen and the keys — fits its box in every language at every size of
// fitSizes, at 9 px or more, in one line, or in two beside the rows of a landscape table, where
// it may not shrink under 60 % of its size; on a phone (either way up) at layout.MinStatusSize
// (11 px) or more.
func TestStatusFitsEveryLanguage(t *testing.T) {
	g, err := NewGame(Options{Speed: "instant", Seed: 2, InlineBots: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.setLang(msg.English) })
	tb, err := newTable(g, 2)
	if err != nil {
		t.Fatal(err)
	}
	tb.fastForward()
	moments := []struct {
		name string
		set  func()
	}{
		{"choose", func() {}},
		{"waiting", func() {
			tb.disp.MyChoice = tb.disp.Hand[0]
			for s := range tb.disp.Chosen {
				tb.disp.Chosen[s] = s != 2
			}
		}},
		{"all chosen", func() { tb.disp.Chosen[2] = true }},
		{"row", func() { tb.disp.Phase, tb.disp.Waiting = engine.PhaseRowChoice, []int{tb.me} }},
	}
	for _, lang := range msg.Langs() {
		if err := g.setLang(lang.Code); err != nil {
			t.Fatal(err)
		}
		for _, sz := range fitSizes {
			g.LayoutF(sz[0], sz[1])
			tb.relayout()
			for _, mo := range moments {
				mo.set()
				for _, d := range []device{deviceMouse, deviceTouch, deviceKeys} {
					g.device = d
					tb.refreshPlates()
					name := fmt.Sprintf("%s %gx%g %s device %d", lang.Code, sz[0], sz[1], mo.name, d)
					box := tb.lay.Status
					if len(tb.statusLines) < 1 || len(tb.statusLines) > 2 || strings.Join(tb.statusLines, " ") != tb.status {
						t.Fatalf("%s: status %q in lines %q", name, tb.status, tb.statusLines)
					}
					for i, line := range tb.statusLines {
						tw, _ := g.txt.Measure(line, text.Style{Size: tb.statusSize})
						bottom := box.Y + tb.lay.Unit*0.75 + float64(i)*tb.statusSize*1.25 + tb.statusSize/2
						if tw > box.W || tb.statusSize < 9 || bottom > box.Y+box.H {
							t.Errorf("%s: status line %q %.0f px wide in %.0f at %.1f px, bottom %.0f in %.0f", name, line, tw, box.W, tb.statusSize, bottom, box.Y+box.H)
						}
					}
					if tb.lay.StatusLines() == 2 && tb.statusSize < tb.lay.Unit*1.1*0.6 {
						t.Errorf("%s: status at %.1f px where %.1f is wanted and two lines fit: %q", name, tb.statusSize, tb.lay.Unit*1.1, tb.statusLines)
					}
					if min(sz[0], sz[1]) < 600 && tb.statusSize < layout.MinStatusSize {
						t.Errorf("%s: status at %.1f px on a phone, under %d: %q", name, tb.statusSize, layout.MinStatusSize, tb.statusLines)
					}
					if testing.Verbose() && tb.statusSize < tb.lay.Unit*1.1 {
						t.Logf("%s: status at %.1f px (%.1f wanted)", name, tb.statusSize, tb.lay.Unit*1.1)
					}
				}
			}
			tb.disp.MyChoice, tb.disp.Phase, tb.disp.Waiting = 0, engine.PhaseChoose, nil
			for s := range tb.disp.Chosen {
				tb.disp.Chosen[s] = false
			}
		}
	}
}

// TestOverTextsEveryLanguage: on the game-over panel, in every language, at every size of
// fitSizes with 2, 4 and 10 seats and 1 or 20 rounds, the column "total" and the chart's title
// are whole (not cut) at the panel's small text size, the title — three winners with names of
// the default length shared — fits at 10 px or more, and the two buttons' labels fit them.
func TestOverTextsEveryLanguage(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	t.Cleanup(func() { g.setLang(msg.English) })
	for _, lang := range msg.Langs() {
		if err := g.setLang(lang.Code); err != nil {
			t.Fatal(err)
		}
		titles := []string{msg.GameOverYouShare.Text(), msg.GameOverYouWin.Text(), msg.GameOverTitle.Text(),
			msg.New(msg.GameOverWins, "Chloé").String(), msg.New(msg.GameOverShare, "Ada, Bruno", "Chloé").String()}
		for _, sz := range fitSizes {
			g.LayoutF(sz[0], sz[1])
			for _, seats := range []int{2, 4, 10} {
				for _, rounds := range []int{1, 20} {
					name := fmt.Sprintf("%s %gx%g %d seats %d rounds", lang.Code, sz[0], sz[1], seats, rounds)
					l := newOverLayout(g.w, g.h, seats, rounds)
					small := text.Style{Size: l.Size * 0.8}
					if tw, _ := g.txt.Measure(msg.ScoreTotal.Text(), small); tw > l.TotalW {
						t.Errorf("%s: %q %.0f px wide in a column of %.0f", name, msg.ScoreTotal.Text(), tw, l.TotalW)
					}
					if tw, _ := g.txt.Measure(msg.GameOverChart.Text(), small); tw > l.Chart.W {
						t.Errorf("%s: %q %.0f px wide over a chart of %.0f", name, msg.GameOverChart.Text(), tw, l.Chart.W)
					}
					for _, title := range titles {
						st := text.Style{Size: l.Title.H * 0.8, Bold: true}
						if st.Size = g.txt.Fit(title, st, l.Title.W, 10); st.Size < 10 {
							t.Errorf("%s: title %q at %.1f px", name, title, st.Size)
						} else if tw, _ := g.txt.Measure(title, st); tw > l.Title.W {
							t.Errorf("%s: title %q %.0f px wide in %.0f", name, title, tw, l.Title.W)
						}
					}
					for i, label := range []string{msg.ButtonPlayAgain.Text(), msg.ButtonMenu.Text()} {
						checkWidgetText(t, g, name, &widget{r: l.Buttons[i], label: label, enabled: true})
					}
				}
			}
		}
	}
}
