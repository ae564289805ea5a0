//go:build js

package client

import (
	"testing"

	"nimmt/protocol"
)

// The browser's create IDs (from crypto.getRandomValues) are valid and fresh each time. Run under
// node by TestPageWebSocket in page_test.go.
func TestNewCreateID(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		id := newCreateID()
		if err := protocol.CheckCreateID(id); err != nil || len(id) != 26 {
			t.Fatalf("create id %q (%d characters): %v", id, len(id), err)
		}
		if seen[id] {
			t.Fatalf("create id %q came twice", id)
		}
		seen[id] = true
	}
}
