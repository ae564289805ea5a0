package scenes

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
)

// heapAllocs counts the heap allocations made while step runs n times whose call stack passes
// through one of the functions named in within (full names, e.g. "nimmt/scenes.(*Game).Draw").
// It records every allocation (runtime.MemProfileRate = 1) for the window and diffs the memory
// profile, so allocations by other goroutines — finalizers of earlier tests' images, the
// runtime, a bot finishing — are not counted: runtime.MemStats.Mallocs is process-wide and
// made TestAllocsPerFrame flaky on a loaded machine. all is that process-wide count, for the log.
func heapAllocs(n int, step func(), within ...string) (ours int64, all uint64) {
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()
	before := allocProfile()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	for i := 0; i < n; i++ {
		step()
	}
	runtime.ReadMemStats(&b)
	after := allocProfile()
	for stack, objs := range after {
		if d := objs - before[stack]; d > 0 && stackPasses(stack, within) && !stackPasses(stack, poolRefill) {
			ours += d
			logStack(stack, d) // a rare one is a flake to diagnose, not to guess at
		}
	}
	return ours, b.Mallocs - a.Mallocs
}

// poolRefill is where a sync.Pool allocates: every collection empties the pools (ebiten keeps
// scratch slices in them), so the first frames after a GC refill them — Get makes a new
// object, and Put a new segment of the pool's per-processor queue (poolChain.pushHead). That is
// one allocation per pool per collection, not per frame, and heapAllocs' own collections
// would otherwise put it into any window (CI saw one from Put in 120 still frames).
var poolRefill = []string{"sync.(*Pool).Get", "sync.(*Pool).Put"}

// allocProfile returns the allocation counts per stack, after two collections so that every
// allocation made so far is published in the profile.
func allocProfile() map[[32]uintptr]int64 {
	runtime.GC()
	runtime.GC()
	n, _ := runtime.MemProfile(nil, true)
	for {
		recs := make([]runtime.MemProfileRecord, n+64)
		var ok bool
		if n, ok = runtime.MemProfile(recs, true); ok {
			m := make(map[[32]uintptr]int64, n)
			for _, r := range recs[:n] {
				m[r.Stack0] += r.AllocObjects
			}
			return m
		}
	}
}

func stackPasses(stack [32]uintptr, within []string) bool {
	pcs := stack[:]
	for i, pc := range pcs {
		if pc == 0 {
			pcs = pcs[:i]
			break
		}
	}
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		for _, w := range within {
			if f.Function == w || strings.HasPrefix(f.Function, w+".func") {
				return true
			}
		}
		if !more {
			return false
		}
	}
}

func logStack(stack [32]uintptr, n int64) {
	var sb strings.Builder
	frames := runtime.CallersFrames(stack[:])
	for {
		f, more := frames.Next()
		fmt.Fprintf(&sb, "\t%s %s:%d\n", f.Function, f.File, f.Line)
		if !more || strings.Contains(f.Function, "(*Game).") {
			break
		}
	}
	fmt.Fprintf(os.Stderr, "%d allocations at\n%s", n, sb.String())
}

var allocSink []byte

//go:noinline
func allocOnce() { allocSink = make([]byte, 64) }

//go:noinline
func allocNone() { allocSink = allocSink[:0] }

// TestHeapAllocsCounts checks the counter itself: it sees an allocation made inside the named
// function and ignores one made outside it.
func TestHeapAllocsCounts(t *testing.T) {
	tests := []struct {
		name string
		step func()
		want int64
	}{
		{"inside", func() { allocOnce() }, 50},
		{"outside", func() { allocNone(); allocSink = make([]byte, 64) }, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, all := heapAllocs(50, tc.step, "nimmt/scenes.allocOnce")
			if got != tc.want {
				t.Errorf("heapAllocs = %d, want %d", got, tc.want)
			}
			if all < 50 {
				t.Errorf("process-wide mallocs %d, want at least 50", all)
			}
		})
	}
}
