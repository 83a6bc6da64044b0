#!/usr/bin/env bash
# The test runs of `make test`, each ending with its runner's summary: unit, web, integration against real
# PostgreSQL (TEST_DATABASE_URL, or embedded) and a real Kafka broker that this script starts and stops, browser.
#   run-tests.sh               every tier: --fast, then --kafka-tiers under one broker
#   run-tests.sh --fast        the backend's unit suites and the web client's component tests (no build, no broker:
#                              `make test` runs them beside lint, typecheck and build)
#   run-tests.sh --kafka-tiers the integration and browser tiers (a broker must answer: with-kafka.sh), then the
#                              summaries of every runner of this run, unit and web included, once more at the end
# Each runner's output is also kept in TEST_LOG_DIR (default .data/test-logs), which --fast empties first.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
jest=(node --experimental-vm-modules --no-warnings=ExperimentalWarning node_modules/jest/bin/jest.js)
logs="${TEST_LOG_DIR:-$root/.data/test-logs}"
mkdir -p "$logs"
status=0
# `make test` has just built every deployable: full stacks (deploy/scripts/e2e-stack.mjs) run the built JavaScript, as
# the images do, and start faster than through the TypeScript loader
export STACK_COMPILED=1

# The lines that sum up a runner's output (its colours removed): Jest's from "Test Suites:" on, Vitest's "Test Files",
# "Tests" and "Duration", node's test runner's closing "tests" … "duration_ms" (after "#" or its spec reporter's "ℹ").
summary() {
  sed -E 's/\x1b\[[0-9;]*m//g' "$1" |
    awk '/^Test Suites:/ { jest = 1 } jest { print; next }
         /^ *(Test Files|Tests|Duration) / { print; next }
         /^(#|ℹ) (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) / { print }'
}

fast() {
  rm -f "$logs"/*.log
  # side by side, beside the checks and the build, which keep both cores busy: Jest's unit tier with its default
  # workers (on 2 cores, one: the runner's own thread) and Vitest in two (its default of one is slower on 2 cores);
  # each runner's output follows once both are done (bench/README.md, make test)
  # the unit runner (jest-light-runner) has no per-test timeout: a test that never settles would hold the run until
  # CI's own limit, its output unseen in the log; the tier takes well under a minute
  local limit="${UNIT_TIMEOUT:-600}"
  (
    timeout --kill-after=10 "$limit" "${jest[@]}" --selectProjects unit
    code=$?
    [ "$code" != 124 ] || echo "the unit tier ran past $limit s: a test never settled (no per-test timeout in jest-light-runner)"
    exit "$code"
  ) > "$logs/unit.log" 2>&1 &
  local unit=$!
  (cd web && node ../node_modules/vitest/vitest.mjs run --maxWorkers="${VITEST_WORKERS:-2}") > "$logs/web.log" 2>&1 &
  local web=$!
  wait "$unit" || status=1
  wait "$web" || status=1
  cat "$logs/unit.log" "$logs/web.log"
}

kafka_tiers() {
  # four workers even on 2 cores: the suites often wait (consumer group joins, polls, child processes starting), and
  # each worker has a database of its own (services/platform/test/setup/isolation.ts); more workers finish sooner up
  # to four (bench/README.md, make test)
  "${jest[@]}" --selectProjects integration --maxWorkers="${TEST_WORKERS:-4}" 2>&1 | tee "$logs/integration.log"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  # browser tests: every deployable as its own process, Kafka, PostgreSQL, Debian's Chromium (`make build` built the
  # web client)
  E2E_SKIP_BUILD=1 node web/e2e/run.mjs 2>&1 | tee "$logs/browser.log"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  echo
  echo "── summaries ──"
  for tier in unit web integration browser; do
    if [ -f "$logs/$tier.log" ]; then
      echo "$tier:"
      summary "$logs/$tier.log" | sed 's/^/  /'
    fi
  done
}

case "${1:-}" in
  --fast) fast ;;
  --kafka-tiers) kafka_tiers ;;
  *)
    fast
    # the integration and browser tiers share one broker (with-kafka.sh starts it unless one answers, and stops it
    # after both): a broker restarted in between would read every partition the integration tier created and deleted,
    # which takes minutes on 2 cores
    bash deploy/scripts/with-kafka.sh bash "${BASH_SOURCE[0]}" --kafka-tiers || status=1
    ;;
esac
exit "$status"
