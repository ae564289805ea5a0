package scenes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/menu"
	"nimmt/scenes/online"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
	"nimmt/text"
)

// fitSizes are the screen sizes the per-language tests lay out: the smallest phone, a phone
// upright and on its side, and two desktop windows.
var fitSizes = [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1280, 720}, {1920, 1080}}

// eachLangSize runs check in every language at every size of sizes: the game's language set
// and its screen laid out at the size; name says which ("de 390x844"). English is set again when
// the test ends.
func eachLangSize(t *testing.T, g *Game, sizes [][2]float64, check func(name string)) {
	t.Helper()
	t.Cleanup(func() { g.SetLang(msg.English) })
	for _, lang := range msg.Langs() {
		if err := g.SetLang(lang.Code); err != nil {
			t.Fatal(err)
		}
		for _, sz := range sizes {
			g.LayoutF(sz[0], sz[1])
			check(fmt.Sprintf("%s %gx%g", lang.Code, sz[0], sz[1]))
		}
	}
}

// TestMenuPagesFitEveryLanguage lays the main menu, the settings, the statistics (with games in
// them) and the reset question out in every language at every size of fitSizes: every text
// inside its widget at 9 px or more, the title inside its box at its minimum size or more, no
// widget off the screen, no two overlapping. (The new-game form has its own test,
// TestNewGameFormLayout, which runs every language too.)
func TestMenuPagesFitEveryLanguage(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	if err := sampleStats(g, 3); err != nil {
		t.Fatal(err)
	}
	eachLangSize(t, g, fitSizes, func(at string) {
		for _, page := range []string{"menu", "settings", "stats", "stats-reset"} {
			name := at + " " + page
			m := menu.NewMenu(g.host)
			m.Page = page
			m.Build()
			m.Draw(ebiten.NewImage(1, 1)) // fits the title
			title := layout.FormTitle(g.W, g.H)
			if tw, _ := g.Txt.Measure(m.Title, text.Style{Size: m.TitleSize, Bold: true}); tw > title.W || m.TitleSize < 16 {
				t.Errorf("%s: title %q %.0f px wide in %.0f at %.1f px", name, m.Title, tw, title.W, m.TitleSize)
			}
			screen := layout.Rect{W: g.W, H: g.H}
			for i := range m.Widgets {
				w := &m.Widgets[i]
				if !w.R.Within(screen) {
					t.Errorf("%s: %q %+v off the screen", name, w.Label, w.R)
				}
				for j := i + 1; j < len(m.Widgets); j++ {
					if o := m.Widgets[j]; w.R.Inset(0.5).Overlaps(o.R) {
						t.Errorf("%s: %q %+v overlaps %q %+v", name, w.Label, w.R, o.Label, o.R)
					}
				}
				checkWidgetText(t, g, name, w)
			}
		}
	})
}

// TestStatusFitsEveryLanguage: the status line — every moment of the choice and of a row choice,
// and the variants' steps (draft, order, keep, face-up and two-card turns), for the mouse, a
// touch screen and the keys — fits its box in every language at every size of
// fitSizes, at 9 px or more, in one line, or in two beside the rows of a landscape table, where
// it may not shrink under 60 % of its size; on a phone (either way up) at layout.MinStatusSize
// (11 px) or more.
func TestStatusFitsEveryLanguage(t *testing.T) {
	g, err := NewGame(ui.Options{Speed: "instant", Seed: 2, InlineBots: true})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.NewTable(g.host, 2)
	if err != nil {
		t.Fatal(err)
	}
	tb.FastForward()
	moments := []struct {
		name string
		set  func()
	}{
		{"choose", func() {}},
		{"waiting", func() {
			tb.Disp.MyChoice = tb.Disp.Hand[0]
			for s := range tb.Disp.Chosen {
				tb.Disp.Chosen[s] = s != 2
			}
		}},
		{"all chosen", func() { tb.Disp.Chosen[2] = true }},
		{"row", func() { tb.Disp.Phase, tb.Disp.Waiting = engine.PhaseRowChoice, []int{tb.Me} }},
		// The variants' steps: the draft (Logic, Tournament), Nifty's order, Hand's keep, the
		// face-up turns of Open and Hand and Nifty's two cards; the person's and another's.
		{"draft", func() { tb.Disp.Phase, tb.Disp.Waiting = engine.PhaseDraft, []int{tb.Me} }},
		{"draft other", func() { tb.Disp.Waiting = []int{1} }},
		{"order", func() { tb.Disp.Phase, tb.Disp.Waiting = engine.PhaseOrder, []int{tb.Me} }},
		{"order other", func() { tb.Disp.Waiting = []int{1} }},
		{"keep", func() { tb.Disp.Phase, tb.Disp.Waiting = engine.PhaseKeep, []int{tb.Me} }},
		{"keep other", func() { tb.Disp.Waiting = []int{1} }},
		{"hand", func() {
			tb.Disp.Phase, tb.Disp.Waiting, tb.Disp.Config.Variant, tb.Disp.MyChoice = engine.PhaseChoose, []int{tb.Me}, engine.HandVariant, 0
		}},
		{"hand pick", func() { tb.Pick = tb.Disp.Hand[0] }},
		{"open", func() { tb.Pick, tb.Disp.Config.Variant = 0, engine.Open }},
		{"face up other", func() { tb.Disp.Waiting = []int{1} }},
		{"nifty", func() { tb.Disp.Config.Variant, tb.Disp.Waiting = engine.Nifty, nil }},
		{"nifty pick", func() { tb.Pick = tb.Disp.Hand[0] }},
		{"basic again", func() { tb.Pick, tb.Disp.Config.Variant = 0, engine.Basic }},
	}
	eachLangSize(t, g, fitSizes, func(at string) {
		tb.Relayout()
		for _, mo := range moments {
			mo.set()
			for _, d := range []ui.Device{ui.DeviceMouse, ui.DeviceTouch, ui.DeviceKeys} {
				g.Device = d
				tb.RefreshPlates()
				name := fmt.Sprintf("%s %s device %d", at, mo.name, d)
				box := tb.Lay.Status
				if len(tb.StatusLines) < 1 || len(tb.StatusLines) > 2 || strings.Join(tb.StatusLines, " ") != tb.Status {
					t.Fatalf("%s: status %q in lines %q", name, tb.Status, tb.StatusLines)
				}
				for i, line := range tb.StatusLines {
					tw, _ := g.Txt.Measure(line, text.Style{Size: tb.StatusSize})
					bottom := box.Y + tb.Lay.Unit*0.75 + float64(i)*tb.StatusSize*1.25 + tb.StatusSize/2
					if tw > box.W || tb.StatusSize < 9 || bottom > box.Y+box.H {
						t.Errorf("%s: status line %q %.0f px wide in %.0f at %.1f px, bottom %.0f in %.0f", name, line, tw, box.W, tb.StatusSize, bottom, box.Y+box.H)
					}
				}
				if tb.Lay.StatusLines() == 2 && tb.StatusSize < tb.Lay.Unit*1.1*0.6 {
					t.Errorf("%s: status at %.1f px where %.1f is wanted and two lines fit: %q", name, tb.StatusSize, tb.Lay.Unit*1.1, tb.StatusLines)
				}
				if min(g.W, g.H) < 600 && tb.StatusSize < layout.MinStatusSize {
					t.Errorf("%s: status at %.1f px on a phone, under %d: %q", name, tb.StatusSize, layout.MinStatusSize, tb.StatusLines)
				}
				if testing.Verbose() && tb.StatusSize < tb.Lay.Unit*1.1 {
					t.Logf("%s: status at %.1f px (%.1f wanted)", name, tb.StatusSize, tb.Lay.Unit*1.1)
				}
			}
		}
		tb.Disp.MyChoice, tb.Disp.Phase, tb.Disp.Waiting = 0, engine.PhaseChoose, nil
		for s := range tb.Disp.Chosen {
			tb.Disp.Chosen[s] = false
		}
	})
}

// TestOverTextsEveryLanguage: on the game-over panel, in every language, at every size of
// fitSizes with 2, 4 and 10 seats and 1 or 20 rounds, the column "total" and the chart's title
// are whole (not cut) at the panel's small text size, the title — three winners with names of
// the default length shared — fits at 10 px or more, and the two buttons' labels fit them.
func TestOverTextsEveryLanguage(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	eachLangSize(t, g, fitSizes, func(at string) {
		titles := []string{msg.GameOverYouShare.Text(), msg.GameOverYouWin.Text(), msg.GameOverTitle.Text(),
			msg.New(msg.GameOverWins, "Chloé").String(), msg.New(msg.GameOverShare, "Ada, Bruno", "Chloé").String()}
		for _, seats := range []int{2, 4, 10} {
			for _, rounds := range []int{1, 20} {
				name := fmt.Sprintf("%s %d seats %d rounds", at, seats, rounds)
				l := table.NewOverLayout(g.W, g.H, seats, rounds)
				small := text.Style{Size: l.Size * 0.8}
				if tw, _ := g.Txt.Measure(msg.ScoreTotal.Text(), small); tw > l.TotalW {
					t.Errorf("%s: %q %.0f px wide in a column of %.0f", name, msg.ScoreTotal.Text(), tw, l.TotalW)
				}
				if tw, _ := g.Txt.Measure(msg.GameOverChart.Text(), small); tw > l.Chart.W {
					t.Errorf("%s: %q %.0f px wide over a chart of %.0f", name, msg.GameOverChart.Text(), tw, l.Chart.W)
				}
				for _, title := range titles {
					st := text.Style{Size: l.Title.H * 0.8, Bold: true}
					if st.Size = g.Txt.Fit(title, st, l.Title.W, 10); st.Size < 10 {
						t.Errorf("%s: title %q at %.1f px", name, title, st.Size)
					} else if tw, _ := g.Txt.Measure(title, st); tw > l.Title.W {
						t.Errorf("%s: title %q %.0f px wide in %.0f", name, title, tw, l.Title.W)
					}
				}
				for i, label := range []string{msg.ButtonPlayAgain.Text(), msg.ButtonMenu.Text()} {
					checkWidgetText(t, g, name, &ui.Widget{R: l.Buttons[i], Label: label, Enabled: true})
				}
			}
		}
	})
}

// TestTableTextsFitEveryLanguage: the table's texts, in every language, at every size of
// fitSizes with 2, 4 and 10 seats: the buttons' labels (every label the play button takes) fit
// them at 9 px or more; every plate's level and state line that a plate shows fits its box
// whole at 9 px or more (a plate cuts a text still too wide: "Intermedi…" says less); the score
// bar's title fits in every form (rounds and an end score, three-digit numbers) at 9 px or more;
// the variant's name fits its line of the score bar whole at 9 px or more; the landing warnings
// fit their banner at 9 px or more, and so does the connection banner, which stands on the same
// line; and each caption of the rules walkthrough fits its box.
func TestTableTextsFitEveryLanguage(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	buttons := map[int][]msg.ID{
		layout.BtnMenu: {msg.ButtonMenu}, layout.BtnTracker: {msg.ButtonTracker}, layout.BtnAdvisor: {msg.ButtonAdvisor},
		layout.BtnLog: {msg.ButtonLog}, layout.BtnReplay: {msg.ButtonReplay},
		layout.BtnConfirm: {msg.ButtonPlayCard, msg.ButtonPlayFirst, msg.ButtonPlaySecond, msg.ButtonClickRow, msg.ButtonTapRow, msg.ButtonKeyRow},
	}
	// The row instructions stand in the play button's place as a notice (text, no button).
	notice := map[msg.ID]bool{msg.ButtonClickRow: true, msg.ButtonTapRow: true, msg.ButtonKeyRow: true}
	kinds := []msg.ID{msg.PlateYou, msg.PlatePlayer, msg.PlateOnline, msg.LevelRandom, msg.LevelBeginner, msg.LevelIntermediate, msg.LevelExpert}
	states := []msg.ID{msg.PlateWinner, msg.PlateDisconnected, msg.PlateAway, msg.PlateChoosingRow, msg.PlateReady, msg.PlateThinking, msg.PlateYourTurn}
	eachLangSize(t, g, fitSizes, func(at string) {
		scoreLines := []string{
			msg.New(msg.RoundToEitherLine, 20, 500, 50).String(), msg.New(msg.RoundOfLine, 20, 50).String(),
			msg.New(msg.RoundToScoreLine, 20, 500).String(), msg.New(msg.RoundLine, 20).String(),
		}
		warnings := []string{msg.WarnTooLow.Text(), msg.New(msg.WarnSixth, 4, 27).String()}
		variants := []string{table.VariantName(engine.Double, true)}
		for _, v := range engine.Variants() {
			variants = append(variants, table.VariantName(v, false))
		}
		for _, seats := range []int{2, 4, 10} {
			name := fmt.Sprintf("%s %d seats", at, seats)
			l := layout.NewTable(g.W, g.H, seats, 10)
			for b, ids := range buttons {
				for _, id := range ids {
					w := ui.Widget{R: l.Buttons[b], Label: id.Text(), Enabled: true}
					if notice[id] {
						w.Kind = ui.KindNotice
					}
					checkWidgetText(t, g, name, &w)
				}
			}
			for s, seat := range l.Seats {
				for k, ids := range map[int][]msg.ID{layout.TxtLevel: kinds, layout.TxtState: states} {
					tx := seat.Text[k]
					if !tx.Shown() {
						continue
					}
					for _, id := range ids {
						style := text.Style{Size: tx.Size, Bold: k == layout.TxtState}
						style.Size = max(table.MinPlateText, g.Txt.Fit(id.Text(), style, tx.R.W, table.MinPlateText))
						if tw, _ := g.Txt.Measure(id.Text(), style); tw > tx.R.W {
							t.Errorf("%s: seat %d's plate cuts %q (%.0f px wide in %.0f at %.1f px)", name, s, id.Text(), tw, tx.R.W, style.Size)
						}
					}
				}
			}
			st := l.ScoreTitle
			for _, line := range scoreLines {
				style := text.Style{Size: st.Size, Bold: true}
				style.Size = max(table.MinPlateText, g.Txt.Fit(line, style, st.R.W, table.MinPlateText))
				if tw, _ := g.Txt.Measure(line, style); tw > st.R.W {
					t.Errorf("%s: score title %q %.0f px wide in %.0f at %.1f px", name, line, tw, st.R.W, style.Size)
				}
			}
			// The score bar names the variant, whole, at table.MinPlateText or more.
			for _, v := range variants {
				vt := l.Variant
				style := text.Style{Size: vt.Size}
				style.Size = max(table.MinPlateText, g.Txt.Fit(v, style, vt.R.W, table.MinPlateText))
				if tw, _ := g.Txt.Measure(v, style); !vt.Shown() || tw > vt.R.W {
					t.Errorf("%s: variant %q %.0f px wide in %.0f at %.1f px", name, v, tw, vt.R.W, style.Size)
				}
			}
			// The connection banner stands on the warning's line, its text at 9 px or more.
			banner := msg.New(msg.OnlineReconnecting, 99).String()
			if size := table.BannerTextSize(g.host, &l, banner); size < 9 {
				t.Errorf("%s: banner %q at %.1f px in %+v", name, banner, size, table.BannerRect(&l))
			} else if tw, _ := g.Txt.Measure(banner, text.Style{Size: size, Bold: true}); tw > table.BannerRect(&l).W-l.Unit {
				t.Errorf("%s: banner %q %.0f px wide in %+v", name, banner, tw, table.BannerRect(&l))
			}
			for _, w := range warnings {
				style := text.Style{Size: l.Unit, Bold: true}
				if style.Size = g.Txt.Fit(w, style, l.Warn.W-16, 8); style.Size < 9 {
					t.Errorf("%s: warning %q at %.1f px in %.0f", name, w, style.Size, l.Warn.W-16)
				} else if tw, _ := g.Txt.Measure(w, style); tw > l.Warn.W-16 {
					t.Errorf("%s: warning %q %.0f px wide in %.0f", name, w, tw, l.Warn.W-16)
				}
			}
		}
		// The rules walkthrough's captions, each step.
		tb, ok := rulesScene(g.host).(*table.Table)
		if !ok {
			t.Fatal("no rules walkthrough")
		}
		tb.Relayout()
		tu := tb.Tutorial
		for tu.Step < len(table.TutorialCaptions) {
			tu.Advance()
			name := fmt.Sprintf("%s rules step %d", at, tu.Step)
			r := tu.CaptionRect()
			title, lines, size := tu.CaptionText(r)
			if tw, _ := g.Txt.Measure(tu.Title, text.Style{Size: title, Bold: true}); tw > r.W-24 {
				t.Errorf("%s: caption title %q %.0f px wide in %.0f", name, tu.Title, tw, r.W-24)
			}
			if title*2.6+float64(len(lines))*size*1.3 > r.H-8 || size < 9 {
				t.Errorf("%s: caption of %d lines at %.1f px does not fit %+v", name, len(lines), size, r)
			}
			for _, line := range lines {
				if tw, _ := g.Txt.Measure(line, text.Style{Size: size}); tw > r.W-24 {
					t.Errorf("%s: caption line %q %.0f px wide in %.0f", name, line, tw, r.W-24)
				}
			}
		}
	})
}

// TestPlateNamesTellSeatsApart: with ten people at the table named as the new-game form names
// them ("Player 2" … "Player 10", "Spieler 10" …), in every language at every size of fitSizes,
// each plate's name — shortened as the plates shorten a name (text.Renderer.CutName) — fits its
// box at its size, that size is at least layout.MinNameSizePhone on a phone and
// layout.MinNameSize elsewhere, and the ten names stay ten different names. The same holds for
// the online room's seat lines (room.seatName), ten seats named so, each shortened just as a
// plate shortens it ("J. 10", not "Jugador 1…").
func TestPlateNamesTellSeatsApart(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	eachLangSize(t, g, fitSizes, func(at string) {
		lo := float64(layout.MinNameSize)
		if min(g.W, g.H) < 600 {
			lo = layout.MinNameSizePhone
		}
		// names checks the ten names as drawn: name(s) and its style and width.
		names := func(where string, name func(s int) (string, text.Style, float64)) {
			seen := map[string]int{}
			for s := range 10 {
				got, st, w := name(s)
				tw, _ := g.Txt.Measure(got, st)
				if tw > w || st.Size < lo {
					t.Errorf("%s: %s %d's name drawn as %q, %.0f px wide in %.0f at %.1f px", at, where, s, got, tw, w, st.Size)
				}
				if o, dup := seen[got]; dup {
					t.Errorf("%s: %ss %d and %d both read %q", at, where, o, s, got)
				}
				seen[got] = s
			}
		}
		l := layout.NewTable(g.W, g.H, 10, 10)
		names("seat", func(s int) (string, text.Style, float64) {
			tx := l.Seats[s].Text[layout.TxtName]
			st := text.Style{Size: tx.Size, Bold: true}
			return g.Txt.CutName(msg.New(msg.PlayerName, s+1).String(), st, tx.R.W), st, tx.R.W
		})
		r := online.NewRoom(g.host, &g.dial, tenSeatRoom(), "wss://nimmt.example.org", false)
		r.Build()
		names("room seat", func(s int) (string, text.Style, float64) {
			got, st, w := r.SeatName(s)
			// Shortened as the plates shorten it: the same person reads the same in the room.
			if full := r.State().Seats[s].Name; got != g.Txt.CutName(full, st, w) {
				t.Errorf("%s: the room shows %q as %q, the plates as %q", at, full, got, g.Txt.CutName(full, st, w))
			}
			return got, st, w
		})
	})
}

// tenSeatRoom is a canned room of ten people named as the new-game form names them.
func tenSeatRoom() *cannedLink {
	c := &cannedLink{status: client.LinkStatus{Phase: client.LinkOnline}}
	rm := protocol.Room{Code: sampleCode, Settings: protocol.DefaultSettings(10), State: protocol.StateLobby, Host: 0}
	for s := range 10 {
		rm.Seats = append(rm.Seats, protocol.Seat{Name: msg.New(msg.PlayerName, s+1).String(), Colour: "green",
			Kind: protocol.KindPerson, Level: "intermediate", Connected: true})
	}
	_ = c.push(protocol.Welcome{Version: protocol.Version, Code: sampleCode}, protocol.Joined{Token: "t", Colour: "green"}, rm)
	return c
}
