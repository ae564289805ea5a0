package scenes

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

// refreshPlates rebuilds the strings shown on the seat plates and the status line.
func (t *table) refreshPlates() {
	for s := range t.seats {
		si := &t.seats[s]
		score := 0
		if s < len(t.disp.Scores) {
			score = t.disp.Scores[s]
		}
		si.scoreStr = strconv.Itoa(score)
		pen := 0
		if s < len(t.disp.Penalties) {
			pen = t.disp.Penalties[s]
		}
		si.pileStr = ""
		if pen > 0 {
			si.pileStr = "+" + strconv.Itoa(pen)
		}
		si.state = t.plateState(s)
		si.stateStr = ""
		if si.state != msg.None {
			si.stateStr = si.state.Text()
		}
	}
	cfg := t.disp.Config
	round := max(t.disp.Round, 1)
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
	t.redraw = true
	t.status = ""
	if m := t.statusText(); m.ID != msg.None {
		t.status = m.String()
	}
	t.fitStatus()
	t.banner = ""
	if m := session.ConnectionText(t.sess); m.ID != msg.None {
		t.banner = m.String()
		t.bannerSize = bannerTextSize(t.g, &t.lay, t.banner)
	}
}

// fitStatus fits the status line to its box: one line at the wanted size or smaller, or, where
// the box has room for two lines (beside the rows, or above them on a phone held upright) and one
// would be under 80 % of the wanted size or under layout.MinStatusSize, two lines at the larger
// size that fits.
func (hd *hud) fitStatus() {
	want, box := hd.lay.Unit*1.1, hd.lay.Status
	hd.statusSize = hd.g.Txt.Fit(hd.status, text.Style{Size: want}, box.W, 9)
	hd.statusLines = append(hd.statusLines[:0], hd.status)
	if hd.statusSize >= max(want*0.8, layout.MinStatusSize) || hd.lay.StatusLines() < 2 {
		return
	}
	for size := want; size > hd.statusSize; size -= 0.5 {
		lines := hd.g.WrapText(hd.status, size, box.W)
		// The lines are drawn from Unit*0.75 under the box's top, 1.25 sizes apart.
		fits := len(lines) <= 2 && hd.lay.Unit*0.75+float64(len(lines)-1)*size*1.25+size/2 <= box.H
		for _, l := range lines {
			tw, _ := hd.g.Txt.Measure(l, text.Style{Size: size})
			fits = fits && tw <= box.W
		}
		if fits {
			hd.statusSize, hd.statusLines = size, lines
			return
		}
	}
}

// plateState is the state line of seat s's plate.
func (hd *hud) plateState(s int) msg.ID {
	si := &hd.seats[s]
	chosen := s < len(hd.disp.Chosen) && hd.disp.Chosen[s]
	choosing := hd.disp.Phase == engine.PhaseChoose && len(hd.disp.Pending) == 0
	switch {
	case hd.phase == phaseOver:
		for _, w := range hd.disp.Winners {
			if w == s {
				return msg.PlateWinner
			}
		}
		return msg.None
	case si.status == session.StatusDisconnected:
		return msg.PlateDisconnected
	case si.status == session.StatusAway:
		return msg.PlateAway
	case hd.disp.Phase == engine.PhaseRowChoice && len(hd.disp.Waiting) > 0 && hd.disp.Waiting[0] == s:
		return msg.PlateChoosingRow
	case hd.disp.Phase == engine.PhaseChoose && chosen:
		return msg.PlateReady
	case choosing && si.status == session.StatusThinking:
		return msg.PlateThinking
	case choosing && s == hd.me && hd.tutorial == nil && hd.phase != phaseDeal:
		return msg.PlateYourTurn
	}
	return msg.None
}

// seatColour is seat s's colour: the one its online player asked for, else the s-th of
// sprites.SeatColors (local games).
func (hd *hud) seatColour(s int) color.Color {
	if i := slices.Index(protocol.Colours, hd.seats[s].Colour); i >= 0 {
		return sprites.SeatColor(i)
	}
	return sprites.SeatColor(s)
}

// stateColor is the colour of a plate's state line.
func stateColor(state msg.ID) color.Color {
	switch state {
	case msg.PlateThinking, msg.PlateChoosingRow:
		return chipThinking
	case msg.PlateYourTurn:
		return chipYou
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
	si := &hd.seats[s]
	switch {
	case s == hd.me && hd.tutorial == nil:
		return msg.PlateYou.Text()
	case si.Here():
		return msg.PlatePlayer.Text()
	case si.Kind == session.SeatRemote && hd.tutorial == nil:
		return msg.PlateOnline.Text()
	case si.Kind == session.SeatBot:
		return ui.LevelName(si.Level).Text()
	}
	return ""
}

// myRowChoice reports whether the person shown must choose a row to take now.
func (pr *presenter) myRowChoice() bool {
	return pr.disp.Phase == engine.PhaseRowChoice && len(pr.disp.Waiting) > 0 && pr.disp.Waiting[0] == pr.me
}

// statusText is the status line: what happens now and what the displayed person may do.
func (t *table) statusText() msg.Message {
	if t.tutorial != nil {
		return msg.Message{}
	}
	switch {
	case t.phase == phaseOver:
		return msg.New(msg.StatusGameOver)
	case t.phase == phaseScore:
		return msg.New(msg.StatusRoundOver)
	case t.phase == phaseDeal:
		return msg.New(msg.StatusDealing)
	case t.myRowChoice():
		return msg.New(t.g.ByDevice(msg.StatusYourRowMouse, msg.StatusYourRow, msg.StatusYourRowKeys))
	case t.disp.Phase == engine.PhaseRowChoice && len(t.disp.Waiting) > 0:
		return msg.New(msg.StatusSeatRow, t.seatName(t.disp.Waiting[0]))
	}
	if m := t.variantStatus(); m.ID != msg.None {
		return m
	}
	switch {
	case len(t.disp.Pending) > 0:
		return msg.New(msg.StatusPlacing)
	case t.disp.Phase == engine.PhaseChoose:
		if t.disp.MyChoice == 0 {
			return msg.New(t.g.ByDevice(msg.StatusChooseMouse, msg.StatusChoose, msg.StatusChooseKeys), t.disp.Turn)
		}
		n := 0
		for s := range t.disp.Chosen {
			if !t.disp.Chosen[s] {
				n++
			}
		}
		if n == 0 {
			return msg.New(msg.StatusAllChosen) // the reveal follows; no mind changes now
		}
		return msg.New(t.g.ByDevice(msg.StatusWaitingMouse, msg.StatusWaiting, msg.StatusWaitingKeys), n)
	}
	return msg.Message{}
}

// variantStatus is the status line of the variants' own moments, or none.
func (t *table) variantStatus() msg.Message {
	v := t.disp.Config.Variant
	waiting := -1
	if len(t.disp.Waiting) == 1 {
		waiting = t.disp.Waiting[0]
	}
	mine := waiting == t.me
	switch {
	case t.disp.Phase == engine.PhaseDraft && waiting >= 0:
		if mine {
			return msg.New(t.g.ByDevice(msg.StatusDraftYouMouse, msg.StatusDraftYou, msg.StatusDraftYouMouse))
		}
		return msg.New(msg.StatusDrafting, t.seatName(waiting))
	case t.disp.Phase == engine.PhaseOrder && mine:
		return msg.New(msg.StatusOrderYou)
	case t.disp.Phase == engine.PhaseOrder && waiting >= 0:
		return msg.New(msg.StatusOrdering, t.seatName(waiting))
	case t.disp.Phase == engine.PhaseKeep && mine:
		return msg.New(msg.StatusKeepYou)
	case t.disp.Phase == engine.PhaseKeep && waiting >= 0:
		return msg.New(msg.StatusKeeping, t.seatName(waiting))
	case t.disp.Phase == engine.PhaseChoose && len(t.disp.Pending) == 0 && (v == engine.Open || v == engine.HandVariant) && waiting >= 0:
		switch {
		case mine && v == engine.HandVariant && t.pick != 0:
			return msg.New(msg.StatusHandPick, t.pick)
		case mine && v == engine.HandVariant:
			return msg.New(t.g.ByDevice(msg.StatusHandTurnMouse, msg.StatusHandTurn, msg.StatusHandTurnKeys))
		case mine:
			return msg.New(msg.StatusOpenTurn)
		}
		return msg.New(msg.StatusPlaysFaceUp, t.seatName(waiting))
	case t.disp.Phase == engine.PhaseChoose && len(t.disp.Pending) == 0 && v == engine.Nifty && t.disp.MyChoice == 0:
		if t.pick != 0 {
			return msg.New(msg.StatusNiftyPick, t.pick)
		}
		return msg.New(t.g.ByDevice(msg.StatusNiftyTurnMouse, msg.StatusNiftyTurn, msg.StatusNiftyTurnKeys), t.disp.Turn)
	}
	return msg.Message{}
}

// refreshAdvice recomputes the advisor's numbers for the current turn.
func (hd *hud) refreshAdvice() {
	key := hd.disp.Round*100 + hd.disp.Turn
	if hd.adviceTurn == key || hd.g.Opts.Advisor == nil || hd.tutorial != nil {
		return
	}
	hd.adviceTurn = key
	v := cloneView(&hd.disp)
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

// logEntry is one line of the log: a message, kept as id and arguments. A line about a seat's
// own pick before it plays is private to that seat: shown only while that seat's view is
// displayed (hot-seat play).
type logEntry struct {
	m       msg.Message
	private int // the seat that may read it, or -1 for everyone
}

// logf adds a line to the log, private to a seat or public (-1).
func (hd *hud) logf(m msg.Message, private int) {
	hd.log = append(hd.log, logEntry{m: m, private: private})
	hd.redraw = true
}

// logSeat adds a public line about seat s: the "you" form for the one person at this device,
// else the form with the seat's name (several people read one log in a hot-seat game).
func (hd *hud) logSeat(you, named msg.ID, s int, arg any) {
	if s == hd.me && hd.people() == 1 {
		hd.logf(msg.New(you, arg), -1)
		return
	}
	hd.logf(msg.New(named, hd.seatName(s), arg), -1)
}

// people returns how many people play at this device.
func (hd *hud) people() int {
	n := 0
	for i := range hd.seats {
		if hd.seats[i].Here() {
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
	if ev.Seat == hd.me && hd.people() == 1 {
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

// bannerRect is where the connection banner stands: the landing warning's line under the status
// line (no warning shows while the table cannot play), which covers no seat, row or card.
func bannerRect(l *layout.Table) layout.Rect { return l.Warn }

// bannerTextSize is the banner's text size: as large as fits its line, not above Unit*1.2.
func bannerTextSize(g *ui.Host, l *layout.Table, s string) float64 {
	r := bannerRect(l)
	return g.Txt.Fit(s, text.Style{Size: min(l.Unit*1.2, r.H*0.75), Bold: true}, r.W-l.Unit, 8)
}

// drawBanner draws the connection banner, if any.
func (hd *hud) drawBanner(dst *ebiten.Image) {
	if hd.banner == "" {
		return
	}
	r := bannerRect(hd.lay)
	hd.g.RoundRect(dst, r, hd.lay.Unit*0.4, sprites.Danger)
	hd.g.Label(dst, hd.banner, r.X+r.W/2, r.Y+r.H/2, hd.bannerSize, sprites.White, text.Center, true)
}

// soundStep is the animation step that plays event e's effect when the timeline shows it, heard
// by the person shown (none while the hand-over screen hides the table).
func (hd *hud) soundStep(e engine.Event) anim.Step {
	return &anim.Call{Fn: func() {
		seat := hd.me
		if hd.handover >= 0 || seat < 0 || seat >= len(hd.seats) || !hd.seats[seat].Here() {
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
