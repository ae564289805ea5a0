#!/usr/bin/env bash
# build-web.sh OUT [GO BUILD FLAGS...] — builds the browser site into OUT (used by `make web`, the
# browser test and wasm-figures.sh): index.html, wasm_exec.js copied from this Go's GOROOT, nimmt.wasm
# built with -trimpath -ldflags="-s -w", gzip -9 copies of the three, the icons the page links
# (wasm/favicon.ico and wasm/*.png, drawn by cmd/assets), the page's sound device (wasm/sound.js)
# and the sound effects and music in sounds/ (with gzip -9 copies), which sound.js fetches, and the
# text tables in lang/ (with gzip -9 copies), which the page fetches before the game starts, and the
# two fonts in fonts/ (with gzip -9 copies), which the page fetches too: none is embedded in the wasm.
# PKG (default ./wasm) is the main package to build; extra arguments go to `go build`, e.g. -tags nimmttest.
# The game's interface packages (all but the engine and the bots; the tutorial, assets and clock
# since #25: 1.1 KB), the online client and protocol, the text stack and Ebitengine's inpututil
# are compiled without inlining (-l): 44.6 + 13.8 + 3.8 KB
# less gzipped wasm for ~15 µs more per Update tick, slower text measuring and decoding of server
# messages (docs/PERFORMANCE.md, "Web"). The engine keeps inlining: the bots' search
# runs it, 1.4-3x slower without.
set -euo pipefail
out=${1:?usage: build-web.sh OUT [go build flags...]}; shift
pkg=${PKG:-./wasm}
cd "$(dirname "$0")/.."
GO=${GO:-go}
rm -rf "$out"; mkdir -p "$out"
cp "$($GO env GOROOT)/lib/wasm/wasm_exec.js" "$out/"
cp wasm/favicon.ico wasm/*.png wasm/sound.js "$out/"
mkdir -p "$out/sounds"
cp assets/sounds/*.wav "$out/sounds/"
gzip -9 -k -f "$out"/sounds/*.wav
# The text tables, fetched by the page before the game starts (assets/lang_js.go); it names them in
# its meta nimmt-langs.
mkdir -p "$out/lang"
langs=""
for f in assets/lang/*.json; do
	cp "$f" "$out/lang/"
	langs="$langs${langs:+ }$(basename "$f" .json)"
done
gzip -9 -k -f "$out"/lang/*.json
# The fonts, fetched by the page before the game starts (assets/fonts/fonts_js.go).
mkdir -p "$out/fonts"
cp assets/fonts/go-regular.ttf assets/fonts/go-bold.ttf "$out/fonts/"
gzip -9 -k -f "$out"/fonts/*.ttf
noinline=()
for p in scenes/... msg stats storage layout sprites text anim sound wasm/webrun wasm client protocol/... tutorial assets/... clock; do
	noinline+=("-gcflags=nimmt/$p=-l")
done
# The text stack too (etxt, golang.org/x/image's sfnt and rasteriser, golang.org/x/text): 13.8 KB
# less gzipped for measuring and drawing text at about 1.7x the CPU time (docs/PERFORMANCE.md);
# and inpututil, a few calls a frame. Not Ebitengine's vector: 4 KB less, but filling shapes takes
# 1.6x the time (BenchmarkPainterShapes). Not image/draw either: Ebitengine uses it, so the bare
# program would change too.
for p in github.com/tinne26/etxt/... golang.org/x/image/... golang.org/x/text/... github.com/hajimehoshi/ebiten/v2/inpututil; do
	noinline+=("-gcflags=$p=-l")
done
GOOS=js GOARCH=wasm $GO build -trimpath -ldflags="-s -w" "${noinline[@]}" "$@" -o "$out/nimmt.wasm" "$pkg"
size=$(wc -c < "$out/nimmt.wasm" | tr -d ' ')
sed -e "s/name=\"nimmt-wasm-size\" content=\"0\"/name=\"nimmt-wasm-size\" content=\"$size\"/" \
	-e "s/name=\"nimmt-langs\" content=\"\"/name=\"nimmt-langs\" content=\"$langs\"/" wasm/index.html > "$out/index.html"
gzip -9 -k -f "$out/nimmt.wasm" "$out/wasm_exec.js" "$out/sound.js" "$out/index.html"
echo "build-web: $out/nimmt.wasm $size bytes, $(wc -c < "$out/nimmt.wasm.gz" | tr -d ' ') gzipped"
