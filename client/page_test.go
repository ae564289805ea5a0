//go:build !js

package client_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nimmt/server"
	"nimmt/server/servertest"
)

// TestPageWebSocket runs the js/wasm build of this package's TestPageWebSocket (page_js_test.go)
// and TestNewCreateID under node, whose WebSocket is the browser's WHATWG API, against a real
// server started here: the Transport over the page's own WebSocket plays a whole game with
// reconnects.
func TestPageWebSocket(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package for js/wasm and runs it under node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	ts := servertest.New(t, server.Options{Grace: time.Hour}, fast)
	bin := filepath.Join(t.TempDir(), "client.wasm")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c for js/wasm: %v\n%s", err, out)
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "go_js_wasm_exec")
	run := exec.Command(exe, bin, "-test.run", "^(TestPageWebSocket|TestNewCreateID)$", "-test.v", "-test.count=1")
	run.Env = append(os.Environ(), "NIMMT_WS_BASE="+ts.URL(), "NODE_OPTIONS=--experimental-websocket")
	out, err := run.CombinedOutput()
	t.Logf("%s", out)
	if err != nil || !strings.Contains(string(out), "--- PASS: TestPageWebSocket") || !strings.Contains(string(out), "--- PASS: TestNewCreateID") {
		t.Fatalf("under node: %v", err)
	}
}
