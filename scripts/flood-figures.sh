#!/bin/sh
# The figures of docs/server.md "Security and limits": a well-behaved client's action→event
# latency before, during and after one address floods both ports of a server with its defaults.
set -e
bin=$(mktemp)
trap 'rm -f "$bin"' EXIT
go build -o "$bin" ./cmd/server
nice -n 19 go run ./cmd/floodprobe -bin "$bin" "$@"
