package bots

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"nimmt/engine"
)

// TestSendHasDeadline: writing to a program that does not read ends at the deadline, with
// errTimeout, also when the message is larger than the pipe's buffer.
func TestSendHasDeadline(t *testing.T) {
	if strings.ContainsAny(os.Args[0], " ,") {
		t.Skip("test binary path has a space")
	}
	x := NewExternal(os.Args[0] + " nimmt-test-bot deaf") // see fixture_test.go
	x.HelloTimeout = time.Minute
	v := engine.View{Config: engine.Config{Seats: 2}}
	if err := x.start(&v); err != nil {
		t.Fatal(err)
	}
	defer x.kill()
	done := make(chan error, 1)
	go func() { done <- x.send(strings.Repeat("x", 4<<20), time.Now().Add(100*time.Millisecond)) }()
	select {
	case err := <-done:
		if !errors.Is(err, errTimeout) {
			t.Fatalf("send = %v, want errTimeout", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("send to a program that does not read did not end")
	}
}
