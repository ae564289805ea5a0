// Package clip puts a text on the desktop's system clipboard. Ebitengine has no clipboard API, so
// it runs the platform's own tool: wl-copy (Wayland), xclip or xsel (X11) on Linux and the BSDs,
// pbcopy on macOS, clip.exe on Windows. The browser build copies through the page instead
// (navigator.clipboard); the phone apps have no clipboard here.
package clip

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// ErrNoTool is Copy's error when no clipboard tool is installed.
var ErrNoTool = errors.New("clip: no clipboard tool found")

// Tool is one way to copy: a command that reads the text on its standard input.
type Tool struct {
	Name string
	Args []string
}

// Tools are the commands that can copy on the platform goos, best first; getenv reads the
// environment (a Wayland session prefers wl-copy).
func Tools(goos string, getenv func(string) string) []Tool {
	switch goos {
	case "darwin", "ios":
		return []Tool{{"pbcopy", nil}}
	case "windows":
		return []Tool{{"clip.exe", nil}}
	case "android", "js", "wasip1", "plan9":
		return nil
	}
	x := []Tool{{"xclip", []string{"-selection", "clipboard", "-in"}}, {"xsel", []string{"--clipboard", "--input"}}}
	w := Tool{"wl-copy", nil}
	if getenv("WAYLAND_DISPLAY") != "" {
		return append([]Tool{w}, x...)
	}
	return append(x, w)
}

// Copier copies with the first of its tools found on the path.
type Copier struct {
	Tools []Tool
	// LookPath finds a command (exec.LookPath).
	LookPath func(string) (string, error)
}

// Copy puts text on the clipboard with the first tool found. Without a tool it returns an error
// wrapping ErrNoTool that names the tools to install; a tool that fails returns its message.
func (c Copier) Copy(text string) error {
	var names []string
	for _, t := range c.Tools {
		names = append(names, t.Name)
		path, err := c.LookPath(t.Name)
		if err != nil {
			continue
		}
		cmd := exec.Command(path, t.Args...)
		// No pipes for its output: xclip and xsel stay in the background serving the
		// selection, and Run would wait for a pipe they hold open.
		cmd.Stdin = strings.NewReader(text)
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("clip: %s: %w", t.Name, err)
		}
		return nil
	}
	if len(names) == 0 {
		return fmt.Errorf("%w on this system", ErrNoTool)
	}
	return fmt.Errorf("%w (install %s)", ErrNoTool, strings.Join(names, " or "))
}

// Copy puts text on the system clipboard with this platform's tools.
func Copy(text string) error {
	return Copier{Tools: Tools(runtime.GOOS, os.Getenv), LookPath: exec.LookPath}.Copy(text)
}
