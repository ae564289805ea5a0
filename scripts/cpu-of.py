#!/usr/bin/env python3
"""cpu-of.py CMD [ARGS...] — runs CMD and prints the CPU seconds (user+sys) of it and of every
process it starts, by command name (Chromium's by --type), wall time and the total.

`time` misses most of a browser test's CPU: Chromium's renderer and GPU processes are children of
its zygote, which is killed with the browser, so nobody waits for them. Here each process is
found while it runs: it carries CPU_OF_TAG in its environment, or its parent was found (Chromium's
zygote clears its children's environment). /proc is read every 0.2 s; the last 0.2 s of a process
are missed. Used for docs/PERFORMANCE.md, "make test"."""
import os, subprocess, sys, threading, time

hz = os.sysconf("SC_CLK_TCK")
tag = "CPU_OF_TAG=%d" % os.getpid()
seen, names, skip, found = {}, {}, set(), set()
stop = threading.Event()


def scan():
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % p, "rb") as f:
                s = f.read()
            r = s.rindex(b")")
            comm = s[s.index(b"(") + 1:r].decode(errors="replace")
            fl = s[r + 2:].split()
            key = (int(p), int(fl[19]))
            if key in skip:
                continue
            if key not in seen:
                with open("/proc/%s/environ" % p, "rb") as f:
                    env = f.read().split(b"\0")
                if tag.encode() not in env and int(fl[1]) not in found:
                    skip.add(key)
                    continue
                found.add(int(p))
                names[key] = comm
                if comm == "chromium":
                    with open("/proc/%s/cmdline" % p, "rb") as f:
                        args = f.read().replace(b"\0", b" ").split()
                    ty = [a[7:].decode() for a in args if a.startswith(b"--type=")]
                    names[key] = "chromium " + (ty[0] if ty else "browser")
            seen[key] = int(fl[11]) + int(fl[12])
        except (OSError, ValueError, IndexError):
            pass


def sample():
    while not stop.is_set():
        scan()
        time.sleep(0.2)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    th = threading.Thread(target=sample, daemon=True)
    th.start()
    env = dict(os.environ, CPU_OF_TAG=str(os.getpid()))
    start = time.time()
    rc = subprocess.call(sys.argv[1:], env=env)
    wall = time.time() - start
    stop.set()
    th.join()
    by = {}
    for key, ticks in seen.items():
        c, n = by.get(names[key], (0, 0))
        by[names[key]] = (c + ticks, n + 1)
    out = sys.stderr
    total = sum(c for c, _ in by.values())
    for name, (c, n) in sorted(by.items(), key=lambda x: -x[1][0]):
        if c >= hz / 10:
            print("cpu-of: %8.1f s  %4d procs  %s" % (c / hz, n, name), file=out)
    print("cpu-of: %8.1f s cpu total, %.1f s wall, exit %d: %s" % (total / hz, wall, rc, " ".join(sys.argv[1:])), file=out)
    sys.exit(rc)


main()
