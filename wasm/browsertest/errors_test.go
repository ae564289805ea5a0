package browsertest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"nimmt/server/site"
)

// pageError waits for the page's error message and returns its text.
func pageError(t *testing.T, ctx context.Context) string {
	t.Helper()
	return run(t, ctx, guard, poll[string](
		`(() => { const e = document.getElementById("error"); return !e.hidden && e.innerText; })()`))
}

// TestPageErrors checks the page's messages when the download fails (the wasm, a font, or the
// English table), when it is embedded in a frame (allow="autoplay" guidance), and when WebGL 2 is
// missing.
func TestPageErrors(t *testing.T) {
	enabled(t)
	h, err := site.New(buildSite(t))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/frame.html" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(`<!doctype html><iframe src="/index.html" width="800" height="500"></iframe>`))
			return
		}
		if p, ok := strings.CutPrefix(r.URL.Path, "/nofonts"); ok {
			// The site without its fonts.
			if strings.HasSuffix(p, ".ttf") {
				http.Error(w, "gone", http.StatusNotFound)
				return
			}
			r.URL.Path = p
			h.ServeHTTP(w, r)
			return
		}
		if p, ok := strings.CutPrefix(r.URL.Path, "/noenglish"); ok {
			// The site without its English table; the others are there.
			if p == "/lang/en.json" {
				http.Error(w, "gone", http.StatusNotFound)
				return
			}
			r.URL.Path = p
			h.ServeHTTP(w, r)
			return
		}
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			http.Error(w, "gone", http.StatusNotFound)
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer broken.Close()
	ctx := browser(t)

	run(t, ctx, guard, chromedp.Navigate(broken.URL+"/"))
	if msg := pageError(t, ctx); !strings.Contains(msg, "could not be downloaded") || !strings.Contains(msg, "404") {
		t.Errorf("download failure: the page says %q", msg)
	}

	// The fonts missing: the game cannot show text, the page says which file it could not have.
	run(t, ctx, guard, chromedp.Navigate(broken.URL+"/nofonts/"))
	if msg := pageError(t, ctx); !strings.Contains(msg, "could not be downloaded") || !strings.Contains(msg, "fonts/go-") || !strings.Contains(msg, "404") {
		t.Errorf("font download failure: the page says %q", msg)
	}

	// The English table missing: the game has no text to fall back to, the page says which file
	// it could not have.
	run(t, ctx, guard, chromedp.Navigate(broken.URL+"/noenglish/"))
	if msg := pageError(t, ctx); !strings.Contains(msg, "could not be downloaded") || !strings.Contains(msg, "lang/en.json") || !strings.Contains(msg, "404") {
		t.Errorf("English table download failure: the page says %q", msg)
	}

	// Embedded in a frame: the page says how to let sound play.
	run(t, ctx, step, chromedp.Navigate(broken.URL+"/frame.html"))
	note := run(t, ctx, guard, poll[string](
		`(() => { const d = document.querySelector("iframe").contentDocument; const n = d && d.getElementById("framenote"); return n && !n.hidden && n.innerText; })()`))
	if !strings.Contains(note, `allow="autoplay"`) {
		t.Errorf("in a frame: the note says %q", note)
	}

	// A browser without WebGL 2: getContext("webgl2") answers null.
	run(t, ctx, step, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(c, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `{ const g = HTMLCanvasElement.prototype.getContext;
				HTMLCanvasElement.prototype.getContext = function (k, ...a) { return k === "webgl2" ? null : g.call(this, k, ...a); }; }`,
		})
		return err
	}))
	run(t, ctx, guard, chromedp.Navigate(serve(t)+"/"))
	if msg := pageError(t, ctx); !strings.Contains(msg, "WebGL 2") {
		t.Errorf("no WebGL: the page says %q", msg)
	}
	screenshot(t, ctx, "page-no-webgl")
}
