/**
 * Business hours in the reports and service levels (issue 55). The SQL functions the roll-ups' triggers and the
 * service-level sweep use (`business_seconds`, `business_due`): windows within a day, nights, closed weekend
 * days, days without an entry (open), windows past midnight, the company's time zone; schedules carry no holidays.
 * Then the report's figures with `businessHours=true` (durations and breaches stored when the cycle's instants
 * are written, the same after a rebuild), the drill-down, a queue's "business hours only" targets in the sweep,
 * the queue's own schedule under `scheduleType` `queue`, bad input and another company's queue. Last, the bulk
 * computation (`report_prepare_business`, of the backfill and the benchmark's data) against what the trigger wrote
 * cycle by cycle: weekends, nights, a week closed, no schedule, waiting and long cycles.
 */
import { randomUUID } from 'node:crypto';
import { nextCompanyId } from '@cs/platform/testing';
import { JobsService } from '@cs/platform/jobs';
import { SERVICE_LEVEL_SWEEP_JOB, ServiceLevelJobs } from '../../src/modules/service-levels/service-level-jobs.js';
import { type CompanySetup, Harness, setupCompany, week } from '../support/harness.js';

const harness = new Harness();

beforeAll(async () => {
  await harness.start();
  await harness.app.app.get(JobsService).stopWorking(SERVICE_LEVEL_SWEEP_JOB);
});

afterAll(async () => {
  await harness.stop();
});

type Weekday = ReturnType<typeof week>[number]['weekday'];
const entry = (day: Weekday, startTime: string, endTime: string) => ({
  weekday: day,
  weekdayEn: day,
  startTime,
  endTime,
});
/** Weekdays 09:00-18:00, Saturday 09:00-13:00, Sunday closed. */
const OFFICE = [
  ...(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => entry(day, '09:00', '18:00')),
  entry('saturday', '09:00', '13:00'),
  entry('sunday', '00:00', '00:00'),
];
/** Closed every day. */
const CLOSED = week('00:00', '00:00');
const SP = 'America/Sao_Paulo';

async function businessSeconds(schedules: unknown, tz: string, since: string, until: string): Promise<number | null> {
  const [row] = await harness.query<{ s: string | null }>(
    'SELECT tickets.business_seconds($1::jsonb, $2, $3::timestamptz, $4::timestamptz) AS s',
    [schedules === null ? null : JSON.stringify(schedules), tz, since, until],
  );
  return row?.s === null || row?.s === undefined ? null : Number(row.s);
}

async function businessDue(schedules: unknown, tz: string, since: string, seconds: number): Promise<string | null> {
  const [row] = await harness.query<{ at: Date | null }>(
    'SELECT tickets.business_due($1::jsonb, $2, $3::timestamptz, $4) AS at',
    [JSON.stringify(schedules), tz, since, seconds],
  );
  return row?.at ? row.at.toISOString() : null;
}

describe('business seconds', () => {
  it('count the open windows of each day in the time zone given', async () => {
    // Monday 2026-11-09, São Paulo (UTC-3): 10:00 → 12:00 inside the window
    expect(await businessSeconds(OFFICE, SP, '2026-11-09T10:00:00-03:00', '2026-11-09T12:00:00-03:00')).toBe(7200);
    // Tuesday 07:00 → 20:00: only 09:00-18:00
    expect(await businessSeconds(OFFICE, SP, '2026-11-10T07:00:00-03:00', '2026-11-10T20:00:00-03:00')).toBe(32_400);
    // Friday 17:00 → Monday 10:00: 1 h on Friday, 4 h on Saturday, none on Sunday, 1 h on Monday
    expect(await businessSeconds(OFFICE, SP, '2026-11-06T17:00:00-03:00', '2026-11-09T10:00:00-03:00')).toBe(21_600);
    // the same instants on Tokyo's clock (UTC+9): Monday 12:00Z-13:00Z is 21:00-22:00 there, closed
    expect(await businessSeconds(OFFICE, SP, '2026-11-09T12:00:00Z', '2026-11-09T13:00:00Z')).toBe(3600);
    expect(await businessSeconds(OFFICE, 'Asia/Tokyo', '2026-11-09T12:00:00Z', '2026-11-09T13:00:00Z')).toBe(0);
  });

  it('run a window past midnight, open days without an entry, and count the clock without a schedule', async () => {
    const night = [entry('friday', '22:00', '02:00'), entry('saturday', '10:00', '10:00')];
    // Friday 21:00 → Saturday 03:00: Friday 22:00 to Saturday 02:00, though Saturday itself is closed
    expect(await businessSeconds(night, SP, '2026-11-06T21:00:00-03:00', '2026-11-07T03:00:00-03:00')).toBe(14_400);
    // Thursday has no entry: open all day
    expect(await businessSeconds(night, SP, '2026-11-05T00:00:00-03:00', '2026-11-06T00:00:00-03:00')).toBe(86_400);
    expect(await businessSeconds(CLOSED, SP, '2026-11-02T00:00:00-03:00', '2026-11-16T00:00:00-03:00')).toBe(0);
    expect(await businessSeconds(null, SP, '2026-11-06T17:00:00-03:00', '2026-11-09T10:00:00-03:00')).toBe(234_000);
    expect(await businessSeconds(OFFICE, SP, '2026-11-09T12:00:00Z', '2026-11-09T11:00:00Z')).toBeNull();
  });

  it('find the instant a number of business seconds after another', async () => {
    // Friday 17:00 + 2 h of business: 1 h on Friday, then Saturday 09:00 + 1 h
    expect(await businessDue(OFFICE, SP, '2026-11-06T17:00:00-03:00', 7200)).toBe('2026-11-07T13:00:00.000Z');
    // Saturday 12:00 + 2 h: 1 h on Saturday, Sunday closed, Monday 09:00 + 1 h
    expect(await businessDue(OFFICE, SP, '2026-11-07T12:00:00-03:00', 7200)).toBe('2026-11-09T13:00:00.000Z');
    expect(await businessDue(CLOSED, SP, '2026-11-07T12:00:00-03:00', 60)).toBeNull();
  });
});

interface DurationFigure {
  count: number;
  avg: number | null;
}
interface Row {
  key: number;
  firstResponse: DurationFigure;
  resolution: DurationFigure;
  breaches: { firstResponse: number; resolution: number };
}

describe('reports in business hours', () => {
  let setup: CompanySetup;
  let flagged: number;
  let plain: number;

  /** A cycle of a new ticket in `queueId`: begun Friday 17:30, answered Saturday 09:15, closed Monday 11:00. */
  async function cycle(queueId: number): Promise<number> {
    const contactId = setup.companyId * 1000 + queueId;
    const [ticket] = await harness.query<{ id: number }>(
      `INSERT INTO tickets.tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid, queue_id)
       VALUES ($1, $2, 'closed', $3, $4, $5, $6) RETURNING id`,
      [randomUUID(), setup.companyId, setup.connectionId, contactId, `${contactId}@s.whatsapp.net`, queueId],
    );
    const [row] = await harness.query<{ id: number }>(
      `INSERT INTO tickets.ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, queue_id, created_at)
       VALUES ($1, $2, $3, $4, $5, '2026-11-06T17:30:00-03:00') RETURNING id`,
      [setup.companyId, ticket?.id, contactId, setup.connectionId, queueId],
    );
    await harness.query(
      "UPDATE tickets.ticket_trackings SET first_response_at = '2026-11-07T09:15:00-03:00' WHERE id = $1",
      [row?.id],
    );
    await harness.query("UPDATE tickets.ticket_trackings SET finished_at = '2026-11-09T11:00:00-03:00' WHERE id = $1", [
      row?.id,
    ]);
    return row?.id as number;
  }

  const report = async (businessHours: boolean) => {
    const response = await harness.http(
      'GET',
      `/reports?from=2026-11-01&to=2026-11-30&groupBy=queue&businessHours=${businessHours}`,
      setup.admin,
    );
    expect(response.status).toBe(200);
    expect(response.body.businessHours).toBe(businessHours);
    const rows = response.body.rows as Row[];
    return (queueId: number) => rows.find((row) => row.key === queueId);
  };

  beforeAll(async () => {
    setup = await setupCompany(harness, await nextCompanyId(), {
      settings: { scheduleType: 'company' },
      schedules: OFFICE,
    });
    flagged = (await harness.http('POST', '/queue', setup.admin, { name: 'Horário comercial', color: '#4caf50' })).body
      .id;
    plain = (await harness.http('POST', '/queue', setup.admin, { name: 'Relógio', color: '#2196f3' })).body.id;
    const targets = { firstResponseMinutes: 60, resolutionHours: 8 };
    const set = await harness.http('PUT', `/service-levels/${flagged}`, setup.admin, {
      ...targets,
      businessHours: true,
    });
    expect(set.body).toEqual({ queueId: flagged, name: 'Horário comercial', ...targets, businessHours: true });
    await harness.http('PUT', `/service-levels/${plain}`, setup.admin, targets);
    await cycle(flagged);
    await cycle(plain);
  });

  it('give durations counted in the company’s business hours, breaches by each queue’s targets', async () => {
    const wall = await report(false);
    const business = await report(true);
    for (const queueId of [flagged, plain]) {
      // 15 h 45 min on the clock, 45 min of business (Friday 17:30-18:00, Saturday 09:00-09:15)
      expect(wall(queueId)?.firstResponse).toMatchObject({ count: 1, avg: 56_700 });
      expect(business(queueId)?.firstResponse).toMatchObject({ count: 1, avg: 2700 });
      // 65 h 30 min on the clock, 6 h 30 min of business (30 min, Saturday's 4 h, Monday 09:00-11:00)
      expect(wall(queueId)?.resolution).toMatchObject({ count: 1, avg: 235_800 });
      expect(business(queueId)?.resolution).toMatchObject({ count: 1, avg: 23_400 });
    }
    // the targets (1 h, 8 h) are met in business hours, missed on the clock
    expect(business(flagged)?.breaches).toEqual({ firstResponse: 0, resolution: 0 });
    expect(business(plain)?.breaches).toEqual({ firstResponse: 1, resolution: 1 });
  });

  it('list the tickets behind a figure with their business durations', async () => {
    const page = await harness.http(
      'GET',
      `/reports/tickets?from=2026-11-01&to=2026-11-30&groupBy=none&figure=frtBreached&businessHours=true`,
      setup.admin,
    );
    expect(page.status).toBe(200);
    expect(page.body.tickets).toEqual([
      expect.objectContaining({ queue: 'Relógio', firstResponseSeconds: 2700, resolutionSeconds: 23_400 }),
    ]);
  });

  it('keep the same figures when the roll-ups are rebuilt', async () => {
    const before = await harness.http(
      'GET',
      '/reports?from=2026-11-01&to=2026-11-30&groupBy=queue&businessHours=true',
      setup.admin,
    );
    await harness.query('SELECT tickets.report_rebuild($1)', [setup.companyId]);
    const after = await harness.http(
      'GET',
      '/reports?from=2026-11-01&to=2026-11-30&groupBy=queue&businessHours=true',
      setup.admin,
    );
    expect(after.body).toEqual(before.body);
  });

  it('refuse a bad option and another company’s queue', async () => {
    const bad = await harness.http('GET', '/reports?from=2026-11-01&to=2026-11-30&businessHours=sim', setup.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    const badTarget = await harness.http('PUT', `/service-levels/${plain}`, setup.admin, {
      firstResponseMinutes: 5,
      resolutionHours: null,
      businessHours: 'sim',
    });
    expect(badTarget.status).toBe(400);
    expect(badTarget.body.error).toBe('ERR_VALIDATION');
    const other = await setupCompany(harness, await nextCompanyId());
    const foreign = await harness.http('PUT', `/service-levels/${plain}`, other.admin, {
      firstResponseMinutes: 5,
      resolutionHours: null,
      businessHours: true,
    });
    expect(foreign.status).toBe(404);
    const [queue] = await harness.query<{ sla_business_hours: boolean }>(
      'SELECT sla_business_hours FROM tickets.queues WHERE id = $1',
      [plain],
    );
    expect(queue?.sla_business_hours).toBe(false);
  });
});

describe('service levels in business hours', () => {
  it('are not near nor past a target while the business is closed, unless the targets count the clock', async () => {
    // scheduleType `queue`: the queue's own schedule (closed all week) holds, not the company's (always open)
    const setup = await setupCompany(harness, await nextCompanyId(), { settings: { scheduleType: 'queue' } });
    const queueId = (
      await harness.http('POST', '/queue', setup.admin, { name: 'Fechada', color: '#9c27b0', schedules: CLOSED })
    ).body.id as number;
    const [ticket] = await harness.query<{ id: number }>(
      `INSERT INTO tickets.tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid, queue_id)
       VALUES ($1, $2, 'pending', $3, $4, '5511900000009@s.whatsapp.net', $5) RETURNING id`,
      [randomUUID(), setup.companyId, setup.connectionId, setup.contact.id, queueId],
    );
    await harness.query(
      `INSERT INTO tickets.ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, queue_id, created_at)
       VALUES ($1, $2, $3, $4, $5, now() - interval '10 minutes')`,
      [setup.companyId, ticket?.id, setup.contact.id, setup.connectionId, queueId],
    );
    const standing = async () => {
      const changes = await harness.app.app.get(ServiceLevelJobs).sweep();
      const [alert] = await harness.query<{ state: string }>(
        'SELECT state FROM tickets.service_level_alerts WHERE company_id = $1 AND ticket_id = $2',
        [setup.companyId, ticket?.id],
      );
      return { changed: changes.some((change) => change.companyId === setup.companyId), state: alert?.state ?? 'ok' };
    };

    const target = { firstResponseMinutes: 1, resolutionHours: null };
    await harness.http('PUT', `/service-levels/${queueId}`, setup.admin, { ...target, businessHours: true });
    expect(await standing()).toEqual({ changed: false, state: 'ok' });
    await harness.http('PUT', `/service-levels/${queueId}`, setup.admin, { ...target, businessHours: false });
    expect(await standing()).toEqual({ changed: true, state: 'breached' });
    await harness.http('PUT', `/service-levels/${queueId}`, setup.admin, { ...target, businessHours: true });
    expect(await standing()).toEqual({ changed: true, state: 'ok' });
  });
});

describe('business durations written in bulk', () => {
  /** A cycle's instants, São Paulo time (UTC-3). */
  const SPANS = [
    // over the weekend: begun Friday 17:30, accepted and answered Saturday morning, closed Monday
    [
      '2026-11-06T17:30:00-03:00',
      '2026-11-06T17:31:00-03:00',
      '2026-11-07T09:05:00',
      '2026-11-07T09:15:00',
      '2026-11-09T11:00:00',
    ],
    // overnight: Friday 21:00 to Saturday 03:00
    [
      '2026-11-06T21:00:00-03:00',
      '2026-11-06T21:00:00-03:00',
      '2026-11-06T23:30:00',
      '2026-11-07T01:00:00',
      '2026-11-07T03:00:00',
    ],
    // waiting still: never accepted nor answered
    ['2026-11-09T08:00:00-03:00', '2026-11-09T08:00:00-03:00', null, null, null],
    // accepted at once, closed three weeks later
    [
      '2026-11-10T10:00:00-03:00',
      '2026-11-10T10:00:00-03:00',
      '2026-11-10T10:00:00',
      '2026-11-10T10:20:00',
      '2026-12-01T10:00:00',
    ],
  ].map((instants) => instants.map((at) => (at === null || at.endsWith('-03:00') ? at : `${at}-03:00`)));
  const NIGHT = [entry('friday', '22:00', '02:00'), entry('saturday', '10:00', '10:00')];

  /** Every span in `queueId` (null: without queue), written as the service writes a cycle: instant by instant. */
  async function cycles(setup: CompanySetup, queueId: number | null, first: number): Promise<void> {
    for (const [k, [createdAt, queuedAt, startedAt, answeredAt, finishedAt]] of SPANS.entries()) {
      const contactId = setup.companyId * 1000 + first + k;
      const [ticket] = await harness.query<{ id: number }>(
        `INSERT INTO tickets.tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid, queue_id)
         VALUES ($1, $2, 'open', $3, $4, $5, $6) RETURNING id`,
        [randomUUID(), setup.companyId, setup.connectionId, contactId, `${contactId}@s.whatsapp.net`, queueId],
      );
      const [row] = await harness.query<{ id: number }>(
        `INSERT INTO tickets.ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, queue_id, created_at,
                                               queued_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [setup.companyId, ticket?.id, contactId, setup.connectionId, queueId, createdAt, queuedAt],
      );
      await harness.query('UPDATE tickets.ticket_trackings SET started_at = $2, first_response_at = $3 WHERE id = $1', [
        row?.id,
        startedAt,
        answeredAt,
      ]);
      await harness.query('UPDATE tickets.ticket_trackings SET finished_at = $2 WHERE id = $1', [row?.id, finishedAt]);
    }
  }

  it('equal the ones written with each cycle, under the queue’s schedule, the company’s or none', async () => {
    const byQueue = await setupCompany(harness, await nextCompanyId(), {
      settings: { scheduleType: 'queue' },
      schedules: CLOSED,
    });
    const byCompany = await setupCompany(harness, await nextCompanyId(), {
      settings: { scheduleType: 'company' },
      schedules: OFFICE,
    });
    const none = await setupCompany(harness, await nextCompanyId(), { schedules: OFFICE });
    const queue = async (setup: CompanySetup, name: string, color: string, schedules: unknown[]) => {
      const created = await harness.http('POST', '/queue', setup.admin, { name, color, schedules });
      expect(created.status).toBe(200);
      return created.body.id as number;
    };
    const office = await queue(byQueue, 'Comercial', '#4caf50', OFFICE);
    const night = await queue(byQueue, 'Noturno', '#2196f3', NIGHT);
    const open = await queue(byQueue, 'Sempre aberta', '#9c27b0', []);
    const companyQueue = await queue(byCompany, 'Noturno', '#2196f3', NIGHT);
    const noneQueue = await queue(none, 'Noturno', '#2196f3', NIGHT);
    const set = await harness.http('PUT', `/service-levels/${office}`, byQueue.admin, {
      firstResponseMinutes: 60,
      resolutionHours: 8,
      businessHours: true,
    });
    expect(set.status).toBe(200);
    await cycles(byQueue, office, 0);
    await cycles(byQueue, night, 10);
    await cycles(byQueue, open, 20);
    await cycles(byQueue, null, 30);
    await cycles(byCompany, companyQueue, 0);
    await cycles(byCompany, null, 10);
    await cycles(none, noneQueue, 0);

    const companies = [byQueue.companyId, byCompany.companyId, none.companyId];
    const durations = () =>
      harness.query<{
        company: number;
        queue: number | null;
        frt: string | null;
        res: string | null;
        wait: string | null;
        flagged: boolean;
      }>(
        `SELECT company_id AS company, queue_id AS queue, frt_bh_s AS frt, res_bh_s AS res, wait_bh_s AS wait,
                sla_business_hours AS flagged
           FROM tickets.ticket_trackings WHERE company_id = ANY($1) ORDER BY id`,
        [companies],
      );
    const written = await durations();
    expect(written).toHaveLength(7 * SPANS.length);
    const weekend = (company: number, queueId: number | null) =>
      written.find((row) => row.company === company && row.queue === queueId);
    // the weekend's first response: 45 min in office hours, none in a closed week, 15 h 45 min on the clock
    expect(weekend(byQueue.companyId, office)).toMatchObject({ frt: '2700', res: '23400', flagged: true });
    expect(weekend(byQueue.companyId, null)).toMatchObject({ frt: '56700', res: '235800', flagged: false });
    expect(weekend(byQueue.companyId, night)?.frt).toBe('14400');
    expect(weekend(byCompany.companyId, companyQueue)?.frt).toBe('2700');
    expect(weekend(none.companyId, noneQueue)?.frt).toBe('56700');

    await harness.query(
      `UPDATE tickets.ticket_trackings SET frt_bh_s = NULL, res_bh_s = NULL, wait_bh_s = NULL,
              sla_business_hours = NOT sla_business_hours
        WHERE company_id = ANY($1)`,
      [companies],
    );
    for (const company of companies) await harness.query('SELECT tickets.report_prepare_business($1)', [company]);
    expect(await durations()).toEqual(written);
  });
});
