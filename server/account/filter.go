package account

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"nimmt/assets/words"
)

// Filter refuses words: a display name or a seat's name holding an entry of its lists is
// refused, and a chat line's words holding one are masked (server/moderation.go). The lists are in nimmt/assets/words, which says their form.
type Filter struct {
	whole    map[string]bool // folded entries matched as whole words or whole names
	inside   []string        // folded entries matched anywhere
	reserved map[string]bool // folded names nobody takes, as whole names
}

// NewFilter returns the filter of every list in nimmt/assets/words.
func NewFilter() *Filter {
	f := &Filter{whole: map[string]bool{}, reserved: map[string]bool{}}
	for lang, entries := range words.Lists() {
		for _, e := range entries {
			switch {
			case lang == "reserved":
				f.reserved[joined(fold(e))] = true
			case strings.HasPrefix(e, "*"):
				f.inside = append(f.inside, joined(fold(e[1:])))
			default:
				f.whole[joined(fold(e))] = true
			}
		}
	}
	return f
}

// lookalike undoes the digits and signs written for letters.
var lookalike = strings.NewReplacer("0", "o", "1", "i", "3", "e", "4", "a", "5", "s", "7", "t", "8", "b", "@", "a", "$", "s", "ß", "ss", "!", "i", "|", "l")

// fold writes s in lower case without accents and with look-alike digits as their letters.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return lookalike.Replace(b.String())
}

// joined keeps the letters of s only.
func joined(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, s)
}

// Blocked returns the entry that text holds (folded), or "" when none.
func (f *Filter) Blocked(text string) string {
	t := fold(text)
	all := joined(t)
	if f.whole[all] {
		return all
	}
	ws := strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) })
	spelled := true // every word is a letter or two: "f u c k" is read as one word
	for _, w := range ws {
		if f.whole[w] {
			return w
		}
		spelled = spelled && len([]rune(w)) <= 2
	}
	if spelled {
		ws = []string{all}
	}
	for _, w := range ws {
		for _, e := range f.inside {
			if strings.Contains(w, e) {
				return e
			}
		}
	}
	return ""
}

// Mask returns text with each of its words that holds an entry (read as Blocked reads a word:
// folded, a whole entry or one matched inside) written as asterisks, one a character; the rest
// of the text stays as it was. A word is a run of letters, digits, @ and $.
func (f *Filter) Mask(text string) string {
	rs := []rune(text)
	inWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '@' || r == '$' }
	changed := false
	for i := 0; i < len(rs); {
		if !inWord(rs[i]) {
			i++
			continue
		}
		j := i
		for j < len(rs) && inWord(rs[j]) {
			j++
		}
		if f.blockedWord(joined(fold(string(rs[i:j])))) {
			for k := i; k < j; k++ {
				rs[k] = '*'
			}
			changed = true
		}
		i = j
	}
	if !changed {
		return text
	}
	return string(rs)
}

// blockedWord reports whether a folded word is a whole entry or holds an entry matched inside.
func (f *Filter) blockedWord(w string) bool {
	if f.whole[w] {
		return true
	}
	for _, e := range f.inside {
		if strings.Contains(w, e) {
			return true
		}
	}
	return false
}

// Reserved reports whether name is one nobody takes ("deleted player", "admin").
func (f *Filter) Reserved(name string) bool {
	return f.reserved[joined(fold(name))]
}
