package msg

// ID names one player-facing text. Its stable name (String) is the key in every language file;
// the text may hold the placeholders its definition lists.
type ID int

// The message ids, by screen. Add an id here, its definition in defs and its English text in
// assets/lang/en.json (the tests list what is missing).
const (
	// None is the empty text (no message).
	None ID = iota
	// Verbatim shows a text made elsewhere (an error's message) as it is.
	Verbatim

	// GameTitle is the game's name: the menu title and the window title.
	GameTitle
	// DefaultName is the person's name when none is set.
	DefaultName
	// PlayerName names a person at this device whose name is not set (hot-seat).
	PlayerName

	// Main menu.
	MenuNewGame
	MenuContinue
	MenuRules
	MenuSettings
	MenuQuit

	// Buttons shared by the forms.
	Back
	Start
	Next
	Done
	On
	Off

	// New-game form.
	NewGameRules
	NewGamePlayers
	NewGameName
	// NewGameNames labels the name field when several people play here: "Ann, Bob, Cy".
	NewGameNames
	NewGameOpponents
	NewGameLevelChip
	NewGameEnds
	NewGameEndScore
	NewGameRounds
	NewGameAnimation
	EndAt66
	EndAtScore
	EndAfterRounds

	// Bot levels, short, as the opponent chips show them.
	LevelRandomShort
	LevelBeginnerShort
	LevelIntermediateShort
	LevelExpertShort
	// LevelPersonShort is the chip of a seat played by a person at this device (hot-seat).
	LevelPersonShort

	// Animation speeds.
	SpeedSlow
	SpeedNormal
	SpeedFast
	SpeedInstant

	// Settings page.
	SettingsSpeed
	SettingsTracker
	SettingsAdvisor
	SettingsFullscreen
	SettingsLanguage

	// Notices shown on the menu.
	NoticeSettingsUnread
	NoticeSettingsDamaged
	NoticeSettingsUnsaved
	NoticeCrashed
	NoticeSaveFailed

	// The variants: names and the paragraphs of docs/variants.md.
	VariantBasic
	VariantTactics
	VariantLogic
	VariantTournament
	VariantProfessional
	VariantOpen
	VariantNifty
	VariantHand
	VariantDouble
	VariantTCG
	AboutBasic
	AboutTactics
	AboutLogic
	AboutTournament
	AboutProfessional
	AboutOpen
	AboutNifty
	AboutHand
	AboutDouble
	AboutTCG
	// VariantPage is a variant's paragraph with the seats it allows.
	VariantPage

	// The rules walkthrough.
	RulesTitle
	RulesDeal
	RulesPlace
	RulesSixth
	RulesTooLow
	RulesScore
	RulesName1
	RulesName2
	RulesName3

	numIDs
)

// def is an id's definition: its stable name and its parameters, space-separated, in the order
// New takes its arguments.
type def struct{ name, params string }

var defs = [numIDs]def{
	None:     {"none", ""},
	Verbatim: {"verbatim", "text"},

	GameTitle:   {"game.title", ""},
	DefaultName: {"game.default_name", ""},
	PlayerName:  {"game.player_name", "n"},

	MenuNewGame:  {"menu.new_game", ""},
	MenuContinue: {"menu.continue", ""},
	MenuRules:    {"menu.rules", ""},
	MenuSettings: {"menu.settings", ""},
	MenuQuit:     {"menu.quit", ""},

	Back:  {"button.back", ""},
	Start: {"button.start", ""},
	Next:  {"button.next", ""},
	Done:  {"button.done", ""},
	On:    {"value.on", ""},
	Off:   {"value.off", ""},

	NewGameRules:     {"newgame.rules", ""},
	NewGamePlayers:   {"newgame.players", ""},
	NewGameName:      {"newgame.name", ""},
	NewGameNames:     {"newgame.names", ""},
	NewGameOpponents: {"newgame.opponents", ""},
	NewGameLevelChip: {"newgame.level_chip", "seat level"},
	NewGameEnds:      {"newgame.ends", ""},
	NewGameEndScore:  {"newgame.end_score", ""},
	NewGameRounds:    {"newgame.rounds", ""},
	NewGameAnimation: {"newgame.animation", ""},
	EndAt66:          {"newgame.end_66", ""},
	EndAtScore:       {"newgame.end_score_mode", ""},
	EndAfterRounds:   {"newgame.end_rounds_mode", ""},

	LevelRandomShort:       {"level.random.short", ""},
	LevelBeginnerShort:     {"level.beginner.short", ""},
	LevelIntermediateShort: {"level.intermediate.short", ""},
	LevelExpertShort:       {"level.expert.short", ""},
	LevelPersonShort:       {"level.person.short", ""},

	SpeedSlow:    {"speed.slow", ""},
	SpeedNormal:  {"speed.normal", ""},
	SpeedFast:    {"speed.fast", ""},
	SpeedInstant: {"speed.instant", ""},

	SettingsSpeed:      {"settings.speed", ""},
	SettingsTracker:    {"settings.tracker", ""},
	SettingsAdvisor:    {"settings.advisor", ""},
	SettingsFullscreen: {"settings.fullscreen", ""},
	SettingsLanguage:   {"settings.language", ""},

	NoticeSettingsUnread:  {"notice.settings_unread", ""},
	NoticeSettingsDamaged: {"notice.settings_damaged", ""},
	NoticeSettingsUnsaved: {"notice.settings_unsaved", ""},
	NoticeCrashed:         {"notice.crashed", ""},
	NoticeSaveFailed:      {"notice.save_failed", "error"},

	VariantBasic:        {"variant.basic", ""},
	VariantTactics:      {"variant.tactics", ""},
	VariantLogic:        {"variant.logic", ""},
	VariantTournament:   {"variant.tournament", ""},
	VariantProfessional: {"variant.professional", ""},
	VariantOpen:         {"variant.open", ""},
	VariantNifty:        {"variant.nifty", ""},
	VariantHand:         {"variant.hand", ""},
	VariantDouble:       {"variant.double", ""},
	VariantTCG:          {"variant.tcg", ""},
	AboutBasic:          {"variant.basic.about", ""},
	AboutTactics:        {"variant.tactics.about", ""},
	AboutLogic:          {"variant.logic.about", ""},
	AboutTournament:     {"variant.tournament.about", ""},
	AboutProfessional:   {"variant.professional.about", ""},
	AboutOpen:           {"variant.open.about", ""},
	AboutNifty:          {"variant.nifty.about", ""},
	AboutHand:           {"variant.hand.about", ""},
	AboutDouble:         {"variant.double.about", ""},
	AboutTCG:            {"variant.tcg.about", ""},
	VariantPage:         {"variant.page", "about min max"},

	RulesTitle:  {"rules.title", "step steps"},
	RulesDeal:   {"rules.deal", ""},
	RulesPlace:  {"rules.place", ""},
	RulesSixth:  {"rules.sixth", ""},
	RulesTooLow: {"rules.too_low", ""},
	RulesScore:  {"rules.score", ""},
	RulesName1:  {"rules.name1", ""},
	RulesName2:  {"rules.name2", ""},
	RulesName3:  {"rules.name3", ""},
}
