#!/usr/bin/env bash
# Runs every test suite and ends with one summary line ("tests: N passed, N failed, N skipped").
#   unit        jest, beside the code
#   e2e         the API and pages against PGlite, then against a fresh database on PostgreSQL
#   browser     journeys in headless Chromium (Debian's chromium, driven by playwright-core)
# On a plain machine a missing PostgreSQL or Chromium is skipped, LOUDLY. With CI=true (or
# REQUIRE_POSTGRES=1 / REQUIRE_BROWSER=1) a missing one fails the run instead.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

results=var/test-results
rm -rf "$results" && mkdir -p "$results"
require_postgres=${REQUIRE_POSTGRES:-${CI:-}}
require_browser=${REQUIRE_BROWSER:-${CI:-}}
postgres_url=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
chromium=${CHROMIUM_PATH:-$(command -v chromium || command -v chromium-browser || true)}
skipped=()
failed=0

run_jest() { # name [VAR=value ...] -- jest args...
  local name=$1; shift
  local vars=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do vars+=("$1"); shift; done
  shift # the --
  echo
  echo "=== $name ==="
  env "${vars[@]}" node --experimental-vm-modules node_modules/jest/bin/jest.js "$@" \
    --json --outputFile="$results/$name.json" || failed=1
}

run_jest unit -- --selectProjects unit
run_jest e2e-pglite TEST_DATABASE=pglite -- --selectProjects e2e --runInBand

if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$postgres_url" 2>/dev/null; then
  run_jest e2e-postgres TEST_DATABASE=postgres TEST_POSTGRES_URL="$postgres_url" -- --selectProjects e2e --runInBand
elif [ -n "$require_postgres" ]; then
  echo "!!! PostgreSQL is not reachable at $postgres_url and it is required here: FAILING." >&2
  failed=1
else
  skipped+=("e2e on PostgreSQL (no server at $postgres_url)")
fi

if [ -n "$chromium" ] && [ -x "$chromium" ]; then
  run_jest browser CHROMIUM_PATH="$chromium" -- --selectProjects browser --runInBand
elif [ -n "$require_browser" ]; then
  echo "!!! Chromium is not installed and browser journeys are required here: FAILING (apt-get install chromium)." >&2
  failed=1
else
  skipped+=("browser journeys (no chromium; apt-get install chromium)")
fi

echo
if [ ${#skipped[@]} -gt 0 ]; then
  echo "############################################################"
  echo "# SKIPPED on this machine:"
  for s in "${skipped[@]}"; do echo "#   - $s"; done
  echo "############################################################"
fi
node scripts/summarise-tests.mjs "$results" "${#skipped[@]}" || failed=1
exit $failed
