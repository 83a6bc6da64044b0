#!/usr/bin/env bash
# Runs a command with the project's Kafka broker up: starts it when nothing answers on KAFKA_PORT and stops
# it afterwards (a broker that was already running is left alone).
#   with-kafka.sh <command...>
#   with-kafka.sh --early <first command...> -- <command...>
#       the broker starts in the background while the first command runs (it needs no broker: `make test`'s checks,
#       build and unit tests), and the second runs once both are done and the first succeeded: the broker's start
#       (Maven's resolution of its jars, the JVM, the topics) overlaps the first instead of coming between them
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
port="${KAFKA_PORT:-19092}"
started=0
starter=""
start_log="$(mktemp)"
answering() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }
stop_kafka() {
  # a start still under way finishes first, or the broker would come up after the stop
  if [ -n "$starter" ]; then wait "$starter" 2>/dev/null || true; fi
  if [ "$started" = 1 ]; then bash "$root/deploy/kafka/kafka.sh" stop >/dev/null 2>&1 || true; fi
  rm -f "$start_log"
}
trap stop_kafka EXIT
export KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:$port}"

if [ "${1:-}" = "--early" ]; then
  shift
  first=()
  while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
    first+=("$1")
    shift
  done
  [ "${1:-}" = "--" ] || { echo "with-kafka.sh --early: the second command goes after --" >&2; exit 2; }
  shift
  if ! answering; then
    started=1
    bash "$root/deploy/kafka/kafka.sh" start >"$start_log" 2>&1 &
    starter=$!
  fi
  status=0
  "${first[@]}" || status=$?
  if [ -n "$starter" ]; then
    broker=0
    wait "$starter" || broker=$?
    starter=""
    cat "$start_log"
    if [ "$broker" != 0 ]; then
      echo "with-kafka.sh: the Kafka broker did not start" >&2
      exit 1
    fi
  fi
  [ "$status" = 0 ] || exit "$status"
  "$@"
  exit $?
fi

if ! answering; then
  started=1
  bash "$root/deploy/kafka/kafka.sh" start
fi
"$@"
