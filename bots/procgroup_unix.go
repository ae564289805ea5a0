//go:build unix

package bots

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a new process group, so that stopping it stops its children too.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills every process of p's group (p leads it: see ownGroup). Once p has been waited
// for, the group id stays reserved while any of its processes lives, so this reaches only them.
func killGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
}
