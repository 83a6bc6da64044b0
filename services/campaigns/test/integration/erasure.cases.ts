/**
 * LGPD erasure in campaigns, on real PostgreSQL and Kafka: `privacy.erasure.requested` anonymises the person's
 * shippings of the company (a shipping not yet sent is failed so no dispatch sends it), leaves another company's
 * alone, and confirms; a second request finds nothing left.
 */
import type pg from 'pg';
import { ErasureTopicProbe, expectEventually, nextCompanyId } from '@cs/platform/testing';
import { sharedCampaigns } from '../support/service.js';

let db: pg.Client;
const probe = new ErasureTopicProbe();
const number = `55219${String(Date.now()).slice(-8)}`;

beforeAll(async () => {
  ({ db } = await sharedCampaigns());
}, 60_000);

afterAll(() => probe.close());

/** A campaign of the company with a shipping to `to` (sent or still waiting), as the dispatch engine leaves it. */
async function shipping(companyId: number, to: string, sent: boolean): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO campaigns.campaigns (company_id, name, message1, status)
     VALUES ($1, 'Black Friday', 'Olá {nome}', $2) RETURNING id`,
    [companyId, sent ? 'FINALIZADA' : 'EM_ANDAMENTO'],
  );
  const campaignId = rows[0]!.id;
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO campaigns.campaign_shippings (company_id, campaign_id, position, name, number, email, message, sent_at)
     VALUES ($1, $2, 0, 'Maria Titular', $3, 'maria@exemplo.com.br', 'Olá Maria Titular', $4) RETURNING id`,
    [companyId, campaignId, to, sent ? new Date() : null],
  );
  return Number(inserted.rows[0]!.id);
}

const read = async (id: number) =>
  (
    await db.query<Record<string, unknown>>(
      `SELECT name, number, email, message, failed_at IS NOT NULL AS failed, error
         FROM campaigns.campaign_shippings WHERE id = $1`,
      [id],
    )
  ).rows[0];

describe('erasure of a contact in campaigns', () => {
  it("anonymises the person's shippings of the company, fails the unsent one, and confirms", async () => {
    const companyA = await nextCompanyId();
    const companyB = await nextCompanyId();
    const sent = await shipping(companyA, number, true);
    const waiting = await shipping(companyA, number, false);
    const otherCompany = await shipping(companyB, number, true);

    const requestId = await probe.request(companyA, {
      contactId: 77,
      number,
      lid: null,
      whatsappJid: `${number}@s.whatsapp.net`,
    });
    const confirmed = await expectEventually(async () => {
      const found = (await probe.confirmations(requestId)).get('campaigns');
      expect(found).toBeDefined();
      return found!;
    });
    expect(confirmed.removed).toEqual({ shippings: 2 });

    expect(await read(sent)).toEqual({
      name: '',
      number: `-${sent}`,
      email: '',
      message: '',
      failed: false,
      error: null,
    });
    expect(await read(waiting)).toMatchObject({
      name: '',
      number: `-${waiting}`,
      message: '',
      failed: true,
      error: 'ERASED',
    });
    expect(await read(otherCompany)).toMatchObject({ name: 'Maria Titular', number, message: 'Olá Maria Titular' });

    const again = await probe.request(companyA, { contactId: 77, number, lid: null, whatsappJid: null });
    await expectEventually(async () => {
      expect((await probe.confirmations(again)).get('campaigns')?.removed).toEqual({ shippings: 0 });
    });
  });
});
