import { Kafka, logLevel } from 'kafkajs';
const admin = new Kafka({ brokers: ['127.0.0.1:19092'], logLevel: logLevel.NOTHING }).admin();
await admin.connect();
const topics = await admin.listTopics();
const prefixes = {};
for (const t of topics) { const p = t.split('.')[0]; prefixes[p] = (prefixes[p] ?? 0) + 1; }
console.log('topics', topics.length, 'prefixes', Object.keys(prefixes).length);
console.log(Object.entries(prefixes).slice(0, 10));
await admin.disconnect();
