#!/usr/bin/env bash
# test-parts.sh JOBS PART... — runs the make targets PART side by side, at most JOBS at once (make
# test's groups). As `make -j -O` would, it prints each group's output whole when the group ends;
# it also says when each group starts, and every TEST_HEARTBEAT seconds (default 60) prints a line
# naming the groups still running and for how long, so that a long run is never silent for long.
# Every group runs to its end; the exit status is 1 when any failed (they are named last).
set -u -m # -m: each group in its own process group, so that an interrupted run stops them whole
MAKE=${MAKE:-make}
beat=${TEST_HEARTBEAT:-60}
jobs=$1; shift
queue=("$@")
total=${#queue[@]}
logs=$(mktemp -d)
declare -A pid=() began=()
failed=()
done_n=0
t0=$SECONDS
next=$((t0 + beat))
cleanup() {
	for p in "${pid[@]}"; do kill -- "-$p" 2>/dev/null; done
	rm -rf "$logs"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

while [ ${#queue[@]} -gt 0 ] || [ ${#pid[@]} -gt 0 ]; do
	while [ ${#queue[@]} -gt 0 ] && [ ${#pid[@]} -lt "$jobs" ]; do
		part=${queue[0]}; queue=("${queue[@]:1}")
		$MAKE --no-print-directory "$part" >"$logs/$part" 2>&1 &
		pid[$part]=$!; began[$part]=$SECONDS
		echo "test: $part started"
	done
	sleep 1
	for part in "${!pid[@]}"; do
		kill -0 "${pid[$part]}" 2>/dev/null && continue
		wait "${pid[$part]}"; rc=$?
		unset "pid[$part]"
		done_n=$((done_n + 1))
		cat "$logs/$part"
		if [ "$rc" -eq 0 ]; then
			echo "test: $part passed in $((SECONDS - began[$part])) s ($done_n of $total done)"
		else
			echo "test: $part FAILED (exit $rc) after $((SECONDS - began[$part])) s ($done_n of $total done)"
			failed+=("$part")
		fi
	done
	if [ ${#pid[@]} -gt 0 ] && [ "$SECONDS" -ge "$next" ]; then
		next=$((SECONDS + beat))
		line=""
		for part in "${!pid[@]}"; do line="$line $part ($((SECONDS - began[$part])) s)"; done
		echo "test: $((SECONDS - t0)) s, still running:$line"
	fi
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "test: failed: ${failed[*]}"
	exit 1
fi
