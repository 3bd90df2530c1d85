#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work here).
# Installs it when missing and we are allowed to; otherwise stops with a clear message.
set -euo pipefail
CHROMIUM="${RAINCHECK_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "Chromium not found at $CHROMIUM; installing Debian's chromium package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "ERROR: Chromium is missing and this user cannot install it. Run: sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ERROR: Chromium is missing and apt-get is not available. Install Chromium and set RAINCHECK_CHROMIUM to its path." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
$SUDO apt-get install -y -q chromium >/dev/null
[ -x "$CHROMIUM" ] || { echo "ERROR: chromium installed but $CHROMIUM is missing" >&2; exit 1; }
echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
