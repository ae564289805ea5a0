package scenes

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/online"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// issueSizes are the screens of issue 12: a small phone, a phone upright and on its side, a
// tablet upright and three desktop windows.
var issueSizes = [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1024, 1366}, {1280, 720}, {1920, 1080}, {2560, 1440}}

// TestFormPagesBalanced: the settings (on a desktop and a phone, with and without the notice
// saying why the device is silent), the online lobby (with and without a notice and a seat to
// take back), the new-game form and a seat's picker, in every language at every size of issue
// 12, are balanced: no empty slot kept for a notice not shown, no row missing between two rows
// (a gap between rows under three quarters of a row), and no empty lower part (the space under
// the page at most the space over it, under the title, plus a margin); every widget inside the
// screen, none over another, every text inside its widget.
func TestFormPagesBalanced(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	silent := errors.New("no sound card")
	type page struct {
		name  string
		build func() []ui.Widget
	}
	var pages []page
	for _, desktop := range []bool{false, true} {
		for _, quiet := range []bool{false, true} {
			pages = append(pages, page{fmt.Sprintf("settings desktop=%v silent=%v", desktop, quiet), func() []ui.Widget {
				g.Opts.Desktop, g.Opts.SoundStatus = desktop, nil
				if quiet {
					g.Opts.SoundStatus = func() (bool, error) { return false, silent }
				}
				m := menu.NewMenu(g.host)
				m.Page = "settings"
				m.Build()
				return m.Widgets
			}})
		}
	}
	for _, notice := range []bool{false, true} {
		for _, rejoin := range []bool{false, true} {
			pages = append(pages, page{fmt.Sprintf("lobby notice=%v rejoin=%v", notice, rejoin), func() []ui.Widget {
				g.Settings.Online.Code = ""
				if rejoin {
					g.Settings.Online.Code = "QXWT"
				}
				l := online.NewLobby(g.host, &g.dial, "")
				if notice {
					l.Notice = msg.New(msg.OnlineBadServer, "example.org:99999")
				}
				l.Build()
				return l.Widgets
			}})
		}
	}
	for _, seats := range []int{4, 10} {
		pages = append(pages, page{fmt.Sprintf("new game %d seats", seats), func() []ui.Widget {
			st := ui.DefaultSettings()
			st.Seats = seats
			f := menu.MakeNewGameForm(g.host, &st, menu.FormOptions{})
			f.Build()
			return f.Widgets
		}}, page{fmt.Sprintf("seat picker %d seats", seats), func() []ui.Widget {
			st := ui.DefaultSettings()
			st.Seats = seats
			f := menu.MakeNewGameForm(g.host, &st, menu.FormOptions{})
			f.Page, f.Seat = menu.PageSeat, 1
			f.Build()
			return f.Widgets
		}})
	}
	t.Cleanup(func() { g.Opts.Desktop, g.Opts.SoundStatus, g.Settings.Online.Code = false, nil, "" })
	eachLangSize(t, g, issueSizes, func(at string) {
		for _, p := range pages {
			checkBalanced(t, g, at+" "+p.name, p.build())
		}
	})
}

// checkBalanced checks one page of TestFormPagesBalanced.
func checkBalanced(t *testing.T, g *Game, name string, ws []ui.Widget) {
	t.Helper()
	screen := layout.Rect{W: g.W, H: g.H}
	title := layout.FormTitle(g.W, g.H)
	type span struct{ lo, hi float64 }
	var spans []span
	rowH := math.Inf(1)
	for i := range ws {
		w := &ws[i]
		if w.ID == "" && w.Label == "" {
			t.Errorf("%s: an empty slot %+v", name, w.R)
		}
		if !w.R.Within(screen) || w.R.Overlaps(title) {
			t.Errorf("%s: %q %+v off the screen or on the title", name, w.Label, w.R)
		}
		for j := i + 1; j < len(ws); j++ {
			if o := ws[j]; w.R.Inset(0.5).Overlaps(o.R) {
				t.Errorf("%s: %q %+v overlaps %q %+v", name, w.Label, w.R, o.Label, o.R)
			}
		}
		checkWidgetText(t, g, name, w)
		spans = append(spans, span{w.R.Y, w.R.Y + w.R.H})
		rowH = math.Min(rowH, w.R.H)
	}
	if len(spans) == 0 {
		t.Fatalf("%s: no widgets", name)
	}
	slices.SortFunc(spans, func(a, b span) int { return int(math.Copysign(1, a.lo-b.lo)) })
	low := spans[0].hi
	for _, s := range spans[1:] {
		if gap := s.lo - low; gap >= rowH*0.75 {
			t.Errorf("%s: %.0f px empty between rows %.0f px high (at y %.0f)", name, gap, rowH, low)
		}
		low = math.Max(low, s.hi)
	}
	m := math.Round(ui.ClampF(math.Min(g.W, g.H)*0.02, 4, 24))
	above, below := spans[0].lo-(title.Y+title.H), g.H-low
	if below > above+m {
		t.Errorf("%s: %.0f px empty under the page, %.0f over it", name, below, above)
	}
}
