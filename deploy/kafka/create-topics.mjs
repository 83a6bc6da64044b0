// Creates the topics listed in deploy/kafka/topics.yaml (generated from proto) on a broker; existing ones stay.
import { readFileSync } from 'node:fs';
import { Kafka, logLevel } from 'kafkajs';

const [brokers, file] = process.argv.slice(2);
const topics = [];
let current;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const name = line.match(/^\s*- name: (\S+)/);
  const partitions = line.match(/^\s+partitions: (\d+)/);
  if (name) topics.push((current = { topic: name[1], numPartitions: 1 }));
  else if (partitions && current) current.numPartitions = Number(partitions[1]);
}
const admin = new Kafka({ clientId: 'create-topics', brokers: brokers.split(','), logLevel: logLevel.ERROR }).admin();
await admin.connect();
const existing = new Set(await admin.listTopics());
const missing = topics.filter((topic) => !existing.has(topic.topic));
if (missing.length > 0) await admin.createTopics({ topics: missing, waitForLeaders: true });
await admin.disconnect();
console.error(`kafka.sh: ${missing.length} topics created, ${topics.length - missing.length} already there`);
