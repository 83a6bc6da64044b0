/* HTTP bodies are JSON read through assertions */
/**
 * `GET /messages-allMe` (the established dashboard's message cards, `data.count[0].count`): the caller's
 * company's messages sent, received or all, within whole days of its time zone (São Paulo, UTC-3); another
 * company's messages never count.
 */
import { randomUUID } from 'node:crypto';
import { nextCompanyId, upstreamGaps } from '@cs/platform/testing';
import { type CompanySetup, setupCompany, sharedHarness } from '../support/harness.js';

const harness = sharedHarness();
let mine: CompanySetup;
let theirs: CompanySetup;

/** A ticket of the company with messages at the given local times (`YYYY-MM-DD HH:MM`), sent by us or not. */
async function messages(companyId: number, list: Array<{ at: string; fromMe: boolean }>): Promise<void> {
  const [ticket] = await harness.query<{ id: number }>(
    `INSERT INTO tickets.tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid)
     VALUES ($1, $2, 'open', 1, $3, $4) RETURNING id`,
    [randomUUID(), companyId, companyId * 100 + 1, `5511${companyId}@s.whatsapp.net`],
  );
  for (const message of list) {
    await harness.query(
      `INSERT INTO tickets.messages (id, company_id, ticket_id, whatsapp_id, body, from_me, created_at)
       VALUES ($1, $2, $3, 1, 'oi', $4, $5)`,
      [randomUUID(), companyId, ticket?.id, message.fromMe, `${message.at}:00-03`],
    );
  }
}

beforeAll(async () => {
  mine = await setupCompany(harness, await nextCompanyId());
  theirs = await setupCompany(harness, await nextCompanyId());
  await messages(mine.companyId, [
    { at: '2026-04-01 08:00', fromMe: false },
    { at: '2026-04-01 08:05', fromMe: true },
    { at: '2026-04-02 23:30', fromMe: true }, // 02:30 UTC on the 3rd: still the 2nd here
    { at: '2026-04-03 00:10', fromMe: false },
    { at: '2026-03-31 23:59', fromMe: false },
  ]);
  await messages(theirs.companyId, [
    { at: '2026-04-01 09:00', fromMe: true },
    { at: '2026-04-01 09:01', fromMe: false },
  ]);
});

const count = async (caller: CompanySetup['admin'], query: string): Promise<number> => {
  const { status, body } = await harness.http<{ count: Array<{ count: number }> }>(
    'GET',
    `/messages-allMe${query}`,
    caller,
  );
  expect(status).toBe(200);
  expect(upstreamGaps('http.get-messages-allMe', body)).toEqual([]);
  return body.count[0]?.count ?? -1;
};

describe('GET /messages-allMe', () => {
  it('counts the messages sent, received and all of the days asked, in the company time zone', async () => {
    expect(await count(mine.admin, '?fromMe=true&dateStart=2026-04-01&dateEnd=2026-04-02')).toBe(2);
    expect(await count(mine.admin, '?fromMe=false&dateStart=2026-04-01&dateEnd=2026-04-02')).toBe(1);
    expect(await count(mine.admin, '?dateStart=2026-04-01&dateEnd=2026-04-02')).toBe(3);
    expect(await count(mine.admin, '?fromMe=false&dateStart=2026-04-03&dateEnd=2026-04-03')).toBe(1);
    // without days: every message of the company (the dashboard's "total" cards)
    expect(await count(mine.admin, '?fromMe=true')).toBe(2);
    expect(await count(mine.admin, '?fromMe=false')).toBe(3);
    expect(await count(mine.admin, '')).toBe(5);
  });

  it("never counts another company's messages, and answers agents too", async () => {
    expect(await count(theirs.admin, '?fromMe=true&dateStart=2026-04-01&dateEnd=2026-04-02')).toBe(1);
    expect(await count(theirs.agent, '')).toBe(2);
    expect(await count(mine.agent, '?fromMe=true&dateStart=2026-04-01&dateEnd=2026-04-01')).toBe(1);
  });

  it('refuses a malformed day, a reversed period and an unknown fromMe with the validation error', async () => {
    for (const query of [
      '?dateStart=01/04/2026&dateEnd=2026-04-02',
      '?dateStart=2026-04-03&dateEnd=2026-04-01',
      '?fromMe=sim',
    ]) {
      const { status, body } = await harness.http('GET', `/messages-allMe${query}`, mine.admin);
      expect([status, body.error]).toEqual([400, 'ERR_VALIDATION']);
    }
  });
});
