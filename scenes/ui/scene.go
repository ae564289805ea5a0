package ui

import (
	"nimmt/layout"

	"github.com/hajimehoshi/ebiten/v2"
)

// Scene is one screen of the game.
type Scene interface {
	Name() string
	Update(in *Input) error
	Draw(dst *ebiten.Image)
	// Resize is called when the logical screen size changes.
	Resize()
	// Animating reports whether the scene must be redrawn every frame now.
	Animating() bool
	// AcceptsInput reports whether input is taken now (the timeline allows it).
	AcceptsInput() bool
}

// Tested is a scene that reports itself into a TestState: every scene, outside the web release
// build, which leaves the scenes' TestState methods out (files with the build tag
// "!js || nimmttest"), so that their code stays out of the wasm.
type Tested interface {
	TestState(ts *TestState)
}

// Button is a clickable control in TestState.
type Button struct {
	_       NoCompare
	ID      string `json:"id"`
	Rect    Rect   `json:"rect"`
	Enabled bool   `json:"enabled"`
	// Label is the text on the button, in the game's language, where the scene reports it.
	Label string `json:"label,omitempty"`
}

// TestState is a snapshot of what the player sees, for tests and the browser test hook.
// Rectangles are in logical pixels; multiply by Scale for device pixels.
type TestState struct {
	// Scene is menu, newgame, settings, rules, deal, choose, reveal, placement, rowchoice,
	// score or gameover.
	Scene string `json:"scene"`
	// Width, Height and Scale describe the screen.
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Scale  float64 `json:"scale"`
	// Input says whether input is accepted now (no animation holds it).
	Input bool `json:"input"`
	// Hand is the person's hand, lowest first, and HandRects their tap targets.
	Hand      []int  `json:"hand"`
	HandRects []Rect `json:"hand_rects"`
	// Chosen is the person's chosen card this turn, or 0.
	Chosen int `json:"chosen"`
	// Rows are the four rows and RowRects their tap targets.
	Rows     [4][]int `json:"rows"`
	RowRects []Rect   `json:"row_rects"`
	// Scores are the seats' totals.
	Scores []int `json:"scores"`
	// Names are the seats' names as their plates show them.
	Names []string `json:"names,omitempty"`
	// Seat is the seat whose hand and decisions are shown: the person holding the device.
	Seat int `json:"seat"`
	// Handover names the person the device must be passed to (hot-seat play): the table is
	// hidden behind the hand-over screen until its "handover-ready" button is tapped.
	Handover string `json:"handover,omitempty"`
	// Pool is the face-up pool of a draft (Logic, Tournament) and PoolRects its tap targets.
	Pool      []int  `json:"pool,omitempty"`
	PoolRects []Rect `json:"pool_rects,omitempty"`
	// ChoiceRects are the cards of the person's order or keep choice and ChoiceButton the Keep
	// button.
	ChoiceRects  []Rect `json:"choice_rects,omitempty"`
	ChoiceButton Rect   `json:"choice_button,omitempty"`
	// Decision is what the person must do now: "play", "row", "draft", "order", "keep" or "".
	Decision string `json:"decision"`
	// Waiting is the seats the game waits for.
	Waiting []int `json:"waiting"`
	// Round and Turn count from 1.
	Round int `json:"round"`
	Turn  int `json:"turn"`
	// Winners are set on game over.
	Winners []int `json:"winners"`
	// Buttons are the clickable controls of the current scene.
	Buttons []Button `json:"buttons"`
	// Notice is the message line (e.g. a damaged save), if any.
	Notice string `json:"notice"`
	// Lang is the code of the language shown (en, de, es, fr).
	Lang string `json:"lang"`
	// Online is the room screen's state (online play), on that screen only.
	Online *OnlineState `json:"online,omitempty"`
	// Redraws counts the frames in which the scene was drawn; a still screen is not redrawn.
	Redraws int `json:"redraws"`
	// RowPick is the row the person's row choice shows lit with its cost (under the mouse, or
	// tapped once on a touch screen), counted from 1, 0 for none; RowCost is the "+N" shown on it
	// and RowArmed is set when a second tap on it takes it.
	RowPick  int  `json:"row_pick,omitempty"`
	RowCost  int  `json:"row_cost,omitempty"`
	RowArmed bool `json:"row_armed,omitempty"`
}

// OnlineState is the room screen's state for tests and the browser hook.
type OnlineState struct {
	Code  string `json:"code"`
	Link  string `json:"link"`
	State string `json:"state"`
	Game  int    `json:"game"`
	You   int    `json:"you"`
	Host  int    `json:"host"`
	// Seats are the seats' names; Status the status line; Phase the link's phase (connecting,
	// online, reconnecting, failed).
	Seats  []string `json:"seats"`
	Status string   `json:"status"`
	Phase  string   `json:"phase"`
	// Totals are the final totals once the game is over.
	Totals []int `json:"totals,omitempty"`
	// Chat is the chat's lines as shown.
	Chat []string `json:"chat,omitempty"`
}

// Rect is a rectangle in logical pixels, as used in TestState.
type Rect = layout.Rect
