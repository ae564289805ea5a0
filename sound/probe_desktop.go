//go:build !js && !android && !ios && !nimmtnoaudio

package sound

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ebitengine/oto/v3"
)

// probeEnv marks the process started by probe.
const probeEnv = "NIMMT_SOUND_PROBE"

// probeReady says that ProbeChild ran in this program, so that a copy of it would probe and exit.
var probeReady atomic.Bool

// probeTimeout bounds a probe that hangs (a sound server that accepts and never answers): the
// game then stays silent.
const probeTimeout = 15 * time.Second

// probe reports whether a sound device can be opened, the way Ebitengine opens it. Ebitengine
// opens the device in its first Update and, when that fails, RunGame returns the error and the
// game stops; a process may open the device only once. So the probe runs in a copy of this
// program (os.Executable with NIMMT_SOUND_PROBE=1), which opens the device with the same oto
// options as Ebitengine's audio, plays a moment of silence and reports; ProbeChild is that copy's
// side, called first thing in main (and TestMain).
func probe() error {
	if !probeReady.Load() {
		// The copy would not stop at the probe but run the whole program (or every test) again.
		return errors.New("sound: no probe: this program's main does not call sound.ProbeChild first")
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("sound: probe: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(os.Environ(), probeEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		// The last line is the probe's own; ALSA's library may chatter on stderr before it.
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		msg := lines[len(lines)-1]
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("sound: no sound device: %s", msg)
	}
	return nil
}

// ProbeChild is the probe's side in the copy of the program that probe starts: when the
// environment asks for a probe, it opens the sound device, reports on stderr and exits (status
// 0: the device works). Otherwise it returns at once. Call it first thing in main.
func ProbeChild() {
	if os.Getenv(probeEnv) != "1" {
		probeReady.Store(true)
		return
	}
	if err := openDevice(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// openDevice opens the device as Ebitengine's audio.NewContext does (oto, 32-bit float stereo
// at SampleRate) and plays 50 ms of silence, the time a failing write takes to show.
func openDevice() error {
	c, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: SampleRate, ChannelCount: 2, Format: oto.FormatFloat32LE})
	if err != nil {
		return err
	}
	<-ready
	if err := c.Err(); err != nil {
		return err
	}
	p := c.NewPlayer(&silence{left: SampleRate / 20 * 2 * 4})
	p.Play()
	for p.IsPlaying() {
		time.Sleep(5 * time.Millisecond)
	}
	if err := c.Err(); err != nil {
		return err
	}
	return p.Err()
}

// silence reads zero bytes, then io.EOF.
type silence struct{ left int }

func (s *silence) Read(b []byte) (int, error) {
	if s.left <= 0 {
		return 0, io.EOF
	}
	n := min(len(b), s.left)
	clear(b[:n])
	s.left -= n
	return n, nil
}
