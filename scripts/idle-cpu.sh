#!/bin/sh
# Idle CPU of the desktop game (docs/PERFORMANCE.md "Idle"): the CPU time (utime + stime of
# /proc/PID/stat) the game uses over SECONDS while nothing moves, as % of one core, on the menu
# (15 s after the start) and at the table waiting for the person (4 seats, Intermediate bots:
# New game, Start, then 20 s for the deal and the bots' choices), each RUNS times under its own
# Xvfb; xdotool clicks. The median of the runs is printed with every run's figure.
#
#   scripts/idle-cpu.sh [BINARY] [SECONDS] [RUNS]     (default: go build ., 30 s, 3 runs)
#
# The browser build: `scripts/idle-cpu.sh --web [SECONDS] [RUNS]` runs the browser test
# TestIdleCPU (wasm/browsertest/idle_figures_test.go): the CPU time of every process of a headless
# Chromium (browser, renderer, GPU) over SECONDS, side by side in RUNS rounds of fresh browsers: a
# blank page, the bare Ebitengine program (wasm/bare) drawing, the same with its animation frames
# held (an Ebitengine page that draws nothing), the game on the menu and at the table; it prints
# every run with the busiest threads and the page's timer and animation-frame requests, and the
# medians. NIMMT_IDLE_BEFORE=1 adds the game built with its frames never stopped
# (-X main.steadyFrames=1, before the idle mode). Needs /usr/bin/chromium.
set -eu
if [ "${1:-}" = --web ]; then
	cd "$(dirname "$0")/.."
	NIMMT_BROWSER_TEST=1 NIMMT_FIGURES=1 NIMMT_IDLE_SECONDS=${2:-30} NIMMT_IDLE_RUNS=${3:-3} \
		go test -count=1 -timeout 60m -run '^TestIdleCPU$' -v ./wasm/browsertest 2>&1 |
		grep -E 'of a core|busiest|FAIL|panic|waiting for' | sed 's/^ *//'
	exit 0
fi
bin=${1:-}
secs=${2:-30}
runs=${3:-3}
if [ -z "$bin" ]; then
	bin=$(mktemp -d)/nimmt
	go build -o "$bin" .
fi
command -v xdotool >/dev/null || { echo "idle-cpu: needs xdotool (apt-get install xdotool)"; exit 1; }

# one WHERE: prints the % of a core over $secs s, WHERE = menu or table.
one() {
	cfg=$(mktemp -d)
	XDG_CONFIG_HOME=$cfg xvfb-run -a -s "-screen 0 1280x1024x24" sh -c '
		"$0" -seed 5 >/dev/null 2>&1 & pid=$!
		sleep 15
		if [ "$2" = table ]; then
			win=$(xdotool search --sync --pid $pid | head -1)
			xdotool mousemove --window "$win" 480 184 mousedown 1 sleep 0.2 mouseup 1; sleep 2
			xdotool mousemove --window "$win" 1075 474 mousedown 1 sleep 0.2 mouseup 1; sleep 1
			xdotool mousemove --window "$win" 1270 10; sleep 19
			# The clicks hit New game and Start of the 1280x720 layout: a game has started
			# only if it autosaved.
			[ -s "$XDG_CONFIG_HOME/nimmt/save.json" ] || { kill $pid; echo "no game started: the clicks missed (layout changed?)" >&2; exit 1; }
		fi
		tk=$(getconf CLK_TCK)
		a=$(awk "{print \$14+\$15}" /proc/$pid/stat)
		sleep "$1"
		b=$(awk "{print \$14+\$15}" /proc/$pid/stat)
		kill $pid
		echo "($b - $a) * 100 / $tk / $1" | bc -l | xargs printf "%.2f\n"
	' "$bin" "$secs" "$1"
	rm -rf "$cfg"
}

for where in menu table; do
	all=""
	for i in $(seq "$runs"); do all="$all $(one $where)"; done
	med=$(echo $all | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	echo "$where: median $med % of a core over $secs s (runs:$all)"
done
