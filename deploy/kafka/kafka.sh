#!/usr/bin/env bash
# A single-node Apache Kafka broker (KRaft, no ZooKeeper) from its published jars on Maven Central.
#   deploy/kafka/kafka.sh fetch    download the jars (Maven, cached in .cache/kafka/libs)
#   deploy/kafka/kafka.sh start    fetch if needed, format storage if new, start, wait until it answers,
#                                  create the topics of deploy/kafka/topics.yaml (auto-create is off)
#   deploy/kafka/kafka.sh stop     stop it cleanly (SIGTERM, then wait)
#   deploy/kafka/kafka.sh status
# Environment: KAFKA_PORT (default 19092; the controller uses KAFKA_PORT+1), KAFKA_HEAP (default 512m),
# KAFKA_START_TIMEOUT (seconds `start` waits for the broker, default 60; a busy machine needs more).
# Each port has its own data folder (.data/kafka-<port>): a private broker on another port (make chaos: 19192)
# never touches the shared one's data.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
port="${KAFKA_PORT:-19092}"
controller_port=$((port + 1))
libs="$root/.cache/kafka/libs"
data="$root/.data/kafka-$port"
pidfile="$data/broker.pid"
logfile="$data/broker.log"
version="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/pom.xml")"

log() { printf 'kafka.sh: %s\n' "$*" >&2; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

fetch() {
  if [ -f "$libs/kafka_2.13-$version.jar" ]; then return 0; fi
  command -v java >/dev/null || { log "java is required (JDK 17+)"; exit 1; }
  command -v mvn >/dev/null || { log "maven (mvn) is required to fetch Kafka from Maven Central"; exit 1; }
  log "fetching Apache Kafka $version from Maven Central"
  rm -rf "$libs.tmp"
  mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$libs.tmp"
  rm -rf "$libs" && mv "$libs.tmp" "$libs"
}

write_config() {
  mkdir -p "$data/logs"
  cat > "$data/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$data/logs
num.partitions=6
auto.create.topics.enable=false
delete.topic.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
log.retention.hours=168
PROPS
}

start() {
  if port_open "$port"; then log "a broker already answers on 127.0.0.1:$port"; create_topics; return 0; fi
  fetch
  write_config
  if [ ! -f "$data/logs/meta.properties" ]; then
    cluster_id="$(java -cp "$libs/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)"
    java -cp "$libs/*" -Dlog4j.configuration="file:$here/log4j.properties" kafka.tools.StorageTool format \
      -t "$cluster_id" -c "$data/server.properties" >/dev/null
  fi
  nohup java -Xms256m -Xmx"${KAFKA_HEAP:-512m}" -XX:+UseG1GC -cp "$libs/*" \
    -Dlog4j.configuration="file:$here/log4j.properties" kafka.Kafka "$data/server.properties" \
    >"$logfile" 2>&1 &
  echo $! > "$pidfile"
  for _ in $(seq 1 $((${KAFKA_START_TIMEOUT:-60} * 2))); do
    if port_open "$port" && grep -q 'Kafka Server started' "$logfile" 2>/dev/null; then
      log "started Apache Kafka $version (KRaft, single node) on 127.0.0.1:$port, pid $(cat "$pidfile")"
      create_topics
      return 0
    fi
    if ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then log "broker exited; see $logfile"; tail -n 30 "$logfile" >&2; exit 1; fi
    sleep 0.5
  done
  log "broker did not answer within ${KAFKA_START_TIMEOUT:-60} s; see $logfile"
  exit 1
}

create_topics() {
  # the registry's names as they are (a test run's prefix is its own business)
  KAFKA_TOPIC_PREFIX= node "$here/create-topics.mjs" "127.0.0.1:$port" "$here/topics.yaml"
}

stop() {
  if [ ! -f "$pidfile" ]; then log "not running (no pid file)"; return 0; fi
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$pid" 2>/dev/null; then log "broker did not stop in 30 s; killing"; kill -KILL "$pid"; fi
    log "stopped"
  fi
  rm -f "$pidfile"
}

status() {
  if port_open "$port"; then echo "running on 127.0.0.1:$port"; else echo "stopped"; exit 3; fi
}

case "${1:-}" in
  fetch) fetch ;;
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 fetch|start|stop|status" >&2; exit 2 ;;
esac
