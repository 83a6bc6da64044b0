// The WhatsApp side of the simulator-based benchmarks: the connector's simulator dev API through the gateway
// (`/simulator/...` with a user's bearer token), a keep-alive poster for open-loop load, and the agent sockets.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { api, call, connectSocket, emitAck } from './client.mjs';
import { sleep } from './report.mjs';

/** A keep-alive JSON POST (open-loop senders issue hundreds per second without a new connection each). */
export function poster(base, token, { maxSockets = 64 } = {}) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const post = (path, body) =>
    new Promise((resolve) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on('error', (error) => resolve({ status: 'error', text: String(error) }));
      req.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

/**
 * Sends `total` requests at `rate` per second (open loop: on schedule, whatever the answers' pace), calling
 * `send(i)` for each; returns the achieved rate and answer statuses.
 */
export async function openLoop({ rate, total, send }) {
  const statuses = {};
  const inflight = new Set();
  const t0 = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    // yields every time: at 1,000/s and above the next send is due within a millisecond, and a loop that never
    // awaited sent the whole schedule before a single request or socket event could go through
    if (wait > 1) await sleep(wait);
    else await new Promise((resolve) => setImmediate(resolve));
    const promise = send(i).then((result) => {
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      inflight.delete(promise);
    });
    inflight.add(promise);
  }
  const sendSeconds = (performance.now() - t0) / 1000;
  await Promise.all(inflight);
  return { achievedRate: Math.round((total / sendSeconds) * 10) / 10, sendSeconds, statuses };
}

/**
 * `openLoop` in batches: every `tickMs`, the messages due by then (at `rate` per second, message i due at
 * t0 + i / rate) are handed to `sendBatch(indices)` in one call per group (`groupOf(i)`: the connection they go
 * to), and `due(i)` says when each was due, so a latency counts the wait for its tick. Returns what `openLoop` does.
 */
export async function openLoopBatched({ rate, total, tickMs, groupOf, sendBatch, due }) {
  const statuses = {};
  const inflight = new Set();
  const t0 = performance.now();
  const dueAt = (i) => t0 + (i * 1000) / rate;
  let next = 0;
  for (let tick = 1; next < total; tick += 1) {
    // every tick sleeps (a timer, so sockets and responses get their turn): a wait "until the next message is due"
    // would never sleep at high rates (1 ms apart), and the loop would spin through the whole send without yielding
    const wait = t0 + tick * tickMs - performance.now();
    await sleep(Math.max(wait, 0));
    const now = performance.now();
    const groups = new Map();
    while (next < total && dueAt(next) <= now) {
      due(next, performance.timeOrigin + dueAt(next));
      const group = groupOf(next);
      const indices = groups.get(group);
      if (indices) indices.push(next);
      else groups.set(group, [next]);
      next += 1;
    }
    for (const indices of groups.values()) {
      const promise = sendBatch(indices).then((result) => {
        statuses[result.status] = (statuses[result.status] ?? 0) + indices.length;
        inflight.delete(promise);
      });
      inflight.add(promise);
    }
  }
  const sendSeconds = (performance.now() - t0) / 1000;
  await Promise.all(inflight);
  return { achievedRate: Math.round((total / sendSeconds) * 10) / 10, sendSeconds, statuses };
}

/** The seeded simulator connection of the company (the default one), waiting until the connector has it. */
export async function defaultConnection(base, token, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api(base, 'GET', '/whatsapp', { token });
    const list = Array.isArray(response.body) ? response.body : (response.body?.whatsapps ?? []);
    const connection = list.find((item) => item.isDefault) ?? list[0];
    if (response.status === 200 && connection?.status === 'CONNECTED') return connection;
    if (Date.now() > deadline) {
      throw new Error(`no CONNECTED connection: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
    }
    await sleep(500);
  }
}

/** What the simulated contact `number` received on a connection: [{ messageId, chatJid, content, sentAt }]. */
export async function sentTo(base, token, connectionId, number) {
  return call(base, 'GET', `/simulator/connections/${connectionId}/sent?chat=${encodeURIComponent(number)}`, { token });
}

/**
 * Agent sockets as the web client opens them: each joins the notification list and the open/pending lists;
 * `on(event, handler)` listens on all of them.
 */
export async function agentSockets(base, tokens) {
  const sockets = [];
  for (const token of tokens) {
    const socket = await connectSocket(base, token);
    await emitAck(socket, 'joinNotification');
    await emitAck(socket, 'joinTickets', 'pending');
    await emitAck(socket, 'joinTickets', 'open');
    sockets.push(socket);
  }
  return sockets;
}

/**
 * Gives the company a plan allowing `connections` connections (the super user creates it), so a benchmark may
 * create that many simulator connections.
 */
export async function allowConnections(base, companyId, connections) {
  const superUser = await call(base, 'POST', '/auth/login', {
    body: { email: 'super@plataforma.local', password: 'super12345' },
  });
  const plan = await call(base, 'POST', '/plans', {
    token: superUser.token,
    body: { name: `Bench ${Date.now().toString(36)}`, users: 50, connections, queues: 50, value: 0 },
  });
  await call(base, 'PUT', `/companies/${companyId}`, { token: superUser.token, body: { planId: plan.id } });
}

/**
 * Creates a simulator connection and scans its QR (retrying while the connector has not yet seen a new plan);
 * resolves with its id once created (CONNECTED follows within a poll).
 */
export async function createSimulatorConnection(base, token, name, { queueIds = [] } = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await api(base, 'POST', '/whatsapp', {
      token,
      body: {
        name,
        provider: 'simulator',
        isDefault: false,
        queueIds,
        // required with more than one queue (the chatbot's menu)
        greetingMessage: queueIds.length > 1 ? 'Olá! Escolha uma opção:' : '',
      },
    });
    if (response.status === 200 || response.status === 201) {
      const id = response.body.id;
      if (response.body.status !== 'qrcode' && response.body.status !== 'OPENING') {
        await api(base, 'POST', `/whatsappsession/${id}`, { token });
      }
      // the phone scans the QR once it is shown (a scan before the session shows one is forgotten by its start)
      const deadline = Date.now() + 60_000;
      for (;;) {
        const current = await api(base, 'GET', `/whatsapp/${id}`, { token });
        if (current.body?.status === 'qrcode') break;
        if (Date.now() > deadline)
          throw new Error(`connection ${id} shows no QR: ${JSON.stringify(current.body).slice(0, 200)}`);
        await sleep(200);
      }
      const scan = await api(base, 'POST', `/simulator/connections/${id}/scan`, { token });
      if (scan.status >= 300) throw new Error(`scan ${id}: ${scan.status} ${JSON.stringify(scan.body)}`);
      return id;
    }
    if (attempt > 60) throw new Error(`POST /whatsapp: ${response.status} ${JSON.stringify(response.body)}`);
    await sleep(1_000);
  }
}

/** The company's connections (`GET /whatsapp`). */
export async function listConnections(base, token) {
  const list = await call(base, 'GET', '/whatsapp', { token });
  return Array.isArray(list) ? list : (list.whatsapps ?? []);
}
