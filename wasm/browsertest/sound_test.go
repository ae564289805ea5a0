package browsertest

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"nimmt/assets/sounds"
	"nimmt/server/site"
)

// soundPage wraps the page's AudioContext so the test sees what the game does with it: the
// contexts made, the buffers decoded, the sounds started.
const soundPage = `<!doctype html><meta charset="utf-8"><title>sound</title>
<body style="margin:0;width:100vw;height:100vh">
<script>
window.seen = {contexts: [], decoded: 0, started: 0, loops: 0};
window.nimmtMusicRest = 2; // s without an effect before the music rests (60 in the game)
const Real = window.AudioContext;
window.AudioContext = function () {
  const c = new Real();
  seen.contexts.push(c);
  const decode = c.decodeAudioData.bind(c);
  c.decodeAudioData = (buf, ok, fail) => decode(buf, (b) => { seen.decoded++; ok(b); }, fail);
  const source = c.createBufferSource.bind(c);
  c.createBufferSource = () => { const s = source(); const start = s.start.bind(s); s.start = (...a) => { if (s.loop) seen.loops++; else seen.started++; start(...a); }; return s; };
  return c;
};
</script>
<script src="sound.js"></script>
<script src="wasm_exec.js"></script>
<script>
const go = new Go();
WebAssembly.instantiateStreaming(fetch("check.wasm"), go.importObject).then((r) => go.run(r.instance));
</script>`

// TestSound checks nimmt/sound in Chromium: no AudioContext (so no autoplay warning) and no music
// fetched before the first click, then one that decodes every effect, fetched from the site; cues
// play; a hidden tab, a pause or a few quiet seconds suspend it, and the next cue resumes it; a
// theme is fetched and loops, another replaces it, without music the context goes quiet, and so
// it does when the music rests for want of effects, until the next one; the console shows no
// error or warning on the way.
func TestSound(t *testing.T) {
	enabled(t)
	dir := t.TempDir()
	root := moduleRoot(t)
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "check.wasm"), "./wasm/browsertest/testdata/soundcheck")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	device, err := os.ReadFile(filepath.Join(root, "wasm", "sound.js"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"wasm_exec.js": js, "sound.js": device, "index.html": []byte(soundPage)}
	for e := range sounds.NumEffects { // the site serves the effects and the music beside the page
		files[e.URL()] = sounds.WAV(e)
	}
	for th := range sounds.NumThemes {
		files[th.URL()] = sounds.Music(th)
	}
	if err := os.Mkdir(filepath.Join(dir, sounds.Dir), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h, err := site.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() { srv.Close(); h.Close() })

	ctx := browser(t)
	var mu sync.Mutex
	var complaints []string
	listen := func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			complaints = append(complaints, "exception: "+ev.ExceptionDetails.Text)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				complaints = append(complaints, fmt.Sprintf("console %s: %s", ev.Type, strings.Join(args, " ")))
			}
		}
	}
	if err := chromedp.Listen(ctx, listen); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, guard, chromedp.Navigate(srv.URL+"/"))
	poll := func(cond string) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, guard)
		defer cancel()
		if _, err := chromedp.Run(c, poll[bool](cond)); err != nil {
			state := run(t, ctx, step, chromedp.Evaluate[string](`JSON.stringify({n: seen.contexts.length, decoded: seen.decoded, started: seen.started, state: seen.contexts[0] && seen.contexts[0].state})`))
			t.Fatalf("waiting for %s: %v (page: %s)", cond, err, state)
		}
	}
	poll(`window.nimmtSound !== undefined`)
	fetchedMusic := func() int {
		return run(t, ctx, step, chromedp.Evaluate[int](`performance.getEntriesByType("resource").filter((e) => e.name.includes("/music-")).length`))
	}
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`nimmtSound.cue(0); nimmtSound.music(0); nimmtSound.music(-1)`))
	if n := run(t, ctx, step, chromedp.Evaluate[int](`seen.contexts.length + seen.started + seen.loops`)); n != 0 {
		t.Fatalf("before any gesture: %d contexts and sounds, want none", n)
	}
	if n := fetchedMusic(); n != 0 {
		t.Fatalf("before any gesture: %d themes fetched, want none", n)
	}
	run(t, ctx, step, chromedp.MouseClickXY(200, 200))
	poll(`seen.contexts.length === 1 && seen.decoded === nimmtSound.effects`)
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`for (let i = 0; i < nimmtSound.effects; i++) nimmtSound.cue(i)`))
	effects := run(t, ctx, step, chromedp.Evaluate[int](`nimmtSound.effects`))
	started := func(want int) {
		t.Helper()
		if n := run(t, ctx, step, chromedp.Evaluate[int](`seen.started`)); n != want {
			t.Errorf("%d sounds started, want %d", n, want)
		}
	}
	started(effects) // every effect once
	poll(`seen.contexts[0].state === "running"`)
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](
		`Object.defineProperty(document, "hidden", {configurable: true, get: () => true}); document.dispatchEvent(new Event("visibilitychange"))`))
	poll(`seen.contexts[0].state === "suspended"`)
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`delete document.hidden; document.dispatchEvent(new Event("visibilitychange")); nimmtSound.cue(0)`))
	poll(`seen.contexts[0].state === "running"`)
	started(effects + 1)
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`nimmtSound.pause(true); nimmtSound.cue(1)`))
	poll(`seen.contexts[0].state === "suspended"`)
	started(effects + 1) // a cue while paused starts no sound
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`nimmtSound.pause(false); nimmtSound.cue(2)`))
	poll(`seen.contexts[0].state === "running"`)
	started(effects + 2)
	// Quiet: a while after the last sound ended the context is suspended (a running one renders
	// silence on the audio threads), and the next cue resumes it and plays.
	poll(`seen.contexts[0].state === "suspended"`)
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`nimmtSound.cue(0)`))
	poll(`seen.contexts[0].state === "running"`)
	started(effects + 3)
	// Music: a theme asked for is fetched, decoded and looped; another one replaces it (the first
	// fades out); a duck is no error; without music the context goes quiet again.
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`nimmtSound.music(0)`))
	poll(`seen.loops === 1`)
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`nimmtSound.duck(); nimmtSound.music(1)`))
	poll(`seen.loops === 2`)
	if n := fetchedMusic(); n != 2 {
		t.Errorf("%d themes fetched, want 2", n)
	}
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`nimmtSound.music(-1)`))
	poll(`seen.contexts[0].state === "suspended"`)
	started(effects + 3)
	// The music rests when nobody plays: without an effect it fades out and the context goes
	// quiet; the next effect brings the theme back.
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`nimmtSound.music(0)`))
	poll(`seen.loops === 3 && seen.contexts[0].state === "running"`)
	poll(`seen.contexts[0].state === "suspended"`)
	run(t, ctx, step, chromedp.Evaluate[chromedp.Void](`nimmtSound.cue(0)`))
	poll(`seen.loops === 4`)
	started(effects + 4)
	mu.Lock()
	defer mu.Unlock()
	for _, c := range complaints {
		t.Errorf("%s", c)
	}
}
