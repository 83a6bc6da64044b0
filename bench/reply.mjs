// Benchmark 2: the agent reply path. Simulated contacts write once (their tickets open), the admin accepts the
// tickets, then replies `POST /messages/{ticketId}` through the gateway at a fixed rate (default 20/s for 30 s,
// spread over the tickets). Latency: from just before the POST to the simulator's `sentAt` of that message
// on the contact's side (`GET /simulator/connections/{id}/sent?chat=`), the path tickets (outbox) → Kafka →
// connector → simulator. Also the POST's own answer time. Reports p50/p95/p99/max and what never arrived.
//   node --import ./deploy/scripts/register-ts.mjs bench/reply.mjs [--rate 20] [--duration 30] [--contacts 50]
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { channel } from '@cs/proto/realtime';
import { call, logIn } from './lib/client.mjs';
import { option, printTable, sleep, summarize, writeResult } from './lib/report.mjs';
import { agentSockets, defaultConnection, openLoop, poster, sentTo } from './lib/simulator.mjs';
import { hasConnector, startStack } from './lib/stack.mjs';

const rates = option('rates', [20, 50]);
const durationS = option('duration', 30);
const contactCount = option('contacts', 50);
const now = () => performance.timeOrigin + performance.now();

if (!hasConnector()) {
  console.error('reply: the whatsapp-connector is not among the deployables (deploy/scripts/deployables.mjs); not run');
  process.exit(2);
}
console.log(`reply: rates ${rates.join(', ')}/s, ${durationS} s each, ${contactCount} tickets`);
const stack = await startStack({ name: 'reply' });
let sockets = [];
try {
  const base = stack.gatewayUrl;
  const admin = await logIn(base, 'admin@demo.local', 'demo12345');
  const companyId = admin.user.companyId;
  const connection = await defaultConnection(base, admin.token);
  sockets = await agentSockets(base, [admin.token]);
  const run = randomBytes(3).toString('hex');
  const number = (k) => `55119${String(80_000_000 + k).padStart(8, '0')}`;
  const tickets = new Map(); // contact number → ticket id
  sockets[0].on(channel.appMessage(companyId), (payload) => {
    if (payload?.action === 'create' && !payload.message?.fromMe && payload.message?.body?.startsWith(`oi ${run}`)) {
      tickets.set(payload.contact?.number ?? payload.ticket?.contact?.number, payload.ticket.id);
    }
  });
  const contactPoster = poster(base, admin.token);
  for (let k = 0; k < contactCount; k += 1) {
    await contactPoster.post(`/simulator/connections/${connection.id}/messages`, {
      from: { number: number(k), name: `Cliente ${k}` },
      kind: 'text',
      body: `oi ${run} ${k}`,
    });
  }
  const deadline = Date.now() + 60_000;
  while (tickets.size < contactCount && Date.now() < deadline) await sleep(200);
  if (tickets.size < contactCount) throw new Error(`only ${tickets.size}/${contactCount} tickets appeared`);
  for (const ticketId of tickets.values()) {
    await call(base, 'PUT', `/tickets/${ticketId}`, {
      token: admin.token,
      body: { status: 'open', userId: admin.user.id },
    });
  }
  await sleep(2_000);
  const chats = [...tickets.entries()];
  const { post, close } = poster(base, admin.token, { maxSockets: 128 });
  const sentAt = new Map();
  const answered = [];
  const rows = [];
  let seq = 0;
  for (const rate of rates) {
    const first = seq;
    const total = Math.round(rate * durationS);
    const loop = await openLoop({
      rate,
      total,
      send: async (i) => {
        const mine = first + i;
        const [, ticketId] = chats[mine % chats.length];
        const t0 = now();
        sentAt.set(mine, t0);
        const result = await post(`/messages/${ticketId}`, { body: `resposta ${run} ${mine}` });
        answered.push(now() - t0);
        return result;
      },
    });
    seq += total;
    // collect what the contacts received (poll until complete or 30 s)
    const receivedAt = new Map();
    const copies = new Map(); // seq → the simulator's message ids carrying it (more than one: a duplicate)
    const pattern = new RegExp(`resposta ${run} (\\d+)`);
    const until = Date.now() + 30_000;
    for (;;) {
      for (const [chat] of chats) {
        for (const item of await sentTo(base, admin.token, connection.id, chat)) {
          const match = pattern.exec(JSON.stringify(item.content ?? item));
          if (!match) continue;
          const mine = Number(match[1]);
          if (!receivedAt.has(mine)) receivedAt.set(mine, Date.parse(item.sentAt));
          if (!copies.has(mine)) copies.set(mine, new Set());
          copies.get(mine).add(item.messageId);
        }
      }
      const arrived = [...receivedAt.keys()].filter((s) => s >= first && s < first + total).length;
      if (arrived >= total || Date.now() > until) break;
      await sleep(1_000);
    }
    const latencies = [];
    let duplicated = 0;
    for (let s = first; s < first + total; s += 1) {
      if (receivedAt.has(s)) latencies.push(receivedAt.get(s) - sentAt.get(s));
      if ((copies.get(s)?.size ?? 0) > 1) duplicated += 1;
    }
    const post95 = summarize(answered.splice(0));
    const s = summarize(latencies);
    rows.push({
      rate,
      sent: total,
      sendRate: loop.achievedRate,
      postP50: post95.p50,
      postP99: post95.p99,
      p50: s.p50,
      p95: s.p95,
      p99: s.p99,
      max: s.max,
      lost: total - latencies.length,
      duplicated,
      rejected: Object.entries(loop.statuses)
        .filter(([st]) => !st.startsWith('2'))
        .map(([st, n]) => `${st}:${n}`)
        .join(' '),
    });
    console.log(`  ${rate}/s: ${latencies.length}/${total} arrived, p99 ${s.p99} ms`);
    await sleep(2_000);
  }
  close();
  contactPoster.close();
  printTable(
    'reply: POST /messages/{ticketId} → the simulated contact has it (sentAt), ms (sentAt has ms resolution)',
    rows,
  );
  writeResult('reply', { params: { rates, durationS, contacts: contactCount }, results: { rates: rows } });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.close();
  await stack.stop();
}
