#!/usr/bin/env bash
# The test runs of `make test`, each ending with its runner's summary: unit, web, integration against real
# PostgreSQL (TEST_DATABASE_URL, or embedded) and a real Kafka broker that this script starts and stops.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
jest=(node --experimental-vm-modules --no-warnings=ExperimentalWarning node_modules/jest/bin/jest.js)
status=0
# `make test` has just built every deployable: full stacks (deploy/scripts/e2e-stack.mjs) run the built JavaScript, as
# the images do, and start faster than through the TypeScript loader
export STACK_COMPILED=1
if [ "${1:-}" != "--kafka-tiers" ]; then
  # the backend's unit suites and the web client's component tests (Vitest + Testing Library + MSW) side by side: on
  # 2 cores (2026-11-28) the unit suites use half a core (Jest's one worker, suites waiting on timers) for 1 min 46 s
  # and Vitest 0.9 of one for 3 min; each runner's output follows once both are done
  logs="$(mktemp -d)"
  "${jest[@]}" --selectProjects unit > "$logs/unit.log" 2>&1 &
  unit=$!
  (cd web && node ../node_modules/vitest/vitest.mjs run) > "$logs/web.log" 2>&1 &
  web=$!
  wait "$unit" || status=1
  wait "$web" || status=1
  cat "$logs/unit.log" "$logs/web.log"
  rm -rf "$logs"
  # the integration and browser tiers share one broker (with-kafka.sh starts it unless one answers, and stops it
  # after both): with a with-kafka.sh each, the broker restarted in between, and a restart reads every partition the
  # integration tier created and deleted (148 s on a slow 2-core machine, 2026-11-29 00:21)
  bash deploy/scripts/with-kafka.sh bash "${BASH_SOURCE[0]}" --kafka-tiers || status=1
  exit "$status"
fi
# four workers even on 2 cores: the suites often wait (consumer group joins, polls, child processes starting), and
# each worker has a database of its own (services/platform/test/setup/isolation.ts). On 2 cores, 64 files: 6 min 16 s
# with two workers and 4 min 30 s with three (2026-11-28); 272 s with three and 245 s with four (2026-11-29)
"${jest[@]}" --selectProjects integration --maxWorkers="${TEST_WORKERS:-4}" || status=1
# browser tests: every deployable as its own process, Kafka, PostgreSQL, Debian's Chromium (`make build` built the web)
E2E_SKIP_BUILD=1 node web/e2e/run.mjs || status=1
exit "$status"
