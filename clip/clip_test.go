package clip

import (
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

func names(ts []Tool) []string {
	var n []string
	for _, t := range ts {
		n = append(n, t.Name)
	}
	return n
}

// TestTools: each platform's tools, best first; a Wayland session tries wl-copy first.
func TestTools(t *testing.T) {
	none := func(string) string { return "" }
	wayland := func(k string) string {
		if k == "WAYLAND_DISPLAY" {
			return "wayland-0"
		}
		return ""
	}
	for _, c := range []struct {
		goos   string
		getenv func(string) string
		want   []string
	}{
		{"linux", none, []string{"xclip", "xsel", "wl-copy"}},
		{"linux", wayland, []string{"wl-copy", "xclip", "xsel"}},
		{"freebsd", none, []string{"xclip", "xsel", "wl-copy"}},
		{"darwin", none, []string{"pbcopy"}},
		{"windows", none, []string{"clip.exe"}},
		{"android", none, nil},
		{"js", none, nil},
	} {
		if got := names(Tools(c.goos, c.getenv)); !slices.Equal(got, c.want) {
			t.Errorf("Tools(%s) = %v, want %v", c.goos, got, c.want)
		}
	}
}

// TestCopyNoTool: without a tool on the path Copy says which to install and runs nothing.
func TestCopyNoTool(t *testing.T) {
	var looked []string
	c := Copier{Tools: Tools("linux", func(string) string { return "" }), LookPath: func(name string) (string, error) {
		looked = append(looked, name)
		return "", exec.ErrNotFound
	}}
	err := c.Copy("x")
	if !errors.Is(err, ErrNoTool) || !strings.Contains(err.Error(), "xclip or xsel or wl-copy") {
		t.Errorf("Copy = %v, want ErrNoTool naming xclip, xsel and wl-copy", err)
	}
	if !slices.Equal(looked, []string{"xclip", "xsel", "wl-copy"}) {
		t.Errorf("looked for %v", looked)
	}
	if err := (Copier{LookPath: exec.LookPath}).Copy("x"); !errors.Is(err, ErrNoTool) {
		t.Errorf("no tools: %v", err)
	}
}

// TestCopyFails: a tool that fails is an error naming it.
func TestCopyFails(t *testing.T) {
	c := Copier{Tools: []Tool{{"false", nil}}, LookPath: exec.LookPath}
	if _, err := exec.LookPath("false"); err != nil {
		t.Skip("no false command")
	}
	if err := c.Copy("x"); err == nil || errors.Is(err, ErrNoTool) || !strings.Contains(err.Error(), "false") {
		t.Errorf("Copy = %v, want the tool's failure", err)
	}
}

// TestCopyX11: on an X display with xclip (make test runs this under Xvfb with xclip installed),
// Copy puts the text on the clipboard, read back with xclip.
func TestCopyX11(t *testing.T) {
	if os.Getenv("DISPLAY") == "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		if os.Getenv("REQUIRE_DISPLAY") != "" {
			t.Fatal("REQUIRE_DISPLAY is set but there is no X display")
		}
		t.Skip("no X display")
	}
	if _, err := exec.LookPath("xclip"); err != nil {
		if os.Getenv("REQUIRE_DISPLAY") != "" {
			t.Fatal("xclip is not installed (scripts/deps.sh xvfb installs it)")
		}
		t.Skip("no xclip")
	}
	const text = "https://example.org/?room=K7QX3M"
	if err := Copy(text); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("xclip", "-selection", "clipboard", "-out").Output()
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != text {
		t.Errorf("the clipboard holds %q, want %q", out, text)
	}
}
