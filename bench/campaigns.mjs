// Benchmark 7: campaign dispatch. A campaign per simulator connection (the seeded one and 9 created and scanned
// here; 100,000 contacts in all, zero intervals) starts at one moment; measures the messages per second the
// campaigns service hands to the connector (shipping rows marked sent, each with its `whatsapp.message.send`
// command in the outbox) and end to end (the simulated phones' received log, `whatsapp.simulator_sent`), the
// latency from hand-over to the phone, and the campaigns process's RSS and CPU. Then scheduling accuracy: one
// campaign per connection with a 1 s interval (`longerIntervalAfter` 1, `greaterInterval` 1 s), lateness of each
// send after it was due (the previous send on that connection + 1 s).
// The audiences are written straight into campaigns' contact-list projection (what contacts' list events would
// leave there): the list import is not what is measured.
//   node --import ./deploy/scripts/register-ts.mjs bench/campaigns.mjs [--campaign-contacts 100000] [--connections 10]
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { zonedParts } from '@cs/platform/time';
import { api, call, logIn } from './lib/client.mjs';
import { option, printTable, sleep, summarize, writeResult } from './lib/report.mjs';
import { cpuMs, rssMb } from './lib/rss.mjs';
import { createSimulatorConnection, defaultConnection, listConnections } from './lib/simulator.mjs';
import { hasConnector, startStack } from './lib/stack.mjs';

const totalContacts = option('campaign-contacts', 100_000);
const connectionCount = option('connections', 10);
const accuracyMessages = option('accuracy-messages', 30);
// the end-to-end phase ends when every phone has its message, when nothing new arrived for `stall` seconds, or
// after `max-wait` seconds (the phones' pace is reported, not a target: at ~90 msg/s, 100,000 would take ~18 min
// and `make bench` must stay under 30)
const stallS = option('stall', 60);
const maxWaitS = option('max-wait', 180);
const perConnection = Math.ceil(totalContacts / connectionCount);
const TARGETS = { dispatchedPerSecond: 500, p99LatenessMs: 1_000, rssMb: 200 };

if (!hasConnector()) {
  console.error('campaigns: the whatsapp-connector is not among the deployables; not run');
  process.exit(2);
}
console.log(
  `campaigns: ${perConnection * connectionCount} contacts over ${connectionCount} connections (zero intervals), ` +
    `then ${accuracyMessages} messages per connection at 1 s intervals`,
);

const stack = await startStack({ name: 'campaigns' });
const db = new pg.Client({ connectionString: stack.databaseUrl });
await db.connect();
const rows = async (sql, values = []) => (await db.query(sql, values)).rows;
try {
  const base = stack.gatewayUrl;
  const campaignsPid = stack.processes.find((entry) => entry.name === 'campaigns').child.process.pid;
  const superUser = await logIn(base, 'super@plataforma.local', 'super12345');
  let admin = await logIn(base, 'admin@demo.local', 'demo12345');
  const companyId = admin.user.companyId;
  // a plan with campaigns and room for the connections; campaigns enabled in the company's settings
  const plan = await call(base, 'POST', '/plans', {
    token: superUser.token,
    body: {
      name: `Bench campaigns ${Date.now().toString(36)}`,
      users: 50,
      connections: connectionCount + 5,
      queues: 50,
      value: 0,
      useCampaigns: true,
    },
  });
  await call(base, 'PUT', `/companies/${companyId}`, { token: superUser.token, body: { planId: plan.id } });
  await call(base, 'PUT', '/settings/campaignsEnabled', { token: admin.token, body: { value: 'true' } });
  admin = await logIn(base, 'admin@demo.local', 'demo12345');

  const seeded = await defaultConnection(base, admin.token);
  const connectionIds = [seeded.id];
  for (let i = 1; i < connectionCount; i += 1) {
    connectionIds.push(await createSimulatorConnection(base, admin.token, `Campanha ${i}`));
  }
  const connectedBy = Date.now() + 120_000;
  for (;;) {
    const connected = (await listConnections(base, admin.token)).filter(
      (c) => connectionIds.includes(c.id) && c.status === 'CONNECTED',
    );
    if (connected.length === connectionIds.length) break;
    if (Date.now() > connectedBy) throw new Error(`only ${connected.length} connections CONNECTED`);
    await sleep(500);
  }
  const [{ timezone }] = await rows('SELECT timezone FROM campaigns.companies WHERE id = $1', [companyId]);

  /** One list per connection in campaigns' projection: `size` contacts with numbers of their own. */
  let nextList = 900_000;
  let nextItem = 900_000_000;
  const makeLists = async (size, phase) => {
    const lists = [];
    for (const [index, connectionId] of connectionIds.entries()) {
      const listId = (nextList += 1);
      const first = nextItem;
      nextItem += size;
      await db.query('INSERT INTO campaigns.contact_lists (id, company_id, name) VALUES ($1, $2, $3)', [
        listId,
        companyId,
        `Bench ${phase} ${index + 1}`,
      ]);
      await db.query(
        `INSERT INTO campaigns.contact_list_items (id, company_id, contact_list_id, name, number, email, is_whatsapp_valid)
         SELECT $3 + g, $1, $2, 'Cliente ' || g, '55' || ($5::bigint + $4::bigint * 1000000 + g)::text, '', true
           FROM generate_series(0, $6 - 1) AS g`,
        [companyId, listId, first, index, phase === 'throughput' ? 21_900_000_000 : 31_900_000_000, size],
      );
      lists.push({ listId, connectionId });
    }
    return lists;
  };
  const saveSettings = (settings) =>
    call(base, 'POST', '/campaign-settings', { token: admin.token, body: { settings } });
  const localTime = (date) => {
    const clock = zonedParts(date, timezone);
    const two = (value) => String(value).padStart(2, '0');
    return `${clock.year}-${two(clock.month)}-${two(clock.day)} ${two(clock.hour)}:${two(clock.minute)}:${two(clock.second)}`;
  };
  /** One campaign per list, all scheduled for the same second; answers their ids and that second. */
  const createCampaigns = async (lists, name) => {
    const at = new Date(Math.ceil((Date.now() + 8_000) / 1_000) * 1_000);
    const ids = [];
    for (const { listId, connectionId } of lists) {
      // the connection reaches campaigns' projection through Kafka: retried until it is there
      for (let attempt = 0; ; attempt += 1) {
        const response = await api(base, 'POST', '/campaigns', {
          token: admin.token,
          body: {
            name: `${name} ${connectionId}`,
            whatsappId: connectionId,
            contactListId: listId,
            tagListId: 'Nenhuma',
            fileListId: '',
            confirmation: false,
            message1: 'Olá {nome}, oferta de bench para {numero}',
            scheduledAt: localTime(at),
          },
        });
        if (response.status === 200) {
          ids.push(response.body.id);
          break;
        }
        if (attempt > 60) throw new Error(`POST /campaigns: ${response.status} ${JSON.stringify(response.body)}`);
        await sleep(1_000);
      }
    }
    if (Date.now() > at.getTime()) console.log('  (the campaigns were created after their start time)');
    return { ids, at };
  };

  // --- throughput: zero intervals ---
  await saveSettings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
  const lists = await makeLists(perConnection, 'throughput');
  const total = perConnection * connectionIds.length;
  const { ids: campaignIds, at: startAt } = await createCampaigns(lists, 'Bench');
  console.log(`  ${campaignIds.length} campaigns of ${perConnection} contacts start at ${startAt.toISOString()}`);
  const progress = async () => {
    const [state] = await rows(
      `SELECT (SELECT count(*) FROM campaigns.campaign_shippings WHERE campaign_id = ANY($1) AND sent_at IS NOT NULL)::int
                AS handed,
              (SELECT count(*) FROM whatsapp.simulator_sent WHERE connection_id = ANY($2))::int AS received`,
      [campaignIds, connectionIds],
    );
    return state;
  };
  let peakRss = rssMb(campaignsPid) ?? 0;
  const idleRss = peakRss;
  const cpuBefore = cpuMs(campaignsPid);
  const t0 = performance.now();
  let last = { handed: 0, received: 0 };
  let lastChange = Date.now();
  let lastPrint = 0;
  for (;;) {
    await sleep(500);
    peakRss = Math.max(peakRss, rssMb(campaignsPid) ?? 0);
    const now = await progress();
    if (now.handed !== last.handed || now.received !== last.received) lastChange = Date.now();
    last = now;
    if (Date.now() - lastPrint > 10_000) {
      lastPrint = Date.now();
      console.log(`  ${Math.round((performance.now() - t0) / 1000)} s: handed ${now.handed}, received ${now.received}`);
    }
    if (now.received >= total && now.handed >= total) break;
    if (Date.now() > startAt.getTime() + 30_000 && Date.now() - lastChange > stallS * 1000) break;
    if (performance.now() - t0 > maxWaitS * 1000) break;
  }
  const cpuUsedMs = cpuMs(campaignsPid) - cpuBefore;
  const [times] = await rows(
    `SELECT min(s.sent_at) AS first_handed, max(s.sent_at) AS last_handed, count(s.sent_at)::int AS handed,
            min(c.started_at) AS started
       FROM campaigns.campaign_shippings s JOIN campaigns.campaigns c ON c.id = s.campaign_id
      WHERE s.campaign_id = ANY($1)`,
    [campaignIds],
  );
  const [phones] = await rows(
    `SELECT max(sent_at) AS last_received, count(*)::int AS received, count(DISTINCT (connection_id, chat_jid))::int AS phones
       FROM whatsapp.simulator_sent WHERE connection_id = ANY($1)`,
    [connectionIds],
  );
  const latencies = (
    await rows(
      `SELECT extract(epoch FROM (w.sent_at - s.sent_at)) * 1000 AS ms
         FROM campaigns.campaign_shippings s
         JOIN campaigns.campaigns c ON c.id = s.campaign_id
         JOIN whatsapp.simulator_sent w ON w.connection_id = c.whatsapp_id AND w.chat_jid = s.number || '@s.whatsapp.net'
        WHERE s.campaign_id = ANY($1) AND s.sent_at IS NOT NULL`,
      [campaignIds],
    )
  ).map((row) => Number(row.ms));
  const seconds = (from, to) => (from && to ? (new Date(to) - new Date(from)) / 1000 : null);
  const rate = (count, span) => (span ? Math.round((count / span) * 10) / 10 : null);
  const dispatchSpan = seconds(times.first_handed, times.last_handed);
  const e2eSpan = seconds(times.first_handed, phones.last_received);
  const latency = summarize(latencies);
  const throughput = {
    contacts: total,
    connections: connectionIds.length,
    handed: last.handed,
    received: phones.received,
    phones: phones.phones,
    duplicates: phones.received - phones.phones,
    startDelayS: seconds(startAt, times.first_handed),
    dispatchSeconds: dispatchSpan,
    dispatchedPerSecond: rate(last.handed, dispatchSpan),
    endToEndSeconds: e2eSpan,
    endToEndPerSecond: rate(phones.received, e2eSpan),
    latencyP50Ms: latency.p50,
    latencyP99Ms: latency.p99,
    latencyMaxMs: latency.max,
    campaignsIdleRssMb: idleRss,
    campaignsPeakRssMb: peakRss,
    campaignsCpuS: Math.round(cpuUsedMs / 100) / 10,
  };
  printTable('throughput (zero intervals)', [throughput]);

  // --- scheduling accuracy: 1 s between messages on each connection ---
  await saveSettings({ messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 1 });
  const accuracyLists = await makeLists(accuracyMessages, 'accuracy');
  const { ids: accuracyIds, at: accuracyAt } = await createCampaigns(accuracyLists, 'Bench 1s');
  const accuracyTotal = accuracyMessages * accuracyIds.length;
  const accuracyDeadline = accuracyAt.getTime() + (accuracyMessages * 1_000 + 60_000) * 3;
  for (;;) {
    await sleep(1_000);
    peakRss = Math.max(peakRss, rssMb(campaignsPid) ?? 0);
    const [{ handed }] = await rows(
      'SELECT count(*)::int AS handed FROM campaigns.campaign_shippings WHERE campaign_id = ANY($1) AND sent_at IS NOT NULL',
      [accuracyIds],
    );
    if (handed >= accuracyTotal || Date.now() > accuracyDeadline) break;
  }
  const sends = await rows(
    `SELECT campaign_id, sent_at FROM campaigns.campaign_shippings
      WHERE campaign_id = ANY($1) AND sent_at IS NOT NULL ORDER BY campaign_id, sent_at`,
    [accuracyIds],
  );
  const lateness = [];
  const firstLateness = [];
  for (let i = 0; i < sends.length; i += 1) {
    const sentAt = new Date(sends[i].sent_at).getTime();
    if (i === 0 || sends[i - 1].campaign_id !== sends[i].campaign_id) {
      firstLateness.push(sentAt - accuracyAt.getTime());
      continue;
    }
    lateness.push(sentAt - (new Date(sends[i - 1].sent_at).getTime() + 1_000));
  }
  const late = summarize(lateness);
  const first = summarize(firstLateness);
  const accuracy = {
    campaigns: accuracyIds.length,
    messages: sends.length,
    intervals: late.count,
    latenessP50Ms: late.p50,
    latenessP99Ms: late.p99,
    latenessMaxMs: late.max,
    firstSendAfterScheduledP50Ms: first.p50,
    firstSendAfterScheduledMaxMs: first.max,
  };
  printTable('scheduling accuracy (1 s intervals)', [accuracy]);
  throughput.campaignsPeakRssMb = peakRss;

  const against = [
    {
      figure: 'dispatched (msg/s)',
      value: throughput.dispatchedPerSecond,
      target: `≥ ${TARGETS.dispatchedPerSecond}`,
      met: (throughput.dispatchedPerSecond ?? 0) >= TARGETS.dispatchedPerSecond ? 'yes' : 'no',
    },
    { figure: 'end to end (msg/s)', value: throughput.endToEndPerSecond, target: 'report', met: '-' },
    {
      figure: 'p99 lateness at 1 s intervals (ms)',
      value: accuracy.latenessP99Ms,
      target: `≤ ${TARGETS.p99LatenessMs}`,
      met: accuracy.latenessP99Ms !== null && accuracy.latenessP99Ms <= TARGETS.p99LatenessMs ? 'yes' : 'no',
    },
    {
      figure: 'campaigns RSS peak (MiB)',
      value: peakRss,
      target: `≤ ${TARGETS.rssMb}`,
      met: peakRss <= TARGETS.rssMb ? 'yes' : 'no',
    },
  ];
  printTable('against the targets', against);
  writeResult('campaigns', {
    params: { contacts: total, connections: connectionIds.length, accuracyMessages, stallS, maxWaitS },
    results: { throughput, accuracy, targets: TARGETS, against },
    notes: [
      'audiences written into campaigns.contact_list_items (the projection of contacts list events)',
      'dispatched: shipping rows marked sent (command in the outbox) per second, first to last',
      'end to end: simulator_sent rows per second, from the first hand-over to the last phone',
    ],
  });
} finally {
  await db.end().catch(() => undefined);
  await stack.stop();
}
