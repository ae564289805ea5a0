package server_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"nimmt/server"
	"nimmt/server/store"
	"nimmt/server/store/storetest"
)

// BenchmarkCommit stores one action per operation in the suite's store (an SQLite file, or
// PostgreSQL with NIMMT_TEST_STORE=postgres; one transaction each), as a room does for each
// accepted action.
func BenchmarkCommit(b *testing.B) {
	ctx := context.Background()
	st, err := storetest.New(b).Open()
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	if err := st.Commit(ctx, store.Change{Code: "ABCDEF", Game: 1, Meta: []byte(`{}`)}); err != nil {
		b.Fatal(err)
	}
	e := []store.Entry{{Kind: store.EntryMove, Data: []byte(`{"seat":0,"kind":"play","cards":[33]}`)}}
	b.ResetTimer()
	for i := range b.N {
		if err := st.Commit(ctx, store.Change{Code: "ABCDEF", Game: 1, First: i, Entries: e}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGameWebSocket plays whole games (basic, to 66) of two people on WebSocket clients on
// 127.0.0.1 and a Beginner bot, each action stored before it is sent; it reports the actions and
// events per second of the whole loop (server and clients on the same machine).
func BenchmarkGameWebSocket(b *testing.B) {
	t := &testing.T{}
	ts := newTestServer(t, server.Options{}, fast)
	defer ts.stop()
	actions, events := 0, 0
	b.ResetTimer()
	for i := range b.N {
		ann, bo := newPlayer(t, fmt.Sprint("Ann", i), uint64(i)), newPlayer(t, fmt.Sprint("Bo", i), uint64(i+1))
		lobby(t, ts.url, noTimer(3), []string{"beginner"}, ann, bo)
		playAll(t, ann, bo)
		rec := ts.hub.Room(ann.st.Code).Record()
		for _, r := range rec.Rounds {
			actions += len(r.Actions)
		}
		events += len(ann.st.Events)
		ann.conn.Close()
		bo.conn.Close()
	}
	if t.Failed() {
		b.Fatal("a game failed")
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
	b.ReportMetric(float64(events)/float64(b.N), "events/game")
}

// BenchmarkCommitParallel stores one action per operation from many rooms at once, as a busy
// server does: the store groups the changes that wait into one transaction.
func BenchmarkCommitParallel(b *testing.B) { benchCommitParallel(b, 0) }

func benchCommitParallel(b *testing.B, delay time.Duration) {
	ctx := context.Background()
	st, err := storetest.New(b).Open()
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	st.SetCommitDelay(delay)
	cpu0 := processCPU()
	defer func() { b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op") }()
	e := []store.Entry{{Kind: store.EntryMove, Data: []byte(`{"seat":0,"kind":"play","cards":[33]}`)}}
	var rooms atomic.Int64
	b.SetParallelism(64)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		code := fmt.Sprintf("R%05d", rooms.Add(1))
		if err := st.Commit(ctx, store.Change{Code: code, Game: 1, Meta: []byte(`{}`)}); err != nil {
			b.Error(err)
			return
		}
		for i := 0; pb.Next(); i++ {
			if err := st.Commit(ctx, store.Change{Code: code, Game: 1, First: i, Entries: e}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkCommitParallelDelay is BenchmarkCommitParallel with the server's commit delay
// (cmd/server -commit-delay 2ms): transactions at most every 2 ms, shared by the rooms waiting.
func BenchmarkCommitParallelDelay(b *testing.B) {
	benchCommitParallel(b, 2*time.Millisecond)
}

// processCPU is the CPU time the process has used, user and system: a benchmark whose
// operations wait (for a shared transaction) reports it per operation besides the wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
