#!/usr/bin/env bash
# The report test renders a PDF's first page to PNG with poppler's pdftoppm (Debian's poppler-utils).
# Installs it when missing and we are allowed to; otherwise stops with a clear message.
set -euo pipefail
if command -v pdftoppm >/dev/null 2>&1; then exit 0; fi
echo "pdftoppm not found; installing Debian's poppler-utils package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "ERROR: pdftoppm is missing and this user cannot install it. Run: sudo apt-get install -y poppler-utils" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ERROR: pdftoppm is missing and apt-get is not available. Install poppler-utils." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
$SUDO apt-get install -y -q poppler-utils >/dev/null
command -v pdftoppm >/dev/null 2>&1 || { echo "ERROR: poppler-utils installed but pdftoppm is missing" >&2; exit 1; }
echo "pdftoppm installed: $(pdftoppm -v 2>&1 | head -1)"
