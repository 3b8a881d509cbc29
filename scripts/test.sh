#!/usr/bin/env bash
# Runs every test suite and ends with one summary line ("tests: N passed, N failed, N skipped").
#   unit          jest, beside the code
#   e2e-postgres  every API, page and CLI test, each file on a fresh PostgreSQL database, two files at a time
#   e2e-pglite    the files that exercise what differs on the embedded database (PGLITE_SUITE below); every
#                 file when PostgreSQL is absent, or with TEST_PGLITE=all
#   browser       journeys in headless Chromium (Debian's chromium, driven by playwright-core), on PGlite, two at a time
#   browser-postgres  the buying and admin journeys again on PostgreSQL (BROWSER_POSTGRES_SUITE below)
# Each e2e file used to run on both databases (docs/adr/0026-test-suite-time.md says why no longer).
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

# What the embedded database does its own way: the make-start path (migrations, seeding, the built server), search,
# transactions and row locks (checkout, stock, payments), the gap-free invoice counter under concurrency, the job
# queue's locking, and cursors (the orders export). The rest is the same SQL through the same ORM.
PGLITE_SUITE=(cli server-process identity catalogue basket checkout payments invoices queue orders-export)
pglite_paths=()
for name in "${PGLITE_SUITE[@]}"; do pglite_paths+=("test/e2e/$name.e2e-spec.ts"); done

BROWSER_POSTGRES_SUITE=(buying admin-portal admin-products admin-content)

run_jest unit -- --selectProjects unit

postgres_reachable=
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$postgres_url" 2>/dev/null; then
  postgres_reachable=1
  # Files are independent (a database each, free ports), so two run at once on this 2-core machine.
  run_jest e2e-postgres TEST_DATABASE=postgres TEST_POSTGRES_URL="$postgres_url" -- --selectProjects e2e --maxWorkers=2
  if [ "${TEST_PGLITE:-}" = "all" ]; then
    run_jest e2e-pglite TEST_DATABASE=pglite -- --selectProjects e2e --maxWorkers=2
  else
    # Two at a time as well: a PGlite file runs its database in the jest process itself, one core, so runInBand left
    # the other core idle; each file has its own folder and ports.
    run_jest e2e-pglite TEST_DATABASE=pglite -- "${pglite_paths[@]}" --selectProjects e2e --maxWorkers=2
  fi
elif [ -n "$require_postgres" ]; then
  echo "!!! PostgreSQL is not reachable at $postgres_url and it is required here: FAILING." >&2
  failed=1
else
  skipped+=("e2e on PostgreSQL (no server at $postgres_url): every e2e file ran on PGlite instead")
  run_jest e2e-pglite TEST_DATABASE=pglite -- --selectProjects e2e --maxWorkers=2
fi

if [ -n "$chromium" ] && [ -x "$chromium" ]; then
  # Two journeys at a time: a journey waits on Chromium and its server more than it computes (one at a time used ~0.9
  # of the two cores; two at a time took the phase from 404 to 269 s, docs/adr/0026-test-suite-time.md).
  run_jest browser CHROMIUM_PATH="$chromium" -- --selectProjects browser --maxWorkers=2
  # Buying and the admin portal's journeys run on PostgreSQL as well (issues 13 and 14 ask for both databases); the
  # other journeys are the same pages over the same API, which the e2e suites cover on both.
  if [ -z "$postgres_reachable" ]; then
    skipped+=("browser journeys on PostgreSQL (no server at $postgres_url)")
  else
    browser_pg_paths=()
    for name in "${BROWSER_POSTGRES_SUITE[@]}"; do browser_pg_paths+=("test/browser/$name.browser-spec.ts"); done
    run_jest browser-postgres CHROMIUM_PATH="$chromium" TEST_DATABASE=postgres TEST_POSTGRES_URL="$postgres_url" -- "${browser_pg_paths[@]}" --selectProjects browser --maxWorkers=2
  fi
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
