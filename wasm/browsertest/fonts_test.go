package browsertest

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"nimmt/assets"
	"nimmt/assets/fonts"
)

// TestFontsFetched checks that the browser build leaves the fonts out of the wasm — no 256-byte
// piece from the start, middle or end of either font is in nimmt.wasm — and that the site serves
// them, as the page fetches them, from fonts/ with a font type: the same bytes as the desktop
// build embeds. That the game then shows text is what every other browser test sees.
func TestFontsFetched(t *testing.T) {
	enabled(t)
	wasm, url := siteWasm(t)
	for _, f := range []struct {
		name string
		data []byte
	}{{"go-regular.ttf", fonts.Regular}, {"go-bold.ttf", fonts.Bold}} {
		if typ := fetchedNotEmbedded(t, wasm, url, "fonts/"+f.name, f.data); typ != "font/ttf" {
			t.Errorf("/fonts/%s: type %q, want font/ttf", f.name, typ)
		}
	}
}

// TestLangFetched checks that the browser build leaves the text tables out of the wasm and that
// the site serves each, as the page fetches it, from lang/ (as TestFontsFetched for the fonts).
// That the game then shows its texts in each language is what TestGermanTurn and the other
// browser tests see.
func TestLangFetched(t *testing.T) {
	enabled(t)
	wasm, url := siteWasm(t)
	for _, tb := range assets.Lang {
		fetchedNotEmbedded(t, wasm, url, "lang/"+tb.Code+".json", tb.JSON)
	}
}

// siteWasm builds the site and serves it: it returns nimmt.wasm's bytes and the site's URL.
func siteWasm(t *testing.T) ([]byte, string) {
	t.Helper()
	wasm, err := os.ReadFile(filepath.Join(buildSite(t), "nimmt.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	return wasm, serve(t)
}

// fetchedNotEmbedded checks that no 256-byte piece from the start, middle or end of data is in
// wasm and that the site at url serves data at path; it returns the type the site sends.
func fetchedNotEmbedded(t *testing.T, wasm []byte, url, path string, data []byte) string {
	t.Helper()
	n := len(data)
	for _, at := range []int{0, n/2 - 128, n - 256} {
		if bytes.Contains(wasm, data[at:at+256]) {
			t.Errorf("nimmt.wasm holds %s's bytes %d-%d: the file is embedded", path, at, at+256)
		}
	}
	r, err := http.Get(url + "/" + path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r.Body)
	r.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if r.StatusCode != 200 || !bytes.Equal(b, data) {
		t.Errorf("/%s: %d, %d bytes; want 200 and the file's %d bytes", path, r.StatusCode, len(b), n)
	}
	return r.Header.Get("Content-Type")
}
