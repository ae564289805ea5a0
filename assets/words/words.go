// Package words holds the word lists of the server's filter (nimmt/server/account.Filter), which
// display names, seat names and chat lines pass: one file per language, CODE.txt, and
// reserved.txt, the names nobody takes. It is its own
// package so that the game, which does not filter, does not embed them.
//
// A list has one entry a line; "#" starts a comment. An entry is matched after folding (lower
// case, accents and look-alike digits undone: "Sh1t" is "shit"): "word" matches a whole word
// of a name, or the whole name with its spaces and punctuation left out; "*word" matches
// anywhere inside one, for words that no harmless word holds.
package words

import (
	"embed"
	"strings"
)

//go:embed *.txt
var files embed.FS

// Lists returns every list's entries by its file's name without ".txt" ("en", "reserved").
func Lists() map[string][]string {
	out := map[string][]string{}
	dir, _ := files.ReadDir(".")
	for _, f := range dir {
		b, _ := files.ReadFile(f.Name())
		var entries []string
		for _, l := range strings.Split(string(b), "\n") {
			l, _, _ = strings.Cut(l, "#")
			if l = strings.TrimSpace(l); l != "" {
				entries = append(entries, l)
			}
		}
		out[strings.TrimSuffix(f.Name(), ".txt")] = entries
	}
	return out
}
