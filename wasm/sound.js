// sound.js — the browser's sound device for nimmt/sound (sound/device_js.go drives it through
// window.nimmtAudio). It lives here, not in the wasm, so the game's wasm carries neither the Web
// Audio code nor the sounds: the page fetches the effects and the music from the site's sounds/
// folder and decodes them with decodeAudioData.
//
// Browsers let a page start sound only after a tap, click or key, so the AudioContext is made by
// the first of those (no warning, no error before); effects asked for before that are dropped,
// and the music asked for is fetched then (a page nobody taps fetches no music). The context is
// suspended while the tab is hidden, while the game is paused, and while it is quiet: a running
// context renders silence on the browser's audio threads (~4 % of a core in Chromium), so it is
// suspended 3 s after the last effect ended when no music plays, and resumed by the next sound.
// The music rests too: a theme fades out after restAfter seconds without an event or a cue
// (active: nobody plays), so an idle page goes quiet and its context is suspended; the next one
// brings it back.
"use strict";
window.nimmtAudio = (() => {
  const Ctor = window.AudioContext || window.webkitAudioContext;
  // The API: open, play, pause, music, duck; ready, error and loadError for Device.Status.
  const a = { ready: false, error: "", loadError: "" };
  if (!Ctor) {
    a.error = "sound: this browser has no Web Audio: the game is silent";
    a.open = a.play = a.pause = a.music = a.duck = a.active = () => {};
    return a;
  }
  const quietAfter = 3000; // ms: long enough that the sounds of one move do not each wait for a resume
  const gestures = ["pointerdown", "keydown", "touchend"];
  // The music's envelope (s): fades in and out, a duck to duckDepth held duckHold (time constants).
  const fadeIn = 0.4, fadeOut = 0.2, duckDepth = 0.3, duckAttack = 0.04, duckHold = 1.4, duckRelease = 0.5;
  // A theme rests restAfter seconds after the last event or cue (active), fading out (time constant restFade).
  // (A test page may set window.nimmtMusicRest to a shorter rest before loading this script.)
  const restAfter = window.nimmtMusicRest || 60, restFade = 1.5;
  let ctx = null, paused = false, quiet = false, playing = 0, plays = 0;
  let effectURLs = [], themeURLs = [];
  const raw = [], buffers = [], music = [], fetched = [];
  // The music asked for (theme index, -1 none; volume) and what plays.
  // rest is the GainNode of the rest's fade; rested is set while the theme asked for rests.
  let want = -1, wantVolume = 0, theme = -1, volume = 0, src = null, gain = null, rest = null, rested = false;

  const failed = (url, why) => {
    if (!a.loadError) a.loadError = `sound: ${url}: ${why && why.message ? why.message : why}`;
  };
  const get = (url) => fetch(url).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  const decode = (i) => {
    if (!ctx || !raw[i]) return;
    const b = raw[i];
    raw[i] = null; // decodeAudioData takes the ArrayBuffer over
    ctx.decodeAudioData(b, (buf) => { buffers[i] = buf; }, (e) => failed(effectURLs[i], e));
  };
  // apply suspends or resumes the context to match the pause, the quiet and the tab's visibility.
  const apply = () => {
    if (!ctx) return;
    if (paused || quiet || document.hidden) ctx.suspend(); else ctx.resume();
  };
  const quietSoon = () => {
    const at = plays;
    setTimeout(() => {
      if (playing === 0 && !src && at === plays) {
        quiet = true;
        apply();
      }
    }, quietAfter);
  };
  const wake = () => {
    if (quiet) {
      quiet = false;
      apply(); // resume: the sound starts when the context runs
    }
  };
  // applyMusic makes the music what was asked for: the same theme at a new volume, or the theme
  // that played fading out and the new one fading in (fetched and decoded first).
  const applyMusic = () => {
    if (!ctx) return;
    const now = ctx.currentTime;
    if (want === theme) {
      if (gain && volume !== wantVolume) {
        volume = wantVolume;
        gain.gain.cancelScheduledValues(now);
        gain.gain.setTargetAtTime(volume, now, 0.1);
      }
      return;
    }
    if (src) {
      gain.gain.cancelScheduledValues(now);
      gain.gain.setTargetAtTime(0, now, fadeOut);
      src.stop(now + 6 * fadeOut);
      src = gain = rest = null;
    }
    theme = -1;
    rested = false;
    const t = want;
    if (t < 0) {
      quietSoon();
      return;
    }
    if (!music[t]) {
      if (!fetched[t]) {
        fetched[t] = true;
        get(themeURLs[t]).then((b) => ctx.decodeAudioData(b, (buf) => {
          music[t] = buf;
          applyMusic();
        }, (e) => failed(themeURLs[t], e)), (e) => failed(themeURLs[t], e));
      }
      return;
    }
    wake();
    theme = t;
    volume = wantVolume;
    src = ctx.createBufferSource();
    src.buffer = music[t];
    src.loop = true;
    gain = ctx.createGain();
    gain.gain.setValueAtTime(0, now);
    gain.gain.setTargetAtTime(volume, now, fadeIn);
    rest = ctx.createGain();
    const s = src;
    s.addEventListener("ended", () => {
      if (src !== s) return; // replaced by another theme
      src = gain = rest = null; // rested: the theme stays asked for until the next effect
      rested = true;
      quietSoon();
    });
    src.connect(rest);
    rest.connect(gain);
    gain.connect(ctx.destination);
    src.start();
    awake();
  };
  // awake puts the music's rest restAfter seconds from now.
  const awake = () => {
    if (!src) return;
    const now = ctx.currentTime;
    rest.gain.cancelScheduledValues(now);
    rest.gain.setTargetAtTime(1, now, 0.3);
    rest.gain.setTargetAtTime(0, now + restAfter, restFade);
    src.stop(now + restAfter + 6 * restFade);
  };
  const start = () => {
    if (ctx) return;
    for (const ev of gestures) removeEventListener(ev, start, true);
    ctx = new Ctor();
    a.ready = true;
    effectURLs.forEach((_, i) => decode(i));
    applyMusic();
    quietSoon();
  };
  const ended = () => {
    playing--;
    if (playing === 0) quietSoon();
  };

  // open starts fetching the effects (their files' URLs, by effect) and waits for the first
  // gesture; the themes' files (URLs, by theme) are fetched when first asked for.
  a.open = (effects, themes) => {
    effectURLs = effects;
    themeURLs = themes;
    effects.forEach((url, i) => get(url).then((b) => {
      raw[i] = b;
      decode(i);
    }, (e) => failed(url, e)));
    for (const ev of gestures) addEventListener(ev, start, true);
    document.addEventListener("visibilitychange", apply);
  };
  // play starts effect i at a volume.
  a.play = (i, v) => {
    if (!ctx || paused || !buffers[i]) return;
    wake();
    playing++;
    plays++;
    const s = ctx.createBufferSource();
    s.buffer = buffers[i];
    s.addEventListener("ended", ended);
    const g = ctx.createGain();
    g.gain.value = v;
    s.connect(g);
    g.connect(ctx.destination);
    s.start();
  };
  // pause suspends the context (true) or lets it run again (false).
  a.pause = (p) => {
    paused = p;
    apply();
  };
  // music plays theme t (-1: none) looping at a volume.
  a.music = (t, v) => {
    want = t;
    wantVolume = v;
    applyMusic();
  };
  // active says the game is being played: the music's rest starts again, and music that rested
  // comes back.
  a.active = () => {
    if (rested) {
      rested = false;
      theme = -1;
      applyMusic();
    } else if (src) {
      awake();
    }
  };
  // duck lowers the music for a moment.
  a.duck = () => {
    if (!gain) return;
    const now = ctx.currentTime;
    gain.gain.cancelScheduledValues(now);
    gain.gain.setTargetAtTime(volume * duckDepth, now, duckAttack);
    gain.gain.setTargetAtTime(volume, now + duckHold, duckRelease);
  };
  return a;
})();
