#!/usr/bin/env bash
# bots-figures.sh — (development helper) replays the arena runs whose tables docs/BOTS.md shows
# and writes each table to build/bots-figures/NAME.txt, under nice -n 19.
#
#   scripts/bots-figures.sh            every table (several hours on 2 shared cores)
#   scripts/bots-figures.sh NAME...    only those tables (the names below, e.g. ten-vs-mc100-81)
#   VARIANT_GAMES=8 VARIANT_SEED=32 scripts/bots-figures.sh variant-basic ...
#                                      the per-variant runs at another size (games of 10 rounds;
#                                      40 by default) or seed (31 by default)
#
# The time columns depend on the machine's load; the bullhead columns do not (same seed, same
# table).
set -euo pipefail
out=build/bots-figures
mkdir -p "$out"
go build -o "$out/arena" ./cmd/arena
want=("$@")
mc9=mc100,mc100,mc100,mc100,mc100,mc100,mc100,mc100,mc100
run() {
	name=$1
	shift
	if ((${#want[@]})) && [[ ! " ${want[*]} " == *" $name "* ]]; then
		return
	fi
	echo "== go run ./cmd/arena $*" | tee "$out/$name.txt"
	nice -n 19 "$out/arena" -q "$@" | tee -a "$out/$name.txt"
}
# Expert against the reference, at 4, 5 and 10 seats (#28's goal measure).
run vsmc -bots expert,mc100,mc100,mc100 -players 4 -games 400 -seed 1
run ten-vs-mc100-81 -bots expert,$mc9 -players 10 -games 40 -rounds 10 -seed 81
run ten-vs-mc100-82 -bots expert,$mc9 -players 10 -games 40 -rounds 10 -seed 82
run ten-vs-mc100-83 -bots expert,$mc9 -players 10 -games 40 -rounds 10 -seed 83
run ten-vs-mc100-84 -bots expert,$mc9 -players 10 -games 40 -rounds 10 -seed 84
run clairvoyant-4 -bots clairvoyant,mc100,mc100,mc100 -players 4 -games 80 -rounds 5 -seed 21
# Hard (#28).
run hard-300 -bots expert@300,mc100,mc100,mc100 -players 4 -games 160 -rounds 5 -seed 21
run hard-1000 -bots expert@1000,mc100,mc100,mc100 -players 4 -games 160 -rounds 5 -seed 21
run hard-ten-750 -bots hard,intermediate -players 10 -games 100 -rounds 2 -seed 51
run hard-two-hi -bots hard,intermediate -players 2 -games 100 -rounds 4 -seed 93
run hard-two-eh -bots expert,hard -players 2 -games 100 -rounds 4 -seed 92
# The ladders.
run ladder -bots expert,intermediate,beginner,random -players 4 -games 1400 -seed 1
run ladder-hard-4 -bots expert,hard,intermediate,beginner -players 4 -games 80 -rounds 5 -seed 61
run ladder-hard-5 -bots expert,hard,intermediate,beginner,random -players 5 -games 40 -rounds 10 -seed 91
run ladder-hard-10-71 -bots expert,hard,intermediate,beginner,random -players 10 -games 40 -rounds 5 -seed 71
run ladder-hard-10-72 -bots expert,hard,intermediate,beginner,random -players 10 -games 40 -rounds 5 -seed 72
run five -bots expert,mc100,intermediate,beginner,random -players 5 -games 1000 -seed 1
run ten -bots expert,mc100,intermediate,beginner,random -players 10 -games 600 -seed 1
run two-em -bots expert,mc100 -players 2 -games 1000 -seed 1
run two-ei -bots expert,intermediate -players 2 -games 200 -seed 1
run two-ib -bots intermediate,beginner -players 2 -games 1000 -seed 1
run two-br -bots beginner,random -players 2 -games 1000 -seed 1
# The Expert against MC100 in each variant: 1 Expert + 3 MC100, 4 seats.
vgames=${VARIANT_GAMES:-40}
vseed=${VARIANT_SEED:-31}
for v in basic tactics logic tournament professional open nifty hand double tcg; do
	run "variant-$v" -bots expert,mc100,mc100,mc100 -players 4 -games "$vgames" -rounds 10 -variant "$v" -seed "$vseed"
done
