#!/bin/sh
# Three cmd/server processes on one PostgreSQL database behind HAProxy running
# deploy/haproxy.cfg (its ports: 8080 in front, 8081-8083 the servers), loaded through HAProxy
# by cmd/loadgen -url: the figures of docs/SCALING.md and docs/PERFORMANCE.md ("Three processes
# behind HAProxy"). The database is emptied first.
#
#   deploy/three.sh SERVER LOADGEN 'postgres://USER@/DB?host=DIR&port=PORT' ROOMS HOLD [kill]
#
# With "kill", loadgen kills the first server with SIGKILL halfway through HOLD; its clients
# reconnect through HAProxy and loadgen prints the time from the kill to every client of each of
# its rooms back in it (the failover of docs/SCALING.md).
#
# SERVER and LOADGEN are built binaries (go build ./cmd/server, ./cmd/loadgen); HAProxy's
# runtime socket goes to $TMPDIR (default /tmp).
set -eu
server=$1 loadgen=$2 db=$3 rooms=$4 hold=$5 kill=${6:-}
tmp=${TMPDIR:-/tmp}
psql -q "$db" -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public" 2>/dev/null
pids=""
for i in 1 2 3; do
	"$server" -addr 127.0.0.1:808$i -text "" -db "$db" -trusted-proxy 127.0.0.1/32 -max-conns 30000 \
		-creates-per-min 100000 -joins-per-min 100000 >"$tmp/three-s$i.log" 2>&1 &
	pids="$pids $!"
done
spids=$pids
killarg=""
if [ "$kill" = kill ]; then
	set -- $spids
	killarg="-kill $1"
	spids="$2 $3" # the CPU counted is the survivors'
fi
sed "s#/run/haproxy/nimmt.sock#$tmp/three-haproxy.sock#" "$(dirname "$0")/haproxy.cfg" >"$tmp/three-haproxy.cfg"
haproxy -db -f "$tmp/three-haproxy.cfg" >"$tmp/three-haproxy.log" 2>&1 &
hpid=$!
pids="$pids $hpid"
trap 'kill $pids 2>/dev/null' EXIT
until [ -S "$tmp/three-haproxy.sock" ]; do sleep 0.2; done
for i in 1 2 3; do # each server listening (a loaded machine starts them slowly)
	until grep -q "listening on" "$tmp/three-s$i.log"; do sleep 0.2; done
done
sleep 1 # HAProxy's next checks (every 500 ms) find them up
# CPU (utime+stime, in 10 ms ticks) of the servers and of HAProxy, read when loadgen says the
# rooms are open and again when its window ends.
ticks() { for p in "$@"; do awk '{print $14+$15}' "/proc/$p/stat"; done | awk '{s+=$1} END {print s+0}'; }
snap() { echo "$(ticks $spids) $(ticks $hpid)"; }
"$loadgen" -url ws://127.0.0.1:8080 -rooms "$rooms" -hold "$hold" -timer 0 $killarg | while IFS= read -r line; do
	echo "$line"
	case $line in
	*"rooms held"*) snap >"$tmp/three-cpu1" ;;
	*"rooms opened"*) snap >"$tmp/three-cpu0" ;;
	esac
done
read -r s0 h0 <"$tmp/three-cpu0"
read -r s1 h1 <"$tmp/three-cpu1"
echo "three: CPU in the window: the three servers $((s1 - s0))0 ms, HAProxy $((h1 - h0))0 ms"
echo "three: rooms held by each process (lease owner, rooms):"
psql -At "$db" -c "SELECT owner, count(*) FROM leases GROUP BY owner ORDER BY 2 DESC"
