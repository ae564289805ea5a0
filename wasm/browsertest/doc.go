// Package browsertest drives the web build of nimmt in headless Chromium (with chromedp): it builds
// the test wasm (build tag nimmttest, which exposes window.nimmtTestState), serves it with
// server/site, and plays it by clicking.
//
// The tests skip unless NIMMT_BROWSER_TEST=1 (or REQUIRE_BROWSER=1) is set; `make test-web` sets it.
// CHROMIUM overrides the browser (default /usr/bin/chromium); NIMMT_WEB_PKG the main package built
// (default ./wasm); NIMMT_SCREENSHOTS a folder to keep the screenshots in (default build/screenshots).
package browsertest
