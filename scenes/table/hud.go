package table

import (
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// The HUD: the seat plates, the round line, the status line and the log, all from message ids
// (nimmt/msg). The log keeps messages (ids with arguments), so it reads in the language shown.

// RefreshPlates rebuilds the strings shown on the seat plates and the status line.
func (t *Table) RefreshPlates() {
	for s := range t.Seats {
		si := &t.Seats[s]
		pen := 0
		if s < len(t.Disp.Penalties) {
			pen = t.Disp.Penalties[s]
		}
		si.scoreStr = strconv.Itoa(t.total(s, pen)) // the total so far, this round's penalty in it
		si.pileStr = ""
		if pen > 0 {
			si.pileStr = "+" + strconv.Itoa(pen)
		}
		si.State = t.plateState(s)
		si.stateStr = ""
		if si.State != msg.None {
			si.stateStr = si.State.Text()
		}
	}
	cfg := t.Disp.Config
	round := max(t.Disp.Round, 1)
	var line msg.Message
	switch {
	case cfg.Rounds > 0 && cfg.EndScore > 0:
		line = msg.New(msg.RoundToEitherLine, round, cfg.EndScore, cfg.Rounds)
	case cfg.Rounds > 0:
		line = msg.New(msg.RoundOfLine, round, cfg.Rounds)
	case cfg.EndScore > 0:
		line = msg.New(msg.RoundToScoreLine, round, cfg.EndScore)
	default:
		line = msg.New(msg.RoundLine, round)
	}
	t.scoreLine = line.String()
	t.variant.text = VariantName(cfg.Variant, cfg.Doublets)
	t.redraw = true
	t.Status = ""
	if m := t.StatusText(); m.ID != msg.None {
		t.Status = m.String()
	}
	t.fitStatus()
	t.Banner = ""
	if m := session.ConnectionText(t.Sess); m.ID != msg.None {
		t.Banner = m.String()
		t.bannerSize = BannerTextSize(t.G, &t.Lay, t.Banner)
	}
}

// VariantName is the variant's name in the score bar, as the new-game form names it (Double
// names its card set).
func VariantName(v engine.Variant, doublets bool) string {
	switch {
	case v == engine.Double && doublets:
		return msg.New(msg.VariantDoubleDoublets, msg.VariantTitle(v)).String()
	case v == engine.Double:
		return msg.New(msg.VariantDoubleDecks, msg.VariantTitle(v)).String()
	}
	return msg.VariantTitle(v).Text()
}

// fitStatus fits the status line to its box: one line at the wanted size or smaller, or, where
// the box has room for two lines (beside the rows, or above them on a phone held upright) and one
// would be under 80 % of the wanted size or under layout.MinStatusSize, two lines at the larger
// size that fits.
func (hd *hud) fitStatus() {
	want, box := hd.lay.Unit*1.1, hd.lay.Status
	hd.StatusSize = hd.g.Txt.Fit(hd.Status, text.Style{Size: want}, box.W, 9)
	hd.StatusLines = append(hd.StatusLines[:0], hd.Status)
	if hd.StatusSize >= max(want*0.8, layout.MinStatusSize) || hd.lay.StatusLines() < 2 {
		return
	}
	for size := want; size > hd.StatusSize; size -= 0.5 {
		lines := hd.g.WrapText(hd.Status, size, box.W)
		// The lines are drawn from Unit*0.75 under the box's top, 1.25 sizes apart.
		fits := len(lines) <= 2 && hd.lay.Unit*0.75+float64(len(lines)-1)*size*1.25+size/2 <= box.H
		for _, l := range lines {
			tw, _ := hd.g.Txt.Measure(l, text.Style{Size: size})
			fits = fits && tw <= box.W
		}
		if fits {
			hd.StatusSize, hd.StatusLines = size, lines
			return
		}
	}
}

// plateState is the state line of seat s's plate.
func (hd *hud) plateState(s int) msg.ID {
	si := &hd.Seats[s]
	chosen := s < len(hd.Disp.Chosen) && hd.Disp.Chosen[s]
	choosing := hd.Disp.Phase == engine.PhaseChoose && len(hd.Disp.Pending) == 0
	switch {
	case hd.Phase == PhaseOver:
		for _, w := range hd.Disp.Winners {
			if w == s {
				return msg.PlateWinner
			}
		}
		return msg.None
	case si.Status == session.StatusDisconnected:
		return msg.PlateDisconnected
	case si.Status == session.StatusAway:
		return msg.PlateAway
	case hd.Disp.Phase == engine.PhaseRowChoice && len(hd.Disp.Waiting) > 0 && hd.Disp.Waiting[0] == s:
		return msg.PlateChoosingRow
	case hd.Disp.Phase == engine.PhaseChoose && chosen:
		return msg.PlateReady
	case choosing && si.Status == session.StatusThinking:
		return msg.PlateThinking
	case choosing && s == hd.Me && hd.Tutorial == nil && hd.Phase != PhaseDeal:
		return msg.PlateYourTurn
	}
	return msg.None
}

// SeatColour is seat s's colour: the one its online player asked for, else the s-th of
// sprites.SeatColors (local games).
func (hd *hud) SeatColour(s int) color.Color {
	if i := slices.Index(protocol.Colours, hd.Seats[s].Colour); i >= 0 {
		return sprites.SeatColor(i)
	}
	return sprites.SeatColor(s)
}

// stateColor is the colour of a plate's state line.
func stateColor(state msg.ID) color.Color {
	switch state {
	case msg.PlateThinking, msg.PlateChoosingRow:
		return ChipThinking
	case msg.PlateYourTurn:
		return ChipYou
	case msg.PlateWinner:
		return sprites.Gold
	case msg.PlateAway, msg.PlateDisconnected:
		return sprites.Muted
	}
	return chipReady
}

// plateKind is the second line of seat s's plate: "you", another person here, a remote player
// or the bot's level.
func (hd *hud) plateKind(s int) string {
	si := &hd.Seats[s]
	switch {
	case s == hd.Me && hd.Tutorial == nil:
		return msg.PlateYou.Text()
	case si.Here():
		return msg.PlatePlayer.Text()
	case si.Kind == session.SeatRemote && hd.Tutorial == nil:
		return msg.PlateOnline.Text()
	case si.Kind == session.SeatBot:
		return ui.LevelName(si.Level).Text()
	}
	return ""
}

// myRowChoice reports whether the person shown must choose a row to take now.
func (pr *presenter) myRowChoice() bool {
	return pr.Disp.Phase == engine.PhaseRowChoice && len(pr.Disp.Waiting) > 0 && pr.Disp.Waiting[0] == pr.Me
}

// StatusText is the status line: what happens now and what the displayed person may do.
func (t *Table) StatusText() msg.Message {
	if t.Tutorial != nil {
		return msg.Message{}
	}
	switch {
	case t.Phase == PhaseOver:
		return msg.New(msg.StatusGameOver)
	case t.Phase == PhaseScore:
		return msg.New(msg.StatusRoundOver)
	case t.Phase == PhaseDeal && t.Disp.Phase != engine.PhaseDraft:
		// A draft (Logic, Tournament) follows the deal in the same table phase: its status
		// says who drafts (variantStatus), not "Dealing…".
		return msg.New(msg.StatusDealing)
	case t.myRowChoice():
		return msg.New(t.G.ByDevice(msg.StatusYourRowMouse, msg.StatusYourRow, msg.StatusYourRowKeys))
	case t.Disp.Phase == engine.PhaseRowChoice && len(t.Disp.Waiting) > 0:
		return msg.New(msg.StatusSeatRow, t.seatName(t.Disp.Waiting[0]))
	}
	if m := t.variantStatus(t.Pick); m.ID != msg.None {
		return m
	}
	switch {
	case len(t.Disp.Pending) > 0:
		return msg.New(msg.StatusPlacing)
	case t.Disp.Phase == engine.PhaseChoose:
		if t.Disp.MyChoice == 0 {
			return msg.New(t.G.ByDevice(msg.StatusChooseMouse, msg.StatusChoose, msg.StatusChooseKeys), t.Disp.Turn)
		}
		n := 0
		for s := range t.Disp.Chosen {
			if !t.Disp.Chosen[s] {
				n++
			}
		}
		if n == 0 {
			return msg.New(msg.StatusAllChosen) // the reveal follows; no mind changes now
		}
		return msg.New(t.G.ByDevice(msg.StatusWaitingMouse, msg.StatusWaiting, msg.StatusWaitingKeys), n)
	}
	return msg.Message{}
}

// variantStatus is the status line of the variants' own moments (pick is Nifty's first card, the
// controls'), or none.
func (hd *hud) variantStatus(pick engine.Card) msg.Message {
	v := hd.Disp.Config.Variant
	waiting := -1
	if len(hd.Disp.Waiting) == 1 {
		waiting = hd.Disp.Waiting[0]
	}
	mine := waiting == hd.Me
	switch {
	case hd.Disp.Phase == engine.PhaseDraft && waiting >= 0:
		if mine {
			return msg.New(hd.g.ByDevice(msg.StatusDraftYouMouse, msg.StatusDraftYou, msg.StatusDraftYouMouse))
		}
		return msg.New(msg.StatusDrafting, hd.seatName(waiting))
	case hd.Disp.Phase == engine.PhaseOrder && mine:
		return msg.New(msg.StatusOrderYou)
	case hd.Disp.Phase == engine.PhaseOrder && waiting >= 0:
		return msg.New(msg.StatusOrdering, hd.seatName(waiting))
	case hd.Disp.Phase == engine.PhaseKeep && mine:
		return msg.New(msg.StatusKeepYou)
	case hd.Disp.Phase == engine.PhaseKeep && waiting >= 0:
		return msg.New(msg.StatusKeeping, hd.seatName(waiting))
	case hd.Disp.Phase == engine.PhaseChoose && len(hd.Disp.Pending) == 0 && (v == engine.Open || v == engine.HandVariant) && waiting >= 0:
		switch {
		case mine && v == engine.HandVariant && pick != 0:
			return msg.New(msg.StatusHandPick, pick)
		case mine && v == engine.HandVariant:
			return msg.New(hd.g.ByDevice(msg.StatusHandTurnMouse, msg.StatusHandTurn, msg.StatusHandTurnKeys))
		case mine:
			return msg.New(msg.StatusOpenTurn)
		}
		return msg.New(msg.StatusPlaysFaceUp, hd.seatName(waiting))
	case hd.Disp.Phase == engine.PhaseChoose && len(hd.Disp.Pending) == 0 && v == engine.Nifty && hd.Disp.MyChoice == 0:
		if pick != 0 {
			return msg.New(msg.StatusNiftyPick, pick)
		}
		return msg.New(hd.g.ByDevice(msg.StatusNiftyTurnMouse, msg.StatusNiftyTurn, msg.StatusNiftyTurnKeys), hd.Disp.Turn)
	}
	return msg.Message{}
}

// refreshAdvice recomputes the advisor's numbers for the current turn.
func (hd *hud) refreshAdvice() {
	key := hd.Disp.Round*100 + hd.Disp.Turn
	if hd.adviceTurn == key || hd.g.Opts.Advisor == nil || hd.Tutorial != nil {
		return
	}
	hd.adviceTurn = key
	v := CloneView(&hd.Disp)
	hd.advice = hd.g.Opts.Advisor(&v)
	for c := range hd.adviceStr {
		hd.adviceStr[c] = ""
	}
	for c, x := range hd.advice {
		if int(c) < len(hd.adviceStr) {
			hd.adviceStr[c] = msg.Decimal(x, 1)
		}
	}
}

// LogEntry is one line of the log: a message, kept as id and arguments. A line about a seat's
// own pick before it plays is private to that seat: shown only while that seat's view is
// displayed (hot-seat play).
type LogEntry struct {
	_       ui.NoCompare
	M       msg.Message
	Private int // the seat that may read it, or -1 for everyone
}

// logf adds a line to the log, private to a seat or public (-1).
func (hd *hud) logf(m msg.Message, private int) {
	hd.Log = append(hd.Log, LogEntry{M: m, Private: private})
	hd.redraw = true
}

// logSeat adds a public line about seat s: the "you" form for the one person at this device,
// else the form with the seat's name (several people read one log in a hot-seat game).
func (hd *hud) logSeat(you, named msg.ID, s int, arg any) {
	if s == hd.Me && hd.People() == 1 {
		hd.logf(msg.New(you, arg), -1)
		return
	}
	hd.logf(msg.New(named, hd.seatName(s), arg), -1)
}

// People returns how many people play at this device.
func (hd *hud) People() int {
	n := 0
	for i := range hd.Seats {
		if hd.Seats[i].Here() {
			n++
		}
	}
	return n
}

// variantLog writes the log line of a variant's event.
func (hd *hud) variantLog(e engine.Event) {
	switch ev := e.(type) {
	case engine.CardDrafted:
		hd.logSeat(msg.LogYouDrafted, msg.LogDrafted, ev.Seat, ev.Card)
	case engine.DraftDone:
		hd.logf(msg.New(msg.LogRowsStart), -1)
	case engine.CardsKept:
		hd.logSeat(msg.LogYouKept, msg.LogKept, ev.Seat, cardList(ev.Hand))
	}
}

// logRowChoice says who must choose a row, and why.
func (hd *hud) logRowChoice(ev engine.RowChoiceRequired) {
	if ev.Seat == hd.Me && hd.People() == 1 {
		hd.logf(msg.New(msg.LogYourTooLow, ev.Card), -1)
		return
	}
	hd.logf(msg.New(msg.LogSeatTooLow, hd.seatName(ev.Seat), ev.Card), -1)
}

// logRowTaken says who took which row and why.
func (hd *hud) logRowTaken(ev engine.RowTaken) {
	id := msg.LogTookSixth
	switch {
	case ev.Shared:
		id = msg.LogShares
	case ev.Reason == engine.TakeTooLow:
		id = msg.LogTookTooLow
	}
	hd.logf(msg.New(id, hd.seatName(ev.Seat), ev.Row+1, ev.Bullheads), -1)
}

// cardList lists cards for a message: "12, 45", or "no card".
func cardList(cs []engine.Card) string {
	if len(cs) == 0 {
		return msg.NoCard.Text()
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

// BannerRect is where the connection banner stands: the landing warning's line under the status
// line (no warning shows while the table cannot play), which covers no seat, row or card.
func BannerRect(l *layout.Table) layout.Rect { return l.Warn }

// BannerTextSize is the banner's text size: as large as fits its line, not above Unit*1.2.
func BannerTextSize(g *ui.Host, l *layout.Table, s string) float64 {
	r := BannerRect(l)
	return g.Txt.Fit(s, text.Style{Size: min(l.Unit*1.2, r.H*0.75), Bold: true}, r.W-l.Unit, 8)
}

// drawBanner draws the connection banner, if any.
func (hd *hud) drawBanner(dst *ebiten.Image) {
	if hd.Banner == "" {
		return
	}
	r := BannerRect(hd.lay)
	hd.g.RoundRect(dst, r, hd.lay.Unit*0.4, sprites.Danger)
	hd.g.Label(dst, hd.Banner, r.X+r.W/2, r.Y+r.H/2, hd.bannerSize, sprites.White, text.Center, true)
}

// soundStep is the animation step that plays event e's effect when the timeline shows it, heard
// by the person shown (none while the hand-over screen hides the table).
func (hd *hud) soundStep(e engine.Event) anim.Step {
	return &anim.Call{Fn: func() {
		seat := hd.Me
		if hd.Handover >= 0 || seat < 0 || seat >= len(hd.Seats) || !hd.Seats[seat].Here() {
			seat = -1
		}
		hd.g.Snd.SetSeat(seat)
		hd.g.Snd.Event(e)
	}}
}

// withSound puts event e's effect into its steps: a placement sounds as its card lands, every
// other event as its animation starts.
func (hd *hud) withSound(e engine.Event, steps []anim.Step) []anim.Step {
	if _, ok := e.(engine.CardPlaced); ok && len(steps) > 0 {
		return append([]anim.Step{steps[0], hd.soundStep(e)}, steps[1:]...)
	}
	if len(steps) == 0 { // shown at once (a score, a choice asked)
		hd.soundStep(e).Update()
		return nil
	}
	return append([]anim.Step{hd.soundStep(e)}, steps...)
}
