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
	NewGamePlayers
	NewGameEnds
	NewGameEndScore
	NewGameRounds
	NewGameAnimation
	EndAt66
	EndAtScore
	EndAfterRounds

	// The new-game form as a component (#12): the variant list with a one-line summary each, the
	// seats with a level picker saying what each level means, the name fields and the on-screen
	// keyboard.
	NewGameChooseRules
	NewGameSeatName
	NewGameYourName
	NewGameWhoPlays
	LevelPerson
	LevelMeansRandom
	LevelMeansBeginner
	LevelMeansIntermediate
	LevelMeansHard
	LevelMeansExpert
	LevelMeansPerson
	SumBasic
	SumTactics
	SumLogic
	SumTournament
	SumProfessional
	SumOpen
	SumNifty
	SumHand
	SumDouble
	SumTCG
	// SumDoublets summarises Double with one deck and the doublets of a second.
	SumDoublets
	// KeyboardLetters are the on-screen keyboard's letter rows, separated by spaces.
	KeyboardLetters
	KeyboardSpace
	// KeyboardSymbols and KeyboardABC label the on-screen keyboard's key that shows digits and
	// signs, and the one that shows the letters again.
	KeyboardSymbols
	KeyboardABC
	// HandoverClick and HandoverKeys are the hand-over screen's hint for a mouse and for the
	// keyboard (handover.tap is the touch form).
	HandoverClick
	HandoverKeys

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
	SettingsVolume
	// SettingsMusic labels the music's volume, apart from the effects'.
	SettingsMusic
	// SettingsPercent shows the volume: "80 %".
	SettingsPercent
	SettingsSound
	// SettingsSilent says why the game is silent (no sound device, no Web Audio).
	SettingsSilent

	// Notices shown on the menu.
	NoticeSettingsUnread
	NoticeSettingsDamaged
	NoticeSettingsUnsaved
	NoticeCrashed
	NoticeSaveFailed
	// NoticeStatsDamaged reports a statistics file that could not be read (it was replaced).
	NoticeStatsDamaged

	// Statistics screen.
	MenuStats
	StatsPlayed
	StatsWon
	StatsWinRate
	StatsAverage
	StatsBest
	StatsWorst
	StatsStreak
	StatsNote
	StatsByLevel
	StatsByVariant
	StatsTally
	StatsGame
	StatsPeople
	StatsRecent
	StatsNone
	StatsReset
	StatsResetAsk
	StatsResetYes
	StatsResetNo

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
	// VariantDoubleDecks names Double played with two whole decks.
	VariantDoubleDecks
	// VariantDoubleDoublets names Double played with one deck and the doublets of a second.
	VariantDoubleDoublets

	// The rules walkthrough.
	RulesTitle
	RulesDeal
	RulesPlace
	RulesSixth
	RulesTooLow
	RulesScore
	// RulesNextClick, RulesNextTap and RulesNextKeys end the walkthrough's first step: how to
	// go on, by the mouse, a touch or the keys.
	RulesNextClick
	RulesNextTap
	RulesNextKeys
	RulesName1
	RulesName2
	RulesName3

	// The table: buttons.
	ButtonMenu
	ButtonTracker
	ButtonAdvisor
	ButtonLog
	ButtonReplay
	ButtonPlayCard
	ButtonTapRow
	ButtonClickRow
	ButtonKeyRow
	ButtonPlayFirst
	ButtonPlaySecond
	ButtonContinue
	ButtonPlayAgain
	ButtonKeep

	// The table: the round line and the status line.
	RoundLine
	RoundOfLine
	RoundToScoreLine
	RoundToEitherLine
	StatusGameOver
	StatusRoundOver
	StatusDealing
	StatusYourRow
	StatusSeatRow
	StatusPlacing
	StatusChoose
	StatusWaiting
	StatusDraftYou
	StatusDrafting
	StatusOrderYou
	StatusOrdering
	StatusKeepYou
	StatusKeeping
	StatusHandPick
	StatusHandTurn
	StatusOpenTurn
	StatusPlaysFaceUp
	StatusNiftyPick
	StatusNiftyTurn
	// The status line's forms for a mouse and for the keyboard (the forms above are for touch).
	StatusYourRowMouse
	StatusYourRowKeys
	StatusChooseMouse
	StatusChooseKeys
	StatusWaitingMouse
	StatusWaitingKeys
	StatusAllChosen
	StatusDraftYouMouse
	StatusHandTurnMouse
	StatusHandTurnKeys
	StatusNiftyTurnMouse
	StatusNiftyTurnKeys
	WarnTooLow
	WarnSixth

	// The table: seat plates.
	PlateWinner
	PlateChoosingRow
	PlateReady
	PlateThinking
	PlateYourTurn
	PlateAway
	PlateDisconnected
	PlateYou
	PlatePlayer
	PlateOnline
	LevelRandom
	LevelBeginner
	LevelIntermediate
	LevelHard
	LevelExpert

	// The table: the log.
	LogDealt
	LogPlaysFaceUp
	LogPlayed
	LogGoesTo
	LogReplay
	LogTookSixth
	LogTookTooLow
	LogShares
	LogYourTooLow
	LogSeatTooLow
	LogYouDrafted
	LogDrafted
	LogRowsStart
	LogYouKept
	LogKept
	LogYouPlaced
	LogPlaced
	LogAdvisorDrafted
	LogAdvisorPlaced
	LogAdvisorKept
	LogHandPick
	LogNiftyPick
	LogSaveFailed
	LogRefused
	NoCard

	// The table: panels.
	TrackerHead
	TrackerHeadDouble
	ScoreTitle
	ScoreThisRound
	ScoreTotal
	GameOverTitle
	GameOverYouWin
	GameOverYouShare
	GameOverWins
	GameOverShare
	GameOverChart
	ChoiceOrder
	ChoiceKeep

	// Hot-seat: the hand-over screen.
	HandoverPass
	HandoverTap
	HandoverReady

	// Online play: the lobby and room screens (scenes/online.go, scenes/room.go).
	MenuOnline
	OnlineTitle
	OnlineServer
	OnlineColour
	OnlineColourAny
	OnlineName
	OnlineSeatOpen
	OnlineSeatOpenMeans
	OnlineCreate
	OnlineCode
	OnlineJoin
	OnlineRejoin
	OnlineNewRoom
	OnlineSeats
	OnlineTimer
	OnlineTimerOff
	OnlineTimerSeconds
	OnlineConnecting
	OnlineReconnecting
	OnlineUnreachable
	OnlineBadServer
	OnlineBadCode
	OnlineBadName
	ColourGreen
	ColourRed
	ColourBlue
	ColourYellow
	ColourPurple
	ColourOrange
	ColourPink
	ColourCyan
	ColourBrown
	ColourGrey
	RoomTitle
	RoomCopy
	RoomCopied
	RoomCopyFailed
	RoomCopyNone
	RoomHost
	RoomYou
	RoomBot
	RoomReady
	RoomResigned
	RoomFree
	RoomAddBot
	RoomLeave
	RoomTakeSeat
	RoomToTable
	RoomResign
	RoomResignConfirm
	RoomFinish
	RoomFinishConfirm
	RoomYes
	RoomNo
	RoomAgain
	RoomWaitHost
	RoomWatching
	RoomSpectators
	RoomPlaying
	RoomOverWins
	RoomOverFinished
	RoomChatHint
	RoomSend
	RoomHelp
	RoomUnknownCommand
	RoomBotLevel
	RoomErrNoRoom
	RoomErrFull
	RoomErrNotHost
	RoomErrToken
	RoomErrVersion
	RoomErrLimit
	RoomErrServer
	RoomErrRefused

	// Saved games and the computer players' names.
	NoticeNoSave
	NoticeSaveUnreadable
	NoticeSaveEmpty
	NoticeSaveCut
	NoticeSaveBroken
	NoticeSaveVersion
	NoticeSaveDamaged
	NoticeSaveReplay
	SeatName
	BotName1
	BotName2
	BotName3
	BotName4
	BotName5
	BotName6
	BotName7
	BotName8
	BotName9

	// The guided game (package tutorial): the menu's entry and the offer before a first game,
	// the coaching line of each step (rules 1 and 2, rule 3, rule 4 and its choice, the
	// cheapest row) and the hints after a move the lesson does not want.
	MenuTutorial
	TutorialOffer
	TutorialPlace
	TutorialSixth
	TutorialTooLow
	TutorialChoose
	TutorialCheapest
	TutorialHintCard
	TutorialHintRow
	PauseTitle
	PauseResume
	PauseLeave

	// The lobby of public tables (scenes/online/public.go): its filters, a table's card, quick
	// match's wait, its actions.
	PublicAllVariants
	PublicAnySeats
	PublicSeatsN
	PublicTaken
	PublicEndScore
	PublicFillIn
	PublicWaits
	PublicFillAfter
	PublicWaitPeople
	PublicPlayNow
	PublicJoinCode
	PublicWatch
	PublicNone
	PublicBot
	PublicPlaying
	PublicMore
	ProfileTitle
	ProfileThisDevice
	ProfileUnnamed
	ProfileSeen
	ProfileRevoke
	ProfileRevokeSure
	ProfilePair
	ProfileCode
	ProfileEnterCode
	ProfilePairHere
	ProfileExport
	ProfileExported
	ProfileDelete
	ProfileDeleteSure
	ProfileDeleted
	ProfileNone
	ProfileCreate
	ProfileSigning
	ProfileBadCode
	ProfileUnknown
	ProfileRefused
	ProfileLost
	ProfileRetry
	RoomKick
	RoomMute
	RoomUnmute
	RoomReport
	RoomReportWhy
	RoomReasonSpam
	RoomReasonAbuse
	RoomReasonCheat
	RoomReasonOther
	RoomCancel

	// The log's turn header (scenes/table/logview.go), the room's empty chat and the chat's
	// commands for a player who is not the host (scenes/online/roomchat.go).
	LogTurn
	RoomChatEmpty
	RoomHelpGuest
	// Places and the results' ranking (issue 25), the statistics' empty state (issue 26).
	PlaceFirst
	PlaceSecond
	PlaceThird
	PlaceNth
	ScoreYouPlace
	GameOverYouPlace
	StatsEmpty
	// The row choice's preview (issue 25): the row under the pointer, or tapped once on a touch
	// screen, and what it costs.
	RowPreviewClick
	RowPreviewTap

	// The profile page's rename, password and sign-in by handle (scenes/online/profileauth.go).
	ProfileRename
	ProfileSetPassword
	ProfileChangePassword
	ProfileHandle
	ProfilePassword
	ProfileSignIn
	ProfileWrongPassword
	ProfileLimited
	ProfileBadName
	ProfilePasswordRule
	ProfilePasswordSet
	// The server ended the session: banned, or this device signed out of its account.
	RoomErrBanned
	RoomErrRevoked
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

	NewGamePlayers:   {"newgame.players", ""},
	NewGameEnds:      {"newgame.ends", ""},
	NewGameEndScore:  {"newgame.end_score", ""},
	NewGameRounds:    {"newgame.rounds", ""},
	NewGameAnimation: {"newgame.animation", ""},
	EndAt66:          {"newgame.end_66", ""},
	EndAtScore:       {"newgame.end_score_mode", ""},
	EndAfterRounds:   {"newgame.end_rounds_mode", ""},

	NewGameChooseRules:     {"form.choose_rules", ""},
	NewGameSeatName:        {"form.seat_name", ""},
	NewGameYourName:        {"form.your_name", ""},
	NewGameWhoPlays:        {"form.who_plays", "seat"},
	LevelPerson:            {"form.level_person", ""},
	LevelMeansRandom:       {"form.means_random", ""},
	LevelMeansBeginner:     {"form.means_beginner", ""},
	LevelMeansIntermediate: {"form.means_intermediate", ""},
	LevelMeansHard:         {"form.means_hard", ""},
	LevelMeansExpert:       {"form.means_expert", ""},
	LevelMeansPerson:       {"form.means_person", ""},
	SumBasic:               {"form.sum_basic", ""},
	SumTactics:             {"form.sum_tactics", ""},
	SumLogic:               {"form.sum_logic", ""},
	SumTournament:          {"form.sum_tournament", ""},
	SumProfessional:        {"form.sum_professional", ""},
	SumOpen:                {"form.sum_open", ""},
	SumNifty:               {"form.sum_nifty", ""},
	SumHand:                {"form.sum_hand", ""},
	SumDouble:              {"form.sum_double", ""},
	SumTCG:                 {"form.sum_tcg", ""},
	SumDoublets:            {"form.sum_doublets", ""},
	KeyboardLetters:        {"form.keyboard_letters", ""},
	KeyboardSpace:          {"form.keyboard_space", ""},
	KeyboardSymbols:        {"form.keyboard_symbols", ""},
	KeyboardABC:            {"form.keyboard_abc", ""},
	HandoverClick:          {"form.handover_click", "name"},
	HandoverKeys:           {"form.handover_keys", "name"},

	SpeedSlow:    {"speed.slow", ""},
	SpeedNormal:  {"speed.normal", ""},
	SpeedFast:    {"speed.fast", ""},
	SpeedInstant: {"speed.instant", ""},

	SettingsSpeed:      {"settings.speed", ""},
	SettingsTracker:    {"settings.tracker", ""},
	SettingsAdvisor:    {"settings.advisor", ""},
	SettingsFullscreen: {"settings.fullscreen", ""},
	SettingsLanguage:   {"settings.language", ""},
	SettingsVolume:     {"settings.volume", ""},
	SettingsMusic:      {"settings.music", ""},
	SettingsPercent:    {"settings.percent", "percent"},
	SettingsSound:      {"settings.sound", ""},
	SettingsSilent:     {"settings.silent", "reason"},

	NoticeSettingsUnread:  {"notice.settings_unread", ""},
	NoticeSettingsDamaged: {"notice.settings_damaged", ""},
	NoticeSettingsUnsaved: {"notice.settings_unsaved", ""},
	NoticeCrashed:         {"notice.crashed", ""},
	NoticeSaveFailed:      {"notice.save_failed", "error"},
	NoticeStatsDamaged:    {"notice.stats_damaged", ""},
	MenuStats:             {"menu.stats", ""},
	StatsPlayed:           {"stats.played", ""},
	StatsWon:              {"stats.won", ""},
	StatsWinRate:          {"stats.win_rate", ""},
	StatsAverage:          {"stats.average", ""},
	StatsBest:             {"stats.best", ""},
	StatsWorst:            {"stats.worst", ""},
	StatsStreak:           {"stats.streak", ""},
	StatsNote:             {"stats.note", ""},
	StatsByLevel:          {"stats.by_level", ""},
	StatsByVariant:        {"stats.by_variant", ""},
	StatsTally:            {"stats.tally", "won played"},
	StatsGame:             {"stats.game", "total variant"},
	StatsPeople:           {"stats.people", ""},
	StatsRecent:           {"stats.recent", ""},
	StatsNone:             {"stats.none", ""},
	StatsReset:            {"stats.reset", ""},
	StatsResetAsk:         {"stats.reset_ask", ""},
	StatsResetYes:         {"stats.reset_yes", ""},
	StatsResetNo:          {"stats.reset_no", ""},

	VariantBasic:          {"variant.basic", ""},
	VariantTactics:        {"variant.tactics", ""},
	VariantLogic:          {"variant.logic", ""},
	VariantTournament:     {"variant.tournament", ""},
	VariantProfessional:   {"variant.professional", ""},
	VariantOpen:           {"variant.open", ""},
	VariantNifty:          {"variant.nifty", ""},
	VariantHand:           {"variant.hand", ""},
	VariantDouble:         {"variant.double", ""},
	VariantTCG:            {"variant.tcg", ""},
	AboutBasic:            {"variant.basic.about", ""},
	AboutTactics:          {"variant.tactics.about", ""},
	AboutLogic:            {"variant.logic.about", ""},
	AboutTournament:       {"variant.tournament.about", ""},
	AboutProfessional:     {"variant.professional.about", ""},
	AboutOpen:             {"variant.open.about", ""},
	AboutNifty:            {"variant.nifty.about", ""},
	AboutHand:             {"variant.hand.about", ""},
	AboutDouble:           {"variant.double.about", ""},
	AboutTCG:              {"variant.tcg.about", ""},
	VariantPage:           {"variant.page", "about min max"},
	VariantDoubleDecks:    {"variant.double_decks", "variant"},
	VariantDoubleDoublets: {"variant.double_doublets", "variant"},

	RulesTitle:     {"rules.title", "step steps"},
	RulesDeal:      {"rules.deal", ""},
	RulesPlace:     {"rules.place", ""},
	RulesSixth:     {"rules.sixth", ""},
	RulesTooLow:    {"rules.too_low", ""},
	RulesScore:     {"rules.score", ""},
	RulesNextClick: {"rules.next_click", ""},
	RulesNextTap:   {"rules.next_tap", ""},
	RulesNextKeys:  {"rules.next_keys", ""},
	RulesName1:     {"rules.name1", ""},
	RulesName2:     {"rules.name2", ""},
	RulesName3:     {"rules.name3", ""},

	ButtonMenu:           {"table.menu", ""},
	ButtonTracker:        {"table.tracker", ""},
	ButtonAdvisor:        {"table.advisor", ""},
	ButtonLog:            {"table.log", ""},
	ButtonReplay:         {"table.replay", ""},
	ButtonPlayCard:       {"table.play_card", ""},
	ButtonTapRow:         {"table.tap_row", ""},
	ButtonClickRow:       {"table.click_row", ""},
	ButtonKeyRow:         {"table.key_row", ""},
	ButtonPlayFirst:      {"table.play_first", ""},
	ButtonPlaySecond:     {"table.play_second", ""},
	ButtonContinue:       {"table.continue", ""},
	ButtonPlayAgain:      {"table.play_again", ""},
	ButtonKeep:           {"table.keep", "keep score"},
	RoundLine:            {"table.round", "round"},
	RoundOfLine:          {"table.round_of", "round rounds"},
	RoundToScoreLine:     {"table.round_to_score", "round score"},
	RoundToEitherLine:    {"table.round_to_either", "round score rounds"},
	StatusGameOver:       {"status.game_over", ""},
	StatusRoundOver:      {"status.round_over", ""},
	StatusDealing:        {"status.dealing", ""},
	StatusYourRow:        {"status.your_row", ""},
	StatusSeatRow:        {"status.seat_row", "name"},
	StatusPlacing:        {"status.placing", ""},
	StatusChoose:         {"status.choose", "turn"},
	StatusWaiting:        {"status.waiting", "n"},
	StatusDraftYou:       {"status.draft_you", ""},
	StatusDrafting:       {"status.drafting", "name"},
	StatusOrderYou:       {"status.order_you", ""},
	StatusOrdering:       {"status.ordering", "name"},
	StatusKeepYou:        {"status.keep_you", ""},
	StatusKeeping:        {"status.keeping", "name"},
	StatusHandPick:       {"status.hand_pick", "card"},
	StatusHandTurn:       {"status.hand_turn", ""},
	StatusOpenTurn:       {"status.open_turn", ""},
	StatusPlaysFaceUp:    {"status.plays_face_up", "name"},
	StatusNiftyPick:      {"status.nifty_pick", "card"},
	StatusNiftyTurn:      {"status.nifty_turn", "turn"},
	StatusYourRowMouse:   {"status.your_row_mouse", ""},
	StatusYourRowKeys:    {"status.your_row_keys", ""},
	StatusChooseMouse:    {"status.choose_mouse", "turn"},
	StatusChooseKeys:     {"status.choose_keys", "turn"},
	StatusWaitingMouse:   {"status.waiting_mouse", "n"},
	StatusWaitingKeys:    {"status.waiting_keys", "n"},
	StatusAllChosen:      {"status.all_chosen", ""},
	StatusDraftYouMouse:  {"status.draft_you_mouse", ""},
	StatusHandTurnMouse:  {"status.hand_turn_mouse", ""},
	StatusHandTurnKeys:   {"status.hand_turn_keys", ""},
	StatusNiftyTurnMouse: {"status.nifty_turn_mouse", "turn"},
	StatusNiftyTurnKeys:  {"status.nifty_turn_keys", "turn"},
	WarnTooLow:           {"warn.too_low", ""},
	WarnSixth:            {"warn.sixth", "row bullheads"},
	PlateWinner:          {"plate.winner", ""},
	PlateChoosingRow:     {"plate.choosing_row", ""},
	PlateReady:           {"plate.ready", ""},
	PlateThinking:        {"plate.thinking", ""},
	PlateYourTurn:        {"plate.your_turn", ""},
	PlateAway:            {"plate.away", ""},
	PlateDisconnected:    {"plate.disconnected", ""},
	PlateYou:             {"plate.you", ""},
	PlatePlayer:          {"plate.player", ""},
	PlateOnline:          {"plate.online", ""},
	LevelRandom:          {"level.random", ""},
	LevelBeginner:        {"level.beginner", ""},
	LevelIntermediate:    {"level.intermediate", ""},
	LevelHard:            {"level.hard", ""},
	LevelExpert:          {"level.expert", ""},
	LogDealt:             {"log.dealt", "round"},
	LogPlaysFaceUp:       {"log.plays_face_up", "name card"},
	LogPlayed:            {"log.played", "name card"},
	LogGoesTo:            {"log.goes_to", "card row"},
	LogReplay:            {"log.replay", ""},
	LogTookSixth:         {"log.took_sixth", "name row bullheads"},
	LogTookTooLow:        {"log.took_too_low", "name row bullheads"},
	LogShares:            {"log.shares", "name row bullheads"},
	LogYourTooLow:        {"log.your_too_low", "card"},
	LogSeatTooLow:        {"log.seat_too_low", "name card"},
	LogYouDrafted:        {"log.you_drafted", "card"},
	LogDrafted:           {"log.drafted", "name card"},
	LogRowsStart:         {"log.rows_start", ""},
	LogYouKept:           {"log.you_kept", "cards"},
	LogKept:              {"log.kept", "name cards"},
	LogYouPlaced:         {"log.you_placed", "card"},
	LogPlaced:            {"log.placed", "name card"},
	LogAdvisorDrafted:    {"log.advisor_drafted", "name card"},
	LogAdvisorPlaced:     {"log.advisor_placed", "name card"},
	LogAdvisorKept:       {"log.advisor_kept", "name cards"},
	LogHandPick:          {"log.hand_pick", "card"},
	LogNiftyPick:         {"log.nifty_pick", "card"},
	LogSaveFailed:        {"log.save_failed", "error"},
	LogRefused:           {"log.refused", "error"},
	NoCard:               {"log.no_card", ""},
	TrackerHead:          {"tracker.head", ""},
	TrackerHeadDouble:    {"tracker.head_double", ""},
	ScoreTitle:           {"score.title", "round"},
	ScoreThisRound:       {"score.this_round", ""},
	ScoreTotal:           {"score.total", ""},
	GameOverTitle:        {"gameover.title", ""},
	GameOverYouWin:       {"gameover.you_win", ""},
	GameOverYouShare:     {"gameover.you_share", ""},
	GameOverWins:         {"gameover.wins", "name"},
	GameOverShare:        {"gameover.share", "a b"},
	GameOverChart:        {"gameover.chart", ""},
	ChoiceOrder:          {"choice.order", ""},
	ChoiceKeep:           {"choice.keep", "room"},
	HandoverPass:         {"handover.pass", ""},
	HandoverTap:          {"handover.tap", "name"},
	HandoverReady:        {"handover.ready", "name"},
	MenuOnline:           {"menu.online", ""},
	OnlineTitle:          {"online.title", ""},
	OnlineServer:         {"online.server", ""},
	OnlineColourAny:      {"online.colour_any", ""},
	OnlineName:           {"online.name", ""},
	OnlineSeatOpen:       {"online.seat_open", ""},
	OnlineSeatOpenMeans:  {"online.seat_open_means", ""},
	OnlineColour:         {"online.colour", ""},
	OnlineCreate:         {"online.create", ""},
	OnlineCode:           {"online.code", ""},
	OnlineJoin:           {"online.join", ""},
	OnlineRejoin:         {"online.rejoin", "code"},
	OnlineNewRoom:        {"online.new_room", ""},
	OnlineSeats:          {"online.seats", ""},
	OnlineTimer:          {"online.timer", ""},
	OnlineTimerOff:       {"online.timer_off", ""},
	OnlineTimerSeconds:   {"online.timer_seconds", "n"},
	OnlineConnecting:     {"online.connecting", "server"},
	OnlineReconnecting:   {"online.reconnecting", "n"},
	OnlineUnreachable:    {"online.unreachable", "server reason"},
	OnlineBadServer:      {"online.bad_server", "address"},
	OnlineBadCode:        {"online.bad_code", "n"},
	OnlineBadName:        {"online.bad_name", "n"},
	ColourGreen:          {"colour.green", ""},
	ColourRed:            {"colour.red", ""},
	ColourBlue:           {"colour.blue", ""},
	ColourYellow:         {"colour.yellow", ""},
	ColourPurple:         {"colour.purple", ""},
	ColourOrange:         {"colour.orange", ""},
	ColourPink:           {"colour.pink", ""},
	ColourCyan:           {"colour.cyan", ""},
	ColourBrown:          {"colour.brown", ""},
	ColourGrey:           {"colour.grey", ""},
	RoomTitle:            {"room.title", "code"},
	RoomCopy:             {"room.copy", ""},
	RoomCopied:           {"room.copied", ""},
	RoomCopyFailed:       {"room.copy_failed", "reason code"},
	RoomCopyNone:         {"room.copy_none", "code"},
	RoomHost:             {"room.host", ""},
	RoomYou:              {"room.you", ""},
	RoomBot:              {"room.bot", "level"},
	RoomReady:            {"room.ready", ""},
	RoomResigned:         {"room.resigned", ""},
	RoomFree:             {"room.free", ""},
	RoomAddBot:           {"room.add_bot", ""},
	RoomLeave:            {"room.leave", ""},
	RoomTakeSeat:         {"room.take_seat", ""},
	RoomToTable:          {"room.to_table", ""},
	RoomResign:           {"room.resign", ""},
	RoomResignConfirm:    {"room.resign_confirm", ""},
	RoomFinish:           {"room.finish", ""},
	RoomFinishConfirm:    {"room.finish_confirm", ""},
	RoomYes:              {"room.yes", ""},
	RoomNo:               {"room.no", ""},
	RoomAgain:            {"room.again", ""},
	RoomWaitHost:         {"room.wait_host", ""},
	RoomWatching:         {"room.watching", ""},
	RoomSpectators:       {"room.spectators", "n"},
	RoomPlaying:          {"room.playing", "n"},
	RoomOverWins:         {"room.over_wins", "name"},
	RoomOverFinished:     {"room.over_finished", "name"},
	RoomChatHint:         {"room.chat_hint", ""},
	RoomSend:             {"room.send", ""},
	RoomHelp:             {"room.help", ""},
	RoomUnknownCommand:   {"room.unknown_command", "cmd"},
	RoomBotLevel:         {"room.bot_level", "levels"},
	RoomErrNoRoom:        {"room.err_no_room", ""},
	RoomErrFull:          {"room.err_full", ""},
	RoomErrNotHost:       {"room.err_not_host", ""},
	RoomErrToken:         {"room.err_token", ""},
	RoomErrVersion:       {"room.err_version", ""},
	RoomErrLimit:         {"room.err_limit", ""},
	RoomErrServer:        {"room.err_server", ""},
	RoomErrRefused:       {"room.err_refused", "reason"},
	NoticeNoSave:         {"notice.no_save", ""},
	NoticeSaveUnreadable: {"notice.save_unreadable", ""},
	NoticeSaveEmpty:      {"notice.save_empty", ""},
	NoticeSaveCut:        {"notice.save_cut", "byte"},
	NoticeSaveBroken:     {"notice.save_broken", "byte"},
	NoticeSaveVersion:    {"notice.save_version", "version max"},
	NoticeSaveDamaged:    {"notice.save_damaged", ""},
	NoticeSaveReplay:     {"notice.save_replay", ""},
	SeatName:             {"game.seat_name", "n"},
	BotName1:             {"bot.name1", ""},
	BotName2:             {"bot.name2", ""},
	BotName3:             {"bot.name3", ""},
	BotName4:             {"bot.name4", ""},
	BotName5:             {"bot.name5", ""},
	BotName6:             {"bot.name6", ""},
	BotName7:             {"bot.name7", ""},
	BotName8:             {"bot.name8", ""},
	BotName9:             {"bot.name9", ""},
	MenuTutorial:         {"menu.tutorial", ""},
	TutorialOffer:        {"tutorial.offer", ""},
	TutorialPlace:        {"tutorial.place", "card last"},
	TutorialSixth:        {"tutorial.sixth", "card"},
	TutorialTooLow:       {"tutorial.too_low", "card bullheads low"},
	TutorialChoose:       {"tutorial.choose", "card row bullheads"},
	TutorialCheapest:     {"tutorial.cheapest", "bullheads most"},
	TutorialHintCard:     {"tutorial.hint_card", "card"},
	TutorialHintRow:      {"tutorial.hint_row", "row bullheads best least"},
	PublicAllVariants:    {"public.all_variants", ""},
	PublicAnySeats:       {"public.any_seats", ""},
	PublicSeatsN:         {"public.seats_n", "n"},
	PublicTaken:          {"public.taken", "taken seats"},
	PublicEndScore:       {"public.end_score", "score"},
	PublicFillIn:         {"public.fill_in", "secs"},
	PublicWaits:          {"public.waits", ""},
	PublicFillAfter:      {"public.fill_after", "secs"},
	PublicWaitPeople:     {"public.wait_people", ""},
	PublicPlayNow:        {"public.play_now", ""},
	PublicJoinCode:       {"public.join_code", ""},
	PublicWatch:          {"public.watch", ""},
	PublicNone:           {"public.none", ""},
	PublicBot:            {"public.bot", "name"},
	PublicPlaying:        {"public.playing", ""},
	PublicMore:           {"public.more", "n"},
	LogTurn:              {"log.turn", "turn"},
	RoomChatEmpty:        {"room.chat_empty", ""},
	RoomHelpGuest:        {"room.help_guest", ""},
	PauseTitle:           {"pause.title", ""},
	PauseResume:          {"pause.resume", ""},
	PauseLeave:           {"pause.leave", ""},
	PlaceFirst:           {"place.first", ""},
	PlaceSecond:          {"place.second", ""},
	PlaceThird:           {"place.third", ""},
	PlaceNth:             {"place.nth", "n"},
	ScoreYouPlace:        {"score.you_place", "place"},
	GameOverYouPlace:     {"gameover.you_place", "place"},
	StatsEmpty:           {"stats.empty", ""},
	RowPreviewClick:      {"row.preview_click", "row bullheads"},
	RowPreviewTap:        {"row.preview_tap", "row bullheads"},
	ProfileTitle:         {"profile.title", ""},
	ProfileThisDevice:    {"profile.this_device", ""},
	ProfileUnnamed:       {"profile.unnamed", ""},
	ProfileSeen:          {"profile.seen", "added seen"},
	ProfileRevoke:        {"profile.revoke", ""},
	ProfileRevokeSure:    {"profile.revoke_sure", ""},
	ProfilePair:          {"profile.pair", ""},
	ProfileCode:          {"profile.code", "code mins"},
	ProfileEnterCode:     {"profile.enter_code", ""},
	ProfilePairHere:      {"profile.pair_here", ""},
	ProfileExport:        {"profile.export", ""},
	ProfileExported:      {"profile.exported", "where"},
	ProfileDelete:        {"profile.delete", ""},
	ProfileDeleteSure:    {"profile.delete_sure", "handle"},
	ProfileDeleted:       {"profile.deleted", ""},
	ProfileNone:          {"profile.none", ""},
	ProfileCreate:        {"profile.create", "name"},
	ProfileSigning:       {"profile.signing", ""},
	ProfileBadCode:       {"profile.bad_code", ""},
	ProfileUnknown:       {"profile.unknown", ""},
	ProfileRefused:       {"profile.refused", "why"},
	ProfileLost:          {"profile.lost", "why"},
	ProfileRetry:         {"profile.retry", ""},
	RoomKick:             {"room.kick", ""},
	RoomMute:             {"room.mute", ""},
	RoomUnmute:           {"room.unmute", ""},
	RoomReport:           {"room.report", ""},
	RoomReportWhy:        {"room.report_why", "name"},
	RoomReasonSpam:       {"room.reason_spam", ""},
	RoomReasonAbuse:      {"room.reason_abuse", ""},
	RoomReasonCheat:      {"room.reason_cheat", ""},
	RoomReasonOther:      {"room.reason_other", ""},
	RoomCancel:           {"room.cancel", ""},

	// The profile page's rename, password and sign-in by handle (scenes/online/profileauth.go).
	ProfileRename:         {"profile.rename", ""},
	ProfileSetPassword:    {"profile.set_password", ""},
	ProfileChangePassword: {"profile.change_password", ""},
	ProfileHandle:         {"profile.handle", ""},
	ProfilePassword:       {"profile.password", ""},
	ProfileSignIn:         {"profile.sign_in", ""},
	ProfileWrongPassword:  {"profile.wrong_password", ""},
	ProfileLimited:        {"profile.limited", ""},
	ProfileBadName:        {"profile.bad_name", "name"},
	ProfilePasswordRule:   {"profile.password_rule", "min max"},
	ProfilePasswordSet:    {"profile.password_set", "handle"},
	RoomErrBanned:         {"room.err_banned", "reason"},
	RoomErrRevoked:        {"room.err_revoked", ""},
}

// levels are each bot level's name and one-line description (the seat picker's), keyed by the
// level names of bots.Levels.
var levels = map[string][2]ID{
	"random":       {LevelRandom, LevelMeansRandom},
	"beginner":     {LevelBeginner, LevelMeansBeginner},
	"intermediate": {LevelIntermediate, LevelMeansIntermediate},
	"hard":         {LevelHard, LevelMeansHard},
	"expert":       {LevelExpert, LevelMeansExpert},
}

// Level returns a bot level's name and its one-line description, for a level of bots.Levels;
// ok is false for any other string.
func Level(level string) (name, means ID, ok bool) {
	l, ok := levels[level]
	return l[0], l[1], ok
}
