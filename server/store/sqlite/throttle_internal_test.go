package sqlite

import (
	"errors"
	"testing"
	"time"
)

// TestThrottle: a checkpoint that fails every second (a full disk) is a log line at its first
// failure, then one a minute saying how many failures it stands for, and one when it works again
// (#27 finding 7: the disk-full WAL error was logged every second).
func TestThrottle(t *testing.T) {
	var q throttle
	full := errors.New("disk full")
	t0 := time.Unix(1000, 0)
	lines, total := 0, 0
	for s := range 180 { // three minutes of failures, one a second
		if say, n := q.failed(full, t0.Add(time.Duration(s)*time.Second)); say {
			lines++
			total += n
		}
	}
	if lines != 3 || total != 180-59 {
		t.Errorf("180 failures in 3 minutes made %d lines standing for %d; want 3 lines (at 0, 60 and 120 s) for 121", lines, total)
	}
	if say, n := q.failed(nil, t0.Add(180*time.Second)); !say || n != 59 {
		t.Errorf("the first success says %v for %d failures; want a line for the 59 since the last", say, n)
	}
	if say, _ := q.failed(nil, t0.Add(181*time.Second)); say {
		t.Error("a second success is a line too")
	}
	if say, n := q.failed(full, t0.Add(182*time.Second)); !say || n != 1 {
		t.Errorf("a new failure after the recovery: %v, %d; want a line at once", say, n)
	}
}
