package bots

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
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

	mu      sync.Mutex
	cmd     *exec.Cmd
	in, out *os.File      // the arena's ends of the program's standard input and output
	batches chan batch    // lines read from the program (readLines)
	pending []string      // lines read and not yet taken as an answer
	ended   error         // io.EOF or errLongLine once the output has ended
	quit    chan struct{} // closed when the program is stopped: readLines ends
	exited  chan struct{} // closed when Wait has returned (its only caller)
	exitErr error         // what Wait returned
	stderr  *tailBuffer
	dead    bool // the program was stopped or the game is over: fallback from now on
	stopped bool // the program was stopped and its pipes closed
	faults  int
	name    string // the name the program gave in its hello
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

// MaxLine is the longest line the program may write, in bytes without the newline: a longer
// line is a "garbage" fault and the program is stopped (docs/bot-protocol.md).
const MaxLine = 1 << 20

// waitDelay bounds how long stopping a program waits for its output to close once it has
// exited: a child it left holding its standard error must not hold the arena.
const waitDelay = time.Second

// errTimeout is the error of an exchange that did not finish by its deadline.
var errTimeout = errors.New("timeout")

// Decide implements Bot. The whole exchange, writing the view and reading the answer, ends
// within Timeout.
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
	if extra := x.unsolicited(); extra != "" {
		return x.fault(v, "garbage", fmt.Sprintf("line %q written when no answer was due (one line answers one decision)", clip(extra)), true)
	}
	deadline := time.Now().Add(x.Timeout)
	if err := x.send(decideMsg{Type: "decide", View: v}, deadline); err != nil {
		if errors.Is(err, errTimeout) {
			return x.fault(v, "timeout", fmt.Sprintf("the program did not read the view within %v", x.Timeout), true)
		}
		return x.fault(v, "crash", "cannot write to the program: "+x.exitInfo(), true)
	}
	line, kind, err := x.read(deadline, x.Timeout)
	if err != nil {
		return x.fault(v, kind, err.Error(), true)
	}
	var ans answer
	if err := decodeLine(line, &ans, true); err != nil || (ans.Card == nil) == (ans.Row == nil) {
		return x.fault(v, "garbage", fmt.Sprintf("answer %q is not one {\"card\":N} or {\"row\":R}", clip(line)), false)
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

// decodeLine decodes exactly one JSON value from line into dst: trailing data is an error.
func decodeLine(line string, dst any, strict bool) error {
	dec := json.NewDecoder(strings.NewReader(line))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(dst); err != nil {
		return err
	}
	if rest := strings.TrimSpace(line[dec.InputOffset():]); rest != "" {
		return fmt.Errorf("trailing data %q", clip(rest))
	}
	return nil
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

// start runs the program in a process group of its own and exchanges the greeting within
// HelloTimeout. Its standard input and output are pipes the arena owns (so writes can have a
// deadline and one goroutine, the only caller of Wait, sees the program end).
func (x *External) start(v *engine.View) error {
	args := strings.Fields(x.Command)
	if len(args) == 0 {
		return errors.New("empty command")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return err
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout = inR, outW
	x.stderr = &tailBuffer{}
	cmd.Stderr = x.stderr
	cmd.WaitDelay = waitDelay
	ownGroup(cmd)
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return fmt.Errorf("cannot start: %w", err)
	}
	x.cmd, x.in, x.out = cmd, inW, outR
	x.batches, x.quit, x.exited = make(chan batch, 1), make(chan struct{}), make(chan struct{})
	x.pending = nil
	go readLines(outR, x.batches, x.quit)
	go func(exited chan<- struct{}) {
		x.exitErr = cmd.Wait()
		close(exited)
	}(x.exited)
	deadline := time.Now().Add(x.HelloTimeout)
	if err := x.send(helloMsg{Type: "hello", Protocol: "nimmt-bot", Version: ProtocolVersion, Seat: v.Seat, Config: v.Config}, deadline); err != nil {
		if errors.Is(err, errTimeout) {
			return fmt.Errorf("the program did not read the greeting within %v", x.HelloTimeout)
		}
		return fmt.Errorf("cannot write hello: %s", x.exitInfo())
	}
	line, _, err := x.read(deadline, x.HelloTimeout)
	if err != nil {
		return err
	}
	var h helloReply
	if err := decodeLine(line, &h, false); err != nil || h.Type != "hello" {
		return fmt.Errorf("greeting %q is not one {\"type\":\"hello\",...}", clip(line))
	}
	if h.Version != ProtocolVersion {
		return fmt.Errorf("protocol version %d, want %d", h.Version, ProtocolVersion)
	}
	x.name = h.Name
	return nil
}

// batch is what one read of the program's output brought: its complete lines, and err when the
// output ended (io.EOF) or broke the protocol (a line over MaxLine).
type batch struct {
	lines []string
	err   error
}

// errLongLine reports a line over MaxLine.
var errLongLine = fmt.Errorf("a line longer than the %d-byte line limit (no newline after 1 MB)", MaxLine)

// readLines splits r into lines and sends the lines of each read together, so that a second
// line written with an answer is seen with it. It ends at the end of r, at a line over MaxLine,
// or when quit closes.
func readLines(r io.Reader, out chan<- batch, quit <-chan struct{}) {
	buf := make([]byte, 64<<10)
	var part []byte
	for {
		n, err := r.Read(buf)
		var b batch
		data := buf[:n]
		for {
			i := bytes.IndexByte(data, '\n')
			if i < 0 {
				break
			}
			part = append(part, data[:i]...)
			b.lines = append(b.lines, strings.TrimSuffix(string(part), "\r"))
			part, data = part[:0], data[i+1:]
		}
		part = append(part, data...)
		if len(part) > MaxLine {
			b.err = errLongLine
		} else if err != nil {
			b.err = io.EOF
		}
		if len(b.lines) > 0 || b.err != nil {
			select {
			case out <- b:
			case <-quit:
				return
			}
		}
		if b.err != nil {
			return
		}
	}
}

// unsolicited returns a line the program wrote when no answer was due, if any.
func (x *External) unsolicited() string {
	for {
		select {
		case b := <-x.batches:
			x.pending = append(x.pending, b.lines...)
			if b.err != nil {
				x.ended = b.err
			}
			continue
		default:
		}
		break
	}
	if len(x.pending) > 0 {
		return x.pending[0]
	}
	return ""
}

// read waits until deadline for the program's next line; limit is the time limit it reports.
func (x *External) read(deadline time.Time, limit time.Duration) (line, kind string, err error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	for len(x.pending) == 0 {
		if x.ended != nil {
			if errors.Is(x.ended, errLongLine) {
				return "", "garbage", x.ended
			}
			return "", "crash", fmt.Errorf("the program ended: %s", x.exitInfo())
		}
		select {
		case b := <-x.batches:
			x.pending = b.lines
			x.ended = b.err
		case <-t.C:
			return "", "timeout", fmt.Errorf("no answer within %v", limit)
		}
	}
	line, x.pending = x.pending[0], x.pending[1:]
	return line, "", nil
}

// send writes msg as one line, giving up at deadline (errTimeout).
func (x *External) send(msg any, deadline time.Time) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if x.in.SetWriteDeadline(deadline) == nil {
		_, err = x.in.Write(b)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return errTimeout
		}
		return err
	}
	// Pipes without deadlines on this system: write beside, and stop the program at the deadline
	// (its end of the pipe closes, so the write returns).
	done := make(chan error, 1)
	go func() {
		_, err := x.in.Write(b)
		done <- err
	}()
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		x.kill()
		<-done
		return errTimeout
	}
}

// exitInfo describes how the program ended, with the end of its standard error. The program
// closed its output or its input; it is given half a second to exit.
func (x *External) exitInfo() string {
	s := "output closed"
	if x.exited != nil {
		t := time.NewTimer(500 * time.Millisecond)
		defer t.Stop()
		select {
		case <-x.exited:
			s = "exit status 0"
			if x.exitErr != nil {
				s = x.exitErr.Error()
			}
		case <-t.C:
		}
	}
	if t := strings.TrimSpace(x.stderr.String()); t != "" {
		s += "; stderr: " + clip(t)
	}
	return s
}

// kill stops the program and every process of its group, and waits for it (at most waitDelay
// after it died, whoever still holds its standard error).
func (x *External) kill() {
	if x.cmd == nil || x.cmd.Process == nil || x.stopped {
		return
	}
	x.stopped = true
	killGroup(x.cmd.Process)
	<-x.exited
	x.release()
}

// release kills what is left of the program's process group (children it left behind) and
// closes the arena's ends of its pipes.
func (x *External) release() {
	killGroup(x.cmd.Process)
	close(x.quit)
	_ = x.in.Close()
	_ = x.out.Close()
}

// Close tells the program the game is over, closes its input and stops it, with its whole
// process group, if it does not exit within a second. Children it left running are stopped too.
func (x *External) Close(scores []int) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.cmd == nil || x.dead {
		return nil
	}
	x.dead = true
	deadline := time.Now().Add(time.Second)
	_ = x.send(struct {
		Type   string `json:"type"`
		Scores []int  `json:"scores"`
	}{"end", scores}, deadline)
	_ = x.in.Close()
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case <-x.exited:
		x.stopped = true
		x.release()
	case <-t.C:
		x.kill()
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
