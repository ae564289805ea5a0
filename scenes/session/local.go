package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// LocalSession is a game played on this device: the engine, the bots (paced like people) and
// the autosave.
type LocalSession struct {
	Engine *engine.Game
	seats  []Seat
	bots   []botSeat // one per seat; bot is nil for people
	Seed   uint64
	pause  func(n int) int // a *rand.Rand's IntN, cosmetic only: the bots' pauses (not the *rand.Rand: see engine.Game's rng)
	// ticks scales a pause by the animation speed; inline runs the bots' decisions inside Update.
	ticks  func(n int) int
	inline bool
	saver  *ui.Saver
	// Viewer is the person the table shows, kept in the autosave so that Continue passes the
	// device to the right person.
	Viewer int
	// wake wakes the game loop; a bot's goroutine calls it after its answer is in result.
	wake func()
}

// botSeat drives one bot: it thinks for a while (a person's pace), then its answer is applied.
type botSeat struct {
	_      ui.NoCompare
	bot    ui.Bot
	think  int                // ticks left before the bot acts
	result chan engine.Action // the bot's answer, from its goroutine (or inline)
	busy   bool
	kind   engine.DecisionKind
}

// Bot pacing, in ticks at normal speed: a card takes 20–60, a row choice about 30.
const (
	botCardMin  = 20
	botCardSpan = 41
	botRowPause = 30
)

// BotNames name the computer players, seat 1 first.
var BotNames = [...]msg.ID{msg.BotName1, msg.BotName2, msg.BotName3, msg.BotName4, msg.BotName5, msg.BotName6, msg.BotName7, msg.BotName8, msg.BotName9}

// NewLocalSession starts a game of cfg for seats; seed 0 picks one.
func NewLocalSession(g *ui.Host, cfg engine.Config, seats []Seat, seed uint64) (*LocalSession, error) {
	if seed == 0 {
		seed = rand.Uint64()
	}
	if len(peopleHere(seats)) == 0 {
		return nil, errors.New("scenes: new game: no person plays")
	}
	eg, err := engine.NewGame(cfg, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
	if err != nil {
		return nil, fmt.Errorf("scenes: new game: %w", err)
	}
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	eg.SetPlayers(names)
	l, err := attachLocal(g, eg, seats, seed)
	if err != nil {
		return nil, err
	}
	l.Viewer = peopleHere(seats)[0]
	l.Save()
	return l, nil
}

// SeatsFromSettings returns the seats of a new game: the person first, then each seat a bot of
// its level or another person at this device (hot-seat).
func SeatsFromSettings(st *ui.Settings) []Seat {
	seats := make([]Seat, st.Seats)
	seats[0] = Seat{Kind: SeatPerson, Name: st.OwnName()}
	for s := 1; s < st.Seats; s++ {
		lvl := st.Levels[s-1]
		if lvl == ui.LevelPerson {
			seats[s] = Seat{Kind: SeatPerson, Name: st.PersonName(s)}
			continue
		}
		seats[s] = Seat{Kind: SeatBot, Name: BotNames[(s-1)%len(BotNames)].Text(), Level: lvl}
	}
	return seats
}

// attachLocal wraps an engine game and makes its bots.
func attachLocal(g *ui.Host, eg *engine.Game, seats []Seat, seed uint64) (*LocalSession, error) {
	l := &LocalSession{Engine: eg, seats: seats, Seed: seed, pause: rand.New(rand.NewPCG(seed, 7)).IntN,
		ticks: func(n int) int { return g.Speed().Ticks(n) }, inline: g.Opts.InlineBots, saver: g.Saver, wake: g.Wake}
	l.bots = make([]botSeat, len(seats))
	for s, st := range seats {
		if st.Kind != SeatBot {
			continue
		}
		b, err := g.Opts.Bots(st.Level, seed+uint64(s))
		if err != nil {
			return nil, fmt.Errorf("scenes: bot %s: %w", st.Level, err)
		}
		l.bots[s] = botSeat{bot: b, result: make(chan engine.Action, 1)}
	}
	return l, nil
}

// Config implements Session.
func (l *LocalSession) Config() engine.Config { return l.Engine.Config() }

// Seats implements Session.
func (l *LocalSession) Seats() []Seat { return l.seats }

// EventCount implements Session.
func (l *LocalSession) EventCount() int { return l.Engine.EventCount() }

// EventsFor implements Session.
func (l *LocalSession) EventsFor(seat, from int) []engine.Event {
	return l.Engine.EventsFor(seat, from)
}

// Act implements Session: a person's action, applied at once and autosaved.
func (l *LocalSession) Act(seat int, a engine.Action) error {
	if seat < 0 || seat >= len(l.seats) || !l.seats[seat].Here() {
		return ErrNotHere(seat)
	}
	if err := l.Engine.Act(seat, a); err != nil {
		return err
	}
	l.Viewer = seat
	l.Save()
	return nil
}

// Status implements Session: a bot is thinking while it has a decision in hand.
func (l *LocalSession) Status(seat int) SeatStatus {
	if seat >= 0 && seat < len(l.bots) && l.bots[seat].busy {
		return StatusThinking
	}
	return StatusNone
}

// Update implements Session: it starts, times and applies the bots' decisions.
func (l *LocalSession) Update(still bool) (changed bool, refused error) {
	phase := l.Engine.Phase()
	for s := range l.bots {
		b := &l.bots[s]
		if b.bot == nil {
			continue
		}
		var need engine.DecisionKind
		if d, ok := l.Engine.Decision(s); ok && still {
			if d.Kind != engine.DecidePlay || phase == engine.PhaseChoose && !l.Engine.Chosen(s) {
				need = d.Kind
			}
		}
		if !b.busy {
			if need == 0 {
				continue
			}
			b.busy, b.kind = true, need
			if need == engine.DecideRow {
				b.think = l.ticks(botRowPause)
			} else {
				b.think = l.ticks(botCardMin + l.pause(botCardSpan))
			}
			v := l.Engine.View(s)
			if l.inline {
				b.result <- b.bot.Decide(&v)
			} else {
				go func(bot ui.Bot, ch chan engine.Action) {
					ch <- bot.Decide(&v)
					l.wake() // the game may have stopped its frames while the bot thought
				}(b.bot, b.result)
			}
			changed = true
			continue
		}
		if b.think > 0 {
			b.think--
			continue
		}
		if !still {
			continue // keep the answer until the table is still
		}
		select {
		case a := <-b.result:
			b.busy = false
			changed = true
			if need != b.kind {
				continue
			}
			if err := l.Engine.Act(s, a); err != nil {
				// A bot answer the rules refuse: the bots' one-step player answers instead,
				// and the refusal is reported (the table logs it).
				v := l.Engine.View(s)
				refused = fmt.Errorf("scenes: bot at seat %d: %w", s+1, err)
				if err := l.Engine.Act(s, bots.Heuristic(&v)); err != nil {
					refused = fmt.Errorf("%w; its fallback too: %w", refused, err)
				}
			}
			l.Save()
		default:
		}
	}
	return changed, refused
}

// NeedsTicks implements tickingSession: a bot's pause is counting down, or an answer waits to be
// applied. A bot still deciding after its pause needs no ticks: its goroutine wakes the game.
func (l *LocalSession) NeedsTicks() bool {
	for i := range l.bots {
		b := &l.bots[i]
		if b.busy && (b.think > 0 || len(b.result) > 0) {
			return true
		}
	}
	return false
}

// Thinking reports whether a bot is deciding.
func (l *LocalSession) Thinking() bool {
	for i := range l.bots {
		if l.bots[i].busy {
			return true
		}
	}
	return false
}

// saved is the autosave file. Version 1 had Levels only (seat 0 the person, the others bots);
// version 2 keeps every seat and the person holding the device.
type saved struct {
	Version int             `json:"version"`
	Seed    uint64          `json:"seed"`
	Levels  []string        `json:"levels"`
	Seats   []Seat          `json:"seats,omitempty"`
	Viewer  int             `json:"viewer,omitempty"`
	Over    bool            `json:"over,omitempty"`
	Record  json.RawMessage `json:"record"`
}

// Deadline implements Session: a local game has no decision timer.
func (l *LocalSession) Deadline(int) (time.Time, time.Duration) { return time.Time{}, 0 }

// Save implements Session: the record is copied now and encoded on the writer goroutine.
func (l *LocalSession) Save() error {
	if l.saver == nil {
		return nil
	}
	err := l.saver.Err()
	rec := l.Engine.Record()
	levels := make([]string, len(l.seats))
	for i, s := range l.seats {
		levels[i] = s.Level
	}
	sv := saved{Version: savedVersion, Seed: l.Seed, Levels: levels, Seats: l.seats, Viewer: l.Viewer, Over: l.Engine.Over()}
	l.saver.SaveFunc(ui.SaveFile, func() ([]byte, error) {
		r, err := json.Marshal(rec)
		if err != nil {
			return nil, err
		}
		sv.Record = r
		return json.Marshal(sv)
	})
	return err
}

// savedVersion is the save.json version this build writes; it reads versions 1 to savedVersion.
const savedVersion = 2

// HasSave reports whether a game to continue is stored. A save that cannot be resumed puts its
// reason on the menu's notice.
func HasSave(e *ui.Env) bool {
	s, err := loadSaved(e)
	if err != nil {
		e.Notice = Notice(err)
		return false
	}
	return s != nil && !s.Over
}

// loadSaved reads the autosave: nil without an error when there is none, a *noticeError saying
// why when it cannot be resumed.
func loadSaved(e *ui.Env) (*saved, error) {
	if e.Opts.Storage == nil {
		return nil, nil
	}
	e.FlushSaves()
	b, _, err := storage.LoadSave(e.Opts.Storage, ui.SaveFile, savedVersion)
	se, damaged := errors.AsType[*storage.SaveError](err)
	switch {
	case damaged:
		return nil, &noticeError{notice: saveNotice(se), err: fmt.Errorf("scenes: %w", err)}
	case err != nil: // LoadSave's only other error: no save
		return nil, nil
	}
	var s saved
	if err := json.Unmarshal(b, &s); err != nil || len(s.Record) == 0 {
		return nil, playerErr(msg.NoticeSaveDamaged)
	}
	return &s, nil
}

// saveNotice says in the player's language why the save cannot be resumed (the error's own
// text is English, for logs).
func saveNotice(se *storage.SaveError) msg.Message {
	switch se.Problem {
	case storage.SaveUnreadable:
		return msg.New(msg.NoticeSaveUnreadable)
	case storage.SaveEmpty:
		return msg.New(msg.NoticeSaveEmpty)
	case storage.SaveTruncated:
		if se.Offset >= 0 {
			return msg.New(msg.NoticeSaveCut, int(se.Offset))
		}
	case storage.SaveGarbage:
		if se.Offset >= 0 {
			return msg.New(msg.NoticeSaveBroken, int(se.Offset))
		}
	case storage.SaveVersion:
		return msg.New(msg.NoticeSaveVersion, se.Version, se.Max)
	}
	return msg.New(msg.NoticeSaveDamaged)
}

// ResumeLocal loads the autosave into a session at exactly the point it stopped.
func ResumeLocal(g *ui.Host) (*LocalSession, error) {
	p, err := loadSaved(g.Env)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, playerErr(msg.NoticeNoSave)
	}
	s := *p
	rec, err := engine.ParseRecord(s.Record)
	if err != nil {
		return nil, playerErr(msg.NoticeSaveDamaged)
	}
	eg, err := engine.Replay(rec, rand.New(rand.NewPCG(s.Seed, uint64(len(rec.Rounds)))))
	if err != nil {
		return nil, playerErr(msg.NoticeSaveReplay)
	}
	seats := savedSeats(&s, rec, eg.Config().Seats)
	l, err := attachLocal(g, eg, seats, s.Seed)
	if err != nil {
		return nil, err
	}
	l.Viewer = peopleHere(seats)[0]
	if s.Viewer >= 0 && s.Viewer < len(seats) && seats[s.Viewer].Here() {
		l.Viewer = s.Viewer
	}
	return l, nil
}

// localName is the name of the person at seat s of a saved game in the language shown: a
// default name of any language — "You" for the person at the device, "Player 3" for another
// (hot-seat) — becomes the current language's ("Vous", "Joueur 3"); a typed name stays.
func localName(name string, s int) string {
	if ui.IsDefaultName(name) {
		return msg.DefaultName.Text()
	}
	for _, l := range msg.Langs() {
		if msg.New(msg.PlayerName, s+1).In(l.Code) == name {
			return msg.New(msg.PlayerName, s+1).String()
		}
	}
	return name
}

// savedSeats returns the seats of a saved game of n seats: as saved (version 2), or seat 0 the
// person and the others bots of the saved levels (version 1). Anything unusable becomes an
// Intermediate bot; seat 0 stays a person.
func savedSeats(s *saved, rec *engine.Record, n int) []Seat {
	seats := make([]Seat, n)
	for i := range seats {
		name := msg.New(msg.SeatName, i+1).String()
		if i < len(rec.Players) && rec.Players[i] != "" {
			name = rec.Players[i]
		}
		st := Seat{Kind: SeatBot, Name: name, Level: "intermediate"}
		switch {
		case i < len(s.Seats) && s.Seats[i].Kind == SeatPerson, i == 0:
			st = Seat{Kind: SeatPerson, Name: localName(name, i)}
		case i < len(s.Seats) && s.Seats[i].Kind == SeatBot && ui.LevelIndex(s.Seats[i].Level) >= 0:
			st.Level = s.Seats[i].Level
		case len(s.Seats) == 0 && i < len(s.Levels) && ui.LevelIndex(s.Levels[i]) >= 0:
			st.Level = s.Levels[i]
		}
		seats[i] = st
	}
	return seats
}
