package online

import (
	"testing"

	"nimmt/protocol"
)

// TestReportReasonsNamed: the game names every report reason of the protocol's list, each
// with words of its own.
func TestReportReasonsNamed(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range protocol.ReportReasons {
		id, ok := reasonName(r)
		if !ok || seen[id.Text()] {
			t.Errorf("reason %q: named %q (%v)", r, id.Text(), ok)
		}
		seen[id.Text()] = true
	}
}
