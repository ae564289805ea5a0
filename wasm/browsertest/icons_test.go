package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestIcons loads the page and fetches every icon it links, and /favicon.ico that browsers ask
// for unasked: each is served (200) with an image type — no 404 in the browser's console.
func TestIcons(t *testing.T) {
	enabled(t)
	url := serve(t)
	ctx := browser(t)
	open(t, ctx, url+"/")
	got := run(t, ctx, step, chromedp.Evaluate[[]string](`(async () => {
		const hrefs = [...document.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"]')].map(l => l.href);
		hrefs.push(new URL("/favicon.ico", location.href).href);
		const out = [];
		for (const h of hrefs) {
			const r = await fetch(h);
			const b = new Uint8Array(await r.arrayBuffer());
			out.push(new URL(h).pathname + " " + r.status + " " + r.headers.get("Content-Type") + " " + b.length);
		}
		return out;
	})()`, chromedp.EvalAwaitPromise))
	if len(got) < 5 {
		t.Fatalf("the page links %d icons (with /favicon.ico), want 4 and more: %v", len(got), got)
	}
	for _, line := range got {
		f := strings.Fields(line)
		if len(f) != 4 || f[1] != "200" || !strings.HasPrefix(f[2], "image/") || f[3] == "0" {
			t.Errorf("icon: %s, want 200, an image type and a body", line)
		}
	}
	t.Logf("icons: %v", got)
}
