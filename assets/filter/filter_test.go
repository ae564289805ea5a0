package filter_test

import (
	"strings"
	"testing"

	"nimmt/assets/filter"
)

// The list has entries, all lower case, none blank or a comment.
func TestWords(t *testing.T) {
	ws := filter.Words()
	if len(ws) < 10 {
		t.Fatalf("%d words", len(ws))
	}
	for _, w := range ws {
		if w != strings.ToLower(w) || w == "" || strings.HasPrefix(w, "#") || strings.ContainsAny(w, " \t") {
			t.Errorf("entry %q", w)
		}
	}
}
