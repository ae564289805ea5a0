//go:build !js

package storage_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nimmt/storage"
)

// TestMain lets TestKilledSaves run this test binary as a process that saves in a loop.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "nimmt-test-saver" {
		d := storage.Dir(os.Args[2])
		for i := 1; ; i++ {
			data := fmt.Sprintf(`{"version":2,"n":%d,"pad":%q}`, i, strings.Repeat("x", 256<<10))
			if err := d.Save("save.json", []byte(data)); err != nil {
				fmt.Println("error", err)
				os.Exit(1)
			}
			fmt.Println("saved")
		}
	}
	os.Exit(m.Run())
}

// TestKilledSaves kills (SIGKILL) a process that saves in a loop, several times: save.json is
// always a whole save, and the temporary files the kills leave are removed by RemoveStale.
func TestKilledSaves(t *testing.T) {
	dir := t.TempDir()
	for kill := range 5 {
		c := exec.Command(os.Args[0], "nimmt-test-saver", dir)
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		r := bufio.NewReader(out)
		for range 1 + kill*7 { // kill it at a different point each time
			if line, _ := r.ReadString('\n'); line != "saved\n" {
				t.Fatalf("saver: %q", line)
			}
		}
		_ = c.Process.Kill()
		_ = c.Wait()
		b, err := storage.Dir(dir).Load("save.json")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := storage.CheckSave("save.json", b, 2); err != nil {
			t.Fatalf("after kill %d: %v", kill+1, err)
		}
	}
	old := time.Now().Add(-2 * storage.StaleAge)
	tmps, _ := filepath.Glob(filepath.Join(dir, ".save.json.*.tmp"))
	for _, p := range tmps {
		os.Chtimes(p, old, old) // as the next start finds them, a while later
	}
	if _, err := storage.Dir(dir).RemoveStale(); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	t.Logf("%d temporary files from 5 kills removed", len(tmps))
}
