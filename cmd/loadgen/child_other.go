//go:build !linux

package main

import "os/exec"

// killWithParent does nothing here: the generator's deferred kills and its signal handling end
// the child.
func killWithParent(*exec.Cmd) {}
