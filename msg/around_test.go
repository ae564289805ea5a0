package msg

import "testing"

// TestAround: a message's text cut around one argument, in every language; an argument the
// message does not have is refused.
func TestAround(t *testing.T) {
	t.Cleanup(func() { _ = SetLang(English) })
	for _, l := range Langs() {
		if err := SetLang(l.Code); err != nil {
			t.Fatal(err)
		}
		m := New(LogPlayed, "Ann 4", 44)
		b, a, af, ok := m.Around("card")
		if !ok || a != "44" || b+a+af != m.String() {
			t.Errorf("%s: %q cut as %q | %q | %q (%v)", l.Code, m.String(), b, a, af, ok)
		}
	}
	if _, _, _, ok := New(LogDealt, 3).Around("card"); ok {
		t.Error("a message without a card cut around one")
	}
}
