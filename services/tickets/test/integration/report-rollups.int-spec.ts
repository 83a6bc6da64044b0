/**
 * The reports' roll-ups (`report_daily`, `report_tag_daily`, kept by triggers) against the raw computation over
 * generated attendance cycles and messages: agents, queues, connections and tags, cycles accepted, answered,
 * closed, rated, reopened, transferred, tagged before and after, deleted with their ticket, over 40 days in the
 * company's time zone. Every figure of `GET /reports` must equal the raw one for every grouping and period, before
 * and after the compaction folds the deltas and after a change of the time zone. Also: online time, the
 * drill-down and both CSV exports, another company's key (404), bad input (400), agents refused.
 */
import { randomUUID } from 'node:crypto';
import { nextCompanyId, TEST_INTERNAL_TOKEN } from '@cs/platform/testing';
import { JobsService } from '@cs/platform/jobs';
import { REPORT_COMPACT_JOB, ReportJobs } from '../../src/modules/reports/report-jobs.js';
import { bucketOf } from '../../src/modules/reports/report-stats.js';
import { type Caller, type CompanySetup, Harness, publishUser, setupCompany } from '../support/harness.js';

const harness = new Harness();
/** The agent each generated message counts under (its ticket's when it was stored). */
const messageAgents = new Map<string, number>();

/** A CSV export's lines (without the byte order mark). */
async function csvLines(path: string, caller: Caller): Promise<{ status: number; type: string; lines: string[] }> {
  const response = await fetch(`${harness.app.url}${path}`, {
    headers: {
      'x-internal-token': TEST_INTERNAL_TOKEN,
      'x-company-id': String(caller.companyId),
      'x-user-id': String(caller.userId),
      'x-user-profile': caller.profile ?? 'admin',
      'x-user-super': 'false',
    },
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    lines: text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
  };
}
let setup: CompanySetup;
let other: CompanySetup;

beforeAll(async () => {
  await harness.start();
});

afterAll(async () => {
  await harness.stop();
});

const DAY = 86_400_000;
const BUCKETS = 16;
const GROUPS = ['none', 'agent', 'queue', 'connection', 'tag'] as const;
const PERIODS = ['total', 'day', 'week', 'month'] as const;
type Group = (typeof GROUPS)[number];
type Period = (typeof PERIODS)[number];

interface Figures {
  opened: number;
  reopened: number;
  closed: number;
  frt: { count: number; sum: number; histogram: number[] };
  res: { count: number; sum: number; histogram: number[] };
  wait: { count: number; sum: number; histogram: number[] };
  received: number | null;
  sent: number | null;
  asked: number;
  rates: [number, number, number];
  breaches: [number, number];
}

const emptyFigures = (byTag: boolean): Figures => ({
  opened: 0,
  reopened: 0,
  closed: 0,
  frt: { count: 0, sum: 0, histogram: Array.from({ length: BUCKETS }, () => 0) },
  res: { count: 0, sum: 0, histogram: Array.from({ length: BUCKETS }, () => 0) },
  wait: { count: 0, sum: 0, histogram: Array.from({ length: BUCKETS }, () => 0) },
  received: byTag ? null : 0,
  sent: byTag ? null : 0,
  asked: 0,
  rates: [0, 0, 0],
  breaches: [0, 0],
});

const periodOf = (day: string, period: Period): string | null => {
  if (period === 'total') return null;
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY);
  return monday.toISOString().slice(0, 10);
};

interface RawCycle {
  day: string;
  finish_day: string | null;
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number | null;
  tags: number[];
  reopen: boolean;
  frt: number | null;
  res: number | null;
  wait: number | null;
  rating_at: Date | null;
  rate: number | null;
  sla_fr: number | null;
  sla_res: number | null;
}

/** The report computed from the cycles and messages themselves (the first response from the messages). */
async function raw(companyId: number, from: string, to: string, group: Group, period: Period) {
  const cycles = await harness.query<RawCycle & Record<string, unknown>>(
    `WITH z AS (SELECT timezone AS tz FROM tickets.companies WHERE id = $1)
     SELECT (t.created_at AT TIME ZONE z.tz)::date::text AS day, (t.finished_at AT TIME ZONE z.tz)::date::text AS finish_day,
            t.user_id, t.queue_id, t.whatsapp_id,
            coalesce((SELECT array_agg(tag_id) FROM tickets.ticket_tags tt
                       WHERE tt.company_id = t.company_id AND tt.ticket_id = t.ticket_id), '{}') AS tags,
            row_number() OVER (PARTITION BY t.ticket_id ORDER BY t.created_at, t.id) > 1 AS reopen,
            floor(date_part('epoch', fr.at - t.created_at))::int AS frt,
            floor(date_part('epoch', t.finished_at - t.created_at))::int AS res,
            CASE WHEN t.started_at >= t.queued_at THEN floor(date_part('epoch', t.started_at - t.queued_at))::int END AS wait,
            t.rating_at, t.rate,
            q.sla_first_response_minutes * 60 AS sla_fr, q.sla_resolution_hours * 3600 AS sla_res
       FROM z, tickets.ticket_trackings t
       LEFT JOIN tickets.queues q ON q.company_id = t.company_id AND q.id = t.queue_id
       LEFT JOIN LATERAL (SELECT min(m.created_at) AS at FROM tickets.messages m
                           WHERE m.company_id = t.company_id AND m.ticket_id = t.ticket_id AND m.from_me
                             AND NOT m.is_bot AND m.user_id IS NOT NULL AND m.created_at >= t.created_at
                             AND m.created_at <= coalesce(t.finished_at, 'infinity')) fr ON true
      WHERE t.company_id = $1`,
    [companyId],
  );
  const messages = (
    await harness.query<{ id: string; day: string; queue_id: number | null; whatsapp_id: number; from_me: boolean }>(
      `SELECT m.id, (m.created_at AT TIME ZONE c.timezone)::date::text AS day, m.queue_id, m.whatsapp_id, m.from_me
         FROM tickets.messages m JOIN tickets.companies c ON c.id = m.company_id
        WHERE m.company_id = $1`,
      [companyId],
    )
  ).map((m) => ({ ...m, user_id: messageAgents.get(m.id) ?? 0, n: 1 }));
  const byTag = group === 'tag';
  const result = new Map<string, Figures>();
  const keysOf = (c: {
    user_id: number | null;
    queue_id: number | null;
    whatsapp_id: number | null;
    tags?: number[];
  }) => {
    if (group === 'none') return [null];
    if (group === 'agent') return [c.user_id ?? 0];
    if (group === 'queue') return [c.queue_id ?? 0];
    if (group === 'connection') return [c.whatsapp_id ?? 0];
    return c.tags ?? [];
  };
  const at = (day: string, key: number | null): Figures | null => {
    if (day < from || day > to) return null;
    const id = `${periodOf(day, period)}|${key}`;
    if (!result.has(id)) result.set(id, emptyFigures(byTag));
    return result.get(id) as Figures;
  };
  const add = (figure: Figures['frt'], value: number) => {
    figure.count += 1;
    figure.sum += value;
    figure.histogram[bucketOf(value)] = (figure.histogram[bucketOf(value)] ?? 0) + 1;
  };
  for (const c of cycles) {
    for (const key of keysOf(c)) {
      const begin = at(c.day, key);
      if (begin) {
        begin.opened += 1;
        if (c.reopen) begin.reopened += 1;
        if (c.frt !== null) add(begin.frt, c.frt);
        if (c.wait !== null) add(begin.wait, c.wait);
        if (c.sla_fr !== null && c.frt !== null && c.frt > c.sla_fr) begin.breaches[0] += 1;
      }
      const finish = c.finish_day ? at(c.finish_day, key) : null;
      if (finish && c.res !== null) {
        finish.closed += 1;
        add(finish.res, c.res);
        if (c.rating_at) finish.asked += 1;
        if (c.rate) finish.rates[(c.rate - 1) as 0 | 1 | 2] += 1;
        if (c.sla_res !== null && c.res > c.sla_res) finish.breaches[1] += 1;
      }
    }
  }
  if (!byTag) {
    for (const m of messages) {
      for (const key of keysOf(m)) {
        const figures = at(m.day, key);
        if (!figures) continue;
        if (m.from_me) figures.sent = (figures.sent ?? 0) + m.n;
        else figures.received = (figures.received ?? 0) + m.n;
      }
    }
  }
  return result;
}

interface ApiRow {
  period: string | null;
  key: number | null;
  opened: number;
  reopened: number;
  closed: number;
  firstResponse: { count: number; avg: number | null; histogram: number[] };
  resolution: { count: number; avg: number | null; histogram: number[] };
  wait: { count: number; avg: number | null; histogram: number[] };
  received: number | null;
  sent: number | null;
  ratings: { asked: number; rate1: number; rate2: number; rate3: number };
  breaches: { firstResponse: number; resolution: number };
}

async function expectReportsExact(companyId: number, from: string, to: string): Promise<void> {
  for (const group of GROUPS) {
    for (const period of PERIODS) {
      const { status, body } = await harness.http(
        'GET',
        `/reports?from=${from}&to=${to}&groupBy=${group}&period=${period}`,
        setup.admin,
      );
      expect(status).toBe(200);
      const expected = await raw(companyId, from, to, group, period);
      const actual = new Map<string, Figures>();
      for (const row of body.rows as ApiRow[]) {
        const figures: Figures = {
          opened: row.opened,
          reopened: row.reopened,
          closed: row.closed,
          frt: {
            count: row.firstResponse.count,
            sum: 0,
            histogram: row.firstResponse.histogram,
          },
          res: { count: row.resolution.count, sum: 0, histogram: row.resolution.histogram },
          wait: { count: row.wait.count, sum: 0, histogram: row.wait.histogram },
          received: row.received,
          sent: row.sent,
          asked: row.ratings.asked,
          rates: [row.ratings.rate1, row.ratings.rate2, row.ratings.rate3],
          breaches: [row.breaches.firstResponse, row.breaches.resolution],
        };
        actual.set(`${row.period}|${row.key}`, figures);
        // the averages are the rounded sums over the counts
        const want = expected.get(`${row.period}|${row.key}`);
        for (const [name, duration] of [
          ['frt', row.firstResponse],
          ['res', row.resolution],
          ['wait', row.wait],
        ] as const) {
          const sum = want?.[name].sum ?? 0;
          expect({ group, period, name, avg: duration.avg }).toEqual({
            group,
            period,
            name,
            avg: duration.count ? Math.round(sum / duration.count) : null,
          });
        }
      }
      for (const figures of expected.values()) {
        figures.frt.sum = 0;
        figures.res.sum = 0;
        figures.wait.sum = 0;
      }
      // rows of nothing at all (a key with only messages outside the period) are left out by both
      for (const [id, figures] of expected) {
        if (JSON.stringify(figures) === JSON.stringify(emptyFigures(group === 'tag'))) expected.delete(id);
      }
      expect({ group, period, rows: Object.fromEntries([...actual].sort()) }).toEqual({
        group,
        period,
        rows: Object.fromEntries([...expected].sort()),
      });
    }
  }
}

describe('the report roll-ups', () => {
  const agents: number[] = [];
  const queues: number[] = [];
  const tags: number[] = [];
  const connections: number[] = [];
  let from: string;
  let to: string;
  let seed = 11;
  const next = (n: number) => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed % n;
  };
  let messageCount = 0;

  /** A message written straight into the table; `agent` is the agent it counts under (the ticket's). */
  async function message(
    ticket: { id: number; contactId: number; whatsappId: number; queueId: number | null },
    spec: { at: Date; fromMe: boolean; isBot?: boolean; userId?: number | null; agent: number | null },
  ): Promise<void> {
    const id = `rm-${setup.companyId}-${(messageCount += 1)}`;
    await harness.query(
      `INSERT INTO tickets.messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, is_bot,
         queue_id, user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, 'olá', $6, $7, $8, $9, $10)`,
      [
        id,
        setup.companyId,
        ticket.id,
        ticket.contactId,
        ticket.whatsappId,
        spec.fromMe,
        spec.isBot ?? false,
        ticket.queueId,
        spec.userId ?? null,
        spec.at,
      ],
    );
    messageAgents.set(id, spec.agent ?? 0);
  }

  /** One attendance cycle on a ticket, with its messages, as the service writes them in order. */
  async function cycle(
    ticket: { id: number; contactId: number; whatsappId: number; queueId: number | null },
    created: Date,
  ): Promise<number> {
    const agent = next(5) > 0 ? (agents[next(agents.length)] as number) : null;
    await harness.query('UPDATE tickets.tickets SET user_id = $3, queue_id = $4 WHERE company_id = $1 AND id = $2', [
      setup.companyId,
      ticket.id,
      agent,
      ticket.queueId,
    ]);
    const wait = agent === null ? null : next(3) === 0 ? 5 + next(40) : 60 + next(4000);
    const started = wait === null ? null : new Date(created.getTime() + wait * 1000);
    const [tracking] = await harness.query<{ id: number }>(
      `INSERT INTO tickets.ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id,
         created_at, queued_at, started_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) RETURNING id`,
      [setup.companyId, ticket.id, ticket.contactId, ticket.whatsappId, agent, ticket.queueId, created, started],
    );
    let clock = created.getTime();
    const later = (seconds: number) => new Date((clock += seconds * 1000));
    await message(ticket, { at: later(0), fromMe: false, agent });
    await message(ticket, { at: later(2), fromMe: true, isBot: true, agent });
    if (agent !== null && started) {
      clock = started.getTime();
      if (next(4) > 0) {
        await message(ticket, {
          at: later(next(2) ? 10 + next(50) : 100 + next(20_000)),
          fromMe: true,
          userId: agent,
          agent,
        });
        await message(ticket, { at: later(30 + next(600)), fromMe: false, agent });
        await message(ticket, { at: later(20 + next(300)), fromMe: true, userId: agent, agent });
      }
      if (next(4) > 0) {
        const finished = later(60 + next(100_000));
        const asked = next(3) === 0;
        const rate = asked && next(4) > 0 ? 1 + next(3) : null;
        await harness.query(
          `UPDATE tickets.ticket_trackings SET finished_at = $2, rating_at = $3, rated = $4, rate = $5 WHERE id = $1`,
          [tracking?.id, finished, asked ? finished : null, rate !== null, rate],
        );
      }
    }
    return tracking?.id as number;
  }

  beforeAll(async () => {
    await harness.app.app.get(JobsService).stopWorking(REPORT_COMPACT_JOB);
    setup = await setupCompany(harness, await nextCompanyId());
    other = await setupCompany(harness, await nextCompanyId());
    for (const [name, color] of [
      ['Vendas', '#2196f3'],
      ['Suporte', '#4caf50'],
    ] as const) {
      queues.push((await harness.http<{ id: number }>('POST', '/queue', setup.admin, { name, color })).body.id);
    }
    await harness.query(
      'UPDATE tickets.queues SET sla_first_response_minutes = 5, sla_resolution_hours = 8 WHERE id = $1',
      [queues[0]],
    );
    for (const name of ['Urgente', 'Financeiro', 'Dúvida']) {
      tags.push(
        (await harness.http<{ id: number }>('POST', '/tags', setup.admin, { name, color: '#ff0000', kanban: 0 })).body
          .id,
      );
    }
    for (const [index, name] of ['Carla', 'Davi', 'Elisa'].entries()) {
      const id = setup.companyId * 10 + 5 + index;
      await publishUser(harness, setup.companyId, { id, name, profile: 'user', queueIds: queues });
      agents.push(id);
    }
    connections.push(setup.connectionId, setup.connectionId + 100_000);

    // 40 tickets over the last 40 days at every hour; a third reopened once, some tagged before their cycles and
    // some after, some transferred to another agent and queue after the fact, one deleted with everything it had
    const now = Date.now();
    const tickets: Array<{ id: number; contactId: number; whatsappId: number; queueId: number | null }> = [];
    for (let i = 0; i < 40; i++) {
      const contactId = setup.companyId * 1000 + i;
      const whatsappId = connections[i % 2] as number;
      const queueId = [queues[0], queues[1], null][next(3)] ?? null;
      const [row] = await harness.query<{ id: number }>(
        `INSERT INTO tickets.tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid, queue_id)
         VALUES ($1, $2, 'closed', $3, $4, $5, $6) RETURNING id`,
        [randomUUID(), setup.companyId, whatsappId, contactId, `55119${contactId}@s.whatsapp.net`, queueId],
      );
      const ticket = { id: row?.id as number, contactId, whatsappId, queueId };
      tickets.push(ticket);
      if (next(3) === 0) {
        await harness.query('INSERT INTO tickets.ticket_tags (company_id, ticket_id, tag_id) VALUES ($1, $2, $3)', [
          setup.companyId,
          ticket.id,
          tags[next(tags.length)],
        ]);
      }
      const created = new Date(now - (1 + next(40 * 24)) * 3_600_000 - next(3_600) * 1000);
      await cycle(ticket, created);
      if (next(3) === 0) {
        // the open cycle ends a minute after its last message; the ticket reopens hours later
        const [end] = await harness.query<{ at: Date }>(
          `UPDATE tickets.ticket_trackings SET finished_at = coalesce(finished_at,
                    (SELECT max(created_at) FROM tickets.messages WHERE ticket_id = $1) + interval '1 minute')
            WHERE ticket_id = $1 RETURNING finished_at AS at`,
          [ticket.id],
        );
        const reopened = (end?.at as Date).getTime() + (1 + next(100)) * 3_600_000;
        if (reopened < now - 60_000) await cycle(ticket, new Date(reopened));
      }
      if (next(4) === 0) {
        await harness.query(
          'INSERT INTO tickets.ticket_tags (company_id, ticket_id, tag_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [setup.companyId, ticket.id, tags[next(tags.length)]],
        );
      }
    }
    // a transfer after the fact: the cycle's figures move to the new agent and queue
    await harness.query(
      `UPDATE tickets.ticket_trackings SET user_id = $2, queue_id = $3
        WHERE id = (SELECT min(id) FROM tickets.ticket_trackings WHERE company_id = $1 AND user_id IS NOT NULL)`,
      [setup.companyId, agents[0], queues[1]],
    );
    // an untagged ticket and a deleted one
    await harness.query(
      'DELETE FROM tickets.ticket_tags WHERE ctid = (SELECT ctid FROM tickets.ticket_tags WHERE company_id = $1 LIMIT 1)',
      [setup.companyId],
    );
    await harness.query('DELETE FROM tickets.tickets WHERE id = $1', [tickets[3]?.id]);
    // the other company's cycle on the same days must not count
    const [foreign] = await harness.query<{ id: number }>(
      `INSERT INTO tickets.tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid)
       VALUES ($1, $2, 'open', $3, 77, '5511977@s.whatsapp.net') RETURNING id`,
      [randomUUID(), other.companyId, other.connectionId],
    );
    await harness.query(
      `INSERT INTO tickets.ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, created_at)
       VALUES ($1, $2, 77, $3, now() - interval '2 days')`,
      [other.companyId, foreign?.id, other.connectionId],
    );
    const [span] = await harness.query<{ from: string; to: string }>(
      `SELECT ((now() - interval '45 days') AT TIME ZONE 'America/Sao_Paulo')::date::text AS from,
              ((now() + interval '2 days') AT TIME ZONE 'America/Sao_Paulo')::date::text AS to`,
    );
    from = span?.from as string;
    to = span?.to as string;
  });

  it('equal the raw computation for every grouping and period, deltas not yet folded', async () => {
    const [deltas] = await harness.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tickets.report_daily WHERE company_id = $1 AND NOT compacted',
      [setup.companyId],
    );
    expect(deltas?.n).toBeGreaterThan(100);
    await expectReportsExact(setup.companyId, from, to);
    // a period inside: rows outside it are left out
    const middle = new Date(Date.now() - 20 * DAY).toISOString().slice(0, 10);
    await expectReportsExact(setup.companyId, middle, middle);
  });

  it('equal it after the compaction folds each key into one row', async () => {
    await harness.app.app.get(ReportJobs).compact();
    const [left] = await harness.query<{ deltas: number; keys: number; rows: number }>(
      `SELECT count(*) FILTER (WHERE NOT compacted)::int AS deltas,
              count(DISTINCT (day, user_id, queue_id, whatsapp_id))::int AS keys, count(*)::int AS rows
         FROM tickets.report_daily WHERE company_id = $1`,
      [setup.companyId],
    );
    expect(left).toEqual({ deltas: 0, keys: left?.rows, rows: left?.rows });
    await expectReportsExact(setup.companyId, from, to);
  });

  it('equal it with new deltas over folded keys, and once those are folded too', async () => {
    // a transfer after the compaction: its deltas move figures between folded keys of agent, queue and connection
    await harness.query(
      `UPDATE tickets.ticket_trackings
          SET user_id = $2, queue_id = NULL, whatsapp_id = CASE WHEN whatsapp_id = $3 THEN $4 ELSE $3 END
        WHERE id = (SELECT max(id) FROM tickets.ticket_trackings WHERE company_id = $1 AND finished_at IS NOT NULL)`,
      [setup.companyId, agents[1], connections[0], connections[1]],
    );
    const [moved] = await harness.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tickets.report_daily WHERE company_id = $1 AND NOT compacted',
      [setup.companyId],
    );
    expect(moved?.n).toBeGreaterThan(0);
    await expectReportsExact(setup.companyId, from, to);
    await harness.app.app.get(ReportJobs).compact();
    await expectReportsExact(setup.companyId, from, to);
  });

  it('are rebuilt in the new time zone when the company changes it', async () => {
    await harness.query("UPDATE tickets.companies SET timezone = 'Asia/Tokyo' WHERE id = $1", [setup.companyId]);
    await expectReportsExact(setup.companyId, from, to);
    await harness.query("UPDATE tickets.companies SET timezone = 'America/Sao_Paulo' WHERE id = $1", [setup.companyId]);
  });

  it("count an agent's online time from identity's online flag, split over the company's days", async () => {
    const agent = agents[1] as number;
    await publishUser(
      harness,
      setup.companyId,
      { id: agent, name: 'Davi', profile: 'user', online: true },
      'identity.user.updated',
    );
    // online since 30 hours ago
    await harness.query(
      "UPDATE tickets.users SET online_since = now() - interval '30 hours' WHERE company_id = $1 AND id = $2",
      [setup.companyId, agent],
    );
    await publishUser(
      harness,
      setup.companyId,
      { id: agent, name: 'Davi', profile: 'user', online: false },
      'identity.user.updated',
    );
    const { body } = await harness.http('GET', `/reports?from=${from}&to=${to}&groupBy=agent&period=day`, setup.admin);
    const rows = (body.rows as Array<ApiRow & { onlineSeconds: number }>).filter((row) => row.key === agent);
    const online = rows.reduce((sum, row) => sum + row.onlineSeconds, 0);
    expect(online).toBeGreaterThanOrEqual(30 * 3600);
    expect(online).toBeLessThan(30 * 3600 + 120);
    expect(rows.filter((row) => row.onlineSeconds > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('list the tickets behind a figure, page by page and as CSV', async () => {
    const key = queues[0] as number;
    const { body: report } = await harness.http('GET', `/reports?from=${from}&to=${to}&groupBy=queue`, setup.admin);
    const row = (report.rows as ApiRow[]).find((entry) => entry.key === key) as ApiRow;
    expect(row.opened).toBeGreaterThan(0);
    const listed: number[] = [];
    for (let page = 1; ; page++) {
      const { status, body } = await harness.http(
        'GET',
        `/reports/tickets?from=${from}&to=${to}&groupBy=queue&key=${key}&figure=opened&pageNumber=${page}`,
        setup.admin,
      );
      expect(status).toBe(200);
      listed.push(...(body.tickets as Array<{ cycleId: number; queue: string }>).map((t) => t.cycleId));
      expect((body.tickets as Array<{ queue: string }>).every((t) => t.queue === 'Vendas')).toBe(true);
      if (!body.hasMore) break;
    }
    expect(listed).toHaveLength(row.opened);
    const breached = await harness.http(
      'GET',
      `/reports/tickets?from=${from}&to=${to}&groupBy=queue&key=${key}&figure=frtBreached`,
      setup.admin,
    );
    expect(breached.body.tickets).toHaveLength(row.breaches.firstResponse);
    expect(
      (breached.body.tickets as Array<{ firstResponseSeconds: number; frtBreached: boolean }>).every(
        (t) => t.frtBreached && t.firstResponseSeconds > 300,
      ),
    ).toBe(true);

    const csv = await csvLines(
      `/reports/tickets/export?from=${from}&to=${to}&groupBy=queue&key=${key}&figure=opened`,
      setup.admin,
    );
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const lines = csv.lines;
    expect(lines[0]?.split(';').slice(0, 3)).toEqual(['ticket_id', 'cycle_id', 'contact']);
    expect(lines.slice(1).map((line) => Number(line.split(';')[1]))).toEqual(listed);

    const tableLines = (await csvLines(`/reports/export?from=${from}&to=${to}&groupBy=queue`, setup.admin)).lines;
    const header = tableLines[0]?.split(';') ?? [];
    const vendas = tableLines.find((line) => line.split(';')[2] === 'Vendas')?.split(';') ?? [];
    expect(Number(vendas[header.indexOf('opened')])).toBe(row.opened);
    expect(Number(vendas[header.indexOf('first_response_breaches')])).toBe(row.breaches.firstResponse);
  });

  it("answers 404 for another company's group, 400 for bad input and refuses agents", async () => {
    const foreignQueue = (await harness.http('POST', '/queue', other.admin, { name: 'Outra', color: '#123456' })).body
      .id;
    for (const path of ['/reports/tickets', '/reports/tickets/export']) {
      const { status, body } = await harness.http(
        'GET',
        `${path}?from=${from}&to=${to}&groupBy=queue&key=${foreignQueue}&figure=opened`,
        setup.admin,
      );
      expect({ path, status, error: body.error }).toEqual({ path, status: 404, error: 'ERR_NOT_FOUND' });
    }
    const bad = await harness.http('GET', `/reports?from=${to}&to=${from}`, setup.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(JSON.stringify(bad.body)).toContain('A data final precede a inicial');
    const missing = await harness.http('GET', '/reports?groupBy=agent', setup.admin);
    expect(missing.status).toBe(400);
    const group = await harness.http('GET', `/reports?from=${from}&to=${to}&groupBy=planet`, setup.admin);
    expect(group.status).toBe(400);
    const agent = await harness.http('GET', `/reports?from=${from}&to=${to}`, setup.agent);
    expect(agent.status).toBe(403);
    // the other company sees none of this company's figures
    const theirs = await harness.http('GET', `/reports?from=${from}&to=${to}`, other.admin);
    expect((theirs.body.rows as ApiRow[]).reduce((sum, row) => sum + row.opened, 0)).toBe(1);
  });
});
