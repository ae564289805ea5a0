#!/usr/bin/env bash
# store-figures.sh ROOMS HOLD: one cmd/server on SQLite and then one on PostgreSQL (a cluster of
# its own in a temporary folder, started and stopped here, Debian's postgresql) at ROOMS rooms x 4 sockets,
# nice -n 10, printing loadgen's report for each (THINK sets its -think, default 2s). Run from a
# checkout as root (the cluster runs as nobody). docs/SCALING.md "One process at 2,000 rooms".
set -euo pipefail
rooms=${1:-2000}; hold=${2:-30s}
D=$(mktemp -d); chown nobody $D
go build -o $D/server ./cmd/server; go build -o $D/loadgen ./cmd/loadgen
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
runuser -u nobody -- $PGBIN/initdb -D $D/data -U nimmt --auth=trust -E UTF8 >/dev/null
runuser -u nobody -- $PGBIN/postgres -D $D/data -k $D -p 5499 -c listen_addresses= -c max_connections=300 > $D/pg.log 2>&1 &
pg=$!; trap "kill $pg; sleep 1; rm -rf $D" EXIT
for i in $(seq 50); do runuser -u nobody -- $PGBIN/pg_isready -h $D -p 5499 -q && break; sleep 0.2; done
runuser -u nobody -- $PGBIN/createdb -h $D -p 5499 -U nimmt b1
echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== SQLite"; nice -n 10 $D/loadgen -server $D/server -rooms $rooms -hold $hold -think ${THINK:-2s} -no-restart 2>&1 | tail -25
echo "== load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== PostgreSQL"; nice -n 10 $D/loadgen -server $D/server -rooms $rooms -hold $hold -think ${THINK:-2s} -no-restart -db "postgres://nimmt@/b1?host=$D&port=5499" 2>&1 | tail -25
t=0; for p in $(pgrep -u nobody postgres); do t=$((t + $(awk '{print $14+$15+$16+$17}' /proc/$p/stat))); done
echo "== PostgreSQL processes' CPU, whole run: $t ticks ($(getconf CLK_TCK)/s)"
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
