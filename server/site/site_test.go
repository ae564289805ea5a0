package site_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"nimmt/server/site"
)

const secret = "TOP SECRET outside the folder"

// setup makes outer/{secret.txt, web/...} and returns a handler for outer/web.
func setup(t *testing.T) *site.Handler {
	t.Helper()
	outer := t.TempDir()
	web := filepath.Join(outer, "web")
	write := func(name, data string) {
		t.Helper()
		p := filepath.Join(outer, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("secret.txt", secret)
	write("web/index.html", "<!doctype html><title>nimmt</title>")
	write("web/wasm_exec.js", "// wasm_exec")
	write("web/nimmt.wasm", strings.Repeat("\x00asm", 1000))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(strings.Repeat("\x00asm", 1000)))
	zw.Close()
	write("web/nimmt.wasm.gz", gz.String())
	write("web/sub/page.txt", "inside")
	write("web/sounds/click.wav", "RIFF")
	write("web/fonts/go-regular.ttf", "\x00\x01\x00\x00glyf")
	write("web/.hidden", "hidden")
	for link, target := range map[string]string{
		"web/out":      outer,                              // a directory outside
		"web/leak.txt": filepath.Join(outer, "secret.txt"), // a file outside, absolute
		"web/rel.txt":  "../secret.txt",                    // a file outside, relative
		"web/in.txt":   "sub/page.txt",                     // a file inside: allowed
	} {
		if err := os.Symlink(target, filepath.Join(outer, link)); err != nil {
			t.Fatal(err)
		}
	}
	h, err := site.New(web)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// do sends a raw request line, parsed the way net/http's server parses it.
func do(t *testing.T, h http.Handler, method, target string, hdr map[string]string) *http.Response {
	t.Helper()
	raw := method + " " + target + " HTTP/1.1\r\nHost: localhost\r\n"
	for k, v := range hdr {
		raw += k + ": " + v + "\r\n"
	}
	req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw + "\r\n")))
	if err != nil {
		t.Fatalf("%s: %v", target, err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestServesFilesWithTypes(t *testing.T) {
	h := setup(t)
	for _, tc := range []struct{ path, ctype, body string }{
		{"/", "text/html; charset=utf-8", "<!doctype html><title>nimmt</title>"},
		{"/index.html", "text/html; charset=utf-8", "<!doctype html><title>nimmt</title>"},
		{"/wasm_exec.js", "text/javascript; charset=utf-8", "// wasm_exec"},
		{"/nimmt.wasm", "application/wasm", strings.Repeat("\x00asm", 1000)},
		{"/sub/page.txt", "text/plain; charset=utf-8", "inside"},
		{"/in.txt", "text/plain; charset=utf-8", "inside"},
		{"/sounds/click.wav", "audio/wav", "RIFF"},
		{"/fonts/go-regular.ttf", "font/ttf", "\x00\x01\x00\x00glyf"},
	} {
		r := do(t, h, "GET", tc.path, nil)
		if r.StatusCode != 200 {
			t.Errorf("%s: status %d", tc.path, r.StatusCode)
			continue
		}
		if got := r.Header.Get("Content-Type"); got != tc.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.ctype)
		}
		if got := body(t, r); got != tc.body {
			t.Errorf("%s: body %q", tc.path, got)
		}
		if got := r.Header.Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache", tc.path, got)
		}
	}
}

func TestGzip(t *testing.T) {
	h := setup(t)
	raw := strings.Repeat("\x00asm", 1000)
	for _, tc := range []struct {
		accept string
		gz     bool
	}{
		{"gzip, deflate, br", true},
		{"br;q=1.0, gzip;q=0.8", true},
		{"*", true},
		{"", false},
		{"br", false},
		{"gzip;q=0", false},
		{"*, gzip;q=0", false},
	} {
		r := do(t, h, "GET", "/nimmt.wasm", map[string]string{"Accept-Encoding": tc.accept})
		if r.StatusCode != 200 {
			t.Fatalf("%q: status %d", tc.accept, r.StatusCode)
		}
		if got := r.Header.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("%q: Vary %q", tc.accept, got)
		}
		if got := r.Header.Get("Content-Type"); got != "application/wasm" {
			t.Errorf("%q: Content-Type %q", tc.accept, got)
		}
		b := body(t, r)
		if !tc.gz {
			if r.Header.Get("Content-Encoding") != "" || b != raw {
				t.Errorf("%q: want the plain body", tc.accept)
			}
			continue
		}
		if r.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("%q: Content-Encoding %q", tc.accept, r.Header.Get("Content-Encoding"))
		}
		if got := r.Header.Get(site.UncompressedLengthHeader); got != "4000" {
			t.Errorf("%q: %s %q, want 4000", tc.accept, site.UncompressedLengthHeader, got)
		}
		if r.Header.Get("Content-Length") != strconv.Itoa(len(b)) {
			t.Errorf("%q: Content-Length %d for a %d-byte body", tc.accept, r.ContentLength, len(b))
		}
		zr, err := gzip.NewReader(strings.NewReader(b))
		if err != nil {
			t.Fatalf("%q: %v", tc.accept, err)
		}
		if plain, _ := io.ReadAll(zr); string(plain) != raw {
			t.Errorf("%q: the gzip body does not inflate to the file", tc.accept)
		}
	}
}

func TestRefusesEverythingOutside(t *testing.T) {
	h := setup(t)
	for _, target := range []string{
		"/../secret.txt",
		"/%2e%2e/secret.txt",
		"/%2E%2E%2Fsecret.txt",
		"/sub/../../secret.txt",
		"/sub/%2e%2e/%2e%2e/secret.txt",
		"/..%2fsecret.txt",
		"/..\\secret.txt",
		"/%5c..%5csecret.txt",
		"//secret.txt",
		"/./index.html",
		"/.hidden",
		"/out/secret.txt",
		"/leak.txt",
		"/rel.txt",
		"/sub/",
		"/sub",
		"/out",
		"/etc/passwd",
		"/%00index.html",
		"http://localhost/../secret.txt",
		filepath.Join(os.TempDir(), "secret.txt"),
	} {
		r := do(t, h, "GET", target, nil)
		b := body(t, r)
		if r.StatusCode != http.StatusNotFound && r.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 404 or 400", target, r.StatusCode)
		}
		if strings.Contains(b, secret) || strings.Contains(b, "inside") || strings.Contains(b, "<a href") {
			t.Errorf("%s: leaked %q", target, b)
		}
	}
}

func TestOnlyGetAndHead(t *testing.T) {
	h := setup(t)
	if r := do(t, h, "HEAD", "/index.html", nil); r.StatusCode != 200 {
		t.Errorf("HEAD: status %d", r.StatusCode)
	}
	for _, m := range []string{"POST", "PUT", "DELETE"} {
		if r := do(t, h, m, "/index.html", nil); r.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("%s: status %d", m, r.StatusCode)
		}
	}
}
