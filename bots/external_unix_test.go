//go:build unix

package bots_test

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"nimmt/bots"
)

// TestExternalStopsChildren: a bot that leaves a child holding its standard error (and ignoring
// SIGTERM) neither holds Close nor outlives the game.
func TestExternalStopsChildren(t *testing.T) {
	play, _ := decisions(t)
	fifo := filepath.Join(t.TempDir(), "child")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	gone := make(chan struct{})
	go func() { // EOF once no process holds the FIFO open for writing: the child is dead
		defer close(gone)
		f, err := os.Open(fifo)
		if err != nil {
			t.Error(err)
			return
		}
		defer f.Close()
		_, _ = io.Copy(io.Discard, f)
	}()
	x := bots.NewExternal(fixtureCommand(t, "parent", fifo))
	x.Timeout, x.HelloTimeout = generous, generous
	x.OnFault = func(f bots.Fault) { t.Errorf("fault %v", f) }
	within(t, "a game with a bot whose child holds its stderr", func() {
		x.Decide(&play)
		x.Close(nil)
	})
	within(t, "the end of the bot's child after Close", func() { <-gone })
}
