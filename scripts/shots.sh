#!/bin/sh
# shots.sh BIN DIR — renders every screenshot scene with the game binary BIN into DIR:
# SCENE-WxH.png for each scene of SHOT_SCENES at each size of SHOT_SIZES, and SCENE-10-WxH.png
# for the tables of SHOT_SCENES10 with 10 seats (the lists default to the Makefile's). Each
# screenshot runs the binary under Xvfb (SHOT_XVFB, default "xvfb-run -a"; for example
# SHOT_XVFB="nice -n 19 xvfb-run -a -n 202" on a shared machine). A scene that fails is named on
# stderr and the others are still rendered; the exit status is then 1.
#
# The screenshots are deterministic: two runs of one binary give the same pixels (the rig runs
# one Update per frame, a seeded game and inline bots), so scripts/shots-compare.sh can compare
# the screenshots of two revisions image by image.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 2 ] || { echo "usage: scripts/shots.sh BIN DIR" >&2; exit 2; }
bin=$1 dir=$2
fromMakefile() { sed -n "s/^$1 *?= *//p" "$root/Makefile"; }
scenes=${SHOT_SCENES-$(fromMakefile SHOT_SCENES)}
sizes=${SHOT_SIZES-$(fromMakefile SHOT_SIZES)}
scenes10=${SHOT_SCENES10-$(fromMakefile SHOT_SCENES10)}
xvfb=${SHOT_XVFB:-xvfb-run -a}
mkdir -p "$dir"
fails=0
shot() { # NAME SIZE SCENE [FLAGS...]
	name=$1 size=$2 scene=$3
	shift 3
	if ! $xvfb "$bin" -scale 1 -size "$size" -scene "$scene" -screenshot "$dir/$name.png" "$@"; then
		echo "shots: $name failed" >&2
		fails=$((fails + 1))
	fi
}
for sz in $sizes; do
	for sc in $scenes; do shot "$sc-$sz" "$sz" "$sc"; done
	for sc in $scenes10; do shot "$sc-10-$sz" "$sz" "$sc" -seats 10; done
done
if [ "$fails" -gt 0 ]; then
	echo "shots: $fails screenshots failed" >&2
	exit 1
fi
