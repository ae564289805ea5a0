#!/bin/sh
# The README's images (docs/img), rendered by the game itself from its seeded screenshot scenes
# under Xvfb (`-screenshot`, see README "Screenshots"): desktop images at 1280x720, phone images
# at 390x844, the German table, the public tables, the profile, the lobby and the room. The two online tables
# (online-table-*.png) come from the end-to-end browser test: `make test-web` writes them to
# build/screenshots (or $NIMMT_SCREENSHOTS).
#
#   scripts/docs-img.sh [DIR]      (default: docs/img)
set -eu
cd "$(dirname "$0")/.."
dir=${1:-docs/img}
mkdir -p "$dir"
bin=$(mktemp -d)/nimmt
go build -o "$bin" .
shot() { # NAME SIZE SCENE [FLAGS...]
	name=$1 size=$2 scene=$3
	shift 3
	xvfb-run -a "$bin" -scale 1 -size "$size" -scene "$scene" -screenshot "$dir/$name.png" "$@"
	echo "docs-img: $dir/$name.png ($scene at $size $*)"
}
for s in choose menu placement score gameover newgame seat rules; do shot "$s" 1280x720 "$s"; done
shot de-choose 1280x720 choose -lang de
shot phone 390x844 choose
shot phone-reveal 390x844 placement
shot newgame-phone 390x844 newgame
shot public-1280x800 1280x800 public
shot public-390x844 390x844 public
shot profile-390x844 390x844 profile
shot online-1280x800 1280x800 online
shot online-390x844 390x844 online
shot room-1280x800 1280x800 room
shot room-390x844 390x844 room
rm -rf "$(dirname "$bin")"
