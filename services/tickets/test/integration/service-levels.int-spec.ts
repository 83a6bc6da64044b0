/**
 * Service levels (issue 55): an admin sets a queue's targets; an open ticket of the queue becomes near (80% of
 * the first-response target used) and then past it, each change published for the live lists
 * (`tickets.service-level.changed`) and listed in `/service-levels/at-risk` for who lists the ticket; the
 * agent's answer brings it back within its targets, and the report counts the breach. The ticket list filters
 * by service level (`near`, `breached`).
 */
import { randomUUID } from 'node:crypto';
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { JobsService } from '@cs/platform/jobs';
import { ServiceLevelChanged } from '@cs/proto/events';
import { SERVICE_LEVEL_SWEEP_JOB, ServiceLevelJobs } from '../../src/modules/service-levels/service-level-jobs.js';
import { type Caller, type CompanySetup, Harness, setupCompany } from '../support/harness.js';

const harness = new Harness();
let setup: CompanySetup;
let other: CompanySetup;

beforeAll(async () => {
  await harness.start();
  await harness.app.app.get(JobsService).stopWorking(SERVICE_LEVEL_SWEEP_JOB);
  setup = await setupCompany(harness, await nextCompanyId());
  other = await setupCompany(harness, await nextCompanyId());
});

afterAll(async () => {
  await harness.stop();
});

// the test database is shared: a sweep also meets other suites' tickets (and theirs may sweep this one), so a
// test counts its own company's changes and reads the standing from the events
const sweep = async () =>
  (await harness.app.app.get(ServiceLevelJobs).sweep()).filter((change) => change.companyId === setup.companyId).length;
/** The ids of the caller's ticket list (every ticket) filtered by service level. */
const listed = async (caller: Caller, serviceLevel: 'near' | 'breached') =>
  (
    (await harness.http('GET', `/tickets?showAll=true&serviceLevel=${serviceLevel}`, caller)).body.tickets as Array<{
      id: number;
    }>
  ).map((ticket) => ticket.id);
const levels = (companyId: number) => harness.eventsOf(companyId, ServiceLevelChanged).map((event) => event.data);

describe('service levels', () => {
  let queueId: number;

  it('are set per queue by admins, applied to its open tickets', async () => {
    queueId = (await harness.http('POST', '/queue', setup.admin, { name: 'Suporte', color: '#4caf50' })).body.id;
    const set = await harness.http('PUT', `/service-levels/${queueId}`, setup.admin, {
      firstResponseMinutes: 1,
      resolutionHours: 4,
    });
    expect(set).toEqual({
      status: 200,
      body: { queueId, name: 'Suporte', firstResponseMinutes: 1, resolutionHours: 4, businessHours: false },
    });
    const listed = await harness.http('GET', '/service-levels', setup.admin);
    expect(listed.body).toEqual([
      { queueId, name: 'Suporte', firstResponseMinutes: 1, resolutionHours: 4, businessHours: false },
    ]);
  });

  it("answer 404 for another company's queue, 400 for bad targets and refuse agents", async () => {
    const foreign = (await harness.http('POST', '/queue', other.admin, { name: 'Outra', color: '#123456' })).body.id;
    const body = { firstResponseMinutes: 5, resolutionHours: null };
    expect((await harness.http('PUT', `/service-levels/${foreign}`, setup.admin, body)).status).toBe(404);
    const bad = await harness.http('PUT', `/service-levels/${queueId}`, setup.admin, {
      firstResponseMinutes: 0,
      resolutionHours: 1.5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect((await harness.http('PUT', `/service-levels/${queueId}`, setup.agent, body)).status).toBe(403);
    expect((await harness.http('GET', '/service-levels', setup.agent)).status).toBe(403);
    const [queue] = await harness.query<{ sla_first_response_minutes: number }>(
      'SELECT sla_first_response_minutes FROM tickets.queues WHERE id = $1',
      [queueId],
    );
    expect(queue?.sla_first_response_minutes).toBe(1);
  });

  it('mark a waiting ticket near, then past its first-response target, live, until an agent answers', async () => {
    const contactId = setup.companyId * 1000 + 1;
    const [ticket] = await harness.query<{ id: number }>(
      `INSERT INTO tickets.tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid, queue_id)
       VALUES ($1, $2, 'pending', $3, $4, '5511900000001@s.whatsapp.net', $5) RETURNING id`,
      [randomUUID(), setup.companyId, setup.connectionId, contactId, queueId],
    );
    const ticketId = ticket?.id as number;
    // the customer has waited 50 s of the minute
    const [cycle] = await harness.query<{ id: number; sla_first_response_s: number }>(
      `INSERT INTO tickets.ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, queue_id, created_at,
         queued_at)
       VALUES ($1, $2, $3, $4, $5, now() - interval '50 seconds', now() - interval '50 seconds')
       RETURNING id, sla_first_response_s`,
      [setup.companyId, ticketId, contactId, setup.connectionId, queueId],
    );
    expect(cycle?.sla_first_response_s).toBe(60);
    await sweep();
    await expectEventually(() =>
      expect(levels(setup.companyId).at(-1)).toMatchObject({
        ticketId,
        state: 'near',
        firstResponse: 'near',
        resolution: 'ok',
        status: 'pending',
        queueId,
      }),
    );
    expect(await sweep()).toBe(0);
    expect(await listed(setup.admin, 'near')).toEqual([ticketId]);
    expect(await listed(setup.admin, 'breached')).toEqual([]);

    await harness.query("UPDATE tickets.ticket_trackings SET created_at = now() - interval '2 minutes' WHERE id = $1", [
      cycle?.id,
    ]);
    await sweep();
    await expectEventually(() =>
      expect(levels(setup.companyId).at(-1)).toMatchObject({ ticketId, state: 'breached', firstResponse: 'breached' }),
    );
    expect(await listed(setup.admin, 'breached')).toEqual([ticketId]);
    expect(await listed(setup.admin, 'near')).toEqual([]);
    expect(await listed(other.admin, 'breached')).toEqual([]);
    const adminList = await harness.http('GET', '/service-levels/at-risk', setup.admin);
    expect(adminList.body).toEqual([expect.objectContaining({ ticketId, state: 'breached' })]);
    // the agent's queues do not cover this queue: not in their lists, not at risk for them
    expect((await harness.http('GET', '/service-levels/at-risk', setup.agent)).body).toEqual([]);
    expect((await harness.http('GET', '/service-levels/at-risk', other.admin)).body).toEqual([]);

    // the agent answers: the first response is given (late), the resolution target still holds
    await harness.query(
      `INSERT INTO tickets.messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, user_id)
       VALUES ($1, $2, $3, $4, $5, 'Olá! Como posso ajudar?', true, $6)`,
      [randomUUID(), setup.companyId, ticketId, contactId, setup.connectionId, setup.agent.userId],
    );
    await sweep();
    await expectEventually(() => expect(levels(setup.companyId).at(-1)).toMatchObject({ ticketId, state: 'ok' }));
    expect((await harness.http('GET', '/service-levels/at-risk', setup.admin)).body).toEqual([]);
    expect(await listed(setup.admin, 'breached')).toEqual([]);

    const day = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const report = await harness.http('GET', `/reports?from=${yesterday}&to=${day}&groupBy=queue`, setup.admin);
    const row = (report.body.rows as Array<{ key: number; breaches: { firstResponse: number } }>).find(
      (entry) => entry.key === queueId,
    );
    expect(row?.breaches.firstResponse).toBe(1);
  });
});
