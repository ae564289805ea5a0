#!/usr/bin/env bash
# wasm-figures.sh — prints the web build's figures (docs/PERFORMANCE.md, section "Web"):
#  1. nimmt.wasm raw and gzip -9 sizes next to a bare Ebitengine program (wasm/bare) built the same
#     way in the same run, and the gzipped ratio (goal ≤ 1.3×);
#  2. navigation → first frame of the release builds (no test hooks) of the game and of the bare
#     program, 7 pairs in fresh headless Chromiums: medians and the median pair ratio (goal ≤ 1.3×);
#  3. frames while three Expert bots think (goal ≥ 50 FPS) with a still-table baseline, and the
#     frame rate of the bare program redrawing the whole screen (this browser's ceiling).
# Needs /usr/bin/chromium (scripts/deps.sh chromium). `scripts/wasm-figures.sh --sizes` prints only 1.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
PKG=./wasm      scripts/build-web.sh "$tmp/game" >/dev/null
PKG=./wasm/bare scripts/build-web.sh "$tmp/bare" >/dev/null
size() { wc -c < "$1" | tr -d ' '; }
gr=$(size "$tmp/game/nimmt.wasm"); gz=$(size "$tmp/game/nimmt.wasm.gz")
br=$(size "$tmp/bare/nimmt.wasm"); bz=$(size "$tmp/bare/nimmt.wasm.gz")
echo "go: $(go version | cut -d' ' -f3), ebiten: $(go list -m -f '{{.Version}}' github.com/hajimehoshi/ebiten/v2)"
printf '%-28s %12s %12s\n' "" "raw bytes" "gzip -9"
printf '%-28s %12s %12s\n' "nimmt.wasm (game)" "$gr" "$gz"
printf '%-28s %12s %12s\n' "bare Ebitengine (wasm/bare)" "$br" "$bz"
awk -v a="$gr" -v b="$br" -v c="$gz" -v d="$bz" 'BEGIN { printf "%-28s %11.4fx %11.4fx   (goal: gzip <= 1.30x)\n", "game / bare", a/b, c/d }'
[ "${1:-}" = --sizes ] && exit 0
NIMMT_BROWSER_TEST=1 NIMMT_FIGURES=1 go test -count=1 -timeout 30m -run '^(TestFirstFrameRelease|TestExpertThinkingFrames)$' -v ./wasm/browsertest 2>&1 |
  grep -E 'first frame|thinking|baseline|FAIL|panic|no first' | sed 's/^ *//'
NIMMT_BROWSER_TEST=1 NIMMT_FIGURES=1 NIMMT_WEB_PKG=./wasm/bare go test -count=1 -run '^TestFrameRate$' -v ./wasm/browsertest 2>&1 |
  grep -E 'frame rate|FAIL|panic' | sed 's/^ *//'
