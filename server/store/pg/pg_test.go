package pg_test

import (
	"context"
	"sync"
	"testing"

	"nimmt/server/store/pg"
	"nimmt/server/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

func TestConformance(t *testing.T) {
	url := storetest.NewPostgres(t)
	storetest.Conformance(t, func() (storetest.Store, error) { return pg.Open(context.Background(), url) })
}

// Processes started together on a new database migrate it once: the others wait for the
// first's migration and find the schema current.
func TestMigrateTogether(t *testing.T) {
	url := storetest.NewPostgres(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := pg.Open(context.Background(), url)
			if err == nil {
				err = s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}
