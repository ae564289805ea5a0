package scenes

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/bots"
	"nimmt/engine"
)

// ShotScenes are the scene names the -screenshot flag accepts.
var ShotScenes = []string{"menu", "rules", "deal", "choose", "reveal", "placement", "rowchoice", "score", "gameover", "tracker", "log", "newgame", "settings"}

// shooter drives the game to a named scene from a seeded position and saves one frame to PNG.
type shooter struct {
	g       *Game
	scene   string
	file    string
	t       *table
	ticks   int
	capture bool
	done    bool
	err     error
	start   time.Time
}

// shotSeed is the seed of the screenshot game: its first turns show a landing preview and
// a row taken.
const shotSeed = 12

func newShooter(g *Game, scene, file string) (*shooter, error) {
	s := &shooter{g: g, scene: scene, file: file, start: time.Now()}
	g.opts.Storage = nil // never touch the real save
	g.opts.InlineBots = true
	switch scene {
	case "menu":
		g.cur = newMenu(g)
	case "newgame", "settings":
		m := newMenu(g)
		m.page = scene
		g.cur = m
	case "rules":
		g.cur = newRules(g)
		s.t = g.cur.(*table)
	case "deal", "choose", "reveal", "placement", "rowchoice", "score", "gameover", "tracker", "log":
		seed := g.opts.Seed
		if seed == 0 {
			seed = shotSeed
		}
		if scene != "deal" {
			g.settings.Speed = "instant"
		}
		g.settings.Advisor = scene == "choose"
		t, err := newTable(g, seed)
		if err != nil {
			return nil, err
		}
		switch scene {
		case "tracker":
			t.showPanel = 1
		case "log":
			t.showPanel = 2
		}
		s.t = t
		g.cur = t
	default:
		return nil, fmt.Errorf("scenes: unknown scene %q (want one of %v)", scene, ShotScenes)
	}
	return s, nil
}

const shotTurn = 3 // the turn shown by choose, reveal and placement

func (s *shooter) update() error {
	if s.done {
		if s.err != nil {
			return s.err
		}
		return ebiten.Termination
	}
	s.ticks++
	if s.ticks > 60*600 {
		return errors.New("scenes: screenshot: the scene never came")
	}
	t := s.t
	if t == nil {
		if s.ticks > 10 {
			s.capture = true
		}
		return nil
	}
	atTurn := t.disp.Round == 1 && t.disp.Turn >= shotTurn
	if debugShots && s.ticks%10 == 0 {
		fmt.Fprintf(os.Stderr, "%vms shot %d: phase %s r%d t%d consumed %d/%d idle %v wait %v speed %s\n", time.Since(s.start).Milliseconds(), s.ticks, t.phase, t.disp.Round, t.disp.Turn, t.consumed, t.sess.EventCount(), t.tl.Idle(), t.disp.Waiting, s.g.settings.Speed)
	}
	switch s.scene {
	case "tracker", "log":
		if atTurn && t.phase == "choose" && t.acceptsInput() {
			s.capture = true
			return nil
		}
	case "choose", "reveal", "placement":
		if atTurn && s.g.settings.Speed == "instant" && t.tl.Idle() {
			s.g.settings.Speed = "normal"
		}
	}
	switch s.scene {
	case "rules":
		if tu := t.tutorial; tu != nil && t.tl.Idle() && t.caughtUp() && len(t.events) == 0 {
			if tu.step < 3 {
				tu.advance()
			} else {
				s.capture = true
			}
		}
		return nil
	case "deal":
		if t.phase == "deal" && t.phaseTicks >= 40 {
			s.capture = true
		}
	case "choose":
		if atTurn && t.phase == "choose" && t.acceptsInput() {
			if t.sel < 0 {
				t.sel = shotCard(t)
			}
			if t.phaseTicks > 90 {
				s.capture = true
			}
			return nil
		}
	case "reveal":
		if atTurn && t.phase == "reveal" {
			// Capture mid-flip, once the cards show their faces, narrow.
			for k, p := range t.disp.Pending {
				i := t.spriteAt(atPending, 0, k)
				if i < 0 {
					continue
				}
				sp := &t.cards[i]
				if p.Seat != t.me && sp.tween != nil && sp.face != sp.toFace && sp.tween.Raw() >= 0.8 {
					s.capture = true
				}
			}
		}
	case "placement":
		if atTurn && t.phase == "placement" && t.phaseTicks >= 9 {
			s.capture = true
		}
	case "rowchoice":
		// Prefer the person's own row choice; after the first round, anyone's.
		if t.phase == "rowchoice" && t.tl.Idle() && t.caughtUp() {
			if d, ok := t.decision(); ok && d.Kind == engine.DecideRow || t.disp.Round >= 2 {
				s.capture = true
				return nil
			}
		}
	case "score":
		if t.holdScore && t.tl.Idle() {
			s.capture = true
			return nil
		}
	case "gameover":
		if t.over && t.tl.Idle() {
			s.capture = true
			return nil
		}
	}
	if !s.capture {
		autopilot(t, s.scene == "rowchoice")
	}
	return nil
}

// autopilot plays for the person with the simple player (screenshots and tests). With
// stopAtRow it leaves a row choice to the person.
func autopilot(t *table, stopAtRow bool) {
	if t.holdScore && t.tl.Idle() {
		t.holdScore = false
		return
	}
	if !t.acceptsInput() || t.tutorial != nil || t.over {
		return
	}
	d, ok := t.decision()
	if !ok {
		return
	}
	v := cloneView(&t.disp)
	chosen := t.disp.Chosen[t.me]
	switch {
	case d.Kind == engine.DecidePlay && d.Count == 1:
		if !chosen {
			a := simpleBot{}.Decide(&v)
			t.play(a.Cards[0])
		}
	case d.Kind == engine.DecideRow:
		if !stopAtRow {
			t.chooseRow(simpleBot{}.Decide(&v).Row)
		}
	case d.Kind == engine.DecidePlay && chosen:
		// chosen: wait for the others
	default:
		// The variants' other decisions (Nifty's or Hand's cards, a draft, an order, a keep):
		// the variant-aware one-step player, straight to the engine, as the table does when it
		// decides for the person.
		t.act(bots.Heuristic(&v))
	}
}

func (s *shooter) draw(screen *ebiten.Image) {
	if t, ok := s.g.cur.(*table); ok && t.facesPending {
		return // a few card faces are rendered per frame: wait for all of them
	}
	if m, ok := s.g.cur.(*menu); ok && m.cardsPending {
		return
	}
	if s.capture && !s.done {
		if debugShots {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			fmt.Fprintf(os.Stderr, "shot: Go heap %d MB, Go sys %d MB, shapes %d\n", ms.HeapAlloc>>20, ms.Sys>>20, len(s.g.shapes))
		}
		s.err = writePNG(screen, s.file)
		s.done = true
	}
}

var debugShots = os.Getenv("NIMMT_DEBUG") != ""

// shotCard picks the hand card the choose screenshot lifts: one that lands in a row as its
// second to fifth card, so the landing preview shows; else the middle card.
func shotCard(t *table) int {
	n := len(t.lay.Hand)
	for i := n / 2; i < n+n/2; i++ {
		c := t.handCard(i % n)
		if r := t.disp.Target(c); r >= 0 && rowPlaces(t.disp.Rows[r]) < engine.RowLimit {
			return i % n
		}
	}
	return n / 2
}
