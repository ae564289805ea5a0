package scenes

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

// setPage shows page p with no focus and no name being typed.
func (f *newGameForm) setPage(p formPage) {
	f.stopTyping()
	f.page = p
	f.focus = -1
}

// activate runs the button id; it reports FormStart or FormBack when the form is done.
func (f *newGameForm) activate(id string) (FormResult, error) {
	st := f.st
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
		f.setPage(pageVariants)
	case id == "back-variants", id == "seat-done":
		f.setPage(pageForm)
	case id == "back-newgame":
		f.setPage(f.aboutFrom)
	case len(id) > 6 && id[:6] == "about-":
		for _, e := range variantEntries() {
			if e.key() == id[6:] {
				f.about, f.aboutFrom = e, f.page
				f.setPage(pageAbout)
			}
		}
	case len(id) > 8 && id[:8] == "variant-":
		for _, e := range variantEntries() {
			if e.key() == id[8:] {
				st.Variant, st.Doublets = e.v.String(), e.doublets
				st.Seats = ui.ClampSeats(e.v, st.Seats)
			}
		}
		f.setPage(pageForm)
	case id == "name":
		if f.editing == 0 {
			f.stopTyping()
		} else {
			f.startTyping(0)
		}
	case id == "seat-name":
		if f.editing == f.seat {
			f.stopTyping()
		} else {
			f.startTyping(f.seat)
		}
	case len(id) > 5 && id[:5] == "seat-":
		s, _ := strconv.Atoi(id[5:])
		if s >= 1 && s < st.Seats {
			f.seat = s
			f.setPage(pageSeat)
		}
	case len(id) > 7 && id[:7] == "choice-":
		f.stopTyping()
		st.Levels[f.seat-1] = f.choice(id[7:]).ID
		if st.Levels[f.seat-1] != ui.LevelPerson {
			f.setPage(pageForm)
		}
	case id == "end-mode":
		st.EndMode = cycle([]string{"66", "score", "rounds"}, st.EndMode, 1)
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
		st.Speed = cycle(speeds, st.Speed, 1)
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

// startTyping puts the cursor after seat s's name as shown (a default one too), so that a tap
// on the field keeps it.
func (f *newGameForm) startTyping(s int) {
	f.editing = s
	f.kb.Shift, f.kb.Symbols = false, false
	f.nameBuf = []rune(f.storedName(s))
}

// stopTyping ends typing, keeping the name (an empty one falls back to the default).
func (f *newGameForm) stopTyping() {
	if f.editing < 0 {
		return
	}
	if tf := f.g.Opts.TextField; tf != nil {
		v, _ := tf.Poll()
		f.nameBuf = []rune(v)
		tf.Close()
	}
	f.setName(f.editing, string(f.nameBuf))
	f.editing = -1
	f.nameBuf = f.nameBuf[:0]
}

// setName sets seat s's name, at most maxName letters; an empty name, or the seat's default
// left as it was ("Player 2"), stays the default, so that it follows the language and the
// number of people here.
func (f *newGameForm) setName(s int, name string) {
	name = ui.ClipName(strings.TrimSpace(f.g.Txt.Drawable(name)))
	if name == msg.New(msg.PlayerName, s+1).String() {
		name = ""
	}
	if s == 0 {
		if name == "" {
			name = msg.DefaultName.Text()
		}
		f.st.Name = name
		return
	}
	f.st.Names[s-1] = name
}

// Update handles one tick: typing, taps on the widgets and the keyboard.
func (f *newGameForm) Update(in *ui.Input) (FormResult, error) {
	if f.g.NoteDevice(in) && f.editing >= 0 {
		f.Build() // the on-screen keyboard comes or goes
	}
	if f.editing >= 0 {
		f.typeKeys(in)
		if id, on := f.kb.Tap(f.g, in); on {
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
	if id := ui.WidgetInput(f.widgets, &f.focus, in); id != "" {
		return f.activate(id)
	}
	if in.Key(ui.KeyEsc) {
		switch f.page {
		case pageForm:
			return FormBack, nil
		case pageAbout:
			f.setPage(f.aboutFrom)
		default:
			f.setPage(pageForm)
		}
		f.Build()
	}
	return FormOpen, nil
}

// pressKey types the on-screen key id into the name; Done ends typing.
func (f *newGameForm) pressKey(id string) {
	buf, done, _ := f.kb.Press(id, f.nameBuf, ui.MaxName)
	f.nameBuf = buf
	if done {
		f.stopTyping()
	}
	f.Build()
}

// tapOnField reports whether this tick's tap is on the name field being typed into.
func (f *newGameForm) tapOnField(in *ui.Input) bool {
	for _, w := range f.widgets {
		if (w.ID == "name" || w.ID == "seat-name") && w.R.Contains(in.TapX, in.TapY) {
			return true
		}
	}
	return false
}

// typeKeys takes this tick's letters, Backspace, Enter and Esc into the name being typed; the
// keys are consumed (they are not commands while typing).
func (f *newGameForm) typeKeys(in *ui.Input) {
	if tf := f.g.Opts.TextField; tf != nil {
		// The platform's field holds the text; the canvas gets no keys meanwhile.
		v, done := tf.Poll()
		if v = ui.ClipName(f.g.Txt.Drawable(v)); v != string(f.nameBuf) || done {
			f.nameBuf = []rune(v)
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
		if r := in.Runes[i]; len(f.nameBuf) < ui.MaxName && r >= ' ' && f.g.Txt.Drawable(string(r)) != "" {
			f.nameBuf = append(f.nameBuf, in.Runes[i])
			changed = true
		}
	}
	if in.Key(ui.KeyBackspace) && len(f.nameBuf) > 0 {
		f.nameBuf = f.nameBuf[:len(f.nameBuf)-1]
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

// fieldTargets appends the rectangles of the page's name fields to rs.
func (f *newGameForm) fieldTargets(rs []layout.Rect) []layout.Rect {
	for _, w := range f.widgets {
		if w.ID == "name" || w.ID == "seat-name" {
			rs = append(rs, w.R)
		}
	}
	return rs
}

// fieldRect returns the rectangle of the name field being typed into.
func (f *newGameForm) fieldRect() (layout.Rect, bool) {
	for _, w := range f.widgets {
		if w.ID == "name" && f.editing == 0 || w.ID == "seat-name" && f.editing == f.seat && f.page == pageSeat {
			return w.R, true
		}
	}
	return layout.Rect{}, false
}
