#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work here).
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian-package.sh" chromium "${RAINCHECK_CHROMIUM:-/usr/bin/chromium}" \
  "Install Chromium and set RAINCHECK_CHROMIUM to its path."
