#!/usr/bin/env bash
# land.sh — (development helper) fast-forwards main to the current branch of this worktree,
# under a lock, after merging main in and checking that the tree builds, vets and tests.
# Run from inside a worktree: scripts/land.sh
set -euo pipefail
br=$(git rev-parse --abbrev-ref HEAD)
[ "$br" != main ] || { echo "land.sh: run it from a feature worktree, not main" >&2; exit 2; }
[ -z "$(git status --porcelain --untracked-files=no)" ] || { echo "land.sh: commit first" >&2; exit 2; }
exec 9>/work/land.lock
flock 9
git merge --no-edit main || { echo "land.sh: merge conflict with main; resolve, commit, rerun" >&2; exit 1; }
go build ./... && go vet ./... && test -z "$(gofmt -l $(git ls-files '*.go'))" && go test -short -count=1 ./... >/tmp/land-$br.log 2>&1 || { echo "land.sh: build, vet, gofmt or tests fail, see /tmp/land-$br.log" >&2; tail -30 /tmp/land-$br.log; exit 1; }
git -C /work/main merge --ff-only "$br"
echo "land.sh: main is now $(git rev-parse --short HEAD)"
