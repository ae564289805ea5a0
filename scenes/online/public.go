package online

import (
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/client"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/ui"
)

// Public is Menu → Play online: the open public tables of the server (one connection to its /ws
// that sent Lobby, the server pushing Tables whenever the list changes), filtered by variant and
// seat count. A table waiting for players is joined with one tap (Sit with the person's name and
// colour), one being played is watched; "Play now" asks for a quick match (Quick) with the wait
// chosen before bots fill the table. Creating a room and joining one by its code are the online
// page's (Lobby), one tap away. The server is the page's own in the browser, the settings' or
// the default elsewhere: no address is asked for first.
type Public struct {
	form
	dial *Dialing
	// base is the server's WebSocket base; Link follows its list (nil: the address is no server).
	base string
	Link RoomLink
	// Variant and Seats are the filters ("", 0: all); Fill is quick match's wait before bots
	// fill the table, in seconds (0: wait for people).
	Variant string
	Seats   int
	Fill    int
	// Notice says why there is no list: the address is no server, the server cannot be reached.
	Notice msg.Message
	// second is the clock's second the countdowns shown were worked out at; wake redraws them.
	second int64
	wake   clock.Stopper
}

// publicFills are quick match's waits before bots fill the table, in seconds (0: wait for people).
var publicFills = []int{15, 30, 60, 0}

// NewPublic opens the list of public tables of the person's server.
func NewPublic(g *ui.Host, dial *Dialing) *Public {
	p := &Public{form: form{g: g, focus: -1}, dial: dial, Fill: 30}
	addr := serverAddress(g)
	base, err := ServerBase(addr)
	if err != nil {
		p.Notice = msg.New(msg.OnlineBadServer, addr)
	} else {
		p.base = base
		p.Link = dial.DialRoom(base, "", p.lobby())
	}
	p.Build()
	return p
}

// lobby is the Lobby message of the filters.
func (p *Public) lobby() protocol.Lobby {
	return protocol.Lobby{Version: protocol.Version, Variant: p.Variant, Seats: p.Seats}
}

func (p *Public) Name() string       { return "public" }
func (p *Public) Animating() bool    { return p.Typing() }
func (p *Public) AcceptsInput() bool { return true }
func (p *Public) Resize()            { p.Build() }

// Still implements stiller: the list changes when the server says so (or a countdown's second).
func (p *Public) Still() bool { return !p.Animating() && (p.Link == nil || !p.Link.Pending()) }

// Tables are the tables of the last list.
func (p *Public) Tables() []protocol.Table {
	if p.Link == nil {
		return nil
	}
	return p.Link.State().Tables
}

// status is what the list's place says when there is no list: the address is no server, the
// server is being reached or cannot be.
func (p *Public) status() msg.Message {
	if p.Link == nil {
		return p.Notice
	}
	st := p.Link.Status()
	switch {
	case st.Phase == client.LinkFailed || st.Phase == client.LinkReconnecting && st.Attempt >= UnreachableAfter:
		return failedText(st, p.base)
	case st.Phase != client.LinkOnline:
		return msg.New(msg.OnlineConnecting, pageURL(p.base))
	case len(p.Tables()) == 0:
		return msg.New(msg.PublicNone)
	}
	return p.Notice
}

func (p *Public) Update(in *ui.Input) error {
	if p.Link != nil && p.Link.Poll() {
		revoked(p.g, p.Link.Status().Err)
		p.Build()
	}
	if p.counting() && p.g.Clock.Now().Unix() != p.second {
		p.Build()
	}
	ev := p.form.Update(in)
	if ev.id != "" {
		return p.Activate(ev.id)
	}
	if ev.esc {
		return p.Activate("back")
	}
	return nil
}

// counting reports whether a table of the list shows a countdown to its bots.
func (p *Public) counting() bool {
	for _, t := range p.Tables() {
		if t.State == protocol.StateLobby && t.StartAt > 0 {
			return true
		}
	}
	return false
}

// Activate does what the button id does.
func (p *Public) Activate(id string) error {
	g := p.g
	switch {
	case id == "back":
		p.close()
		g.Menu()
		return nil
	case id == "variant":
		names := []string{""}
		for _, v := range ui.MenuVariants() {
			names = append(names, v.String())
		}
		p.Variant = cycle(names, p.Variant)
		p.refilter()
	case id == "seats":
		seats := []int{0}
		for n := 2; n <= p.mostSeats(); n++ {
			seats = append(seats, n)
		}
		p.Seats = cycle(seats, p.Seats)
		p.refilter()
	case id == "fill":
		p.Fill = cycle(publicFills, p.Fill)
	case id == "play":
		p.quick()
		return nil
	case id == "profile":
		p.close()
		g.Profile()
		return nil
	case id == "create" || id == "code":
		p.close()
		l := NewLobby(g, p.dial, "")
		if id == "create" {
			l.OpenCreate()
		} else {
			l.Build()
			l.Activate("code")
		}
		g.Show(l)
		return nil
	case strings.HasPrefix(id, "join-"):
		st := &g.Settings
		if protocol.CheckName(st.Name) != nil {
			p.Notice = msg.New(msg.OnlineBadName, ui.MaxName)
			break
		}
		p.enter(strings.TrimPrefix(id, "join-"), protocol.Sit{Version: protocol.Version, Name: st.Name, Colour: st.Online.Colour})
		return nil
	case strings.HasPrefix(id, "watch-"):
		p.enter(strings.TrimPrefix(id, "watch-"), protocol.Hello{Version: protocol.Version})
		return nil
	}
	p.Build()
	return nil
}

// cycle returns the element after cur in list (the first after the last, or when cur is not in it).
func cycle[T comparable](list []T, cur T) T {
	for i, v := range list {
		if v == cur {
			return list[(i+1)%len(list)]
		}
	}
	return list[0]
}

// mostSeats is the most seats of the filter's variant (of any variant with no filter).
func (p *Public) mostSeats() int {
	most := 0
	for _, v := range ui.MenuVariants() {
		if p.Variant == "" || v.String() == p.Variant {
			_, hi := engine.SeatsAllowed(v)
			most = max(most, hi)
		}
	}
	return most
}

// refilter sends the filters: the server answers with the tables they select.
func (p *Public) refilter() {
	if p.Link != nil {
		p.Link.Send(p.lobby())
	}
}

// quick asks for a quick match: the filter's variant (the person's last with none), the filter's
// seat count (any the variant allows with none) and the wait chosen.
func (p *Public) quick() {
	g := p.g
	v := g.Settings.EngineVariant()
	if p.Variant != "" {
		if fv, err := engine.ParseVariant(p.Variant); err == nil {
			v = fv
		}
	}
	lo, hi := engine.SeatsAllowed(v)
	if p.Seats >= lo && p.Seats <= hi {
		lo, hi = p.Seats, p.Seats
	}
	st := &g.Settings
	if protocol.CheckName(st.Name) != nil {
		p.Notice = msg.New(msg.OnlineBadName, ui.MaxName)
		p.Build()
		return
	}
	p.enter("", protocol.Quick{Version: protocol.Version, Variant: v, Min: lo, Max: hi, Fill: p.Fill, Name: st.Name, Colour: st.Online.Colour})
}

// enter opens the room with the code ("": the quick match's) whose first message is first.
func (p *Public) enter(code string, first protocol.Message) {
	if p.base == "" {
		return
	}
	link := p.dial.DialRoom(p.base, code, first)
	r := NewRoom(p.g, p.dial, link, p.base, false)
	r.Back = NewLobby(p.g, p.dial, "")
	p.close()
	p.g.Show(r)
}

// close ends the list's connection.
func (p *Public) close() {
	if p.Link != nil {
		p.Link.Close()
	}
	if p.wake != nil {
		p.wake.Stop()
		p.wake = nil
	}
}

// fillName is quick match's wait in words.
func fillName(secs int) string {
	if secs == 0 {
		return msg.PublicWaitPeople.Text()
	}
	return msg.New(msg.PublicFillAfter, secs).String()
}

// Build lays the page out: the filters and Play now, the list of tables (a card a table with
// its Join or Watch), and the secondary actions (create a room, join by code, back). Where the
// screen is wide the actions stand in a column at the left of the list; elsewhere the filters
// and Play now are above the list and the others below it.
func (p *Public) Build() {
	g := p.g
	p.Widgets = p.Widgets[:0]
	w, h := g.W, g.H
	pg := newPage(w, h)
	pair := pg.pair
	variant := msg.PublicAllVariants.Text()
	if v, err := engine.ParseVariant(p.Variant); err == nil && p.Variant != "" {
		variant = msg.VariantTitle(v).Text()
	}
	seats := msg.PublicAnySeats.Text()
	if p.Seats > 0 {
		seats = msg.New(msg.PublicSeatsN, p.Seats).String()
	}
	rows := [4]func(layout.Rect){
		func(r layout.Rect) {
			pair(r, func(r layout.Rect) { p.add("variant", variant, r, true, 0) },
				func(r layout.Rect) { p.add("seats", seats, r, true, 0) })
		},
		func(r layout.Rect) {
			pair(r, func(r layout.Rect) { p.add("fill", fillName(p.Fill), r, true, 0) },
				func(r layout.Rect) { p.add("play", msg.PublicPlayNow.Text(), r, p.base != "", ui.KindPrimary) })
		},
		func(r layout.Rect) {
			pair(r, func(r layout.Rect) { p.add("create", msg.OnlineCreate.Text(), r, true, 0) },
				func(r layout.Rect) { p.add("code", msg.PublicJoinCode.Text(), r, true, 0) })
		},
		func(r layout.Rect) {
			pair(r, func(r layout.Rect) { p.add("profile", msg.ProfileTitle.Text(), r, true, 0) },
				func(r layout.Rect) { p.add("back", msg.Back.Text(), r, true, ui.KindSecondary) })
		},
	}
	list := pg.lay(w, h, rows[:], 2)
	p.buildList(list, pg.m)
	if p.focus >= len(p.Widgets) {
		p.focus = -1
	}
}

// buildList lays the tables' cards out in r: as many as fit, the last place saying how many more
// there are when they do not all fit; or what the place says when there is no list.
func (p *Public) buildList(r layout.Rect, m float64) {
	g := p.g
	cardH := ui.ClampF(g.H*0.11, 64, 96)
	noticeH := math.Min(r.H, ui.ClampF(g.H*0.08, layout.MinTap, 64))
	y := r.Y
	if n := p.status(); n.ID != msg.None {
		p.add("", n.String(), layout.Rect{X: r.X, Y: y, W: r.W, H: noticeH}, true, ui.KindNotice)
		y += noticeH + m
	}
	tables := p.Tables()
	cols := 1
	if r.W >= 2*380+m {
		cols = 2
	}
	cw := (r.W - float64(cols-1)*m) / float64(cols)
	fit := int((r.Y+r.H-y+m)/(cardH+m)) * cols
	if fit < len(tables) {
		fit = max(fit-1, 0) // the last place says how many more
	}
	now := g.Clock.Now()
	p.second = now.Unix()
	for i, t := range tables[:min(fit, len(tables))] {
		c := layout.Rect{X: r.X + float64(i%cols)*(cw+m), Y: y + float64(i/cols)*(cardH+m), W: cw, H: cardH}
		bw := ui.ClampF(c.W*0.24, 80, 140)
		line, sub := tableLines(t, now)
		card := p.add("", line, layout.Rect{X: c.X, Y: c.Y, W: c.W - bw - m/2, H: c.H}, true, ui.KindTwoLine)
		card.Sub = sub
		btn := layout.Rect{X: c.X + c.W - bw, Y: c.Y, W: bw, H: c.H}
		var b *ui.Widget
		if t.State == protocol.StateLobby {
			b = p.add("join-"+t.Code, msg.OnlineJoin.Text(), btn, len(t.Seats) < t.Settings.Seats, ui.KindPrimary)
		} else {
			b = p.add("watch-"+t.Code, msg.PublicWatch.Text(), btn, true, 0)
		}
		b.Size = ui.ClampF(cardH*0.28, 12, 24) // as large as the card's first line, no larger
	}
	if more := len(tables) - fit; more > 0 && fit < len(tables) {
		i := fit
		c := layout.Rect{X: r.X + float64(i%cols)*(cw+m), Y: y + float64(i/cols)*(cardH+m), W: cw, H: math.Min(cardH, noticeH)}
		p.add("", msg.New(msg.PublicMore, more).String(), c, true, ui.KindNotice)
	}
	if p.counting() {
		if p.wake != nil {
			p.wake.Stop()
		}
		p.wake = g.WakeAfter(time.Duration(1e9 - now.Nanosecond()))
	}
}

// tableLines are a table's card: the variant, the seats taken of all, the end score and the
// timer; then who sits there (bots marked) and when bots fill it, or that it waits for people.
func tableLines(t protocol.Table, now time.Time) (line, sub string) {
	s := t.Settings
	parts := []string{msg.VariantTitle(s.Variant).Text(), msg.New(msg.PublicTaken, len(t.Seats), s.Seats).String()}
	if s.EndScore > 0 {
		parts = append(parts, msg.New(msg.PublicEndScore, s.EndScore).String())
	}
	parts = append(parts, timerName(s.Timer))
	names := make([]string, 0, len(t.Seats))
	for _, seat := range t.Seats {
		if seat.Kind == protocol.KindBot {
			names = append(names, msg.New(msg.PublicBot, seat.Name).String())
		} else {
			names = append(names, seat.Name)
		}
	}
	var when string
	switch {
	case t.State != protocol.StateLobby:
		when = msg.PublicPlaying.Text()
	case t.StartAt > 0:
		left := max(0, int(math.Ceil(float64(t.StartAt-now.UnixMilli())/1000)))
		when = msg.New(msg.PublicFillIn, left).String()
	case s.Fill > 0:
		when = msg.New(msg.PublicFillIn, s.Fill).String()
	default:
		when = msg.PublicWaits.Text()
	}
	return strings.Join(parts, " · "), strings.Join(names, ", ") + " — " + when
}

func (p *Public) Draw(dst *ebiten.Image) { p.drawPage(dst, msg.OnlineTitle.Text()) }

// TestState reports the page's buttons and what its notice says.
func (p *Public) TestState(ts *ui.TestState) { p.report(ts, p.status()) }

// serverAddress is the game server's address: the page's own in the browser, the one in the
// settings, or the default.
func serverAddress(g *ui.Host) string {
	if s := g.Opts.Server; s != "" {
		return s
	}
	if s := g.Settings.Online.Server; s != "" {
		return s
	}
	return defaultServer
}
