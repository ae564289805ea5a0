package table

import (
	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
)

// The table's parts (issue 22): the presenter, the board, the HUD and the controls, each a type
// over the table's one Session, wired once by table.wire.

// onlineSide is what an online table's game-over panel asks of its room, set by the scene
// manager: it names and takes the panel's two buttons. The menu button goes back with the
// Router's Back, and the manager has the room follow the next game.
type onlineSide interface {
	OverLabels() (again, leave string)
	OverButtons(in *ui.Input, again, leave layout.Rect) bool
}

// stage is what the presenter asks of the table for what spans its parts: laying the table out
// again, the plates, the sprites' step, a seat's card back, and the statistics at the game's end.
type stage interface {
	Relayout()
	RefreshPlates()
	StepSprites()
	placeBack(s int, animate bool) []anim.Step
	recordGame(over engine.GameOver)
}

// presenter is the table's displayed game: the view as far as the timeline has shown it, the
// events fetched and not yet shown, the typed phase, and what the panels need of the past.
type presenter struct {
	g    *ui.Host
	lay  *layout.Table
	sess session.Session
	tl   *anim.Timeline
	// b, h and c are the table's other parts: an event moves the board's cards, is said by the
	// HUD, and ends the person's selection; stage is the table itself, for what spans the parts.
	b     *board
	h     *hud
	c     *controls
	stage stage
	// Me is the seat whose view is displayed: the person holding the device; handover is the
	// person the device must pass to (hot-seat), or -1.
	Me       int
	Handover int
	// Tutorial is the rules walkthrough's script when the table shows it, or nil.
	Tutorial *walkthrough
	// coaching is the guided game's coach (tutorial.go).
	coaching
	// redraw asks for one frame after a change that no animation shows (plates, status).
	redraw   bool
	Disp     engine.View
	Events   []engine.Event // fetched, not yet consumed
	Consumed int
	// Broken is the malformed event that stopped the stream (stopStream), or nil.
	Broken error
	// InFlight is set while an action sent through the session has not come back as events.
	InFlight   bool
	sentAt     int
	Phase      phase
	PhaseTicks int
	// queued is set once the revealed cards have moved from the seats to the queue.
	queued bool
	past
}

// past is what the presenter keeps of the turns and rounds shown: the last turn (replay), the
// last round's score (the score panel) and every round's (the game-over table and chart).
type past struct {
	LastTurn  int // event index of the last CardsRevealed consumed
	lastView  engine.View
	haveLast  bool
	LastRound engine.RoundScored
	// roundPens and roundTotals are each round's penalties and totals per seat, in order
	// (RoundScored events), for the game-over table and chart.
	roundPens   [][]int
	roundTotals [][]int
	haveRound   bool
}

// board is the table's cards on screen: the sprites, their homes in the displayed view, the
// hand's lift and shift, the backs of the seats' chosen cards and the "+N" floaters.
type board struct {
	g   *ui.Host
	lay *layout.Table
	// presenter is the table's: the board shows its displayed view.
	*presenter
	Cards    [NumSprites]cardSprite // sprite 2c+k is copy k of card c (twins.go)
	Homes    [NumSprites]cardHome   // where each sprite belongs in the displayed view
	occ      [NumSprites]cardHome   // the places of each number, in view order (refreshHomes)
	occN     [engine.DeckSize + 1]uint8
	swap     [engine.DeckSize + 1]bool // copy 1 of the card has its first place
	Backs    [engine.MaxSeats]cardSprite
	Floaters []floater
	Lift     [NumSprites]float64
	// Shift is how far right of its home a hand card is drawn while its line opens around
	// the lifted card (layout.Table.Opened); it follows shiftTarget as lift follows liftTarget.
	Shift [NumSprites]float64
	// open caches the hand opened around a lifted card; relayout clears it.
	open openHand
	// FacesPending is set when a card face was not rendered yet in the last frame.
	FacesPending bool
	// faceRush lets the next frame render every face it needs (after a resize dropped them
	// all, so the hand does not show card backs while they come back one per frame).
	faceRush bool
	// drawnPulse is the warning glow's step on screen (pulse).
	drawnPulse int
	// moments are the play's moments on the board: the reveal line, the seats' piles and the
	// row choice's feedback (moments.go).
	moments
}

// hud is the table's words: the seats' plates, the status line, the log, the panels and the
// buttons, with their texts cached between frames.
type hud struct {
	g   *ui.Host
	lay *layout.Table
	// presenter is the table's: the words say its displayed view.
	*presenter
	Seats []seatInfo
	// plateCuts are the seat plates' texts cut to their boxes, per seat and layout.Txt id.
	plateCuts  [][layout.NumPlateTexts]plateCut
	Log        []LogEntry
	ShowPanel  int // 0 none, 1 tracker, 2 log
	advice     map[engine.Card]float64
	adviceStr  [engine.DeckSize + 1]string
	adviceTurn int
	Status     string
	StatusSize float64
	// Banner is the connection banner of an online table ("reconnecting …"), at bannerSize.
	Banner     string
	bannerSize float64
	// StatusLines is the status broken into lines: one, or two where the box beside the rows is
	// tall enough and one line would be small (German is long).
	StatusLines []string
	scoreLine   string
	scoreCut    plateCut // the score line fitted to the score bar
	// variant names the variant in the score bar (layout.Table.Variant).
	variant variantLine
	// over caches the game-over panel.
	over overCache
	// warnMsg and warnStr cache the landing warning's text (it is drawn every frame).
	warnMsg msg.Message
	warnStr string
	// panelMsg and panelStr cache a panel title's text the same way.
	panelMsg msg.Message
	panelStr string
	// panelTexts is the panels' lines of text, reused from frame to frame.
	panelTexts []ui.BoxText
	headLines  headLines
}

// controls is the person's choosing: the lifted hand card, Nifty's first card, the pool card
// under the pointer and the cards chosen to keep.
type controls struct {
	g   *ui.Host
	lay *layout.Table
	// presenter is the table's: the person decides from its displayed view only.
	*presenter
	Sel       int         // selected hand index, -1 for none
	Pick      engine.Card // Nifty: the person's first card, waiting for the second
	poolHover int         // the pool card under the pointer during a draft, or -1
	keepSel   []bool      // Hand: the taken cards the person chose to keep
}

// variantLine is the score bar's variant name and its cut to the width it is given.
type variantLine struct {
	_    ui.NoCompare
	text string
	cut  plateCut
}
