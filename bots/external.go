package bots

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"nimmt/engine"
)

// ProtocolVersion is the version of the external bot protocol (docs/bot-protocol.md).
const ProtocolVersion = 1

// External is a bot played by another program over the line protocol of docs/bot-protocol.md:
// one JSON object per line on the program's standard input and output. A program that crashes,
// answers garbage or an illegal move, or is silent past its time limit is a fault: the bot
// reports it through OnFault, plays the fallback move (see Fallback) and carries on. After a
// crash or a timeout the program is stopped and every later decision of the game is the
// fallback.
type External struct {
	// Command is the program and its arguments, split on spaces.
	Command string
	// Timeout limits each answer (default 2 s); HelloTimeout the greeting (default 10 s).
	Timeout, HelloTimeout time.Duration
	// OnFault, if set, is called for every fault.
	OnFault func(Fault)

	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string
	stderr *tailBuffer
	dead   bool
	faults int
	name   string // the name the program gave in its hello
}

// Fault is a failure of an external bot.
type Fault struct {
	Bot    string // the bot's command
	Seat   int
	Round  int
	Turn   int
	Kind   string // "crash", "timeout", "garbage", "illegal" or "hello"
	Detail string
	Played engine.Action // the fallback move applied
}

func (f Fault) Error() string {
	move := fmt.Sprintf("card %d", firstCard(f.Played))
	if f.Played.Kind == engine.DecideRow {
		move = fmt.Sprintf("row %d", f.Played.Row)
	}
	return fmt.Sprintf("bot %q (seat %d), round %d, turn %d: %s: %s; fallback: %s", f.Bot, f.Seat, f.Round, f.Turn, f.Kind, f.Detail, move)
}

func firstCard(a engine.Action) engine.Card {
	if len(a.Cards) > 0 {
		return a.Cards[0]
	}
	return 0
}

// NewExternal returns an external bot running command. The program starts at the first decision.
func NewExternal(command string) *External {
	return &External{Command: command, Timeout: 2 * time.Second, HelloTimeout: 10 * time.Second}
}

// Name implements Bot: "cmd:" and the command.
func (x *External) Name() string { return "cmd:" + x.Command }

// Faults returns the number of faults so far.
func (x *External) Faults() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.faults
}

// helloMsg is the first line the arena writes; the program answers with a helloReply.
type helloMsg struct {
	Type     string        `json:"type"`
	Protocol string        `json:"protocol"`
	Version  int           `json:"version"`
	Seat     int           `json:"seat"`
	Config   engine.Config `json:"config"`
}

type helloReply struct {
	Type    string `json:"type"`
	Name    string `json:"name"`
	Version int    `json:"version"`
}

type decideMsg struct {
	Type string       `json:"type"`
	View *engine.View `json:"view"`
}

// answer is the program's reply to a decision: a card or a row.
type answer struct {
	Card *int `json:"card"`
	Row  *int `json:"row"`
}

// Decide implements Bot.
func (x *External) Decide(v *engine.View) engine.Action {
	x.mu.Lock()
	defer x.mu.Unlock()
	if v.Decision == nil {
		return Fallback(v)
	}
	if x.dead {
		return Fallback(v)
	}
	if x.cmd == nil {
		if err := x.start(v); err != nil {
			return x.fault(v, "hello", err.Error(), true)
		}
	}
	b, _ := json.Marshal(decideMsg{Type: "decide", View: v})
	if _, err := x.in.Write(append(b, '\n')); err != nil {
		return x.fault(v, "crash", "cannot write to the program: "+x.exitInfo(), true)
	}
	line, kind, err := x.read(x.Timeout)
	if err != nil {
		return x.fault(v, kind, err.Error(), true)
	}
	var ans answer
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ans); err != nil || (ans.Card == nil) == (ans.Row == nil) {
		return x.fault(v, "garbage", fmt.Sprintf("answer %q is not {\"card\":N} or {\"row\":R}", clip(line)), false)
	}
	var a engine.Action
	if ans.Card != nil {
		if *ans.Card < 0 || *ans.Card > 255 {
			return x.fault(v, "illegal", fmt.Sprintf("card %d is not in hand", *ans.Card), false)
		}
		a = engine.PlayCard(engine.Card(*ans.Card))
	} else {
		a = engine.TakeRow(*ans.Row)
	}
	if !Legal(v, a) {
		return x.fault(v, "illegal", fmt.Sprintf("answer %s is not a legal %s decision", clip(line), v.Decision.Kind), false)
	}
	return a
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// fault records a fault and returns the fallback; stop kills the program for the rest of the game.
func (x *External) fault(v *engine.View, kind, detail string, stop bool) engine.Action {
	a := Fallback(v)
	x.faults++
	if stop {
		x.kill()
		x.dead = true
	}
	if x.OnFault != nil {
		x.OnFault(Fault{Bot: x.Name(), Seat: v.Seat, Round: v.Round, Turn: v.Turn, Kind: kind, Detail: detail, Played: a})
	}
	return a
}

func (x *External) start(v *engine.View) error {
	args := strings.Fields(x.Command)
	if len(args) == 0 {
		return errors.New("empty command")
	}
	cmd := exec.Command(args[0], args[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	x.stderr = &tailBuffer{}
	cmd.Stderr = x.stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cannot start: %w", err)
	}
	x.cmd, x.in, x.lines = cmd, in, make(chan string, 1)
	go func(lines chan<- string) {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}(x.lines)
	b, _ := json.Marshal(helloMsg{Type: "hello", Protocol: "nimmt-bot", Version: ProtocolVersion, Seat: v.Seat, Config: v.Config})
	if _, err := in.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("cannot write hello: %s", x.exitInfo())
	}
	line, _, err := x.read(x.HelloTimeout)
	if err != nil {
		return err
	}
	var h helloReply
	if err := json.Unmarshal([]byte(line), &h); err != nil || h.Type != "hello" {
		return fmt.Errorf("greeting %q is not {\"type\":\"hello\",...}", clip(line))
	}
	if h.Version != ProtocolVersion {
		return fmt.Errorf("protocol version %d, want %d", h.Version, ProtocolVersion)
	}
	x.name = h.Name
	return nil
}

// read waits up to d for the program's next line.
func (x *External) read(d time.Duration) (line, kind string, err error) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case l, ok := <-x.lines:
		if !ok {
			return "", "crash", fmt.Errorf("the program ended: %s", x.exitInfo())
		}
		return l, "", nil
	case <-t.C:
		return "", "timeout", fmt.Errorf("no answer within %v", d)
	}
}

// exitInfo describes how the program ended, with the end of its standard error.
func (x *External) exitInfo() string {
	s := "exited"
	if x.cmd != nil {
		done := make(chan error, 1)
		go func() { done <- x.cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				s = err.Error()
			} else {
				s = "exit status 0"
			}
		case <-time.After(500 * time.Millisecond):
			s = "output closed"
		}
	}
	if t := strings.TrimSpace(x.stderr.String()); t != "" {
		s += "; stderr: " + clip(t)
	}
	return s
}

func (x *External) kill() {
	if x.cmd != nil && x.cmd.Process != nil {
		_ = x.cmd.Process.Kill()
		go func(c *exec.Cmd) { _ = c.Wait() }(x.cmd)
	}
}

// Close tells the program the game is over, closes its input and stops it if it does not exit
// within a second.
func (x *External) Close(scores []int) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.cmd == nil || x.dead {
		return nil
	}
	x.dead = true
	b, _ := json.Marshal(struct {
		Type   string `json:"type"`
		Scores []int  `json:"scores"`
	}{"end", scores})
	_, _ = x.in.Write(append(b, '\n'))
	_ = x.in.Close()
	done := make(chan error, 1)
	go func() { done <- x.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(time.Second):
		_ = x.cmd.Process.Kill()
		<-done
	}
	return nil
}

// tailBuffer keeps the last 1 KB written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if t.buf.Len() > 1024 {
		b := t.buf.Bytes()[t.buf.Len()-1024:]
		t.buf = *bytes.NewBuffer(append([]byte(nil), b...))
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	if t == nil {
		return ""
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
