#!/bin/sh
# shots-compare.sh OLDREV [NEWREV] — renders every screenshot scene (scripts/shots.sh) of two
# revisions and compares them image by image (cmd/shotdiff): each revision is checked out in a
# temporary git worktree and built there; NEWREV "." (the default) is this checkout as it is,
# uncommitted changes included. The images go to build/shots-compare/old and .../new (or
# $SHOTS_OUT), a diff image of each differing pair to .../diff. Exit status 0 when every image
# is pixel-identical, 1 when any differs or is missing on one side (a scene the old revision does
# not know), 2 for a usage error.
#
#   scripts/shots-compare.sh main            main against this checkout
#   scripts/shots-compare.sh HEAD~3 HEAD     two commits
#
# Revisions before the screenshots became deterministic (the rig in lockstep, issue #22) differ
# from run to run by themselves. SHOT_XVFB, SHOT_SCENES, SHOT_SIZES and SHOT_SCENES10 are passed on to
# scripts/shots.sh.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: scripts/shots-compare.sh OLDREV [NEWREV]   (NEWREV . is this checkout, the default)" >&2
	exit 2
fi
out=${SHOTS_OUT:-$root/build/shots-compare}
tmp=$(mktemp -d)
cleanup() {
	for w in "$tmp"/src-*; do
		if [ -d "$w" ]; then git -C "$root" worktree remove --force "$w"; fi
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
build() { # SIDE REV
	side=$1 rev=$2
	src=$root
	if [ "$rev" != . ]; then
		src=$tmp/src-$side
		git -C "$root" worktree add -q --detach "$src" "$rev"
	fi
	echo "shots-compare: building $side: $rev ($(git -C "$src" rev-parse --short HEAD))"
	(cd "$src" && go build -o "$tmp/$side" .)
}
build old "$1"
build new "${2:-.}"
(cd "$root" && go build -o "$tmp/shotdiff" ./cmd/shotdiff)
rm -rf "$out/old" "$out/new" "$out/diff"
for side in old new; do
	echo "shots-compare: rendering $side into $out/$side"
	"$root/scripts/shots.sh" "$tmp/$side" "$out/$side" || echo "shots-compare: some $side screenshots failed (above): they count as missing"
done
"$tmp/shotdiff" -q -out "$out/diff" "$out/old" "$out/new"
