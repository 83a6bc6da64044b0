#!/usr/bin/env bash
# Runs a command with the project's Kafka broker up: starts it when nothing answers on KAFKA_PORT and stops
# it afterwards (a broker that was already running is left alone).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
port="${KAFKA_PORT:-19092}"
started=0
if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  bash "$root/deploy/kafka/kafka.sh" start
  started=1
fi
stop_kafka() { if [ "$started" = 1 ]; then bash "$root/deploy/kafka/kafka.sh" stop >/dev/null 2>&1 || true; fi; }
trap stop_kafka EXIT
export KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:$port}"
"$@"
