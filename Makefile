# nimmt — 6 nimmt! in Go on Ebitengine.
# make run   plays the game (installs runtime libraries first)
# make test  runs every test (installs Xvfb, Chromium and a JDK first)
GO      ?= go
SHARED  ?= ../shared
export ALSA_CONFIG_PATH ?= /usr/share/alsa/alsa.conf:$(abspath $(SHARED))/tools/alsa-null.conf

.PHONY: run build test test-go test-race test-wasm-engine vet bench fuzz clean

run:
	@scripts/deps.sh run
	$(GO) run .

build:
	$(GO) build ./...

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }

# Every test: unit, property and fuzz-corpus tests; the engine compiled to wasm under node.
test: vet test-go test-wasm-engine
	@echo "make test: all passed"

test-go:
	@scripts/deps.sh go
	$(GO) test -count=1 ./...

test-wasm-engine:
	@scripts/deps.sh node
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./engine/...

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./engine/...

fuzz:
	$(GO) test -run='^$$' -fuzz=FuzzRecord -fuzztime=30s ./engine
	$(GO) test -run='^$$' -fuzz=FuzzActions -fuzztime=30s ./engine

clean:
	rm -rf build
