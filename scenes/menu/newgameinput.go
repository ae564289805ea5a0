package menu

import (
	"strconv"
	"strings"

	"nimmt/assets/sounds"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
)

// The new-game form's input: a tick's taps and keys, the buttons' actions and the name being
// typed.

// SetPage shows page p with no focus and no name being typed.
func (f *NewGameForm) SetPage(p formPage) {
	f.stopTyping()
	f.Page = p
	f.Focus = -1
}

// Activate runs the button id; it reports FormStart or FormBack when the form is done.
func (f *NewGameForm) Activate(id string) (FormResult, error) {
	st := f.St
	f.g.Cue(sounds.Click)
	res := FormOpen
	switch {
	case id == "back":
		f.stopTyping()
		res = FormBack
	case id == "start":
		f.stopTyping()
		res = FormStart
	case id == "seats-minus":
		st.Seats = ui.ClampSeats(st.EngineVariant(), st.Seats-1)
	case id == "seats-plus":
		st.Seats = ui.ClampSeats(st.EngineVariant(), st.Seats+1)
	case id == "variant":
		f.SetPage(PageVariants)
	case id == "back-variants", id == "seat-done":
		f.SetPage(PageForm)
	case id == "back-newgame":
		f.SetPage(f.aboutFrom)
	case len(id) > 6 && id[:6] == "about-":
		for _, e := range VariantEntries() {
			if e.Key() == id[6:] {
				f.About, f.aboutFrom = e, f.Page
				f.SetPage(PageAbout)
			}
		}
	case len(id) > 8 && id[:8] == "variant-":
		for _, e := range VariantEntries() {
			if e.Key() == id[8:] {
				st.Variant, st.Doublets = e.V.String(), e.Doublets
				st.Seats = ui.ClampSeats(e.V, st.Seats)
			}
		}
		f.SetPage(PageForm)
	case id == "name":
		if f.editing == 0 {
			f.stopTyping()
		} else {
			f.StartTyping(0)
		}
	case id == "seat-name":
		if f.editing == f.Seat {
			f.stopTyping()
		} else {
			f.StartTyping(f.Seat)
		}
	case len(id) > 5 && id[:5] == "seat-":
		s, _ := strconv.Atoi(id[5:])
		if s >= 1 && s < st.Seats {
			f.Seat = s
			f.SetPage(PageSeat)
		}
	case len(id) > 7 && id[:7] == "choice-":
		f.stopTyping()
		st.Levels[f.Seat-1] = f.choice(id[7:]).ID
		if st.Levels[f.Seat-1] != ui.LevelPerson {
			f.SetPage(PageForm)
		}
	case id == "end-mode":
		st.EndMode = Cycle([]string{"66", "score", "rounds"}, st.EndMode, 1)
	case id == "end-minus", id == "end-plus":
		d := 1
		if id == "end-minus" {
			d = -1
		}
		if st.EndMode == "score" {
			st.EndScore = int(ui.ClampF(float64(st.EndScore+d*5), 10, 500))
		} else {
			st.Rounds = int(ui.ClampF(float64(st.Rounds+d), 1, 50))
		}
	case id == "speed":
		st.Speed = Cycle(speeds, st.Speed, 1)
	default:
		for _, x := range f.opts.Steppers {
			if id == x.ID+"-minus" && x.CanStep(-1) {
				x.Step(-1)
			}
			if id == x.ID+"-plus" && x.CanStep(1) {
				x.Step(1)
			}
		}
	}
	f.Build()
	return res, nil
}

// StartTyping puts the cursor after seat s's name as shown (a default one too), so that a tap
// on the field keeps it.
func (f *NewGameForm) StartTyping(s int) {
	f.editing = s
	f.KB.Shift, f.KB.Symbols = false, false
	f.NameBuf = []rune(f.storedName(s))
}

// stopTyping ends typing, keeping the name (an empty one falls back to the default).
func (f *NewGameForm) stopTyping() {
	if f.editing < 0 {
		return
	}
	if tf := f.g.Opts.TextField; tf != nil {
		v, _ := tf.Poll()
		f.NameBuf = []rune(v)
		tf.Close()
	}
	f.setName(f.editing, string(f.NameBuf))
	f.editing = -1
	f.NameBuf = f.NameBuf[:0]
}

// setName sets seat s's name, at most maxName letters; an empty name, or the seat's default
// left as it was ("Player 2"), stays the default, so that it follows the language and the
// number of people here.
func (f *NewGameForm) setName(s int, name string) {
	name = ui.ClipName(strings.TrimSpace(f.g.Txt.Drawable(name)))
	if name == msg.New(msg.PlayerName, s+1).String() {
		name = ""
	}
	if s == 0 {
		if name == "" {
			name = msg.DefaultName.Text()
		}
		f.St.Name = name
		return
	}
	f.St.Names[s-1] = name
}

// Update handles one tick: typing, taps on the widgets and the keyboard.
func (f *NewGameForm) Update(in *ui.Input) (FormResult, error) {
	if f.g.NoteDevice(in) && f.editing >= 0 {
		f.Build() // the on-screen keyboard comes or goes
	}
	if f.editing >= 0 {
		f.typeKeys(in)
		if id, on := f.KB.Tap(f.g, in); on {
			if id != "" {
				f.pressKey(id)
			}
			return FormOpen, nil
		}
		if in.Tap && !f.tapOnField(in) {
			f.stopTyping()
			f.Build()
		}
	}
	if id := ui.WidgetInput(f.Widgets, &f.Focus, in); id != "" {
		return f.Activate(id)
	}
	if in.Key(ui.KeyEsc) {
		switch f.Page {
		case PageForm:
			return FormBack, nil
		case PageAbout:
			f.SetPage(f.aboutFrom)
		default:
			f.SetPage(PageForm)
		}
		f.Build()
	}
	return FormOpen, nil
}

// pressKey types the on-screen key id into the name; Done ends typing.
func (f *NewGameForm) pressKey(id string) {
	buf, done, _ := f.KB.Press(id, f.NameBuf, ui.MaxName)
	f.NameBuf = buf
	if done {
		f.stopTyping()
	}
	f.Build()
}

// tapOnField reports whether this tick's tap is on the name field being typed into.
func (f *NewGameForm) tapOnField(in *ui.Input) bool {
	for _, w := range f.Widgets {
		if (w.ID == "name" || w.ID == "seat-name") && w.R.Contains(in.TapX, in.TapY) {
			return true
		}
	}
	return false
}

// typeKeys takes this tick's letters, Backspace, Enter and Esc into the name being typed; the
// keys are consumed (they are not commands while typing).
func (f *NewGameForm) typeKeys(in *ui.Input) {
	if tf := f.g.Opts.TextField; tf != nil {
		// The platform's field holds the text; the canvas gets no keys meanwhile.
		v, done := tf.Poll()
		if v = ui.ClipName(f.g.Txt.Drawable(v)); v != string(f.NameBuf) || done {
			f.NameBuf = []rune(v)
			if done {
				f.stopTyping()
			}
			f.Build()
		}
		in.NKeys = 0
		return
	}
	changed := false
	for i := 0; i < in.NRune; i++ {
		if r := in.Runes[i]; len(f.NameBuf) < ui.MaxName && r >= ' ' && f.g.Txt.Drawable(string(r)) != "" {
			f.NameBuf = append(f.NameBuf, in.Runes[i])
			changed = true
		}
	}
	if in.Key(ui.KeyBackspace) && len(f.NameBuf) > 0 {
		f.NameBuf = f.NameBuf[:len(f.NameBuf)-1]
		changed = true
	}
	if in.Key(ui.KeyEnter) || in.Key(ui.KeyEsc) {
		f.stopTyping()
		changed = true
	}
	in.NKeys = 0
	if changed {
		f.Build()
	}
}

// FieldTargets appends the rectangles of the page's name fields to rs.
func (f *NewGameForm) FieldTargets(rs []layout.Rect) []layout.Rect {
	for _, w := range f.Widgets {
		if w.ID == "name" || w.ID == "seat-name" {
			rs = append(rs, w.R)
		}
	}
	return rs
}

// FieldRect returns the rectangle of the name field being typed into.
func (f *NewGameForm) FieldRect() (layout.Rect, bool) {
	for _, w := range f.Widgets {
		if w.ID == "name" && f.editing == 0 || w.ID == "seat-name" && f.editing == f.Seat && f.Page == PageSeat {
			return w.R, true
		}
	}
	return layout.Rect{}, false
}
