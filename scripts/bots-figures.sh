#!/usr/bin/env bash
# bots-figures.sh — (development helper) replays every arena run quoted in docs/BOTS.md and writes
# each table to build/bots-figures/NAME.txt. About 30 minutes on 2 cores.
set -euo pipefail
out=build/bots-figures
mkdir -p "$out"
go build -o "$out/arena" ./cmd/arena
run() {
	name=$1
	shift
	echo "== go run ./cmd/arena $*" | tee "$out/$name.txt"
	"$out/arena" "$@" | tee -a "$out/$name.txt"
}
run vsmc -bots expert,mc100,mc100,mc100 -players 4 -games 400 -seed 1
run ladder -bots expert,intermediate,beginner,random -players 4 -games 1400 -seed 1
run five -bots expert,mc100,intermediate,beginner,random -players 5 -games 1000 -seed 1
run ten -bots expert,mc100,intermediate,beginner,random -players 10 -games 600 -seed 1
run two-em -bots expert,mc100 -players 2 -games 1000 -seed 1
run two-ei -bots expert,intermediate -players 2 -games 1000 -seed 1
run two-ib -bots intermediate,beginner -players 2 -games 1000 -seed 1
run two-br -bots beginner,random -players 2 -games 1000 -seed 1
