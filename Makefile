# nimmt — 6 nimmt! in Go on Ebitengine.
# make run   plays the game (installs runtime libraries first)
# make test  runs every test (installs Xvfb, Chromium and a JDK first)
GO      ?= go
SHARED  ?= ../shared
export ALSA_CONFIG_PATH ?= /usr/share/alsa/alsa.conf:$(abspath $(SHARED))/tools/alsa-null.conf

.PHONY: test-long test-under-load
.PHONY: screenshots shots-compare docs-img
.PHONY: run build test test-server-pg test-go test-plain test-race test-race-pkgs test-race-engine test-race-scenes test-wasm-engine test-xvfb vet bench bench-bots bots-figures fuzz clean
.PHONY: assets
.PHONY: web-deps server web serve test-web test-web-vet test-web-pages test-web-online test-web-hotseat test-wasm-storage wasm-figures wasm-size android ios test-mobile

run:
	@scripts/deps.sh run
	@echo "make run: building the game, then opening its window (the first build compiles Ebitengine and its C parts: a few minutes; later builds take seconds)"
	$(GO) run .

build:
	$(GO) build ./...

# vet also runs staticcheck (a tool of go.mod, as gobind and ebitenmobile are: `go tool staticcheck`;
# test-web-vet runs it on the web build's packages), checks gofmt, that go.mod/go.sum are tidy
# (direct dependencies not "// indirect") and what the web build links (web-deps).
vet: web-deps
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	@$(GO) mod tidy -diff >/dev/null || { echo "go.mod/go.sum are not tidy: run go mod tidy"; $(GO) mod tidy -diff; exit 1; }
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }

# Packages the web build must not link (#13, the size goal; docs/PERFORMANCE.md "Size savings"):
# Ebitengine's vector package (60 KB gzipped; sprites.Painter fills the shapes on the CPU).
WEB_FORBIDDEN ?= github.com/hajimehoshi/ebiten/v2/vector
web-deps:
	@bad=$$(GOOS=js GOARCH=wasm $(GO) list -deps ./wasm | grep -Fx $(addprefix -e ,$(WEB_FORBIDDEN))); \
	test -z "$$bad" || { echo "web-deps: the web build (./wasm) links $$bad again (see WEB_FORBIDDEN in the Makefile)"; exit 1; }

# Every test: unit, property and fuzz-corpus tests; the engine compiled to wasm under node; the
# drawing tests under Xvfb; the web build in headless Chromium; the mobile binding checks.
# What they need is installed first, once (apt takes one lock); then the groups run side by side
# (scripts/test-parts.sh: each group's output whole when it ends, as make -j -O would; a line when
# each starts, and every TEST_HEARTBEAT=60 seconds a line naming those still running), longest
# first: on 2 cores the browser tests alone take half the time, and the Go tests use the CPU they
# leave. TEST_JOBS=1 runs them one after another.
TEST_PARTS ?= test-web-online test-web-pages test-web-hotseat test-race-pkgs test-race-engine test-plain \
	test-server-pg vet test-web-vet test-race-scenes test-mobile test-wasm-engine test-wasm-storage
TEST_JOBS  ?= $(words $(TEST_PARTS))
test:
	@scripts/deps.sh go xvfb chromium jdk node android postgres haproxy
	@MAKE="$(MAKE)" scripts/test-parts.sh $(TEST_JOBS) $(TEST_PARTS)
	@echo "make test: all passed"

# The engine's property tests at full size (100,000 rounds, 20 games per variant and seat count,
# three seat counts for Determinize); make test runs them at a fifth of that, in parallel.
test-long:
	NIMMT_LONG=1 $(GO) test -count=1 -timeout 60m -run 'TestPropertiesRandomGames|TestVariantProperties|TestDeterminizeTrueHands' ./engine/

# make test three times in a row while 4 busy loops load the cores beside it (the loops stop
# when it ends, pass or fail): the tests hold on a busy machine (issue #14). Each run's wall
# time is printed (the goal: 10 minutes or less).
test-under-load:
	@pids=""; for i in 1 2 3 4; do sh -c 'while :; do :; done' & pids="$$pids $$!"; done; \
	trap 'kill $$pids 2>/dev/null' EXIT INT TERM; \
	for run in 1 2 3; do echo "test-under-load: run $$run of 3"; t0=$$(date +%s); \
		$(MAKE) --no-print-directory test || exit 1; \
		echo "test-under-load: run $$run passed in $$(( $$(date +%s) - t0 )) s"; done; \
	echo "test-under-load: make test passed 3 times beside 4 busy loops"

# Every Go test, once, under Xvfb: the game's drawing tests run inside the game loop there (every
# scene rendered at two sizes and checked, a whole game drawn at instant speed, allocations per
# frame); REQUIRE_DISPLAY=1 turns their skip without a display into a failure. The packages of
# RACE_PKGS run their tests under the race detector instead (test-race); the others run plain
# (test-plain). -timeout 30m: at load 30 on 2 cores the scenes package alone passed go test's
# default 10 minutes. Each target's Xvfb looks for a free display from its own number (-n), so
# that targets run side by side do not race for the same one.
test-go: test-race test-plain

test-plain:
	@scripts/deps.sh go xvfb
	REQUIRE_DISPLAY=1 xvfb-run -a -n 130 -s "-screen 0 1280x1024x24" $(GO) test -count=1 -timeout 30m $(filter-out $(shell $(GO) list $(RACE_PKGS)),$(shell $(GO) list ./...))

# Packages whose tests all run under -race: every package with goroutines of its own (server,
# client, arena, bots, storage, sound, ...) and the small ones. Left out, as too slow under
# -race on a busy machine: the drawing tests of scenes (40 minutes), the engine's full property
# tests (its -short size runs below), cmd/assets, cmd/loadgen and the browser tests.
RACE_PKGS ?= ./anim/... ./arena/... ./bots/... ./client/... ./cmd/replay ./cmd/server ./cmd/arena \
	./layout/... ./mobile/... ./msg/... ./netlimit/... ./protocol/... ./server/... ./sound/... \
	./sprites/... ./stats/... ./storage/... ./text/... ./wasm/serve \
	./assets/fonts ./assets/icons ./assets/sounds
# The scenes tests whose games run goroutines beside the loop: bot answers waking an idle game,
# online tables over a real server, the background saver.
RACE_SCENES ?= TestIdle|TestRemote|TestCreateRoom|TestJoinRoom|TestContinue|TestDamagedSave|TestBackAndSuspend|TestPanicGoesToMenu

# The race detector's pass (part of test-go and make test): RACE_PKGS in full, the engine at its
# -short size and the scenes tests of RACE_SCENES; three targets, which make test runs side by side.
test-race: test-race-pkgs test-race-engine test-race-scenes

test-race-pkgs:
	@scripts/deps.sh go xvfb postgres
	REQUIRE_DISPLAY=1 xvfb-run -a -n 110 -s "-screen 0 1280x1024x24" $(GO) test -race -count=1 -timeout 30m $(RACE_PKGS)

# The server's whole suite again on PostgreSQL (test-race-pkgs runs it on SQLite): every test's
# hub on a fresh database of a throw-away cluster the test binary starts and stops itself
# (nimmt/server/store/storetest), the kill -9 + restart and leak tests included; and the
# several-process test: three cmd/server processes behind HAProxy (deploy/haproxy.cfg), one
# killed with SIGKILL under play (TestHAProxyFailover).
test-server-pg:
	@scripts/deps.sh go postgres haproxy
	NIMMT_TEST_STORE=postgres $(GO) test -count=1 -timeout 30m ./server/...

test-race-engine:
	$(GO) test -race -short -count=1 -timeout 30m ./engine/

test-race-scenes:
	@scripts/deps.sh go xvfb
	REQUIRE_DISPLAY=1 xvfb-run -a -n 120 -s "-screen 0 1280x1024x24" $(GO) test -race -short -count=1 -timeout 30m -run '$(RACE_SCENES)' ./scenes/

# Only the drawing tests, under Xvfb (part of test-go; handy while working on the scenes).
test-xvfb:
	@scripts/deps.sh xvfb
	REQUIRE_DISPLAY=1 xvfb-run -a -n 140 -s "-screen 0 1280x1024x24" $(GO) test -count=1 -timeout 30m ./scenes/... ./sprites/...

# Every screenshot scene (scenes.ShotScenes) at a phone upright, a phone on its side and a
# desktop window, into build/screenshots/SCENE-WxH.png (10 seats: SCENE-10-WxH.png for the table),
# by scripts/shots.sh. Two runs give the same pixels. SHOT_XVFB="nice -n 19 xvfb-run -a -n 202"
# runs them gently on a shared machine.
SHOT_SCENES ?= menu newgame variants seat keyboard settings rules deal choose fan warning reveal placement rowchoice score gameover tracker log handover stats stats-empty online online-create room reconnecting timer online-keyboard room-keyboard public tutorial pause pause-settings pause-rules profile profile-guest room-moderation profile-signin room-report room-banned
SHOT_SIZES  ?= 390x844 844x390 1280x720
SHOT_SCENES10 ?= choose placement timer score gameover
SHOT_ENV = SHOT_SCENES="$(SHOT_SCENES)" SHOT_SIZES="$(SHOT_SIZES)" SHOT_SCENES10="$(SHOT_SCENES10)"
screenshots:
	@scripts/deps.sh xvfb
	@mkdir -p build/screenshots
	$(GO) build -o build/screenshots/nimmt .
	$(SHOT_ENV) scripts/shots.sh build/screenshots/nimmt build/screenshots
	rm -f build/screenshots/nimmt

# The screenshots of two revisions compared image by image (scripts/shots-compare.sh, cmd/shotdiff):
# make shots-compare OLD=main [NEW=HEAD]; NEW defaults to this checkout as it is. Images and diffs
# in build/shots-compare; exit status 1 when any image differs.
OLD ?= main
NEW ?= .
shots-compare:
	@scripts/deps.sh xvfb
	$(SHOT_ENV) scripts/shots-compare.sh $(OLD) $(NEW)

# The README's images in docs/img, rendered by the game (scripts/docs-img.sh).
docs-img:
	@scripts/deps.sh xvfb
	scripts/docs-img.sh

# Under node the property test runs its -short size (2,000 games); natively it plays 100,000.
test-wasm-engine:
	@scripts/deps.sh node
	GOOS=js GOARCH=wasm $(GO) test -short -count=1 -timeout 30m -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./engine/...

# Engine speed: BenchmarkRound4/Round10 report rounds/s (docs/PERFORMANCE.md).
bench:
	$(GO) test -run='^$$' -bench=. -benchmem -count=5 ./engine/...

# Bot speed: every level's decision time at 4 and 10 seats (BenchmarkLevels: wall and CPU p50/p95), the
# Expert/MC100/Intermediate benchmarks and playout allocations
# (docs/PERFORMANCE.md "Bots", docs/BOTS.md).
# The bots' benchmarks natively, then the browser's: every level and the one-goroutine Expert and Hard decisions
# compiled to wasm and run under node (with the search's yielding to the event loop).
bench-bots:
	$(GO) test -run='^$$' -bench=. -benchmem -benchtime=100x ./bots/
	GOOS=js GOARCH=wasm $(GO) test -run='^$$' -bench='^Benchmark(Levels|Expert4OneCore|Expert5OneCore|Expert10OneCore|Hard4|Hard10)$$' -benchtime=50x \
		-exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./bots/

# Every arena table of docs/BOTS.md, into build/bots-figures/ (several hours on 2 cores; scripts/bots-figures.sh NAME... for some).
bots-figures:
	scripts/bots-figures.sh

# Each target 30 s; minimizing a new input is capped at 3 s (the default 60 s looks like a stall).
fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzRecord$$' -fuzztime=30s -fuzzminimizetime=3s ./engine
	$(GO) test -run='^$$' -fuzz='^FuzzActions$$' -fuzztime=30s -fuzzminimizetime=3s ./engine
	$(GO) test -run='^$$' -fuzz='^FuzzVariantActions$$' -fuzztime=30s -fuzzminimizetime=3s ./engine
	$(GO) test -run='^$$' -fuzz='^FuzzViewApply$$' -fuzztime=30s -fuzzminimizetime=3s ./engine

# The generated assets: the sound effects and the music (assets/sounds/*.wav, synthesised), the
# fonts without hinting (assets/fonts) and the icons (assets/icons, the web favicon and touch icon
# in wasm/, the launcher icons in mobile/android and mobile/ios), all made by `go run ./cmd/assets`. They are committed because no build can make
# them: `go build` embeds files and runs no generator, and Gradle and Xcode read the icons from the
# tree. cmd/assets's test fails when a committed file differs from the generator's output.
assets:
	$(GO) run ./cmd/assets

# --- Web (WebAssembly) build: see README "Play in the browser" -----------------------------------
WEB ?= build/web

# build/web: index.html, wasm_exec.js (from this Go's GOROOT), nimmt.wasm and .gz copies.
web:
	scripts/build-web.sh $(WEB)

# Serves build/web on http://127.0.0.1:8080/ (only that folder; gzip when the browser accepts it).
serve: web
	$(GO) run ./wasm/serve -dir $(WEB)

# The game server (docs/server.md) with the web build: rooms over WebSocket, SQLite storage, on
# http://127.0.0.1:8080/ (ARGS="-addr ... -data ..." passes flags).
server: web
	$(GO) run ./cmd/server -web $(WEB) $(ARGS)

# The web build in headless Chromium (chromedp): load, first frame, a round played by clicks, reload,
# every linked icon served, the sound Device (Web Audio after the first click, suspended when hidden),
# the online game (two pages, the desktop game, the text port and a bot), hot-seat play. In three
# groups, each its own test binary and browsers, which make test runs side by side: the online
# game, the hot-seat games, and the rest.
BROWSER_LONG ?= ^TestOnlineGame$$|^TestHotSeat$$
test-web: test-web-vet test-web-pages test-web-online test-web-hotseat

test-web-vet:
	GOOS=js GOARCH=wasm $(GO) vet ./wasm ./wasm/webrun ./wasm/bare ./storage ./bots ./sound ./stats ./wasm/browsertest/testdata/soundcheck
	GOOS=js GOARCH=wasm $(GO) vet -tags nimmttest ./wasm ./wasm/webrun
	sc=$$($(GO) tool -n staticcheck) && GOOS=js GOARCH=wasm $$sc ./wasm ./wasm/webrun ./wasm/bare ./storage ./bots ./sound ./stats && \
		GOOS=js GOARCH=wasm $$sc -tags nimmttest ./wasm ./wasm/webrun

test-web-pages:
	@scripts/deps.sh chromium xvfb
	NIMMT_BROWSER_TEST=1 $(GO) test -count=1 -v -timeout 30m -run . -skip '$(BROWSER_LONG)' ./wasm/browsertest

test-web-online:
	@scripts/deps.sh chromium xvfb
	NIMMT_BROWSER_TEST=1 $(GO) test -count=1 -v -timeout 30m -run '^TestOnlineGame$$' ./wasm/browsertest

test-web-hotseat:
	@scripts/deps.sh chromium xvfb
	NIMMT_BROWSER_TEST=1 $(GO) test -count=1 -v -timeout 30m -run '^TestHotSeat$$' ./wasm/browsertest

# The browser-only code under node: localStorage storage, and the bots yielding to the page.
test-wasm-storage:
	@scripts/deps.sh node
	GOOS=js GOARCH=wasm $(GO) test -count=1 -timeout 30m -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./storage/...
	GOOS=js GOARCH=wasm $(GO) test -count=1 -timeout 30m -run TestYieldToPage -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./bots

# Sizes (game vs bare Ebitengine, raw and gzip) and time to first frame: docs/PERFORMANCE.md "Web".
wasm-figures:
	@scripts/deps.sh chromium
	scripts/wasm-figures.sh

# Only the sizes: the release wasm beside the bare Ebitengine build, built in the same run.
wasm-size: web-deps
	scripts/wasm-figures.sh --sizes

# --- Mobile (ebitenmobile): see mobile/README.md -----------------------------------------------
MOBILE_JAVAPKG ?= io.nimmt

# build/nimmt.aar for mobile/android (needs the Android SDK + NDK; not on these machines).
android:
	@mkdir -p build
	$(GO) tool ebitenmobile bind -target android -javapkg $(MOBILE_JAVAPKG) -androidapi 23 -o build/nimmt.aar ./mobile

# build/Mobile.xcframework for mobile/ios (needs macOS + Xcode).
ios:
	@mkdir -p build
	$(GO) tool ebitenmobile bind -target ios -o build/Mobile.xcframework ./mobile

# What can be proven here without an NDK or Xcode: android vet (cgo), Java bindings, iOS import graph,
# and the Android app's resources and manifest packaged into a signed APK (scripts/android-apk.sh:
# aapt2 against Debian's framework-res.apk, zipalign, apksigner with a key made for the run; aapt dump
# badging checks the label, launcher activity and icons). That APK holds no code: without android.jar
# and an NDK nothing here compiles MainActivity.java, dexes it or builds the Go library.
# Android vet runs with the tag nimmtnoaudio (nimmt/sound's silent Device): oto's Android driver is
# C++ that needs OpenSLES headers, which Debian does not package.
test-mobile:
	@scripts/deps.sh jdk android
	@test -z "$$(git ls-files '*_linux.go')" || { echo "test-mobile: *_linux.go files also build for Android:"; git ls-files '*_linux.go'; exit 1; }
	@! { $(GO) list -deps . && GOOS=js GOARCH=wasm $(GO) list -deps ./wasm; } | grep -qx 'nimmt/mobile' || { echo "test-mobile: desktop/web code imports nimmt/mobile"; exit 1; }
	bash $(SHARED)/tools/android-vet.sh -tags netgo,nimmtnoaudio $$(CGO_ENABLED=1 GOOS=android GOARCH=arm64 $(GO) list -tags nimmtnoaudio -deps ./mobile | grep '^nimmt/')
	rm -rf build/_gobind
	$(GO) tool gobind -lang=go,java -javapkg $(MOBILE_JAVAPKG) -outdir build/_gobind nimmt/mobile
	grep -q 'native void setFilesDir' build/_gobind/java/$(subst .,/,$(MOBILE_JAVAPKG))/mobile/Mobile.java
	grep -q 'native void setLocale' build/_gobind/java/$(subst .,/,$(MOBILE_JAVAPKG))/mobile/Mobile.java
	GOOS=ios GOARCH=arm64 CGO_ENABLED=1 $(GO) list -deps ./mobile >/dev/null
	scripts/android-apk.sh check
	@echo "test-mobile: android vet, gobind java, the iOS import graph and the resource-only APK are fine"

clean:
	rm -rf build
