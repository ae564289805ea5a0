package bots_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The external-bot tests run this test binary itself as the bot: `bots.test nimmt-test-bot KIND
// [ARG]` plays the fixture KIND (see fixture) instead of running the tests. A Go program starts in
// milliseconds, also on a busy machine, and every fixture fails at once and in one known way.
const fixtureArg = "nimmt-test-bot"

func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == fixtureArg {
		os.Exit(fixture(os.Args[2], os.Args[3:]))
	}
	os.Exit(m.Run())
}

// fixtureCommand is the External command that plays fixture kind.
func fixtureCommand(t *testing.T, kind string, args ...string) string {
	t.Helper()
	if strings.ContainsAny(os.Args[0], " ,") {
		t.Skipf("the test binary's path %q has a space or comma", os.Args[0])
	}
	return strings.Join(append([]string{os.Args[0], fixtureArg, kind}, args...), " ")
}

// fixture plays one misbehaving (or good) bot and returns its exit status.
func fixture(kind string, args []string) int {
	out := bufio.NewWriter(os.Stdout)
	say := func(lines ...string) {
		for _, l := range lines {
			out.WriteString(l + "\n")
		}
		out.Flush() // the lines of one call go out in one write
	}
	greet := func(version int) { say(fmt.Sprintf(`{"type":"hello","name":%q,"version":%d}`, kind, version)) }
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	switch kind {
	case "spam": // greets, then writes an answer every 20 ms and never reads
		greet(1)
		for {
			say(`{"row":0}`)
			time.Sleep(20 * time.Millisecond)
		}
	case "deaf": // greets without reading, then neither reads nor writes
		greet(1)
		time.Sleep(time.Hour)
		return 0
	case "oldversion":
		greet(99)
		time.Sleep(time.Hour)
		return 0
	case "parent": // leaves a child holding standard error (args[0]: a FIFO the child holds open)
		ready, w, err := os.Pipe()
		if err != nil {
			return 1
		}
		c := exec.Command(os.Args[0], fixtureArg, "child", args[0])
		c.Stderr, c.ExtraFiles = os.Stderr, []*os.File{w}
		if err := c.Start(); err != nil {
			return 1
		}
		w.Close()
		var b [1]byte
		ready.Read(b[:]) // EOF once the child holds the FIFO
		kind = "good"
	case "child": // ignores the polite signals, holds the FIFO args[0] and the parent's stderr
		signal.Ignore(syscall.SIGTERM, os.Interrupt)
		f, err := os.OpenFile(args[0], os.O_WRONLY, 0)
		if err != nil {
			return 1
		}
		defer f.Close()
		os.NewFile(3, "ready").Close()
		time.Sleep(2 * time.Minute) // long past any test; killed well before
		return 0
	}
	for in.Scan() {
		var msg struct {
			Type string `json:"type"`
			View struct {
				Hand     []int `json:"hand"`
				Decision struct {
					Kind string `json:"kind"`
				} `json:"decision"`
			} `json:"view"`
		}
		if err := json.Unmarshal(in.Bytes(), &msg); err != nil {
			fmt.Fprintln(os.Stderr, "fixture:", err)
			return 2
		}
		switch msg.Type {
		case "hello":
			greet(1)
			continue
		case "end":
			return 0
		}
		good := fmt.Sprintf(`{"card":%d}`, msg.View.Hand[0])
		if msg.View.Decision.Kind == "row" {
			good = `{"row":0}`
		}
		switch kind {
		case "good":
			say(good)
		case "crash":
			fmt.Fprintln(os.Stderr, "crash: boom")
			return 3
		case "garbage":
			say("banana")
		case "illegal":
			if msg.View.Decision.Kind == "row" {
				say(`{"row":7}`)
			} else {
				say(`{"card":105}`)
			}
		case "silent":
			time.Sleep(time.Hour)
		case "trailing":
			say(good + ` {"row":3} junk`)
		case "twice":
			say(good, good)
		case "long": // a line of 2 MB without a newline
			out.WriteString(strings.Repeat("x", 2<<20))
			out.Flush()
		}
	}
	return 0
}
