package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"nimmt/protocol"
	"nimmt/server"
)

// countLog is a slog handler that keeps the messages and attributes of the records it gets.
type countLog struct {
	mu    sync.Mutex
	lines []string
}

func (c *countLog) Enabled(context.Context, slog.Level) bool { return true }
func (c *countLog) WithAttrs([]slog.Attr) slog.Handler       { return c }
func (c *countLog) WithGroup(string) slog.Handler            { return c }
func (c *countLog) Handle(_ context.Context, r slog.Record) error {
	line := r.Message
	r.Attrs(func(a slog.Attr) bool { line += " " + a.String(); return true })
	c.mu.Lock()
	c.lines = append(c.lines, line)
	c.mu.Unlock()
	return nil
}

func (c *countLog) count(s string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, l := range c.lines {
		if strings.Contains(l, s) {
			n++
		}
	}
	return n
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestMetricsAndHealth: /metrics counts rooms, connections, actions and their latency, refused
// connections and store errors; /healthz turns 503 while the store fails; a failing store is
// logged once a minute, not once per failure (#27 "health and metrics", finding 7).
func TestMetricsAndHealth(t *testing.T) {
	logs := &countLog{}
	ts := newTestServer(t, server.Options{Log: slog.New(logs)}, server.HTTPOptions{Rate: 1e9, PerAddr: 2})
	admin := httptest.NewServer(ts.hub.AdminHandler())
	defer admin.Close()
	if code, body := get(t, admin.URL+"/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz: %d %q; want 200 ok", code, body)
	}
	ann := newPlayer(t, "Ann", 1)
	ann.connect(ts.url, "")
	ann.create(noTimer(2))
	ann.send(protocol.AddBot{Level: "beginner"})
	ann.send(protocol.Start{})
	ann.playTo("a turn", func() bool { return ann.st.View.Turn >= 1 && ann.acted != "" })
	ann.send(protocol.Say{Text: "after the action"}) // handled after it: the action is counted
	ann.untilLine("after the action")
	_, m := get(t, admin.URL+"/metrics")
	for _, want := range []string{"nimmt_rooms 1", `nimmt_connections{transport="ws"} 1`, `nimmt_actions_total [1-9]`,
		"nimmt_action_broadcast_seconds_count [1-9]",
		"nimmt_store_errors_total 0", `nimmt_store_commit_seconds_count [1-9]`} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(strings.Split(want, " ")[0]) + " " + strings.Split(want, " ")[1] + `$`).MatchString(m) {
			t.Errorf("/metrics lacks %q", want)
		}
	}

	ts.fail.failing.Store(true)
	ann.send(protocol.Say{Text: "x"}) // stored: fails, and the room's connections are closed
	for {
		if _, err := ann.recv(); err != nil {
			break
		}
	}
	ann.connect(ts.url, "")
	for range 3 {
		ann.send(protocol.Create{Version: protocol.Version, Settings: noTimer(2), Name: "Ann"})
		ann.untilError()
	}
	if code, body := get(t, admin.URL+"/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "disk full") {
		t.Errorf("/healthz with a failing store: %d %q; want 503 saying why", code, body)
	}
	if _, m := get(t, admin.URL+"/metrics"); !strings.Contains(m, "nimmt_store_errors_total ") || strings.Contains(m, "nimmt_store_errors_total 0") {
		t.Errorf("/metrics counts no store error")
	}
	if n := logs.count("disk full"); n != 1 {
		t.Errorf("4 store failures within a minute were logged %d times; want once", n)
	}
	ts.clock.Advance(time.Minute)
	ann.send(protocol.Create{Version: protocol.Version, Settings: noTimer(2), Name: "Ann"})
	ann.untilError()
	if n := logs.count("disk full"); n != 2 || logs.count("failures_not_logged=") != 1 {
		t.Errorf("a failure a minute later: %d log lines, %d saying how many were not logged; want 2 and 1: %q", n, logs.count("failures_not_logged="), logs.lines)
	}
	ts.fail.failing.Store(false)
	ann.create(noTimer(2))
	if code, _ := get(t, admin.URL+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz after the store came back: %d", code)
	}
	for i := 0; ; i++ { // PerAddr 2: Ann's and one more
		c, resp, err := dialWS(t, ts.url, "x")
		if err != nil {
			if resp == nil || resp.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("connection %d past the address's cap: %v; want 429", i, err)
			}
			break
		}
		defer c.CloseNow()
		if i == 3 { // Ann's, and one of an earlier connection the server may not have seen close yet
			t.Fatal("three connections from the address were let in with PerAddr 2")
		}
	}
	if _, m := get(t, admin.URL+"/metrics"); !strings.Contains(m, `nimmt_refused_connections_total{reason="per_address",transport="ws"} 1`) {
		t.Error("/metrics does not count the connection refused past the address's cap")
	}
}
