//go:build !unix

package bots

import (
	"os"
	"os/exec"
)

// ownGroup does nothing where process groups do not exist (Windows, js/wasm).
func ownGroup(*exec.Cmd) {}

// killGroup kills p only.
func killGroup(p *os.Process) {
	_ = p.Kill()
}
