#!/usr/bin/env bash
# The report test renders a PDF's first page to PNG with poppler's pdftoppm (Debian's poppler-utils).
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian-package.sh" poppler-utils pdftoppm "Install poppler-utils." -v
