//go:build !js

package scenes

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/online"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/stats"
)

// ShotScenes are the scene names the -screenshot flag accepts.
var ShotScenes = []string{"menu", "rules", "deal", "choose", "fan", "warning", "reveal", "placement", "rowchoice", "score", "gameover", "tracker", "log", "newgame", "variants", "seat", "keyboard", "settings", "stats", "stats-empty", "handover", "online", "online-create", "room", "reconnecting", "timer", "online-keyboard", "room-keyboard", "public", "tutorial", "pause", "pause-settings", "pause-rules", "profile", "profile-guest", "room-moderation", "profile-signin", "room-report", "room-banned"}

// shooter drives the game to a named scene from a seeded position and saves one frame to PNG.
type shooter struct {
	_       ui.NoCompare
	g       *Game
	scene   string
	file    string
	t       *table.Table
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
	// Lockstep: every frame one Update and one Draw, as fast as the machine draws. At 60 ticks a
	// second with vsync the frames a tick gets depend on the machine's speed, and with them the
	// warning glow's pulse (it counts frames), which card faces the painter's per-frame budget
	// has rendered, and Ebitengine's atlas (it moves an image that was a source for some frames
	// onto the atlas, which changes the linear filter at the felt's edges): two runs differed.
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetVsyncEnabled(false)
	g.Pacer = ui.SteadyPacer{}
	g.Opts.Storage = nil // never touch the real save
	g.Opts.InlineBots = true
	switch scene {
	case "menu":
		g.cur = menu.NewMenu(g.host)
	case "newgame", "variants", "seat", "keyboard":
		m := menu.NewMenu(g.host)
		m.OpenForm()
		switch scene {
		case "variants":
			m.Form.Page = menu.PageVariants
		case "seat":
			m.Form.Seat, m.Form.Page = 1, menu.PageSeat
		case "keyboard":
			// A name typed with the on-screen keyboard (the phone app), halfway.
			g.Device = ui.DeviceTouch
			m.Form.StartTyping(0)
			m.Form.NameBuf = []rune(msg.DefaultName.Text())[:1]
		}
		m.Form.Build()
		g.cur = m
	case "settings":
		m := menu.NewMenu(g.host)
		m.Page = scene
		g.cur = m
	case "stats", "stats-empty":
		if scene == "stats" {
			if err := sampleStats(g, g.Opts.Seed); err != nil {
				return nil, err
			}
		}
		m := menu.NewMenu(g.host)
		m.Page = "stats" // stats-empty: the page before any game
		g.cur = m
	case "online", "online-create", "online-keyboard", "room", "room-keyboard", "room-moderation", "room-report", "room-banned":
		shotOnline(g, scene)
	case "public":
		shotPublic(g)
	case "profile", "profile-guest", "profile-signin":
		shotProfile(g, scene)
	case "reconnecting", "timer":
		shot := shotReconnecting
		if scene == "timer" {
			shot = shotTimer
		}
		t, err := shot(g, g.Opts.Seed)
		if err != nil {
			return nil, err
		}
		g.cur = t
	case "rules":
		g.cur = rulesScene(g.host)
		s.t = g.cur.(*table.Table)
	case "pause", "pause-settings", "pause-rules":
		g.Settings.Speed = "instant"
		t, err := table.NewTable(g.host, shotSeed)
		if err != nil {
			return nil, err
		}
		s.t, g.cur = t, t
	case "tutorial":
		// The guided game's first lesson: its line under the rows, its card ringed.
		g.Settings.Speed = "instant"
		t, err := table.NewGuidedTable(g.host, shotSeed)
		if err != nil {
			return nil, err
		}
		s.t, g.cur = t, t
	case "deal", "choose", "fan", "warning", "reveal", "placement", "rowchoice", "score", "gameover", "tracker", "log", "handover":
		seed := g.Opts.Seed
		if seed == 0 {
			seed = shotSeed
		}
		if scene != "deal" {
			g.Settings.Speed = "instant"
		}
		g.Settings.Advisor = scene == "choose"
		if scene == "handover" {
			// Hot-seat: the first opponent is another person at this device.
			g.Settings.Levels[0] = ui.LevelPerson
		}
		t, err := table.NewTable(g.host, seed)
		if err != nil {
			return nil, err
		}
		switch scene {
		case "tracker":
			t.ShowPanel = 1
		case "log":
			t.ShowPanel = 2
		}
		s.t = t
		g.cur = t
	default:
		return nil, fmt.Errorf("scenes: unknown scene %q (want one of %v)", scene, ShotScenes)
	}
	return s, nil
}

const shotTurn = 3 // the turn shown by choose, reveal and placement

func (s *shooter) Update() error {
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
	atTurn := t.Disp.Round == 1 && t.Disp.Turn >= shotTurn
	if debugShots && s.ticks%10 == 0 {
		fmt.Fprintf(os.Stderr, "%vms shot %d: phase %s r%d t%d consumed %d/%d idle %v wait %v speed %s\n", time.Since(s.start).Milliseconds(), s.ticks, t.Phase, t.Disp.Round, t.Disp.Turn, t.Consumed, t.Sess.EventCount(), t.Tl.Idle(), t.Disp.Waiting, s.g.Settings.Speed)
	}
	switch s.scene {
	case "tracker", "log":
		if atTurn && t.Phase == table.PhaseChoose && t.AcceptsInput() {
			s.capture = true
			return nil
		}
	case "choose", "warning", "reveal", "placement":
		if atTurn && s.g.Settings.Speed == "instant" && t.Tl.Idle() {
			s.g.Settings.Speed = "normal"
		}
	}
	switch s.scene {
	case "rules":
		if tu := t.Tutorial; tu != nil && t.Tl.Idle() && t.CaughtUp() && len(t.Events) == 0 {
			if tu.Step < 3 {
				tu.Advance()
			} else {
				s.capture = true
			}
		}
		return nil
	case "pause", "pause-settings", "pause-rules":
		s.capture = shotPause(t, s.scene)
		return nil
	case "tutorial":
		s.capture = t.Phase == table.PhaseChoose && t.AcceptsInput() && t.PhaseTicks > 30
		return nil
	case "handover":
		// The device passes to the other person in the middle of the first round.
		if t.Handover >= 0 && t.Disp.Round == 1 && t.Disp.Turn >= shotTurn && t.Tl.Idle() {
			s.capture = true
			return nil
		}
	case "deal":
		if t.Phase == table.PhaseDeal && t.PhaseTicks >= 40 {
			s.capture = true
		}
	case "choose":
		if atTurn && t.Phase == table.PhaseChoose && t.AcceptsInput() {
			if t.Sel < 0 {
				t.Sel = shotCard(t)
			}
			if t.PhaseTicks > 90 {
				s.capture = true
			}
			return nil
		}
	case "fan":
		// The first turn, a full hand, its second card lifted: the fan opens around it.
		if t.Disp.Round == 1 && t.Phase == table.PhaseChoose && t.AcceptsInput() {
			t.Sel = min(1, len(t.Lay.Hand)-1)
			s.capture = t.PhaseTicks > 90
			return nil
		}
	case "warning":
		// The first turn from shotTurn on with a card that is too low or takes a row, lifted.
		if atTurn && t.Phase == table.PhaseChoose && t.AcceptsInput() {
			if i := shotWarnCard(t); i >= 0 {
				t.Sel = i
				s.capture = t.PhaseTicks > 90
				return nil
			}
		}
	case "reveal":
		if atTurn && t.Phase == table.PhaseReveal {
			// Capture mid-flip, once the cards show their faces, narrow.
			for k, p := range t.Disp.Pending {
				i := t.SpriteAt(table.AtPending, 0, k)
				if i < 0 {
					continue
				}
				sp := &t.Cards[i]
				if p.Seat != t.Me && sp.Tween != nil && sp.Face != sp.ToFace && sp.Tween.Raw() >= 0.8 {
					s.capture = true
				}
			}
		}
	case "placement":
		if atTurn && t.Phase == table.PhasePlacement && t.PhaseTicks >= 9 {
			s.capture = true
		}
	case "rowchoice":
		// Prefer the person's own row choice; after the first round, anyone's.
		if t.Phase == table.PhaseRowChoice && t.Tl.Idle() && t.CaughtUp() {
			if d, ok := t.Decision(); ok && d.Kind == engine.DecideRow || t.Disp.Round >= 2 {
				v := table.CloneView(&t.Disp)
				t.PreviewRow(bots.Heuristic(&v).Row, min(s.g.W, s.g.H) < 600) // lit, with its cost
				s.capture = true
				return nil
			}
		}
	case "score":
		if (t.Phase == table.PhaseScore) && t.Tl.Idle() {
			s.capture = true
			return nil
		}
	case "gameover":
		if (t.Phase == table.PhaseOver) && t.Tl.Idle() {
			s.capture = true
			return nil
		}
	}
	if !s.capture {
		autopilot(t, s.scene == "rowchoice")
	}
	return nil
}

// autopilot plays for the person with the bots' one-step player (bots.Heuristic) (screenshots and tests). With
// stopAtRow it leaves a row choice to the person.
func autopilot(t *table.Table, stopAtRow bool) {
	if (t.Phase == table.PhaseScore) && t.Tl.Idle() {
		t.SetPhase(table.PhaseDeal)
		return
	}
	if !t.AcceptsInput() || t.Tutorial != nil || t.Phase == table.PhaseOver {
		return
	}
	if t.Handover >= 0 {
		t.SwitchTo(t.Handover) // hot-seat: the next person is ready at once
		return
	}
	d, ok := t.Decision()
	if !ok {
		return
	}
	v := table.CloneView(&t.Disp)
	chosen := t.Disp.Chosen[t.Me]
	switch {
	case d.Kind == engine.DecidePlay && d.Count == 1:
		if !chosen {
			a := bots.Heuristic(&v)
			if stopAtRow && len(v.Hand) > 0 {
				a.Cards[0] = v.Hand[0] // the lowest card: soon too low, and the row choice the person's
			}
			t.Play(a.Cards[0])
		}
	case d.Kind == engine.DecideRow:
		if !stopAtRow {
			t.ChooseRow(bots.Heuristic(&v).Row)
		}
	case d.Kind == engine.DecidePlay && chosen:
		// chosen: wait for the others
	default:
		// The variants' other decisions (Nifty's or Hand's cards, a draft, an order, a keep):
		// the variant-aware one-step player, straight to the engine, as the table does when it
		// decides for the person.
		t.Act(bots.Heuristic(&v))
	}
}

func (s *shooter) Draw(screen *ebiten.Image) {
	if t, ok := s.g.cur.(*table.Table); ok && t.FacesPending {
		return // a few card faces are rendered per frame: wait for all of them
	}
	if m, ok := s.g.cur.(*menu.Menu); ok && m.CardsPending {
		return
	}
	if s.capture && !s.done {
		if debugShots {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			fmt.Fprintf(os.Stderr, "shot: Go heap %d MB, Go sys %d MB, shapes %d\n", ms.HeapAlloc>>20, ms.Sys>>20, len(s.g.Shapes))
		}
		s.err = writePNG(screen, s.file)
		s.done = true
	}
}

var debugShots = os.Getenv("NIMMT_DEBUG") != ""

// shotCard picks the hand card the choose screenshot lifts: one that lands in a row as its
// second to fifth card, so the landing preview shows; else the middle card.
func shotCard(t *table.Table) int {
	n := len(t.Lay.Hand)
	for i := n / 2; i < n+n/2; i++ {
		c := t.HandCard(i % n)
		if l := t.Disp.Land(c); !l.TooLow && !l.Takes {
			return i % n
		}
	}
	return n / 2
}

// shotWarnCard picks the hand card the warning screenshot lifts: one too low for every row,
// else one that takes a row; -1 when there is none this turn.
func shotWarnCard(t *table.Table) int {
	take := -1
	for i := range t.Lay.Hand {
		l := t.Disp.Land(t.HandCard(i))
		if l.TooLow {
			return i
		}
		if l.Takes && take < 0 {
			take = i
		}
	}
	return take
}

// autoplay drives Options.Autoplay: a new game from the menu, the person's decisions, the end.
func (r *rig) autoplay() error {
	g := r.g
	switch s := g.cur.(type) {
	case *menu.Menu:
		if g.next == nil {
			t, err := table.NewTable(g.host, g.Opts.Seed)
			if err != nil {
				return err
			}
			g.goTo(t)
		}
	case *online.Lobby:
		// Online (-room CODE): join the room with the settings' name; the room screen then
		// follows the room and opens the table when the host starts.
		if g.next == nil && s.Code != "" && s.Page == "online" {
			return s.Activate("join")
		}
	case *table.Table:
		if (s.Phase == table.PhaseOver) && s.Tl.Idle() {
			r.autoEnd++
			if r.autoEnd > 120 {
				g.FlushSaves()
				fmt.Fprintf(os.Stdout, "nimmt: final scores %v\n", s.Disp.Scores)
				return ebiten.Termination
			}
		}
		autopilot(s, false)
	}
	return nil
}

// sampleStats records made-up games from seed into the statistics (the screenshot of the
// statistics page): several opponent levels and rules, wins and losses.
func sampleStats(g *Game, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 13))
	variants := []engine.Variant{engine.Basic, engine.Basic, engine.Tactics, engine.Professional}
	for i := range 16 {
		seats := 3 + rng.IntN(4)
		cfg := engine.DefaultConfig(seats)
		cfg.Variant = variants[rng.IntN(len(variants))]
		levels := make([]string, seats)
		for s := 1; s < seats; s++ {
			levels[s] = ui.Levels[rng.IntN(len(ui.Levels))]
		}
		game := stats.Game{ID: fmt.Sprintf("sample-%d", i), Config: cfg, Levels: levels, Totals: make([]int, seats),
			End: time.Date(2026, 11, 1+i, 20, 0, 0, 0, time.UTC)}
		for r := 0; r < 3+rng.IntN(4); r++ {
			pen := make([]int, seats)
			for s := range pen {
				pen[s] = rng.IntN(20)
				game.Totals[s] += pen[s]
			}
			game.Rounds = append(game.Rounds, pen)
		}
		best := slices.Min(game.Totals)
		for s, t := range game.Totals {
			if t == best {
				game.Winners = append(game.Winners, s)
			}
		}
		if err := g.Stats.Record(game); err != nil {
			return fmt.Errorf("scenes: sample statistics: %w", err)
		}
	}
	return nil
}
