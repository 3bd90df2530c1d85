#!/usr/bin/env bash
# Makes sure a program the tests need is on this machine, installing its Debian package when it is
# missing and we are allowed to (root or passwordless sudo); otherwise stops with a clear message.
# Usage: ensure-debian-package.sh PACKAGE PROGRAM "HINT WHEN APT-GET IS MISSING" [VERSION-FLAG]
# PROGRAM is a path (checked as an executable file) or a name (looked up on PATH).
set -euo pipefail
PACKAGE="$1"
PROGRAM="$2"
NO_APT_HINT="$3"
VERSION_FLAG="${4:---version}"

present() {
  if [[ "$PROGRAM" == */* ]]; then [ -x "$PROGRAM" ]; else command -v "$PROGRAM" >/dev/null 2>&1; fi
}

if present; then exit 0; fi
echo "$PROGRAM not found; installing Debian's $PACKAGE package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "ERROR: $PROGRAM is missing and this user cannot install it. Run: sudo apt-get install -y $PACKAGE" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ERROR: $PROGRAM is missing and apt-get is not available. $NO_APT_HINT" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
$SUDO apt-get install -y -q "$PACKAGE" >/dev/null
present || { echo "ERROR: $PACKAGE installed but $PROGRAM is missing" >&2; exit 1; }
echo "$PROGRAM installed: $("$PROGRAM" "$VERSION_FLAG" 2>&1 | head -1 || echo "$PROGRAM")"
