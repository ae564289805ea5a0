// Package filter holds the word list that public play's text passes (chat lines and seat names,
// server/moderation.go): words.txt, one entry a line, lower case; a trailing * makes an entry a
// prefix ("darn*" also takes "darned"); lines starting with # are comments. An operator adds
// words to the file and rebuilds the server.
package filter

import (
	_ "embed"
	"strings"
)

//go:embed words.txt
var words string

// Words returns the entries of words.txt, lower case, comments and blank lines left out.
func Words() []string {
	var out []string
	for _, l := range strings.Split(words, "\n") {
		l = strings.ToLower(strings.TrimSpace(l))
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}
