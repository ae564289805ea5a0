package msg

import (
	"slices"
	"strings"
)

// aroundMark stands for the argument Around splits at: a character no message contains.
const aroundMark = "\uFFFF"

// Around returns the message's text in the current language cut around its argument name (as
// the id's definition names it, "card"): the text before it, the argument as shown and the
// text after. ok is false when the message has no such argument or does not show it exactly
// once. A view that draws the argument apart (a card as a chip in the log) uses it.
func (m Message) Around(name string) (before, arg, after string, ok bool) {
	if m.ID < 0 || m.ID >= numIDs {
		return "", "", "", false
	}
	i := slices.Index(params[m.ID], name)
	if i < 0 || i >= int(m.n) {
		return "", "", "", false
	}
	marked := m
	marked.args[i] = Arg{kind: argStr, s: aroundMark}
	s := marked.String()
	if strings.Count(s, aroundMark) != 1 {
		return "", "", "", false
	}
	before, after, _ = strings.Cut(s, aroundMark)
	whole := m.String()
	arg = strings.TrimSuffix(strings.TrimPrefix(whole, before), after)
	if before+arg+after != whole {
		return "", "", "", false
	}
	return before, arg, after, true
}
