#!/usr/bin/env bash
# `make test-stress` (issue 29 item 4, ADR 0037): the browser journeys (projects browser and browser-postgres) several
# times in a row while a CPU burner keeps every core busy, the way a loaded CI machine starves them. A journey that
# reads the page before it has settled fails here long before it fails one CI run in three.
#   STRESS_RUNS     how many runs (5)
#   STRESS_BURNERS  how many busy loops (one per core: `nproc`)
#   TEST_WORKERS    jest workers per run (2, as `make test`)
# Prints passed/failed per run and a total; exits 1 when any run failed. It expects a build (the Makefile target
# builds first) and PostgreSQL at TEST_POSTGRES_URL (browser-postgres).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

runs=${STRESS_RUNS:-5}
burners=${STRESS_BURNERS:-$(nproc)}
workers=${TEST_WORKERS:-2}
results=var/test-results/stress
rm -rf "$results" && mkdir -p "$results"

burner_pids=()
stop_burners() {
  # Only the processes started here, by their ids.
  for pid in "${burner_pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${burner_pids[@]}"; do wait "$pid" 2>/dev/null; done
  burner_pids=()
}
trap stop_burners EXIT
trap 'exit 130' INT TERM

for ((i = 0; i < burners; i++)); do
  node -e 'for (;;) {}' &
  burner_pids+=($!)
done
echo "=== test-stress: $runs runs of the browser journeys, $workers workers, $burners CPU burner(s) (pids ${burner_pids[*]}) ==="

failed_runs=0
total_passed=0
total_failed=0
started=$SECONDS
for ((run = 1; run <= runs; run++)); do
  run_started=$SECONDS
  SHOP_TEST_RUN=all node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects browser browser-postgres \
    --maxWorkers="$workers" --json --outputFile="$results/run-$run.json" >"$results/run-$run.log" 2>&1
  code=$?
  read -r passed failed < <(node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites);
  ' "$results/run-$run.json" 2>/dev/null || echo "0 1")
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  if [ "$code" -ne 0 ] || [ "$failed" -ne 0 ]; then
    failed_runs=$((failed_runs + 1))
    echo "run $run/$runs: $passed passed, $failed failed, $((SECONDS - run_started)) s: FAILED (exit $code; log: $results/run-$run.log)"
    grep -E '^\s+● ' "$results/run-$run.log" | sort -u | sed 's/^/    /' | head -20
  else
    echo "run $run/$runs: $passed passed, $failed failed, $((SECONDS - run_started)) s"
  fi
done

echo "test-stress: $runs runs, $failed_runs failed; tests: $total_passed passed, $total_failed failed; $((SECONDS - started)) s"
[ "$failed_runs" -eq 0 ]
