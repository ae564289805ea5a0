package scenes

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"nimmt/layout"
	"nimmt/msg"
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
		build func() []widget
	}
	var pages []page
	for _, desktop := range []bool{false, true} {
		for _, quiet := range []bool{false, true} {
			pages = append(pages, page{fmt.Sprintf("settings desktop=%v silent=%v", desktop, quiet), func() []widget {
				g.opts.Desktop, g.opts.SoundStatus = desktop, nil
				if quiet {
					g.opts.SoundStatus = func() (bool, error) { return false, silent }
				}
				m := newMenu(g.host)
				m.page = "settings"
				m.build()
				return m.widgets
			}})
		}
	}
	for _, notice := range []bool{false, true} {
		for _, rejoin := range []bool{false, true} {
			pages = append(pages, page{fmt.Sprintf("lobby notice=%v rejoin=%v", notice, rejoin), func() []widget {
				g.settings.Online.Code = ""
				if rejoin {
					g.settings.Online.Code = "QXWT"
				}
				l := newLobby(g.host, &g.dial, "")
				if notice {
					l.notice = msg.New(msg.OnlineBadServer, "example.org:99999")
				}
				l.build()
				return l.widgets
			}})
		}
	}
	for _, seats := range []int{4, 10} {
		pages = append(pages, page{fmt.Sprintf("new game %d seats", seats), func() []widget {
			st := defaultSettings()
			st.Seats = seats
			f := newNewGameForm(g.host, &st, FormOptions{})
			f.build()
			return f.widgets
		}}, page{fmt.Sprintf("seat picker %d seats", seats), func() []widget {
			st := defaultSettings()
			st.Seats = seats
			f := newNewGameForm(g.host, &st, FormOptions{})
			f.page, f.seat = pageSeat, 1
			f.build()
			return f.widgets
		}})
	}
	t.Cleanup(func() { g.opts.Desktop, g.opts.SoundStatus, g.settings.Online.Code = false, nil, "" })
	eachLangSize(t, g, issueSizes, func(at string) {
		for _, p := range pages {
			checkBalanced(t, g, at+" "+p.name, p.build())
		}
	})
}

// checkBalanced checks one page of TestFormPagesBalanced.
func checkBalanced(t *testing.T, g *Game, name string, ws []widget) {
	t.Helper()
	screen := layout.Rect{W: g.w, H: g.h}
	title := layout.FormTitle(g.w, g.h)
	type span struct{ lo, hi float64 }
	var spans []span
	rowH := math.Inf(1)
	for i := range ws {
		w := &ws[i]
		if w.id == "" && w.label == "" {
			t.Errorf("%s: an empty slot %+v", name, w.r)
		}
		if !w.r.Within(screen) || w.r.Overlaps(title) {
			t.Errorf("%s: %q %+v off the screen or on the title", name, w.label, w.r)
		}
		for j := i + 1; j < len(ws); j++ {
			if o := ws[j]; w.r.Inset(0.5).Overlaps(o.r) {
				t.Errorf("%s: %q %+v overlaps %q %+v", name, w.label, w.r, o.label, o.r)
			}
		}
		checkWidgetText(t, g, name, w)
		spans = append(spans, span{w.r.Y, w.r.Y + w.r.H})
		rowH = math.Min(rowH, w.r.H)
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
	m := math.Round(clampF(math.Min(g.w, g.h)*0.02, 4, 24))
	above, below := spans[0].lo-(title.Y+title.H), g.h-low
	if below > above+m {
		t.Errorf("%s: %.0f px empty under the page, %.0f over it", name, below, above)
	}
}
