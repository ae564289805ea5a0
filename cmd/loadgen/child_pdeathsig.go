//go:build linux

package main

import (
	"os/exec"
	"syscall"
)

// killWithParent has the kernel kill the child when the generator dies, whatever kills it.
func killWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
