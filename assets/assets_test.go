package assets

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Lang holds exactly the files in lang/, each under its code, in the order of the codes.
func TestLangHoldsEveryFile(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("lang", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(Lang) {
		t.Errorf("lang/ has %d tables, Lang %d: embed each file in assets.go", len(files), len(Lang))
	}
	for i, f := range files {
		code := strings.TrimSuffix(filepath.Base(f), ".json")
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if i >= len(Lang) || Lang[i].Code != code {
			t.Errorf("Lang[%d] is not %s: embed %s in assets.go, in the order of the codes", i, code, f)
			continue
		}
		if !bytes.Equal(Lang[i].JSON, want) {
			t.Errorf("Lang[%d] (%s) differs from %s", i, code, f)
		}
	}
}
