#!/usr/bin/env bash
# deps.sh WHAT... — installs what a make target needs on a fresh Debian/Ubuntu machine.
# WHAT: run (runtime libraries for the desktop window), xvfb (with xclip for the clipboard test), chromium, jdk (android vet), go (modules),
# postgres (PostgreSQL, which the server's tests start as a throw-away cluster), haproxy (the balancer of the several-process test).
# Installs only what is missing; needs root or sudo for apt.
set -euo pipefail
SUDO=""; [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && SUDO="sudo"
pkgs=()
need() { dpkg -s "$1" >/dev/null 2>&1 || pkgs+=("$1"); }
for w in "$@"; do
  case "$w" in
    run) for p in libx11-6 libxrandr2 libxcursor1 libxi6 libxinerama1 libxrender1 libxext6 libgl1 libgl1-mesa-dri libasound2; do need "$p"; done ;;
    xvfb) need xvfb; need xauth; need xclip; for p in libx11-6 libxrandr2 libxcursor1 libxi6 libxinerama1 libxrender1 libxext6 libgl1 libgl1-mesa-dri libasound2; do need "$p"; done ;;
    chromium) need chromium ;;
    jdk) command -v javac >/dev/null || need default-jdk-headless; need gcc-aarch64-linux-gnu; need libc6-dev-arm64-cross ;;
    node) command -v node >/dev/null || need nodejs ;;
    # android: a JDK (keytool, apksigner) and Debian's Android build tools, downloaded and unpacked
    # into build/android-tools, not installed (scripts/android-apk.sh, make test-mobile).
    android) command -v keytool >/dev/null || need default-jdk-headless; "$(dirname "$0")/android-apk.sh" fetch ;;
    postgres) ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null || need postgresql ;;
    haproxy) command -v haproxy >/dev/null || need haproxy ;;
    go) ;;
    *) echo "deps.sh: unknown group $w" >&2; exit 2 ;;
  esac
done
if [ ${#pkgs[@]} -gt 0 ]; then
  echo "deps.sh: installing ${pkgs[*]}"
  # Another apt (an unattended upgrade, a second make target) may hold the lock: wait for it.
  lock=(-o DPkg::Lock::Timeout=600)
  $SUDO apt-get "${lock[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${lock[@]}" install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
fi
command -v go >/dev/null || { echo "deps.sh: Go 1.26 is required (https://go.dev/dl)" >&2; exit 2; }
go mod download
