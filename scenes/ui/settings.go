package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/anim"
	"nimmt/bots"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/sound"
	"nimmt/stats"
)

const (
	SettingsFile = "settings.json"
	SaveFile     = "save.json"
)

// Settings are the person's choices, kept in settings.json.
type Settings struct {
	Name  string `json:"name"`
	Seats int    `json:"seats"`
	// Levels are seats 1–9: a bot level, or "person" for another person at this device
	// (hot-seat), named by Names.
	Levels   []string `json:"levels"`
	Names    []string `json:"names,omitempty"`
	EndMode  string   `json:"end_mode"` // "66", "score" or "rounds"
	EndScore int      `json:"end_score"`
	Rounds   int      `json:"rounds"`
	Speed    string   `json:"speed"`
	Tracker  bool     `json:"tracker"`
	Advisor  bool     `json:"advisor"`
	Variant  string   `json:"variant,omitempty"`  // an engine variant name offered by menuVariants; "" = basic
	Doublets bool     `json:"doublets,omitempty"` // Double with one deck and the doublets 11…99 of a second
	// Online holds online play's choices and the seat held in a room (online.go).
	Online OnlineSettings `json:"online"`
	// Lang is the language chosen on the settings page (a nimmt/msg code); "" follows the
	// system's language (Options.Locale).
	Lang string `json:"lang,omitempty"`
	// Volume is the sound's volume in percent, 0–100 in steps of volumeStep; Muted silences it.
	Volume int  `json:"volume"`
	Muted  bool `json:"muted,omitempty"`
	// MusicVolume is the music's volume in percent, apart from the effects', in the same steps.
	MusicVolume int `json:"music"`
}

func DefaultSettings() Settings {
	return Settings{Name: msg.DefaultName.Text(), Seats: 4, Levels: []string{"intermediate", "intermediate", "intermediate",
		"intermediate", "intermediate", "intermediate", "intermediate", "intermediate", "intermediate"},
		Names: make([]string, 9), EndMode: "66", EndScore: 66, Rounds: 5, Speed: "normal",
		Volume: int(sound.DefaultVolume * 100), MusicVolume: int(sound.DefaultMusicVolume * 100), Online: OnlineSettings{Timer: protocol.DefaultTimer}}
}

// MaxName is the most letters (runes) of a name the settings keep: what the name field and the
// plates fit, within what a game record keeps (engine.MaxPlayerName).
const MaxName = min(16, engine.MaxPlayerName)

// ClipName returns name as valid UTF-8 of at most maxName runes; it reads no further than that,
// however long name is.
func ClipName(name string) string {
	// As strings.ToValidUTF8 of the first MaxName runes, each invalid byte counting as one (each
	// run of invalid bytes becomes one U+FFFD), without ToValidUTF8's 3.9 KB of wasm code (#25).
	var b []byte
	bad := false
	for i, n := 0, 0; i < len(name) && n < MaxName; n++ {
		r, w := utf8.DecodeRuneInString(name[i:])
		switch {
		case r != utf8.RuneError || w > 1:
			b = append(b, name[i:i+w]...)
			bad = false
		case !bad:
			b = append(b, "\uFFFD"...)
			bad = true
		}
		i += w
	}
	return string(b)
}

func (s *Settings) sanitize() {
	d := DefaultSettings()
	if s.Name == "" {
		s.Name = d.Name
	}
	s.Name = ClipName(s.Name)
	if s.Seats < 2 || s.Seats > 10 {
		s.Seats = d.Seats
	}
	s.SanitizeVariant()
	for len(s.Levels) < 9 {
		s.Levels = append(s.Levels, "intermediate")
	}
	for len(s.Names) < 9 {
		s.Names = append(s.Names, "")
	}
	for i, n := range s.Names {
		s.Names[i] = ClipName(n)
	}
	for i, l := range s.Levels {
		if LevelIndex(l) < 0 && l != LevelPerson {
			s.Levels[i] = "intermediate"
		}
	}
	switch s.EndMode {
	case "66", "score", "rounds":
	default:
		s.EndMode = "66"
	}
	if s.EndScore < 10 || s.EndScore > 500 {
		s.EndScore = 66
	}
	if s.Rounds < 1 || s.Rounds > 50 {
		s.Rounds = 5
	}
	if _, ok := anim.ParseSpeed(s.Speed); !ok {
		s.Speed = "normal"
	}
	if s.Lang != "" && msg.Match(s.Lang) != s.Lang {
		s.Lang = ""
	}
	if s.Volume < 0 || s.Volume > 100 {
		s.Volume = d.Volume
	}
	s.Volume -= s.Volume % VolumeStep
	if s.MusicVolume < 0 || s.MusicVolume > 100 {
		s.MusicVolume = d.MusicVolume
	}
	s.MusicVolume -= s.MusicVolume % VolumeStep
	s.Online.sanitize()
}

// SetLang makes code the game's language (the settings' or the system's when code is "") and
// renames the person's default name ("You") into it.
func (e *Env) SetLang(code string) error {
	if code == "" {
		code = msg.Match(e.Opts.Locale)
	}
	wasDefault := IsDefaultName(e.Settings.Name)
	if err := msg.SetLang(code); err != nil {
		return fmt.Errorf("scenes: %w", err)
	}
	if wasDefault {
		e.Settings.Name = msg.DefaultName.Text()
	}
	if e.Opts.Desktop {
		ebiten.SetWindowTitle(msg.GameTitle.Text())
	}
	return nil
}

// IsDefaultName reports whether name is the default person's name in some language.
func IsDefaultName(name string) bool {
	for _, l := range msg.Langs() {
		if msg.New(msg.DefaultName).In(l.Code) == name {
			return true
		}
	}
	return false
}

func (e *Env) LoadSettings() {
	if e.Opts.Storage == nil {
		return
	}
	b, err := e.Opts.Storage.Load(SettingsFile)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			e.Notice = msg.New(msg.NoticeSettingsUnread)
		}
		return
	}
	s := DefaultSettings() // a field the file lacks (an older file) keeps its default
	if err := json.Unmarshal(b, &s); err != nil {
		e.Notice = msg.New(msg.NoticeSettingsDamaged)
		return
	}
	s.sanitize()
	e.Settings = s
}

func (e *Env) SaveSettings() {
	if e.Opts.Storage == nil {
		return
	}
	b, err := json.MarshalIndent(e.Settings, "", "  ")
	if err != nil {
		e.Notice = msg.New(msg.NoticeSettingsUnsaved)
		return
	}
	e.Saver.save(SettingsFile, b)
}

// FlushSaves waits until the settings and the autosave queued so far are written. The game
// writes them in the background; call this before the process exits.
func (e *Env) FlushSaves() {
	if e.Saver != nil {
		e.Saver.Flush()
	}
}

func (e *Env) Speed() anim.Speed {
	s, _ := anim.ParseSpeed(e.Settings.Speed)
	return s
}

// OpenStats opens the statistics kept beside the settings. A damaged file is replaced and said
// on the menu; a storage that cannot be read keeps them in memory, said the same way.
func (e *Env) OpenStats() {
	var st stats.Store
	if e.Opts.Storage != nil {
		st = e.Opts.Storage
	}
	k, err := stats.Open(st)
	e.Stats = k
	_, damaged := errors.AsType[*stats.DamagedError](err)
	switch {
	case damaged:
		e.Notice = msg.New(msg.NoticeStatsDamaged)
	case err != nil:
		e.Notice = msg.New(msg.NoticeSaveFailed, err.Error())
	}
}

// Levels are the bot levels offered to players, weakest first: the bots package's list
// (bots.Levels); their names are the texts "level.LEVEL" and "form.means_LEVEL" (LevelName).
var Levels = bots.Levels()

// PersonName is the name of seat s (1–9) when a person plays it.
func (s *Settings) PersonName(seat int) string {
	if seat-1 < len(s.Names) && s.Names[seat-1] != "" {
		return s.Names[seat-1]
	}
	return msg.New(msg.PlayerName, seat+1).String()
}

// OwnName is the name of the person at seat 0: the name set, or, while it is the default name
// ("You") and other people play at this device too, "Player 1", so that hand-overs and plates
// read right for everyone at the device.
func (s *Settings) OwnName() string {
	if IsDefaultName(s.Name) && s.hotSeat() {
		return msg.New(msg.PlayerName, 1).String()
	}
	return s.Name
}

// hotSeat reports whether another seat than the first is a person at this device.
func (s *Settings) hotSeat() bool {
	for i := 1; i < s.Seats && i-1 < len(s.Levels); i++ {
		if s.Levels[i-1] == LevelPerson {
			return true
		}
	}
	return false
}

func LevelIndex(l string) int {
	for i, x := range Levels {
		if x == l {
			return i
		}
	}
	return -1
}

// LevelPerson is the seat choice "a person at this device" (hot-seat).
const LevelPerson = "person"

// VariantTitle is the variant's name on the new-game form (Double names its card set).
func (s *Settings) VariantTitle() string {
	v := s.EngineVariant()
	switch {
	case v == engine.Double && s.Doublets:
		return msg.New(msg.VariantDoubleDoublets, msg.VariantTitle(v)).String()
	case v == engine.Double:
		return msg.New(msg.VariantDoubleDecks, msg.VariantTitle(v)).String()
	}
	return msg.VariantTitle(v).Text()
}

// EngineVariant returns the selected variant.
func (s *Settings) EngineVariant() engine.Variant {
	v, err := engine.ParseVariant(s.Variant)
	if err != nil {
		return engine.Basic
	}
	return v
}

// SanitizeVariant keeps the variant to those offered and the seats to those it allows.
func (s *Settings) SanitizeVariant() {
	if s.Variant == "" {
		s.Variant = engine.Basic.String()
	}
	if v, err := engine.ParseVariant(s.Variant); err != nil || !slices.Contains(MenuVariants(), v) {
		s.Variant = engine.Basic.String()
	}
	if s.EngineVariant() != engine.Double {
		s.Doublets = false
	}
	s.Seats = ClampSeats(s.EngineVariant(), s.Seats)
}

// OnlineSettings are online play's remembered choices, kept in settings.json.
type OnlineSettings struct {
	_ NoCompare
	// Server is the server's address typed on the desktop and phones (the browser uses its page's).
	Server string `json:"server,omitempty"`
	// Colour is the seat colour asked for (one of protocol.Colours; "" the first free one).
	Colour string `json:"colour,omitempty"`
	// Timer is the decision timer of a room made here, in seconds (one of protocol.Timers).
	Timer int `json:"timer"`
	// Code and Token are the room and seat token held, to take the seat back after a restart.
	Code  string `json:"code,omitempty"`
	Token string `json:"token,omitempty"`
	// Base is the server of Code.
	Base string `json:"base,omitempty"`
	// Secret is this device's account secret (docs/protocol.md "Accounts"; "" no account),
	// made by the profile page (scenes/online/profile.go).
	Secret string `json:"secret,omitempty"`
}

func (o *OnlineSettings) sanitize() {
	if protocol.CheckColour(o.Colour) != nil {
		o.Colour = ""
	}
	ok := false
	for _, t := range protocol.Timers {
		ok = ok || t == o.Timer
	}
	if !ok {
		o.Timer = protocol.DefaultTimer
	}
	if o.Secret != "" && protocol.CheckCreateID(o.Secret) != nil {
		o.Secret = ""
	}
	if protocol.CheckCode(o.Code) != nil || o.Token == "" || o.Base == "" {
		o.Code, o.Token, o.Base = "", "", ""
	}
}

// MenuVariants are the rule variants the menu offers (docs/variants.md): all of them.
func MenuVariants() []engine.Variant { return engine.Variants() }

// ClampSeats returns n within the seats variant v allows.
func ClampSeats(v engine.Variant, n int) int {
	lo, hi := engine.SeatsAllowed(v)
	return min(max(n, lo), hi)
}

// LevelName is a bot level's name as a plate shows it: the text "level.LEVEL", the
// Intermediate's for a level without one.
func LevelName(level string) msg.ID {
	if id, ok := msg.ByName("level." + level); ok {
		return id
	}
	return msg.LevelIntermediate
}

// LevelMeans is what a bot level means on the new-game form: the text "form.means_LEVEL", the
// Intermediate's for a level without one.
func LevelMeans(level string) msg.ID {
	if id, ok := msg.ByName("form.means_" + level); ok {
		return id
	}
	return msg.LevelMeansIntermediate
}

// VariantConfig returns the configuration of a new game from the settings.
func VariantConfig(st *Settings) engine.Config {
	cfg := engine.DefaultConfig(st.Seats)
	cfg.Variant = st.EngineVariant()
	cfg.Doublets = cfg.Variant == engine.Double && st.Doublets
	switch st.EndMode {
	case "score":
		cfg.EndScore = st.EndScore
	case "rounds":
		cfg.EndScore, cfg.Rounds = 0, st.Rounds
		if cfg.Variant == engine.TCG && cfg.Rounds%2 != 0 {
			cfg.Rounds++ // TCG is played in halves
		}
	}
	return cfg
}
