/* HTTP bodies are JSON read through assertions */
/**
 * `GET /dashboard` on a hand-computed fixture: attendance cycles written with known times (São Paulo, UTC-3)
 * for one company, plus another company's cycles in the same days that must not count. Every figure below is
 * worked out by hand in the comments.
 */
import { randomUUID } from 'node:crypto';
import { expectEventually, nextCompanyId, upstreamGaps } from '@cs/platform/testing';
import { type CompanySetup, setupCompany, sharedHarness, userSnapshot } from '../support/harness.js';

const harness = sharedHarness();
let setup: CompanySetup;
let carlaId: number;

/**
 * A ticket of a contact with the given status, and its cycles (times as `YYYY-MM-DD HH:MM` in São Paulo), as
 * the lifecycle writes them: a rated cycle carries its answer, which is also in `user_ratings`.
 */
async function ticketWithCycles(
  companyId: number,
  contactId: number,
  status: 'open' | 'pending' | 'closed',
  cycles: Array<{
    userId: number | null;
    created: string;
    started?: string;
    ratingAt?: string;
    finished?: string;
    rate?: number;
  }>,
): Promise<void> {
  const local = (time: string | undefined) => (time ? `${time}:00-03` : null);
  const [ticket] = await harness.query<{ id: number }>(
    `INSERT INTO tickets.tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid, user_id)
     VALUES ($1, $2, $3, 1, $4, $5, $6) RETURNING id`,
    [randomUUID(), companyId, status, contactId, `55119${contactId}@s.whatsapp.net`, cycles.at(-1)?.userId ?? null],
  );
  for (const cycle of cycles) {
    const [tracking] = await harness.query<{ id: number }>(
      `INSERT INTO tickets.ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, user_id, created_at,
         queued_at, started_at, rating_at, finished_at, rated, rate)
       VALUES ($1, $2, $3, 1, $4, $5, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        companyId,
        ticket?.id,
        contactId,
        cycle.userId,
        local(cycle.created),
        local(cycle.started),
        local(cycle.ratingAt),
        local(cycle.finished),
        cycle.rate !== undefined,
        cycle.rate ?? null,
      ],
    );
    if (cycle.rate !== undefined) {
      await harness.query(
        'INSERT INTO tickets.user_ratings (company_id, ticket_id, tracking_id, user_id, rate) VALUES ($1, $2, $3, $4, $5)',
        [companyId, ticket?.id, tracking?.id, cycle.userId, cycle.rate],
      );
    }
  }
}

beforeAll(async () => {
  setup = await setupCompany(harness, await nextCompanyId());
  carlaId = setup.companyId * 10 + 9;
  await harness.publish(
    'identity.user.created',
    setup.companyId,
    carlaId,
    userSnapshot(setup.companyId, carlaId, 'Carla Reis', 'user', [], false),
  );
  await expectEventually(async () =>
    expect(
      await harness.query('SELECT 1 FROM tickets.users WHERE company_id = $1 AND id = $2', [setup.companyId, carlaId]),
    ).toHaveLength(1),
  );
  const ana = setup.admin.userId;
  const bruno = setup.agent.userId;
  const base = setup.companyId * 100;
  // contact 1: two cycles in the period (not a lead)
  await ticketWithCycles(setup.companyId, base + 1, 'closed', [
    // A: wait 09:10→09:25 = 15, support 09:25→10:05 = 40
    { userId: ana, created: '2026-03-02 09:10', started: '2026-03-02 09:25', finished: '2026-03-02 10:05' },
    // C: wait 14:05→14:15 = 10, support 14:15→15:15 = 60, rated 2
    {
      userId: bruno,
      created: '2026-03-03 14:05',
      started: '2026-03-03 14:15',
      finished: '2026-03-03 15:15',
      rate: 2,
    },
  ]);
  // contact 2 — B: wait 09:40→10:10 = 30, support 10:10→10:50 (the rating request) = 40, rated 3
  await ticketWithCycles(setup.companyId, base + 2, 'closed', [
    {
      userId: bruno,
      created: '2026-03-02 09:40',
      started: '2026-03-02 10:10',
      ratingAt: '2026-03-02 10:50',
      finished: '2026-03-02 10:52',
      rate: 3,
    },
  ]);
  // contact 3 — D: pending, never accepted (no wait, no support)
  await ticketWithCycles(setup.companyId, base + 3, 'pending', [{ userId: null, created: '2026-03-03 14:30' }]);
  // contact 4 — E: 23:50 local on the 3rd (02:50 UTC on the 4th: in the period), wait 3, still open (support 0)
  await ticketWithCycles(setup.companyId, base + 4, 'open', [
    { userId: ana, created: '2026-03-03 23:50', started: '2026-03-03 23:53' },
  ]);
  // contact 5 — F: 20:00 local on the 1st (23:00 UTC): before the period; still pending now
  await ticketWithCycles(setup.companyId, base + 5, 'pending', [{ userId: null, created: '2026-03-01 20:00' }]);
  // contact 6 — G: 00:10 local on the 4th: after the period
  await ticketWithCycles(setup.companyId, base + 6, 'closed', [
    { userId: bruno, created: '2026-03-04 00:10', started: '2026-03-04 00:20', finished: '2026-03-04 01:00', rate: 1 },
  ]);
  // another company, same days: none of it may count
  const other = await nextCompanyId();
  await ticketWithCycles(other, 1, 'open', [
    { userId: bruno, created: '2026-03-02 11:00', started: '2026-03-02 11:01', finished: '2026-03-02 13:00', rate: 1 },
  ]);
  await ticketWithCycles(other, 2, 'pending', [{ userId: null, created: '2026-03-02 09:00' }]);
});

const hours = (slots: Record<number, number>): number[] => Array.from({ length: 24 }, (_, hour) => slots[hour] ?? 0);

describe('GET /dashboard', () => {
  it('computes the figures of a period of whole days in the company time zone', async () => {
    const { status, body } = await harness.http(
      'GET',
      '/dashboard?date_from=2026-03-02&date_to=2026-03-03',
      setup.admin,
    );
    expect(status).toBe(200);
    expect(body.counters).toEqual({
      // current tickets, whatever the period: contacts 3 and 5 pending, contact 4 open
      supportPending: 2,
      supportHappening: 1,
      // A, B, C finished; D and E not
      supportFinished: 3,
      // contacts 2, 3 and 4 have one cycle in the period; contact 1 has two
      leads: 3,
      // (40 + 40 + 60) / 3, cycles without support time (D, E) left out
      avgSupportTime: 46.67,
      // (15 + 30 + 10 + 3) / 4, D never waited to an end
      avgWaitTime: 14.5,
      // A and B at 9h, C and D at 14h, E at 23h (local)
      ticketsPerHour: hours({ 9: 2, 14: 2, 23: 1 }),
    });
    expect(body.attendants).toEqual([
      // A (40) and E (open, no support time yet); no ratings
      { id: setup.admin.userId, name: 'Ana Admin', tickets: 2, avgSupportTime: 40, rating: 0, online: true },
      // B (40, rated 3) and C (60, rated 2)
      { id: setup.agent.userId, name: 'Bruno Atendente', tickets: 2, avgSupportTime: 50, rating: 2.5, online: true },
      { id: carlaId, name: 'Carla Reis', tickets: 0, avgSupportTime: 0, rating: 0, online: false },
    ]);
  });

  it('narrows to one day and counts a day alone', async () => {
    const { body } = await harness.http('GET', '/dashboard?date_from=2026-03-03&date_to=2026-03-03', setup.admin);
    expect(body.counters).toMatchObject({
      supportFinished: 1,
      // contact 1 (C), 3 (D) and 4 (E) each have one cycle on the 3rd
      leads: 3,
      avgSupportTime: 60,
      // (10 + 3) / 2
      avgWaitTime: 6.5,
      ticketsPerHour: hours({ 14: 2, 23: 1 }),
    });
    const openEnded = await harness.http('GET', '/dashboard?date_from=2026-03-04', setup.admin);
    // G only (wait 10, support 40, rated 1)
    expect(openEnded.body.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 40, avgWaitTime: 10 });
    expect(openEnded.body.attendants[1]).toMatchObject({ name: 'Bruno Atendente', tickets: 1, rating: 1 });
  });

  it('counts the last N days from now with `days`', async () => {
    const { body } = await harness.http('GET', '/dashboard?days=7', setup.admin);
    expect(body.counters).toMatchObject({
      supportPending: 2,
      supportHappening: 1,
      supportFinished: 0,
      leads: 0,
      avgSupportTime: 0,
      avgWaitTime: 0,
      ticketsPerHour: hours({}),
    });
  });

  it('asks for a filter', async () => {
    const none = await harness.http('GET', '/dashboard?date_from=null&date_to=', setup.admin);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Parametrize o filtro');
  });

  it("answers an agent with the figures of their own attendances (the established client's home page)", async () => {
    const { status, body } = await harness.http(
      'GET',
      '/dashboard?date_from=2026-03-02&date_to=2026-03-03',
      setup.agent,
    );
    expect(status).toBe(200);
    expect(body.counters).toEqual({
      // Bruno has no ticket open or pending now (contact 1 and 2 closed)
      supportPending: 0,
      supportHappening: 0,
      // B and C
      supportFinished: 2,
      // B (contact 2's only cycle); C's contact 1 also had A in the period
      leads: 1,
      // (40 + 60) / 2
      avgSupportTime: 50,
      // (30 + 10) / 2
      avgWaitTime: 20,
      // B at 9h, C at 14h
      ticketsPerHour: hours({ 9: 1, 14: 1 }),
    });
    expect(body.attendants).toEqual([
      { id: setup.agent.userId, name: 'Bruno Atendente', tickets: 2, avgSupportTime: 50, rating: 2.5, online: true },
    ]);
    expect(upstreamGaps('http.get-dashboard', body)).toEqual(
      // the super user's cards only
      ['counters.totalCompanies: missing', 'counters.totalWhatsappSessions: missing'],
    );
  });

  it("gives the super user the platform's companies and connected connections, nobody else", async () => {
    const platform = async () => {
      const [row] = await harness.query<{ companies: number; sessions: number }>(
        `SELECT (SELECT count(*)::int FROM tickets.companies) AS companies,
                (SELECT count(*)::int FROM tickets.connections WHERE NOT deleted AND status = 'CONNECTED') AS sessions`,
      );
      return row!;
    };
    const asSuper = { ...setup.admin, isSuper: true };
    await expectEventually(async () => {
      const { status, body } = await harness.http('GET', '/dashboard?date_from=2026-03-02&date_to=2026-03-03', asSuper);
      expect(status).toBe(200);
      const { companies, sessions } = await platform();
      expect(companies).toBeGreaterThanOrEqual(1);
      expect(sessions).toBeGreaterThanOrEqual(1);
      expect(body.counters).toMatchObject({
        totalCompanies: companies,
        totalWhatsappSessions: sessions,
        supportFinished: 3,
      });
      expect(upstreamGaps('http.get-dashboard', body)).toEqual([]);
    });
    const admin = await harness.http('GET', '/dashboard?date_from=2026-03-02&date_to=2026-03-03', setup.admin);
    expect(admin.body.counters).not.toHaveProperty('totalCompanies');
    expect(admin.body.counters).not.toHaveProperty('totalWhatsappSessions');
  });
});

describe('GET /dashboard/ticketsDay and /dashboard/ticketsUsers (the established client charts)', () => {
  it('counts the cycles begun per date, or per hour when one day is asked', async () => {
    const days = await harness.http(
      'GET',
      '/dashboard/ticketsDay?initialDate=2026-03-02&finalDate=2026-03-03',
      setup.admin,
    );
    expect(days.status).toBe(200);
    // A and B on the 2nd; C, D and E on the 3rd (E at 23:50 local)
    expect(days.body).toEqual({
      count: 5,
      data: [
        { data: '02/03/2026', total: 2 },
        { data: '03/03/2026', total: 3 },
      ],
    });
    const oneDay = await harness.http(
      'GET',
      '/dashboard/ticketsDay?initialDate=2026-03-03&finalDate=2026-03-03',
      setup.admin,
    );
    expect(oneDay.body).toEqual({
      count: 3,
      data: [
        { horario: 14, total: 2 },
        { horario: 23, total: 1 },
      ],
    });
  });

  it('counts the finished cycles per attendant, every user listed', async () => {
    const { status, body } = await harness.http(
      'GET',
      '/dashboard/ticketsUsers?initialDate=2026-03-02&finalDate=2026-03-03',
      setup.admin,
    );
    expect(status).toBe(200);
    // A (Ana), B and C (Bruno) finished in the period; G finished on the 4th
    expect(body).toEqual({
      data: [
        { nome: 'Ana Admin', quantidade: 1 },
        { nome: 'Bruno Atendente', quantidade: 2 },
        { nome: 'Carla Reis', quantidade: 0 },
      ],
    });
  });

  it("asks for both days, and answers an agent with their own attendances' charts", async () => {
    const missing = await harness.http('GET', '/dashboard/ticketsUsers?initialDate=2026-03-02', setup.admin);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Parametrize o filtro');
    const agent = await harness.http(
      'GET',
      '/dashboard/ticketsDay?initialDate=2026-03-02&finalDate=2026-03-03',
      setup.agent,
    );
    // B on the 2nd, C on the 3rd
    expect(agent).toEqual({
      status: 200,
      body: {
        count: 2,
        data: [
          { data: '02/03/2026', total: 1 },
          { data: '03/03/2026', total: 1 },
        ],
      },
    });
    const perUser = await harness.http(
      'GET',
      '/dashboard/ticketsUsers?initialDate=2026-03-02&finalDate=2026-03-03',
      setup.agent,
    );
    expect(perUser).toEqual({ status: 200, body: { data: [{ nome: 'Bruno Atendente', quantidade: 2 }] } });
  });
});
