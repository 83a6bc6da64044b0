/**
 * LGPD export in campaigns, on real PostgreSQL and Kafka: `privacy.export.requested` is answered with the person's
 * shippings of the company in `privacy.export.part` events of at most 100 rows, the last one marked; another
 * company's shippings stay out; a person without shippings gets one empty last part.
 */
import type pg from 'pg';
import { EXPORT_PART_ROWS } from '@cs/proto/events';
import { expectEventually, ExportTopicProbe, nextCompanyId } from '@cs/platform/testing';
import { sharedCampaigns } from '../support/service.js';

let db: pg.Client;
const probe = new ExportTopicProbe();
const number = `55218${String(Date.now()).slice(-8)}`;

beforeAll(async () => {
  ({ db } = await sharedCampaigns());
}, 60_000);

afterAll(() => probe.close());

/** `count` campaigns of the company, each with a sent shipping to `to`. */
async function shippings(companyId: number, to: string, count: number): Promise<void> {
  await db.query(
    `WITH created AS (
       INSERT INTO campaigns.campaigns (company_id, name, message1, status)
       SELECT $1, 'Campanha ' || n, 'Olá {nome}', 'FINALIZADA' FROM generate_series(1, $3) AS n RETURNING id)
     INSERT INTO campaigns.campaign_shippings (company_id, campaign_id, position, name, number, message, sent_at)
     SELECT $1, id, 0, 'Maria Titular', $2, 'Olá Maria Titular', now() FROM created`,
    [companyId, to, count],
  );
}

describe('export of a contact in campaigns', () => {
  it("answers with the person's shippings of the company in parts of at most 100, the last marked", async () => {
    const companyA = await nextCompanyId();
    const companyB = await nextCompanyId();
    await shippings(companyA, number, EXPORT_PART_ROWS + 1);
    await shippings(companyB, number, 1);

    const requestId = await probe.request(companyA, { contactId: 77, number });
    const parts = await expectEventually(async () => {
      const found = await probe.parts(requestId);
      expect(found.some((part) => part.last)).toBe(true);
      return found;
    });
    expect(parts.map(({ part, last, companyId }) => ({ part, last, companyId }))).toEqual([
      { part: 0, last: false, companyId: companyA },
      { part: 1, last: true, companyId: companyA },
    ]);
    expect(parts.map((part) => part.shippings.length)).toEqual([EXPORT_PART_ROWS, 1]);
    const rows = parts.flatMap((part) => part.shippings);
    expect(new Set(rows.map((row) => row.id)).size).toBe(EXPORT_PART_ROWS + 1);
    expect(rows[0]).toMatchObject({
      name: 'Maria Titular',
      number,
      message: 'Olá Maria Titular',
      campaignName: expect.stringMatching(/^Campanha \d+$/),
      sentAt: expect.any(String),
    });
  });

  it('answers one empty last part for a person without shippings', async () => {
    const requestId = await probe.request(await nextCompanyId(), { contactId: 78, number });
    const parts = await expectEventually(async () => {
      const found = await probe.parts(requestId);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(parts[0]).toMatchObject({ part: 0, last: true, shippings: [] });
  });
});
