// Command nimmt plays 6 nimmt! (Take 6!) against computer opponents in a window.
//
//	nimmt                                   play
//	nimmt -screenshot menu.png -scene menu  render a scene to PNG and exit
//	nimmt -lang de                          play in German (en, de, es, fr; default: the
//	                                        settings' language, else LC_ALL/LC_MESSAGES/LANG)
//
// Scenes for -screenshot: menu newgame settings rules deal choose reveal placement rowchoice
// score gameover tracker log.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/assets/icons"
	"nimmt/clip"
	"nimmt/msg"
	"nimmt/scenes"
	"nimmt/sound"
	"nimmt/storage"
)

func main() {
	sound.ProbeChild() // a copy of this program started to probe the sound device: probe and exit
	start := time.Now()
	shot := flag.String("screenshot", "", "render -scene to this PNG file and exit")
	scene := flag.String("scene", "menu", "scene for -screenshot")
	size := flag.String("size", "1280x720", "window size, WxH (with -screenshot: the screenshot's size)")
	seed := flag.Uint64("seed", 0, "seed of the first game's deal (0: random)")
	speed := flag.String("speed", "", "animation speed: slow, normal, fast or instant")
	seats := flag.Int("seats", 0, "seats of a new game, 2–10 (0: the saved setting)")
	variant := flag.String("variant", "", "rules of a new game: basic, tactics, logic, tournament, professional, open, nifty, hand, double or tcg (empty: the saved setting)")
	doublets := flag.Bool("doublets", false, "with -variant double: one deck plus the doublets 11…99 of a second")
	autoplay := flag.Bool("autoplay", false, "play a whole game with a simple player in your seat, then exit (with -room: online, printing the final scores)")
	server := flag.String("server", "", "the game server of online play, e.g. 127.0.0.1:8080 (empty: the saved setting)")
	room := flag.String("room", "", "join this online room (its code) at once")
	lang := flag.String("lang", "", "language: en, de, es or fr (empty: the saved setting, else the system's from LC_ALL, LC_MESSAGES or LANG)")
	scale := flag.Float64("scale", 0, "device scale factor for -screenshot: the PNG is -size times this (0: the monitor's)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to this file")
	timing := flag.Bool("timing", false, "print the time from start to the first drawn frame")
	flag.Parse()
	// A soft heap limit: the table renders its card faces in the first frames, and without it
	// the heap's high-water mark doubles the live heap (docs/PERFORMANCE.md, "Game").
	debug.SetMemoryLimit(128 << 20)
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err == nil {
			pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
	}

	opts := scenes.Options{Desktop: true, Seed: *seed, Screenshot: *shot, Scene: *scene, Speed: *speed, Seats: *seats, Variant: *variant, Doublets: *doublets, Scale: *scale, Autoplay: *autoplay,
		Lang: *lang, Locale: msg.SystemLocale(os.Getenv), Server: *server, Room: *room, IdleFrames: true,
		Clipboard: clip.Copy}
	if *shot == "" {
		if dir, err := storage.Default(); err == nil {
			_, _ = dir.RemoveStale() // temporary files of a save a crash interrupted
			opts.Storage = dir
		} else {
			fmt.Fprintln(os.Stderr, "nimmt: settings and saves are off:", err)
		}
	}
	if *shot == "" {
		dev := sound.Open() // probes for a sound device; silent without one
		opts.Sound, opts.SoundStatus = sound.New(dev), dev.Status
	}
	g, err := scenes.NewGame(opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "nimmt:", err)
		os.Exit(1)
	}
	var w, h int
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || w < 100 || h < 100 {
		fmt.Fprintln(os.Stderr, "nimmt: bad -size", *size)
		os.Exit(2)
	}
	if imgs, err := icons.Images(); err == nil {
		ebiten.SetWindowIcon(imgs)
	} else {
		fmt.Fprintln(os.Stderr, "nimmt: no window icon:", err)
	}
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)
	// While the window is not focused the game stands still and its sound pauses, as in a hidden
	// browser tab or a phone app in the background: with this (Ebitengine's default) its loop
	// stops calling Update and suspends the audio context (hook.SuspendAudio) until the focus
	// comes back, when it resumes it.
	ebiten.SetRunnableOnUnfocused(false)
	var game ebiten.Game = g
	if *timing {
		game = &timed{Game: g, start: start}
	}
	err = ebiten.RunGame(game)
	g.FlushSaves()
	if err != nil {
		fmt.Fprintln(os.Stderr, "nimmt:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

// timed reports the time to the first drawn frame on stderr.
type timed struct {
	*scenes.Game
	start time.Time
	done  bool
}

// Draw draws the game and reports the first frame.
func (t *timed) Draw(screen *ebiten.Image) {
	t.Game.Draw(screen)
	if !t.done {
		t.done = true
		fmt.Fprintf(os.Stderr, "nimmt: first frame %.0f ms after start\n", float64(time.Since(t.start).Microseconds())/1000)
	}
}
