#!/usr/bin/env bash
# Runs a command with a Kafka broker up. With KAFKA_PORT set, a broker already answering there (`make kafka-up`'s:
# KAFKA_PORT=19092) is used and left alone, else one is started there and stopped afterwards. Without it, the run
# starts a broker of its own on a free port pair (claimed where `freePort` claims the test processes' ports), with a
# data folder that goes with it, and stops it afterwards: another run beside it (another clone's `make test`) never
# uses a broker this run stops, and a broker left running by something else (a benchmark's) is never shared.
#   with-kafka.sh <command...>
#   with-kafka.sh --early <first command...> -- <command...>
#       the broker starts in the background while the first command runs (it needs no broker: `make test`'s checks,
#       build and unit tests), and the second runs once both are done and the first succeeded: the broker's start
#       (Maven's resolution of its jars, the JVM, the topics) overlaps the first instead of coming between them
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
port="${KAFKA_PORT:-19092}"
started=0
private=0
starter=""
start_log="$(mktemp)"
claims="${TMPDIR:-/tmp}/cs-port-claims"
answering() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
claim() { (set -o noclobber && : >"$claims/$1") 2>/dev/null; }
# an even port and the next one (the broker's controller), both below the ephemeral range, free and now claimed
private_port() {
  local low
  low="$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)"
  mkdir -p "$claims"
  for _ in $(seq 1 200); do
    local candidate=$((10000 + 2 * ((RANDOM * 32768 + RANDOM) % ((low - 10002) / 2))))
    answering "$candidate" || answering "$((candidate + 1))" && continue
    claim "$candidate" || continue
    if claim "$((candidate + 1))"; then echo "$candidate"; return 0; fi
    rm -f "$claims/$candidate"
  done
  return 1
}
stop_kafka() {
  # a start still under way finishes first, or the broker would come up after the stop
  if [ -n "$starter" ]; then wait "$starter" 2>/dev/null || true; fi
  if [ "$started" = 1 ]; then KAFKA_PORT="$port" bash "$root/deploy/kafka/kafka.sh" stop >/dev/null 2>&1 || true; fi
  if [ "$private" = 1 ]; then rm -rf "$root/.data/kafka-$port" "$claims/$port" "$claims/$((port + 1))"; fi
  rm -f "$start_log"
}
trap stop_kafka EXIT
if [ -z "${KAFKA_PORT:-}" ]; then
  port="$(private_port)" || { echo "with-kafka.sh: no free port pair for a broker" >&2; exit 1; }
  private=1
fi
export KAFKA_PORT="$port"
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
  if ! answering "$port"; then
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

if ! answering "$port"; then
  started=1
  bash "$root/deploy/kafka/kafka.sh" start
fi
"$@"
