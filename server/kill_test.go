package server_test

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"

	"nimmt/protocol"
	"nimmt/server/store/storetest"
)

var built struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

// serverBinary builds cmd/server once for the package's tests and returns its path.
func serverBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "nimmt-server-test")
		if built.err == nil {
			built.out, built.err = exec.Command("go", "build", "-o", filepath.Join(built.dir, "server"), "nimmt/cmd/server").CombinedOutput()
		}
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return filepath.Join(built.dir, "server")
}

// child is the server binary running as a child process.
type child struct {
	cmd    *exec.Cmd
	url    string
	stderr *syncBuffer
}

// syncBuffer is a bytes.Buffer safe to read while the child writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func startChild(t *testing.T, bin string, db *storetest.DB, args ...string) *child {
	t.Helper()
	args = append([]string{"-addr", "127.0.0.1:0", "-db", db.DSN(), "-web", filepath.Join(t.TempDir(), "none"), "-grace", "1h", "-rate", "1000", "-text", "", "-admin", ""}, args...)
	c := &child{cmd: exec.Command(bin, args...), stderr: &syncBuffer{}}
	c.cmd.Stderr = c.stderr
	out, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		c.cmd.Process.Kill()
		c.cmd.Wait()
		t.Fatalf("server: %v\n%s", err, c.stderr)
	}
	go io.Copy(io.Discard, out)
	// "server: listening on http://127.0.0.1:PORT/ (web: false)"
	f := strings.Fields(line)
	if len(f) < 4 {
		t.Fatalf("server said %q", line)
	}
	c.url = "ws" + strings.TrimSuffix(strings.TrimPrefix(f[3], "http"), "/")
	return c
}

// The server binary is killed with SIGKILL in the middle of a game and restarted on the same
// database (the suite's store: an SQLite file, or a PostgreSQL database): the clients reconnect
// with their tokens and finish the game; the events from the start are exactly those they had before the kill (no action lost, none applied twice); then
// SIGTERM shuts the server down cleanly.
func TestKillRestart(t *testing.T) {
	bin := serverBinary(t)
	db := storetest.New(t)
	srv := startChild(t, bin, db)
	defer func() {
		if srv.cmd.ProcessState == nil {
			srv.cmd.Process.Kill()
			srv.cmd.Wait()
		}
	}()
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	code := lobby(t, srv.url, noTimer(3), []string{"intermediate"}, ann, bo)

	// Both play until Ann is in round 2 with a decision of hers pending; Bo plays on until the
	// kill cuts him off.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		bo.play(bo.over)
	}()
	ann.playTo("round 2", func() bool {
		return ann.st.View.Round == 2 && ann.st.View.Decision != nil && decisionKey(&ann.st.View) != ann.acted
	})
	ann.move() // an action in flight when the server dies
	if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	srv.cmd.Wait()
	wg.Wait()
	annBefore, boBefore := ann.st.Events, bo.st.Events

	srv = startChild(t, bin, db)
	for _, p := range []*player{ann, bo} {
		p.connect(srv.url, code)
		p.hello()
		p.roundTrip() // every event resumed is read before the player decides
		p.acted = ""  // a decision in flight may have been lost with the connection: answer again
		// An action sent just before the kill may have been stored and applied while its event
		// never reached the client; the answer sent again for it is then refused (the card is no
		// longer in the hand) and the client decides again from the events it now has. What
		// this test holds the server to is below: the events before the kill unchanged, and the
		// stored game equal to the one played.
		p.redecide = true
	}
	playAll(t, ann, bo)
	if !reflect.DeepEqual(ann.st.Events[:len(annBefore)], annBefore) || !reflect.DeepEqual(bo.st.Events[:len(boBefore)], boBefore) {
		t.Error("the events before the kill changed")
	}
	// A fresh connection with Ann's token gets the whole game again, as Ann saw it.
	fresh := newPlayer(t, "Ann again", 3)
	fresh.st.Token = ann.st.Token
	fresh.connect(srv.url, code)
	fresh.hello()
	fresh.until("game over", func(protocol.Message) bool { return len(fresh.st.Events) == len(ann.st.Events) })
	if !reflect.DeepEqual(fresh.st.Events, ann.st.Events) {
		t.Error("the stored game differs from the one played")
	}
	if r := fresh.st.Room.Result; r == nil || !reflect.DeepEqual(r.Totals, ann.st.View.Scores) {
		t.Errorf("result %+v, Ann's scores %v", r, ann.st.View.Scores)
	}

	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := srv.cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v\n%s", err, srv.stderr)
	}
	if !db.Postgres() {
		if _, err := os.Stat(db.DSN()); err != nil {
			t.Error(err)
		}
	}
}
