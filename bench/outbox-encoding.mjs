// Micro-benchmark: what one outbox event costs PostgreSQL (its backend's CPU) and Node (this process's CPU) under two
// encodings, interleaved. Each round: one transaction inserts 80 envelopes of ~1.4 kB in one statement, as
// `EventPublisher.emitAll` does; every second round, one takes 200 out as the relay does.
//   jsonb  — the rejected encoding: `payload jsonb`, the envelopes as a `jsonb[]` parameter (node-pg escapes each into
//            an array literal), the relay reading `payload::text` and `payload->>'correlationId'`;
//   json   — the platform's: `payload json` and a `correlation_id` column, the envelopes as one JSON array parameter.
// Both tables keep the unique event id. Real PostgreSQL (TEST_DATABASE_URL), a scratch schema dropped at the end.
//   node bench/outbox-encoding.mjs [--rounds 150] [--repeat 4]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { testServerUrl } from '@cs/platform/testing';
import { printTable } from './lib/report.mjs';
import { cpuMs } from './lib/rss.mjs';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '150' }, repeat: { type: 'string', default: '4' } },
});
const rounds = Number(values.rounds);
const url = testServerUrl();
const schema = `bench_outbox_${randomUUID().slice(0, 8)}`;
const perInsert = 80;
const perTake = 200;

const client = new pg.Client({ connectionString: url });
await client.connect();
const {
  rows: [{ pid }],
} = await client.query('SELECT pg_backend_pid() AS pid');
/** The backend's CPU so far (ms), from /proc: PostgreSQL runs on this machine. */
const backendCpuMs = () => cpuMs(pid);

const columns = `id bigserial PRIMARY KEY, event_id uuid NOT NULL UNIQUE, topic text NOT NULL, message_key text NOT NULL,
  type text NOT NULL, company_id integer NOT NULL, headers jsonb NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL DEFAULT now()`;
await client.query(`CREATE SCHEMA "${schema}"`);
await client.query(`SET search_path TO "${schema}"`);
await client.query(`CREATE TABLE outbox_jsonb (${columns}, payload jsonb NOT NULL)`);
await client.query(`CREATE TABLE outbox_json (${columns}, payload json NOT NULL, correlation_id text)`);

const variants = {
  jsonb: {
    insert: {
      name: 'bench_insert_jsonb',
      text: `INSERT INTO outbox_jsonb (event_id, topic, message_key, type, company_id, payload, headers)
        SELECT e.event_id, e.topic, e.message_key, e.type, e.company_id, e.payload, $7::jsonb
          FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::jsonb[])
               WITH ORDINALITY AS e(event_id, topic, message_key, type, company_id, payload, n)
         ORDER BY e.n`,
    },
    values: (envelopes) => [...common(envelopes), envelopes.map((envelope) => JSON.stringify(envelope)), '{}'],
    take: {
      name: 'bench_take_jsonb',
      text: `DELETE FROM outbox_jsonb WHERE id IN (SELECT id FROM outbox_jsonb ORDER BY id LIMIT ${perTake})
        RETURNING id, event_id, topic, message_key, type, company_id, payload::text AS payload,
                  payload->>'correlationId' AS correlation_id, headers`,
    },
  },
  json: {
    insert: {
      name: 'bench_insert_json',
      text: `INSERT INTO outbox_json (event_id, topic, message_key, type, company_id, correlation_id, payload, headers)
        SELECT e.event_id, e.topic, e.message_key, e.type, e.company_id, e.correlation_id, p.payload, $8::jsonb
          FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[])
               WITH ORDINALITY AS e(event_id, topic, message_key, type, company_id, correlation_id, n)
          JOIN json_array_elements($7::json) WITH ORDINALITY AS p(payload, n) USING (n)
         ORDER BY e.n`,
    },
    values: (envelopes) => [
      ...common(envelopes),
      envelopes.map((envelope) => envelope.correlationId),
      `[${envelopes.map((envelope) => JSON.stringify(envelope)).join(',')}]`,
      '{}',
    ],
    take: {
      name: 'bench_take_json',
      text: `DELETE FROM outbox_json WHERE id IN (SELECT id FROM outbox_json ORDER BY id LIMIT ${perTake})
        RETURNING id, event_id, topic, message_key, type, company_id, payload::text AS payload,
                  coalesce(correlation_id, payload->>'correlationId') AS correlation_id, headers`,
    },
  },
};

function common(envelopes) {
  return [
    envelopes.map((envelope) => envelope.id),
    envelopes.map(() => 'tickets.message'),
    envelopes.map((envelope) => String(envelope.data.message.ticketId)),
    envelopes.map((envelope) => envelope.type),
    envelopes.map((envelope) => envelope.companyId),
  ];
}

/** A message-created envelope of ~1.4 kB, as tickets writes one per inbound message. */
function envelope(seq) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    type: 'tickets.message.created',
    schemaVersion: 1,
    occurredAt: now,
    companyId: 2,
    producer: 'tickets',
    correlationId: randomUUID(),
    data: {
      message: {
        id: randomUUID(),
        body: `Olá, "tudo bem"? Preciso de ajuda com o pedido ${seq}`,
        fromMe: false,
        ack: 0,
        mediaType: 'chat',
        ticketId: seq,
        contact: {
          id: seq,
          name: 'Maria da Silva',
          number: '5511999990000',
          profilePicUrl: `https://pps.whatsapp.net/v/t61.24694-24/${'x'.repeat(120)}`,
        },
        ticket: {
          id: seq,
          status: 'open',
          unreadMessages: 3,
          lastMessage: `Olá, tudo bem? ${'abc '.repeat(30)}`,
          queueId: 1,
          userId: 2,
          whatsappId: 1,
          updatedAt: now,
        },
      },
    },
  };
}

async function run(name) {
  const variant = variants[name];
  const backendBefore = backendCpuMs();
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    const envelopes = Array.from({ length: perInsert }, (_, index) => envelope(index));
    await client.query('BEGIN');
    await client.query({ ...variant.insert, values: variant.values(envelopes) });
    await client.query('COMMIT');
    if (round % 2 === 1) {
      await client.query('BEGIN');
      await client.query(variant.take);
      await client.query('COMMIT');
    }
  }
  const node = process.cpuUsage(nodeBefore);
  const events = rounds * perInsert;
  return {
    encoding: name,
    events,
    postgresUsPerEvent: Math.round(((backendCpuMs() - backendBefore) * 1000) / events),
    nodeUsPerEvent: Math.round((node.user + node.system) / events),
    wallUsPerEvent: Math.round(((performance.now() - started) * 1000) / events),
  };
}

const rows = [];
try {
  for (let repeat = 0; repeat < Number(values.repeat); repeat += 1) {
    rows.push(await run('jsonb'));
    rows.push(await run('json'));
  }
} finally {
  await client.query(`DROP SCHEMA "${schema}" CASCADE`);
  await client.end();
}
printTable(
  `one outbox event, written and taken (${perInsert} per insert, ${perTake} per take; interleaved runs)`,
  rows,
);
