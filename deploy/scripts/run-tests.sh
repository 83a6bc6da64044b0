#!/usr/bin/env bash
# The test runs of `make test`, each ending with its runner's summary: unit, web, integration against real
# PostgreSQL (TEST_DATABASE_URL, or embedded) and a real Kafka broker that this script starts and stops, and the
# browser tests. The integration and browser runs overlap (both mostly wait on their stacks); the browser run's
# output is kept until the integration run ends, so each runner's output stays in one piece.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
jest=(node --experimental-vm-modules --no-warnings=ExperimentalWarning node_modules/jest/bin/jest.js)
# `make test` has just built every deployable: full stacks (deploy/scripts/e2e-stack.mjs) run the built JavaScript, as
# the images do, and start faster than through the TypeScript loader
export STACK_COMPILED=1

if [ "${1:-}" = "--stacks" ]; then
  # browser tests: every deployable as its own process, Kafka, PostgreSQL, Debian's Chromium (`make build` built
  # the web), in the background
  browser_log="$(mktemp)"
  trap 'rm -f "$browser_log"' EXIT
  E2E_SKIP_BUILD=1 node web/e2e/run.mjs >"$browser_log" 2>&1 &
  browser=$!
  # three workers even on 2 cores: the suites mostly wait (consumer group joins, polls, child processes starting),
  # and each worker has a database of its own (services/platform/test/setup/isolation.ts). On 2 cores
  # (2026-11-28, 64 files): 6 min 16 s with two workers, 4 min 30 s with three
  status=0
  "${jest[@]}" --selectProjects integration --maxWorkers="${TEST_WORKERS:-3}" || status=1
  wait "$browser" || status=1
  cat "$browser_log"
  exit "$status"
fi

status=0
"${jest[@]}" --selectProjects unit || status=1
# the web client's component tests (Vitest + Testing Library + MSW)
(cd web && node ../node_modules/vitest/vitest.mjs run) || status=1
bash deploy/scripts/with-kafka.sh bash "$0" --stacks || status=1
exit "$status"
