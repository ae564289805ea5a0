//go:build !js && !android && !ios && !nimmtnoaudio

package sound_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/audio"

	"nimmt/assets/sounds"
	"nimmt/sound"
)

// gameEnv makes this test binary run one game loop (see TestMain) instead of the tests:
// "device" opens the real Device and plays every effect; "direct" creates Ebitengine's audio
// context with no probe, the control that shows what the probe prevents.
const gameEnv = "NIMMT_SOUND_TEST_GAME"

func TestMain(m *testing.M) {
	sound.ProbeChild() // this binary is also the probe's copy of the program
	switch os.Getenv(gameEnv) {
	case "device":
		os.Exit(runGame(&deviceGame{d: sound.Open()}))
	case "direct":
		os.Exit(runGame(&directGame{}))
	}
	os.Exit(m.Run())
}

// runGame runs a game loop and turns its end into an exit status: 0 when it ended by itself,
// 2 when RunGame returned an error (printed), 3 when the game found something wrong (printed).
func runGame(g interface {
	ebiten.Game
	result() error
}) int {
	ebiten.SetWindowSize(160, 120)
	if err := ebiten.RunGame(g); err != nil {
		fmt.Println("RunGame:", err)
		return 2
	}
	if err := g.result(); err != nil {
		fmt.Println(err)
		return 3
	}
	return 0
}

// deviceGame waits for the device to be settled (playing or silent for good), then plays every
// effect and the music (a theme, a duck, another theme) and runs 30 more frames, which is when a
// failing device would have stopped RunGame.
type deviceGame struct {
	d      *sound.Device
	frames int
}

func (g *deviceGame) Update() error {
	g.d.Update()
	ready, err := g.d.Status()
	if !ready && err == nil {
		return nil // probing
	}
	if g.frames == 0 {
		for e := range sounds.NumEffects {
			g.d.Play(e, 0.01)
		}
		g.d.Music(sounds.TableTheme, 0.01)
		g.d.Duck()
	}
	if g.frames == 10 { // the table's theme fades out, the menu's fades in
		g.d.Music(sounds.MenuTheme, 0.01)
	}
	if g.frames == 28 { // a theme that would not decode would say so by now
		ready, err = g.d.Status()
		fmt.Printf("device: ready %v, err %v\n", ready, err)
	}
	g.frames++
	if g.frames == 30 {
		g.d.SetPaused(true)
		return ebiten.Termination
	}
	return nil
}
func (g *deviceGame) Draw(*ebiten.Image)         {}
func (g *deviceGame) Layout(w, h int) (int, int) { return w, h }
func (g *deviceGame) result() error              { return nil }

// directGame creates the audio context without a probe and runs until the context is ready
// (then it ends by itself) or RunGame fails.
type directGame struct{ ctx *audio.Context }

func (g *directGame) Update() error {
	if g.ctx == nil {
		g.ctx = audio.NewContext(sound.SampleRate)
	}
	if g.ctx.IsReady() {
		return ebiten.Termination
	}
	return nil
}
func (g *directGame) Draw(*ebiten.Image)         {}
func (g *directGame) Layout(w, h int) (int, int) { return w, h }
func (g *directGame) result() error              { return nil }

// child runs this test binary as one game with the given sound setup and returns its exit
// status and output.
func child(t *testing.T, mode, alsaConfig string) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), gameEnv+"="+mode, "ALSA_CONFIG_PATH="+alsaConfig,
		"PULSE_SERVER=unix:"+filepath.Join(t.TempDir(), "no-pulse")) // no sound server either
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), string(out)
}

func needDisplay(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		if os.Getenv("REQUIRE_DISPLAY") == "1" {
			t.Fatal("no display, and REQUIRE_DISPLAY=1")
		}
		t.Skip("no display: RunGame needs one")
	}
}

// TestNullCard runs the real Device under ALSA's null card (a device that discards sound, as in
// CI): the probe finds it, the effects play, and the game loop runs on to its end.
func TestNullCard(t *testing.T) {
	needDisplay(t)
	conf := filepath.Join(t.TempDir(), "alsa-null.conf")
	if err := os.WriteFile(conf, []byte("pcm.!default { type null }\nctl.!default { type hw card 0 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := child(t, "device", "/usr/share/alsa/alsa.conf:"+conf)
	if code != 0 || !strings.Contains(out, "device: ready true, err <nil>") {
		t.Fatalf("with the null card: exit %d, output:\n%s", code, out)
	}
}

// TestNoDevice runs the real Device where no sound device can be opened: the game runs to its
// end, silent, and the Device says why. The control (Ebitengine's audio without the probe) shows
// that the same machine stops RunGame.
func TestNoDevice(t *testing.T) {
	needDisplay(t)
	const alsa = "/usr/share/alsa/alsa.conf" // no card configured beyond the machine's own
	code, out := child(t, "direct", alsa)
	if code == 0 {
		t.Skip("this machine has a sound device: the no-device case cannot be made here")
	}
	if code != 2 || !strings.Contains(out, "RunGame:") {
		t.Fatalf("control without the probe: exit %d, want RunGame's error; output:\n%s", code, out)
	}
	code, out = child(t, "device", alsa)
	if code != 0 || !strings.Contains(out, "device: ready false, err sound: no sound device") {
		t.Fatalf("without a device: exit %d, output:\n%s", code, out)
	}
	t.Logf("silent as it should be: %s", strings.TrimSpace(out))
}
