#!/usr/bin/env bash
# `npm test`: every level of check, in order, then one summary line "N passed, N failed".
# Each static check (typecheck, lint, format) counts as one test; Jest and Playwright count their own.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=.test-output
mkdir -p "$OUT"
rm -f "$OUT"/jest.json "$OUT"/e2e.json
passed=0
failed=0
failures=()

check() {
  local name=$1
  shift
  echo "── $name: $*"
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$name")
  fi
}

check typecheck npx tsc --noEmit -p tsconfig.json
check lint npx eslint . --max-warnings 0
check format npx prettier --check . --log-level warn

echo "── jest: unit, web, integration, infra"
npx jest --ci --json --outputFile="$OUT/jest.json"
jest_status=$?
if [ -s "$OUT/jest.json" ]; then
  read -r jp jf < <(node -e 'const r=require("./'"$OUT"'/jest.json");console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites||0))')
  passed=$((passed + jp))
  failed=$((failed + jf))
  if [ "$jest_status" -ne 0 ] && [ "$jf" -eq 0 ]; then failed=$((failed + 1)); failures+=("jest (exit $jest_status)"); fi
  [ "$jf" -gt 0 ] && failures+=("jest ($jf)")
else
  failed=$((failed + 1))
  failures+=("jest (no report)")
fi

echo "── e2e: build the SPA, then Playwright in Chromium"
if bash scripts/ensure-chromium.sh && bash scripts/ensure-poppler.sh && npm run --silent build:web; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$OUT/e2e.json" npx playwright test -c test/e2e/playwright.config.ts --reporter=list,json
  e2e_status=$?
  if [ -s "$OUT/e2e.json" ]; then
    read -r ep ef < <(node -e 'const s=require("./'"$OUT"'/e2e.json").stats;console.log(s.expected + (s.flaky||0), s.unexpected)')
    passed=$((passed + ep))
    failed=$((failed + ef))
    [ "$ef" -gt 0 ] && failures+=("e2e ($ef)")
    if [ "$e2e_status" -ne 0 ] && [ "$ef" -eq 0 ]; then failed=$((failed + 1)); failures+=("e2e (exit $e2e_status)"); fi
  else
    failed=$((failed + 1))
    failures+=("e2e (no report)")
  fi
else
  failed=$((failed + 1))
  failures+=("e2e setup (Chromium or SPA build)")
fi

echo
[ ${#failures[@]} -gt 0 ] && echo "Failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
