package textport_test

import (
	"testing"

	"nimmt/server/store/storetest"
)

// TestMain stops the PostgreSQL cluster that the suite starts with NIMMT_TEST_STORE=postgres.
func TestMain(m *testing.M) { storetest.Main(m) }
