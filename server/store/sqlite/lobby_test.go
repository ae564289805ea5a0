package sqlite_test

import (
	"path/filepath"
	"testing"

	"nimmt/server/store/sqlite"
	"nimmt/server/store/storetest"
)

func TestLobbyConformance(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nimmt.db")
	storetest.LobbyConformance(t, func() (storetest.Store, error) { return sqlite.Open(path) })
}
