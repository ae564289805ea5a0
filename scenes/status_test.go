package scenes

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
)

// TestDeviceFromInput: a touch makes the device touch, a mouse move or click a pointer, the
// playing keys the keyboard; other keys (T, L, Esc) change nothing.
func TestDeviceFromInput(t *testing.T) {
	g, err := NewGame(ui.Options{Speed: "instant", Seed: 2, InlineBots: true})
	if err != nil {
		t.Fatal(err)
	}
	if g.Device != ui.DeviceTouch {
		t.Fatalf("without Options.Desktop the device starts as %d, want touch", g.Device)
	}
	steps := []struct {
		in   ui.Input
		want ui.Device
	}{
		{ui.Input{Hover: true, Moved: true}, ui.DeviceMouse},
		{ui.Input{Keys: [8]ui.Key{ui.KeyTracker}, NKeys: 1}, ui.DeviceMouse},
		{ui.Input{Keys: [8]ui.Key{ui.KeyRight}, NKeys: 1}, ui.DeviceKeys},
		{ui.Input{Keys: [8]ui.Key{ui.KeyEsc}, NKeys: 1}, ui.DeviceKeys},
		{ui.Input{Tap: true, Touch: true}, ui.DeviceTouch},
		{ui.Input{Keys: [8]ui.Key{ui.KeyDigit}, NKeys: 1, Digit: 3}, ui.DeviceKeys},
		{ui.Input{Tap: true}, ui.DeviceMouse},
		{ui.Input{Keys: [8]ui.Key{ui.KeyEnter}, NKeys: 1}, ui.DeviceKeys},
		{ui.Input{Touch: true}, ui.DeviceTouch},
	}
	for i, s := range steps {
		g.NoteDevice(&s.in)
		if g.Device != s.want {
			t.Errorf("step %d (%+v): device %d, want %d", i, s.in, g.Device, s.want)
		}
	}
	if g2, _ := NewGame(ui.Options{Desktop: true}); g2.Device != ui.DeviceMouse {
		t.Errorf("a desktop starts with device %d, want the mouse", g2.Device)
	}
}

// TestStatusFitsDeviceAndMoment checks the status line in each moment of the choice and of a
// row choice for a mouse, a touch screen and the keyboard: the verbs of the device in use, keys
// only for the keyboard, the number of seats still choosing, and no offer to change one's mind
// once everyone has chosen.
func TestStatusFitsDeviceAndMoment(t *testing.T) {
	prev := msg.Lang()
	if err := msg.SetLang(msg.English); err != nil {
		t.Fatal(err)
	}
	defer msg.SetLang(prev)
	g, err := NewGame(ui.Options{Speed: "instant", Seed: 2, InlineBots: true})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.NewTable(g.host, 2)
	if err != nil {
		t.Fatal(err)
	}
	tb.FastForward()
	if tb.Phase != table.PhaseChoose || tb.Disp.MyChoice != 0 {
		t.Fatalf("phase %s, my choice %d: want the choice of the first turn", tb.Phase, tb.Disp.MyChoice)
	}
	keys := []string{"arrow", "Enter", "1–4", "1–9", "key"}
	type want struct {
		has, hasNot []string
	}
	check := func(moment string, d ui.Device, w want) {
		t.Helper()
		g.Device = d
		s := tb.StatusText().String()
		for _, h := range w.has {
			if !strings.Contains(s, h) {
				t.Errorf("%s, device %d: %q lacks %q", moment, d, s, h)
			}
		}
		for _, h := range w.hasNot {
			if strings.Contains(s, h) {
				t.Errorf("%s, device %d: %q says %q", moment, d, s, h)
			}
		}
	}
	notKeys := func(more ...string) []string { return append(append([]string(nil), keys...), more...) }
	// Choosing.
	check("choose", ui.DeviceMouse, want{[]string{"click"}, notKeys("tap", "twice")})
	check("choose", ui.DeviceTouch, want{[]string{"tap"}, notKeys("click")})
	check("choose", ui.DeviceKeys, want{[]string{"arrows", "Enter"}, []string{"tap", "twice"}})
	// Chosen, others still choosing.
	tb.Disp.MyChoice = tb.Disp.Hand[0]
	for s := range tb.Disp.Chosen {
		tb.Disp.Chosen[s] = s != 2
	}
	check("waiting", ui.DeviceMouse, want{[]string{"1 more", "click"}, notKeys("tap")})
	check("waiting", ui.DeviceTouch, want{[]string{"1 more", "tap"}, notKeys("click")})
	check("waiting", ui.DeviceKeys, want{[]string{"1 more", "Enter"}, []string{"tap", "click"}})
	// Everyone has chosen: nothing to wait for, no mind to change.
	tb.Disp.Chosen[2] = true
	for _, d := range []ui.Device{ui.DeviceMouse, ui.DeviceTouch, ui.DeviceKeys} {
		check("all chosen", d, want{[]string{"Everyone has chosen"}, []string{"Waiting", "0 more", "change your mind"}})
	}
	// The person's row choice.
	tb.Disp.Phase, tb.Disp.Waiting = engine.PhaseRowChoice, []int{tb.Me}
	check("row", ui.DeviceMouse, want{[]string{"click a row"}, notKeys("tap")})
	check("row", ui.DeviceTouch, want{[]string{"tap a row"}, notKeys("click")})
	check("row", ui.DeviceKeys, want{[]string{"1–4"}, []string{"tap"}})
	// In the play button's place the same instruction, as text without a button's face (no
	// greyed button posing as the action), in the device's words.
	g.LayoutF(390, 844)
	tb.Relayout()
	for d, word := range map[ui.Device]string{ui.DeviceMouse: "Click a row", ui.DeviceTouch: "Tap a row", ui.DeviceKeys: "1–4"} {
		g.Device = d
		tb.DrawButtons(ebiten.NewImage(1, 1))
		w := &tb.Btns[layout.BtnConfirm]
		if w.Kind != ui.KindNotice || !strings.Contains(w.Label, word) {
			t.Errorf("row, device %d: the play button's place shows %q as kind %d, want the notice %q", d, w.Label, w.Kind, word)
		}
		checkWidgetText(t, g, "row instruction", w)
	}
	// Back to choosing: a button again.
	tb.Disp.Phase, tb.Disp.Waiting = engine.PhaseChoose, nil
	tb.DrawButtons(ebiten.NewImage(1, 1))
	if w := tb.Btns[layout.BtnConfirm]; w.Kind == ui.KindNotice || w.Label != msg.ButtonPlayCard.Text() {
		t.Errorf("choosing: the play button is %q of kind %d", w.Label, w.Kind)
	}
}
