package sqlite_test

import (
	"path/filepath"
	"testing"

	"nimmt/server/store/sqlite"
	"nimmt/server/store/storetest"
)

func TestConformance(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nimmt.db")
	storetest.Conformance(t, func() (storetest.Store, error) { return sqlite.Open(path) })
}
