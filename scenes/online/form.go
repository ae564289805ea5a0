package online

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/assets/sounds"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
	"nimmt/text"
)

// form is the input of a screen of widgets with text fields (the online screens): a tap or Enter
// on a button activates it, arrows move the focus over enabled buttons, and a text field (a
// kindField widget) takes the letters typed while it has the caret — from the keys, the
// platform's own text field, or, on a touch screen without one, the on-screen keyboard.
type form struct {
	g       *ui.Host
	Widgets []ui.Widget
	focus   int
	// field is the id of the text field being edited ("" none) and buf its text.
	field string
	buf   []rune
	// max is the most letters the field being edited takes.
	max int
	// KB is the on-screen keyboard while a field is typed into on a touch screen (keyboard.go),
	// offering the letters of kcase.
	KB    ui.Keyboard
	kcase ui.KeyCase
	// secret is set while the field edited is a password: shown masked, hidden by the platform's
	// text input too, its letters dropped when it closes.
	secret bool
}

func (f *form) add(id, label string, r layout.Rect, enabled bool, kind int) *ui.Widget {
	f.Widgets = append(f.Widgets, ui.Widget{ID: id, Label: label, R: r, Enabled: enabled, Kind: kind})
	return &f.Widgets[len(f.Widgets)-1]
}

// addField adds a text field showing value (or the text being typed, with the caret). The field
// with the caret opens the platform's own text input over it, where there is one; caption says
// what it takes, shown beside it when the on-screen keyboard lifts it (msg.None: nothing).
func (f *form) addField(id, value string, caption msg.ID, r layout.Rect) {
	w := f.add(id, value, r, true, ui.KindField)
	if f.field == id {
		w.Label = string(f.buf)
		if f.secret {
			w.Label = masked(len(f.buf))
		}
		w.On = true // drawField draws the caret after the text
		if tf := f.g.Opts.TextField; tf != nil {
			if m, ok := tf.(ui.TextFieldMask); ok {
				m.Mask(f.secret)
			}
			tf.Open(r, string(f.buf), f.max)
		}
		f.KB.Build(f.g, ui.KeyboardWanted(f.g), f.buf, r, f.kcase)
		f.KB.Caption = caption
	}
}

// stopEdit takes the caret away (and closes the platform's text input).
func (f *form) stopEdit() {
	if f.field != "" && f.g.Opts.TextField != nil {
		f.g.Opts.TextField.Close()
	}
	f.field = ""
	if f.secret {
		clear(f.buf)
		f.buf, f.secret = nil, false
	}
	f.KB.Build(f.g, false, nil, layout.Rect{}, f.kcase)
}

// masked is what a password of n letters shows.
func masked(n int) string { return strings.Repeat("•", n) }

// Edit gives the caret to field id, starting from value, for at most max letters; the on-screen
// keyboard offers the letters of kc.
func (f *form) Edit(id, value string, max int, kc ui.KeyCase) {
	f.field, f.buf, f.max, f.kcase, f.secret = id, []rune(value), max, kc, false
	f.KB.Shift, f.KB.Symbols = false, false
}

// editSecret gives the caret to field id for a password of at most max letters, starting empty.
func (f *form) editSecret(id string, max int) {
	f.Edit(id, "", max, ui.CaseLower)
	f.secret = true
}

// Typing reports whether a text field has the caret (letters are not commands then).
func (f *form) Typing() bool { return f.field != "" }

// formEvent is what a tick's input did to a form.
type formEvent struct {
	_ ui.NoCompare
	// id is the button activated, or "".
	id string
	// commit is the field whose text was entered (Enter, or a tap elsewhere), with its text;
	// changed says the text of the field being edited changed.
	commit, text string
	// enter says the field was committed with Enter (not by a tap elsewhere).
	enter   bool
	changed bool
	// esc is set when Esc was pressed with no field edited.
	esc bool
}

// Update reads the tick's input.
func (f *form) Update(in *ui.Input) formEvent {
	var ev formEvent
	if f.g.NoteDevice(in) && f.field != "" {
		ev.changed = true // the on-screen keyboard comes or goes
	}
	if id, on := f.KB.Tap(f.g, in); on && f.field != "" {
		if id != "" {
			f.buf, ev.enter, _ = f.KB.Press(id, f.buf, f.max)
			ev.changed = true
			if ev.enter { // Done
				ev.commit, ev.text = f.field, string(f.buf)
				f.stopEdit()
			}
		}
		in.NKeys = 0
		return ev
	}
	tf := f.g.Opts.TextField
	if f.field != "" && tf != nil {
		// The platform's own field (the browser's <input>) holds the text meanwhile.
		v, done := tf.Poll()
		if rs := []rune(f.g.Txt.Drawable(v)); string(rs) != string(f.buf) {
			f.buf = rs[:min(len(rs), f.max)]
			ev.changed = true
		}
		if done {
			ev.commit, ev.text, ev.enter = f.field, string(f.buf), true
			f.stopEdit()
			in.NKeys = 0
			return ev
		}
	}
	if f.field != "" {
		for i := 0; i < in.NRune; i++ {
			if r := in.Runes[i]; len(f.buf) < f.max && r >= ' ' && r != 0x7f {
				f.buf = append(f.buf, r)
				ev.changed = true
			}
		}
		for in.Key(ui.KeyBackspace) && len(f.buf) > 0 {
			f.buf = f.buf[:len(f.buf)-1]
			ev.changed = true
		}
		done := in.Key(ui.KeyEnter)
		if in.Key(ui.KeyEsc) {
			f.stopEdit()
			ev.changed = true
			in.NKeys = 0
			return ev
		}
		if in.Tap && !f.hit(f.field, in.TapX, in.TapY) {
			done = true
		}
		if done {
			ev.commit, ev.text, ev.enter = f.field, string(f.buf), !in.Tap
			f.stopEdit()
		}
		in.NKeys = 0 // letters typed are not commands
		if done && !in.Tap {
			return ev
		}
	}
	id := ui.WidgetInput(f.Widgets, &f.focus, in)
	if id != "" && id == f.field {
		return ev // a tap on the field being edited keeps editing it
	}
	if id != "" {
		f.g.Cue(sounds.Click)
		ev.id = id
	}
	if in.Key(ui.KeyEsc) {
		ev.esc = true
	}
	return ev
}

// hit reports whether (x, y) is on the widget id.
func (f *form) hit(id string, x, y float64) bool {
	for _, w := range f.Widgets {
		if w.ID == id && w.R.Contains(x, y) {
			return true
		}
	}
	return false
}

// focusOn moves the focus to the widget id, if it is there.
func (f *form) focusOn(id string) {
	for i, w := range f.Widgets {
		if w.ID == id {
			f.focus = i
		}
	}
}

// Draw draws the widgets, and the on-screen keyboard over them while it shows.
func (f *form) Draw(dst *ebiten.Image) {
	var field *ui.Widget
	for i := range f.Widgets {
		f.g.DrawWidget(dst, &f.Widgets[i], i == f.focus)
		if f.Widgets[i].ID == f.field && f.field != "" {
			field = &f.Widgets[i]
		}
	}
	f.KB.Draw(f.g, dst, field)
}

// title draws a screen's title fitted to its box.
func (f *form) title(dst *ebiten.Image, s string, r layout.Rect) {
	g := f.g
	size := g.Txt.Fit(s, text.Style{Size: ui.ClampF(r.H*0.6, 18, 60), Bold: true}, r.W-16, 12)
	cx, cy := r.Center()
	g.Label(dst, g.Txt.Cut(s, text.Style{Size: size, Bold: true}, r.W-8), cx, cy, size, ui.TitleCol, text.Center, true)
}

// Buttons reports the form's buttons to the test hook.
func (f *form) Buttons(ts *ui.TestState) {
	for _, w := range f.Widgets {
		if w.ID != "" {
			ts.Buttons = append(ts.Buttons, ui.Button{ID: w.ID, Rect: w.R, Enabled: w.Enabled, Label: w.Label})
		}
	}
	f.KB.Buttons(ts)
}

// FieldTargets appends the rectangles of the form's text fields to rs.
func (f *form) FieldTargets(rs []layout.Rect) []layout.Rect {
	for _, w := range f.Widgets {
		if w.Kind == ui.KindField {
			rs = append(rs, w.R)
		}
	}
	return rs
}
