package layout

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"nimmt/engine"
)

// sizes are the screens of issue 12's matrix (phones upright and sideways, a tablet, desktops)
// and an old 4:3 window.
var sizes = [][2]float64{
	{360, 640}, {390, 844}, {844, 390}, {1024, 1366}, {1280, 720}, {1920, 1080}, {2560, 1440}, {800, 600},
}

// rowCardLeast is the narrowest a row card may be on each screen of sizes with a hand of up to
// HandRef cards (issue 25; before it, with 4 seats: 38, 48.5, 34.6, 103, 68.8, 107.6, 146.6
// and 52.8 px in this order).
var rowCardLeast = map[[2]float64]float64{
	{360, 640}: 34, {390, 844}: 44, {844, 390}: 37, {1024, 1366}: 90, {1280, 720}: 70,
	{1920, 1080}: 105, {2560, 1440}: 140, {800, 600}: 47,
}

func phone(w, h float64) bool { return w < 900 || h < 700 }

// Rows' share of the screen (the box around the four rows' tap targets over the screen's area)
// at least: rowsShare with a hand of up to HandRef cards, rowsShareBig with a larger one (the
// variants dealing up to 16 cards, which need a second line of hand cards on short screens).
const (
	rowsShare    = 0.19
	rowsShareBig = 0.12
)

func TestTable(t *testing.T) {
	for _, sz := range sizes {
		for _, seats := range []int{2, 3, 4, 7, 10} {
			for hand := 0; hand <= HandMax; hand++ {
				name := fmt.Sprintf("%vx%v/%dseats/%dcards", sz[0], sz[1], seats, hand)
				t.Run(name, func(t *testing.T) {
					checkTable(t, NewTable(sz[0], sz[1], seats, hand), seats, hand)
				})
			}
		}
	}
}

func TestHandMax(t *testing.T) {
	if HandMax != engine.MaxHand {
		t.Errorf("layout.HandMax = %d, engine.MaxHand = %d", HandMax, engine.MaxHand)
	}
}

// TestHandKeepsSize: with HandRef cards or fewer the cards keep their size (they close ranks
// rather than grow), on every screen; the phone of issue 12 had cards jump from 84 to 170 px.
func TestHandKeepsSize(t *testing.T) {
	for _, sz := range sizes {
		for _, seats := range []int{2, 4, 10} {
			ref := NewTable(sz[0], sz[1], seats, HandRef).Hand[0]
			for n := 1; n < HandRef; n++ {
				if got := NewTable(sz[0], sz[1], seats, n).Hand[0]; got.W != ref.W || got.H != ref.H {
					t.Errorf("%v %d seats: %d cards are %.1fx%.1f, %d cards %.1fx%.1f", sz, seats, n, got.W, got.H, HandRef, ref.W, ref.H)
				}
			}
		}
	}
}

func checkTable(t *testing.T, l Table, seats, hand int) {
	t.Helper()
	w, h := l.W, l.H
	type named struct {
		name string
		r    Rect
	}
	var all []named // things that must not overlap each other
	in := func(name string, r Rect) {
		if r.Empty() {
			t.Errorf("%s is empty: %+v", name, r)
		}
		if !r.Inside(w, h) {
			t.Errorf("%s out of screen: %+v", name, r)
		}
	}
	for i, b := range l.Buttons {
		in(ButtonIDs[i], b)
		all = append(all, named{"button " + ButtonIDs[i], b})
		if phone(w, h) && (b.W < MinTap || b.H < MinTap) {
			t.Errorf("button %s too small to tap: %+v", ButtonIDs[i], b)
		}
	}
	var rowsBox Rect
	for r, row := range l.Rows {
		for s, slot := range row.Slots {
			in(fmt.Sprintf("row %d slot %d", r, s), slot)
			if !slot.Within(row.Hit) {
				t.Errorf("row %d slot %d %+v outside the row %+v", r, s, slot, row.Hit)
			}
		}
		// Room in front of the first slot for Professional's landing place, in the row.
		f, first := row.Front, row.Slots[0]
		in(fmt.Sprintf("row %d front", r), f)
		if !f.Within(row.Hit) || f.X+f.W > first.X || f.W < l.CardW*0.45 || f.Y != first.Y || f.H != first.H {
			t.Errorf("row %d front %+v: not a place of at least %.1f in the row %+v before slot 0 %+v", r, f, l.CardW*0.45, row.Hit, first)
		}
		in(fmt.Sprintf("row %d sum", r), row.Sum)
		if !row.Sum.Within(row.Hit) {
			t.Errorf("row %d sum %+v outside the row %+v", r, row.Sum, row.Hit)
		}
		in(fmt.Sprintf("row %d hit", r), row.Hit)
		all = append(all, named{fmt.Sprintf("row %d", r), row.Hit})
		if phone(w, h) && row.Hit.H < MinTap {
			t.Errorf("row %d too small to tap: %+v", r, row.Hit)
		}
		rowsBox = union(rowsBox, row.Hit, r == 0)
	}
	share := rowsBox.W * rowsBox.H / (w * h)
	if want := map[bool]float64{false: rowsShare, true: rowsShareBig}[hand > HandRef]; share < want {
		t.Errorf("rows take %.3f of the screen, want at least %.2f", share, want)
	}
	if len(l.Hand) != hand || len(l.HandHit) != hand {
		t.Fatalf("hand has %d/%d rects, want %d", len(l.Hand), len(l.HandHit), hand)
	}
	var hands []named // the hand cards, lifted or not: they may overlap each other only
	lines := map[float64]bool{}
	for _, c := range l.Hand {
		lines[c.Y] = true
	}
	if len(lines) > 2 {
		t.Errorf("hand in %d lines, want one or two", len(lines))
	}
	for i := range l.Hand {
		c := l.Hand[i]
		lifted := Rect{c.X, c.Y - l.Lift, c.W, c.H}
		in(fmt.Sprintf("hand %d", i), c)
		in(fmt.Sprintf("hand %d lifted", i), lifted)
		in(fmt.Sprintf("hand hit %d", i), l.HandHit[i])
		if !lifted.Within(union(l.HandHit[i], c, false)) {
			t.Errorf("hand %d lifted %+v leaves its place %+v", i, lifted, l.HandHit[i])
		}
		all = append(all, named{fmt.Sprintf("hand %d", i), l.HandHit[i]})
		hands = append(hands, named{fmt.Sprintf("hand %d", i), c}, named{fmt.Sprintf("hand %d lifted", i), lifted})
		if phone(w, h) && (l.HandHit[i].W < MinTap || l.HandHit[i].H < MinTap) {
			t.Errorf("hand card %d too small to tap: %+v", i, l.HandHit[i])
		}
		if c.H < c.W*1.4 || c.H > c.W*1.6 {
			t.Errorf("hand card %d is not about 2:3: %+v", i, c)
		}
		// The index (corner number and every bullhead) stays visible: no card drawn after
		// this one (to its right, or in a later line) covers it.
		idx := FaceOf(c).Index()
		for j := i + 1; j < len(l.Hand); j++ {
			if idx.Overlaps(l.Hand[j]) {
				t.Errorf("hand card %d %+v covers the number or bullheads %+v of card %d", j, l.Hand[j], idx, i)
			}
		}
		if i > 0 && l.Hand[i].W != l.Hand[0].W {
			t.Errorf("hand cards of different sizes: %+v, %+v", l.Hand[0], l.Hand[i])
		}
	}
	if len(l.Seats) != seats {
		t.Fatalf("%d seats laid out, want %d", len(l.Seats), seats)
	}
	var texts []named // every text box on the table: inside its box, none overlapping
	minName, minScore := float64(MinNameSize), float64(MinScoreSize)
	if math.Min(w, h) < 600 {
		minName, minScore = MinNameSizePhone, MinScoreSizePhone
	}
	for i, s := range l.Seats {
		in(fmt.Sprintf("seat %d plate", i), s.Plate)
		in(fmt.Sprintf("seat %d chosen", i), s.Chosen)
		all = append(all, named{fmt.Sprintf("seat %d", i), union(s.Plate, s.Chosen, false)})
		shown := 0
		for k, tx := range s.Text {
			name := fmt.Sprintf("seat %d text %d", i, k)
			if !tx.Shown() {
				if k == TxtName || k == TxtScore || !s.Compact {
					t.Errorf("%s missing", name)
				}
				continue
			}
			shown++
			if !tx.R.Within(s.Plate) {
				t.Errorf("%s %+v outside its plate %+v", name, tx.R, s.Plate)
			}
			if tx.Size > tx.R.H || tx.Size < 9 {
				t.Errorf("%s: size %.1f in a box %.1f high", name, tx.Size, tx.R.H)
			}
			if tx.R.Overlaps(s.Chosen) {
				t.Errorf("%s %+v under the chosen card %+v", name, tx.R, s.Chosen)
			}
			texts = append(texts, named{name, tx.R})
		}
		if s.Compact && shown != 2 {
			t.Errorf("seat %d: compact plate with %d texts", i, shown)
		}
		checkFace(t, i, s, minScore)
		nm := s.Text[TxtName]
		if nm.Size < minName {
			t.Errorf("seat %d: name size %.1f, want at least %v", i, nm.Size, minName)
		}
		if nm.R.W < nm.Size*0.6*6 { // six letters ("Fumiko") at about 0.6 em each
			t.Errorf("seat %d: name box %.1f wide for size %.1f", i, nm.R.W, nm.Size)
		}
	}
	// The score bar's title and list.
	texts = append(texts, named{"score title", l.ScoreTitle.R})
	if !l.ScoreTitle.R.Within(l.ScoreBar) || l.ScoreTitle.Size > l.ScoreTitle.R.H || l.ScoreTitle.Size < 9 {
		t.Errorf("score title %+v in the score bar %+v", l.ScoreTitle, l.ScoreBar)
	}
	// The bar names the variant (issue 25); it lists no scores: the plates show them.
	if v := l.Variant; !v.R.Within(l.ScoreBar) || v.Size > v.R.H || v.Size < minName || v.Size > l.ScoreTitle.Size {
		t.Errorf("variant %+v in the score bar %+v (title %+v, at least %v)", v, l.ScoreBar, l.ScoreTitle, minName)
	}
	texts = append(texts, named{"variant", l.Variant.R})
	in("status", l.Status)
	in("warning", l.Warn)
	for _, o := range append(all, hands...) { // buttons, rows, hand, seats: not the status line
		if l.Warn.Overlaps(o.r) {
			t.Errorf("warning %+v covers %s %+v", l.Warn, o.name, o.r)
		}
	}
	if l.Warn.H < l.Unit*1.4 {
		t.Errorf("warning %+v too low for its text (unit %.1f)", l.Warn, l.Unit)
	}
	all = append(all, named{"status", l.Status})
	texts = append(texts, named{"status", l.Status})
	for i, q := range l.Queue {
		if !l.RevealBack.Empty() {
			break // the phones' reveal line lies over the hand's band: checkRevealLine
		}
		in(fmt.Sprintf("queue %d", i), q)
		// The name under a queued card.
		label := Rect{q.X, q.Y + q.H, q.W, l.Unit * 1.4}
		in(fmt.Sprintf("queue %d label", i), label)
		texts = append(texts, named{fmt.Sprintf("queue %d label", i), label})
		all = append(all, named{fmt.Sprintf("queue %d", i), union(q, label, false)})
	}
	if !l.Portrait && l.W >= 1000 && len(l.Queue) != seats {
		t.Errorf("no reveal queue on a %vx%v screen", l.W, l.H)
	}
	// The tracker/log overlay leaves the status line readable when that line sits beside the
	// rows, and leaves the rows' sums visible when it fits beside them.
	in("panel", l.Panel)
	beside := !l.Portrait && l.Status.X > l.Rows[0].Sum.X
	// The tracker or log never covers the status line (every line of it) or the warning banner.
	if l.Panel.Overlaps(l.Status) || l.Panel.Overlaps(l.Warn) {
		t.Errorf("panel %+v covers the status line %+v or the warning %+v", l.Panel, l.Status, l.Warn)
	}
	for r := range l.Rows {
		if beside && l.Panel.Overlaps(l.Rows[r].Sum) {
			t.Errorf("panel %+v covers row %d's sum %+v", l.Panel, r, l.Rows[r].Sum)
		}
	}
	// The overlay never lies over a live control: a button or a hand card.
	for i, b := range l.Buttons {
		if l.Panel.Overlaps(b) {
			t.Errorf("panel %+v covers button %s %+v", l.Panel, ButtonIDs[i], b)
		}
	}
	for i, c := range l.HandHit {
		if l.Panel.Overlaps(c) || l.Panel.Overlaps(l.Hand[i]) {
			t.Errorf("panel %+v covers hand card %d %+v", l.Panel, i, c)
		}
	}
	checkPool(t, l, seats)
	checkComposed(t, l, seats, hand)
	in("score bar", l.ScoreBar)
	all = append(all, named{"score bar", l.ScoreBar})
	// The warning stands clear of every text (the status, the round, names, scores) and of the
	// reveal queue: the phone's "Too low" banner once cut through "Round 1 of 2".
	for _, o := range append(texts, named{"score bar", l.ScoreBar}) {
		if l.Warn.Overlaps(o.r) {
			t.Errorf("warning %+v covers %s %+v", l.Warn, o.name, o.r)
		}
	}
	for i, q := range l.Queue {
		if l.Warn.Overlaps(q) {
			t.Errorf("warning %+v covers queue %d %+v", l.Warn, i, q)
		}
	}
	// With any card lifted the hand still shows every card's index, the lifted card whole, and
	// stays clear of everything else.
	for k := range l.Hand {
		hand, hit := l.Opened(k)
		for _, o := range all {
			if strings.HasPrefix(o.name, "hand ") {
				continue
			}
			for i := range hand {
				lifted := Rect{hand[i].X, hand[i].Y - l.Lift, hand[i].W, hand[i].H}
				if hand[i].Overlaps(o.r) || lifted.Overlaps(o.r) || hit[i].Overlaps(o.r) {
					t.Errorf("card %d lifted: hand card %d %+v overlaps %s %+v", k, i, hand[i], o.name, o.r)
				}
			}
		}
		checkOpened(t, l, k, hand, hit)
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if all[i].r.Overlaps(all[j].r) {
				t.Errorf("%s %+v overlaps %s %+v", all[i].name, all[i].r, all[j].name, all[j].r)
			}
		}
		if strings.HasPrefix(all[i].name, "hand ") {
			continue
		}
		for _, c := range hands {
			if c.r.Overlaps(all[i].r) {
				t.Errorf("%s %+v overlaps %s %+v", c.name, c.r, all[i].name, all[i].r)
			}
		}
	}
	for i := range texts {
		for j := i + 1; j < len(texts); j++ {
			if texts[i].r.Overlaps(texts[j].r) {
				t.Errorf("text %s %+v overlaps text %s %+v", texts[i].name, texts[i].r, texts[j].name, texts[j].r)
			}
		}
	}
	if l.CardW < 12 || l.CardH < l.CardW {
		t.Errorf("row cards %vx%v", l.CardW, l.CardH)
	}
	if hand > 0 && l.Hand[0].W < l.CardW {
		t.Errorf("hand cards %.1f narrower than row cards %.1f", l.Hand[0].W, l.CardW)
	}
}

// checkFace checks seat i's score and avatar: the score is the plate's largest text, at least
// minScore, in a box that holds three digits; the avatar is a square of at least 16 pixels (14
// on a compact plate) on the plate, clear of every text box and of the chosen card.
func checkFace(t *testing.T, i int, s Seat, minScore float64) {
	t.Helper()
	sc := s.Text[TxtScore]
	if sc.Size < minScore {
		t.Errorf("seat %d: score size %.1f, want at least %v", i, sc.Size, minScore)
	}
	for k, tx := range s.Text {
		if k != TxtScore && tx.Size >= sc.Size {
			t.Errorf("seat %d: text %d size %.1f not smaller than the score's %.1f", i, k, tx.Size, sc.Size)
		}
	}
	// Three digits ("104") fit in the score's box: the font's digits are 0.56 em wide.
	if sc.R.W < 3*0.57*sc.Size {
		t.Errorf("seat %d: score box %.1f wide for three digits at size %.1f", i, sc.R.W, sc.Size)
	}
	a := s.Avatar
	least := 16.0
	if s.Compact {
		least = 14
	}
	if a.W < least || math.Abs(a.W-a.H) > 0.01 || !a.Within(s.Plate) {
		t.Errorf("seat %d: avatar %+v not a square of at least %v on its plate %+v", i, a, least, s.Plate)
	}
	if a.Overlaps(s.Chosen) {
		t.Errorf("seat %d: avatar %+v under the chosen card %+v", i, a, s.Chosen)
	}
	for k, tx := range s.Text {
		if tx.Shown() && a.Overlaps(tx.R) {
			t.Errorf("seat %d: avatar %+v overlaps text %d %+v", i, a, k, tx.R)
		}
	}
}

// checkOpened checks the hand of l with card k lifted (hand and hit, from l.Opened): the cards
// keep their size and line; no card drawn after another (the lifted one last, whole) covers
// its index; the tap targets do not overlap, hold their cards' visible parts, are MinTap wide on
// phones, and the lifted card's holds its resting one (a pointer that lifted it by hovering
// stays on it).
func checkOpened(t *testing.T, l Table, k int, hand, hit []Rect) {
	t.Helper()
	w, h := l.W, l.H
	if len(hand) != len(l.Hand) || len(hit) != len(l.HandHit) {
		t.Fatalf("card %d lifted: %d/%d rects for %d cards", k, len(hand), len(hit), len(l.Hand))
	}
	lifted := Rect{hand[k].X, hand[k].Y - l.Lift, hand[k].W, hand[k].H}
	for i, c := range hand {
		if c.W != l.Hand[i].W || c.H != l.Hand[i].H || c.Y != l.Hand[i].Y {
			t.Errorf("card %d lifted: card %d %+v is not in its line as %+v", k, i, c, l.Hand[i])
		}
		if !c.Inside(w, h) || !hit[i].Inside(w, h) {
			t.Errorf("card %d lifted: card %d %+v (tap %+v) out of screen", k, i, c, hit[i])
		}
		if phone(w, h) && (hit[i].W < MinTap || hit[i].H < MinTap) {
			t.Errorf("card %d lifted: card %d too small to tap: %+v", k, i, hit[i])
		}
		for j := i + 1; j < len(hit); j++ { // the lifted card's tap too
			if hit[i].Overlaps(hit[j]) {
				t.Errorf("card %d lifted: taps %d %+v and %d %+v overlap", k, i, hit[i], j, hit[j])
			}
		}
		if i == k {
			continue
		}
		idx := FaceOf(c).Index()
		if idx.Overlaps(lifted) {
			t.Errorf("card %d lifted %+v covers the number or bullheads %+v of card %d", k, lifted, idx, i)
		}
		for j := i + 1; j < len(hand); j++ {
			if j != k && idx.Overlaps(hand[j]) {
				t.Errorf("card %d lifted: card %d %+v covers the number or bullheads %+v of card %d", k, j, hand[j], idx, i)
			}
		}
	}
	rest := l.HandHit[k]
	if hit[k].X > rest.X+1e-9 || hit[k].X+hit[k].W < rest.X+rest.W-1e-9 {
		t.Errorf("card %d lifted: its tap %+v leaves its resting one %+v", k, hit[k], rest)
	}
	if !lifted.Within(union(hit[k], hand[k], false)) {
		t.Errorf("card %d lifted %+v leaves its place %+v", k, lifted, hit[k])
	}
}

// union returns the smallest rectangle holding r and s (s alone when first).
func union(r, s Rect, first bool) Rect {
	if first {
		return s
	}
	x0, y0 := math.Min(r.X, s.X), math.Min(r.Y, s.Y)
	x1, y1 := math.Max(r.X+r.W, s.X+s.W), math.Max(r.Y+r.H, s.Y+s.H)
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

func TestForm(t *testing.T) {
	for _, sz := range sizes {
		for _, n := range []int{3, 9} {
			rs := Form(sz[0], sz[1], n)
			for i, r := range rs {
				if !r.Inside(sz[0], sz[1]) || r.Empty() {
					t.Errorf("%v n=%d row %d: %+v", sz, n, i, r)
				}
				if r.H < MinTap {
					t.Errorf("%v row %d too short: %+v", sz, i, r)
				}
				if i > 0 && rs[i-1].Overlaps(r) {
					t.Errorf("%v rows %d and %d overlap", sz, i-1, i)
				}
			}
			if FormTitle(sz[0], sz[1]).Overlaps(rs[0]) {
				t.Errorf("%v title overlaps the first row", sz)
			}
		}
	}
}

// TestFormSpread: the lobby's column keeps Form's rows' sizes and order, inside the screen,
// under the title, no two overlapping; on a tall screen it fills the height (the space left
// under the last row at most its share above the first), so a phone held upright shows no empty
// lower half.
func TestFormSpread(t *testing.T) {
	for _, sz := range sizes {
		for _, n := range []int{3, 8} {
			w, h := sz[0], sz[1]
			rs, plain := FormSpread(w, h, n), Form(w, h, n)
			title := FormTitle(w, h)
			bottom := 0.0
			for i, r := range rs {
				if !r.Inside(w, h) || r.H != plain[i].H || r.W != plain[i].W || r.X != plain[i].X {
					t.Errorf("%v n=%d row %d: %+v (Form: %+v)", sz, n, i, r, plain[i])
				}
				if r.Y < plain[i].Y || r.Overlaps(title) {
					t.Errorf("%v n=%d row %d moved up or over the title: %+v", sz, n, i, r)
				}
				for j := range i {
					if r.Overlaps(rs[j]) {
						t.Errorf("%v n=%d rows %d and %d overlap", sz, n, j, i)
					}
				}
				bottom = math.Max(bottom, r.Y+r.H)
			}
			m := math.Round(clamp(math.Min(w, h)*0.02, 4, 24))
			above, below := rs[0].Y-plain[0].Y, h-m-bottom
			if below > above+1 {
				t.Errorf("%v n=%d: %.0f px empty under the rows, %.0f over them", sz, n, below, above)
			}
		}
	}
}

// TestFormPair: the two groups stand side by side where Form would put the page's most rows in
// two columns (a phone on its side), each column from the same top, else one column a over b;
// every row inside the screen, under the title, none over another.
func TestFormPair(t *testing.T) {
	for _, sz := range sizes {
		w, h := sz[0], sz[1]
		two := Form(w, h, 8)[7].X != Form(w, h, 8)[0].X
		for _, ab := range [][2]int{{3, 3}, {4, 3}, {3, 4}, {4, 4}} {
			a, b := ab[0], ab[1]
			rs := FormPair(w, h, 8, a, b)
			if len(rs) != a+b {
				t.Fatalf("%v %d+%d: %d rows", sz, a, b, len(rs))
			}
			for i, r := range rs {
				if !r.Inside(w, h) || r.Overlaps(FormTitle(w, h)) || r.H < MinTap {
					t.Errorf("%v %d+%d row %d: %+v", sz, a, b, i, r)
				}
				for j := range i {
					if r.Overlaps(rs[j]) {
						t.Errorf("%v %d+%d: rows %d and %d overlap", sz, a, b, j, i)
					}
				}
			}
			if side := rs[a].X != rs[0].X; side != two {
				t.Errorf("%v %d+%d: groups side by side %v, want %v", sz, a, b, side, two)
			}
			if two && (rs[a].Y != rs[0].Y || rs[a-1].X != rs[0].X || rs[a+b-1].X != rs[a].X) {
				t.Errorf("%v %d+%d: groups not in two columns from one top: %+v", sz, a, b, rs)
			}
		}
	}
}

func TestRect(t *testing.T) {
	r := Rect{10, 10, 20, 20}
	tests := []struct {
		x, y float64
		want bool
	}{{10, 10, true}, {29.9, 29.9, true}, {30, 15, false}, {9, 15, false}}
	for _, tc := range tests {
		if got := r.Contains(tc.x, tc.y); got != tc.want {
			t.Errorf("Contains(%v,%v) = %v", tc.x, tc.y, got)
		}
	}
	if r.Overlaps(Rect{30, 10, 5, 5}) || !r.Overlaps(Rect{29, 29, 5, 5}) {
		t.Error("Overlaps wrong at the edge")
	}
}

// checkPool checks the draft's pool: its area is the middle of the table, clear of the plates,
// the hand, the buttons, the status and the warning; every pool a draft can have (10 cards a seat
// and the four for the rows) lies in it in a grid of 2:3 cards, none over another, at least 16
// pixels wide.
func checkPool(t *testing.T, l Table, seats int) {
	t.Helper()
	p := l.Pool
	if p.Empty() || !p.Inside(l.W, l.H) {
		t.Errorf("pool area %+v", p)
	}
	clear := []Rect{l.Status, l.Warn}
	clear = append(clear, l.Buttons[:]...)
	clear = append(clear, l.HandHit...)
	for _, s := range l.Seats {
		clear = append(clear, s.Plate, s.Chosen)
	}
	for _, c := range clear {
		if p.Overlaps(c) {
			t.Errorf("pool area %+v overlaps %+v", p, c)
		}
	}
	n := 10*seats + 4
	g := l.PoolGrid(n)
	if len(g) != n {
		t.Fatalf("pool grid of %d for %d cards", len(g), n)
	}
	for i, r := range g {
		if !r.Within(p) || r.W < 16 || math.Abs(r.H-r.W*1.5) > 0.01 {
			t.Errorf("pool card %d of %d %+v: not a 2:3 card of at least 16 px in %+v", i, n, r, p)
		}
		for j := range i {
			if r.Overlaps(g[j]) {
				t.Errorf("pool cards %d %+v and %d %+v overlap", j, g[j], i, r)
			}
		}
	}
}

// checkComposed states issue 25's composition: the row cards at least rowCardLeast wide with a
// hand of up to HandRef cards; the rows centred (on the screen held
// upright; between the screen's left edge and the side panel on a landscape screen); and on a
// landscape screen the opponents in two columns flanking the rows, clockwise (up the left side,
// down the right), the person's plate beside the hand and not in the button column, and the
// rows and plates spread over the felt, not leaving a third of it empty.
func checkComposed(t *testing.T, l Table, seats, hand int) {
	t.Helper()
	least := rowCardLeast[[2]float64{l.W, l.H}]
	if hand <= HandRef && l.CardW < least {
		t.Errorf("row cards %.1f wide, want at least %v", l.CardW, least)
	}
	box := l.Rows[0].Hit
	for _, r := range l.Rows {
		box = union(box, r.Hit, false)
	}
	right := l.W
	if !l.Portrait {
		right = l.Buttons[BtnMenu].X
	}
	if d := box.X - (right - box.X - box.W); math.Abs(d) > 1 {
		t.Errorf("rows %+v off centre by %.1f between 0 and %.1f", box, d/2, right)
	}
	if l.Portrait {
		return
	}
	// Around the rows: the left column from the bottom up, then the right from the top down.
	var nl, nr int
	lo, hi := box.X, box.X+box.W
	for i := 1; i < seats; i++ {
		s := union(l.Seats[i].Plate, l.Seats[i].Chosen, false)
		if s.Y+s.H <= box.Y || s.Y >= box.Y+box.H {
			t.Errorf("seat %d %+v not beside the rows %+v", i, s, box)
		}
		switch {
		case s.X+s.W <= box.X:
			if nr > 0 || nl > 0 && s.Y >= l.Seats[i-1].Plate.Y {
				t.Errorf("seat %d %+v out of clockwise order on the left", i, s)
			}
			nl++
		case s.X >= box.X+box.W:
			if nr > 0 && s.Y <= l.Seats[i-1].Plate.Y {
				t.Errorf("seat %d %+v out of clockwise order on the right", i, s)
			}
			nr++
		default:
			t.Errorf("seat %d %+v over the rows %+v", i, s, box)
		}
		lo, hi = math.Min(lo, s.X), math.Max(hi, s.X+s.W)
		// From 1280×720 on, ten seats included, every opponent shows a face, not a chip (hands
		// of more than HandRef cards come with variants for at most 7 seats).
		if l.W >= 1280 && l.H >= 720 && (hand <= HandRef || seats <= 7) && l.Seats[i].Avatar.W < 32 {
			t.Errorf("seat %d: avatar %+v under 32 px", i, l.Seats[i].Avatar)
		}
	}
	if nl-nr != 0 && nl-nr != 1 {
		t.Errorf("%d opponents left of the rows, %d right", nl, nr)
	}
	// The felt left of the side panel is spread with rows and plates: at most a sixth of its
	// width empty (with opponents at both sides), and the rows at least half of its height.
	if seats > 2 && (hi-lo) < right*5/6 {
		t.Errorf("rows and plates take x %.0f–%.0f of %.0f", lo, hi, right)
	}
	if box.H < l.H/2 {
		t.Errorf("rows %.0f high on a screen %.0f high", box.H, l.H)
	}
	me := l.Seats[0]
	if hand > 0 {
		c := l.Hand[0]
		for _, h := range l.Hand {
			c = union(c, h, false)
		}
		if me.Plate.Y+me.Plate.H <= c.Y || me.Plate.Y >= c.Y+c.H || me.Chosen.X+me.Chosen.W > c.X || me.Plate.X+me.Plate.W > c.X {
			t.Errorf("own plate %+v and card %+v not beside the hand %+v", me.Plate, me.Chosen, c)
		}
	}
	if me.Plate.X+me.Plate.W > l.Buttons[BtnMenu].X || me.Plate.Y < box.Y+box.H {
		t.Errorf("own plate %+v not under the rows %+v, left of the buttons", me.Plate, box)
	}
}

// TestSpreadAnyOrder: Spread grows the gaps between a column's rows from the top down, whatever
// the order the column lists its rectangles in.
func TestSpreadAnyOrder(t *testing.T) {
	rows := func() []*Rect { return []*Rect{{0, 10, 50, 20}, {0, 40, 50, 20}, {0, 70, 50, 20}} }
	want := rows()
	Spread([][]*Rect{want}, 200, 30)
	got := rows()
	Spread([][]*Rect{{got[2], got[0], got[1]}}, 200, 30)
	for i := range want {
		if *got[i] != *want[i] {
			t.Errorf("row %d listed out of order: %v, listed in order: %v", i, *got[i], *want[i])
		}
	}
	if want[1].Y-want[0].Y != want[2].Y-want[1].Y || want[1].Y-want[0].Y <= 30 {
		t.Errorf("rows at %v, %v, %v: want equal gaps, grown", want[0].Y, want[1].Y, want[2].Y)
	}
}
