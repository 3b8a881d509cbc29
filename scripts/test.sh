#!/usr/bin/env bash
# Runs every test suite in one jest run and ends with one summary line ("tests: N passed, N failed, N skipped").
# The projects (jest.config.js, with SHOP_TEST_RUN=all):
#   unit              jest, beside the code
#   e2e-postgres      every API, page and CLI test, each file on a fresh PostgreSQL database
#   e2e-pglite        the files that exercise what differs on the embedded database (PGLITE_SUITE in jest.config.js);
#                     every file when PostgreSQL is absent, or with TEST_PGLITE=all
#   browser           journeys in headless Chromium (Debian's chromium, driven by playwright-core), on PGlite
#   browser-postgres  the buying and admin journeys again on PostgreSQL (BROWSER_POSTGRES_SUITE in jest.config.js)
# One run, not one per project: its workers always have a file to take, longest first (test/support/
# slow-first-sequencer.mjs), instead of a core idling at the end of each suite (docs/adr/0026-test-suite-time.md).
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
# Two workers on two cores. Three were tried (a browser journey waits on Chromium and its server part of the time):
# 11.4 and 12.6 min against 11.8 for two, with more CPU spent and a load average of 9-13 (ADR 0026). TEST_WORKERS
# overrides.
workers=${TEST_WORKERS:-2}
skipped=()
failed=0
projects=(unit)

if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$postgres_url" 2>/dev/null; then
  postgres_reachable=1
  projects+=(e2e-postgres e2e-pglite)
  # The PGlite pass leaves out the tests marked itOnce (test/support/once-across-databases.ts): PostgreSQL runs them.
  [ "${TEST_PGLITE:-}" = all ] || export TEST_ALSO_ON_POSTGRES=1
else
  postgres_reachable=
  if [ -n "$require_postgres" ]; then
    echo "!!! PostgreSQL is not reachable at $postgres_url and it is required here: FAILING." >&2
    failed=1
  else
    skipped+=("e2e on PostgreSQL (no server at $postgres_url): every e2e file runs on PGlite instead")
    export TEST_PGLITE=all
    projects+=(e2e-pglite)
  fi
fi

if [ -n "$chromium" ] && [ -x "$chromium" ]; then
  projects+=(browser)
  if [ -n "$postgres_reachable" ]; then
    projects+=(browser-postgres)
  else
    skipped+=("browser journeys on PostgreSQL (no server at $postgres_url)")
  fi
elif [ -n "$require_browser" ]; then
  echo "!!! Chromium is not installed and browser journeys are required here: FAILING (apt-get install chromium)." >&2
  failed=1
else
  skipped+=("browser journeys (no chromium; apt-get install chromium)")
fi

echo "=== ${projects[*]} (one jest run, $workers workers) ==="
SHOP_TEST_RUN=all CHROMIUM_PATH="$chromium" TEST_POSTGRES_URL="$postgres_url" \
  node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects "${projects[@]}" --maxWorkers="$workers" \
  --json --outputFile="$results/all.json" || failed=1

echo
if [ ${#skipped[@]} -gt 0 ]; then
  echo "############################################################"
  echo "# SKIPPED on this machine:"
  for s in "${skipped[@]}"; do echo "#   - $s"; done
  echo "############################################################"
fi
node scripts/summarise-tests.mjs "$results" "${#skipped[@]}" || failed=1
exit $failed
