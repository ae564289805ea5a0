package browsertest

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"nimmt/assets/fonts"
)

// TestFontsFetched checks that the browser build leaves the fonts out of the wasm — no 256-byte
// piece from the start, middle or end of either font is in nimmt.wasm — and that the site serves
// them, as the page fetches them, from fonts/ with a font type: the same bytes as the desktop
// build embeds. That the game then shows text is what every other browser test sees.
func TestFontsFetched(t *testing.T) {
	enabled(t)
	dir := buildSite(t)
	wasm, err := os.ReadFile(filepath.Join(dir, "nimmt.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	url := serve(t)
	for _, f := range []struct {
		name string
		data []byte
	}{{"go-regular.ttf", fonts.Regular}, {"go-bold.ttf", fonts.Bold}} {
		n := len(f.data)
		for _, at := range []int{0, n/2 - 128, n - 256} {
			if bytes.Contains(wasm, f.data[at:at+256]) {
				t.Errorf("nimmt.wasm holds %s's bytes %d-%d: the font is embedded", f.name, at, at+256)
			}
		}
		r, err := http.Get(url + "/fonts/" + f.name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r.Body)
		r.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if r.StatusCode != 200 || r.Header.Get("Content-Type") != "font/ttf" || !bytes.Equal(b, f.data) {
			t.Errorf("/fonts/%s: %d %q, %d bytes; want 200 font/ttf and the font's %d bytes",
				f.name, r.StatusCode, r.Header.Get("Content-Type"), len(b), n)
		}
	}
}
