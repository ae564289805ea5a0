package server_test

import (
	"fmt"
	"os"
	"testing"

	"nimmt/server/store/storetest"
)

// TestMain removes the server binary the tests built (serverBinary) and stops the PostgreSQL
// cluster that the suite starts with NIMMT_TEST_STORE=postgres.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	if err := storetest.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
