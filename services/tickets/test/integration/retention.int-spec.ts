/**
 * Message retention in tickets, on real PostgreSQL and Kafka: with `messageRetentionDays` set, the job erases the
 * bodies and media of messages of tickets closed longer ago than that, in bounded batches, and lists the
 * connector's files for it to delete; open tickets, recently closed ones and companies without the setting keep
 * everything; a second run finds nothing left. The job runs on the `TICKETS_RETENTION_CRON` schedule in batches of
 * `TICKETS_RETENTION_BATCH` messages.
 */
import { randomUUID } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addContact, type CompanySetup, Harness, inboundText, setupCompany, ticketFrom } from '../support/harness.js';
import { ErasureTopicProbe, expectEventually, nextCompanyId } from '@cs/platform/testing';
import { MessageRetention, RETENTION_JOB } from '../../src/modules/privacy/message-retention.js';

/** The operator's settings: a daily run at 03:07 and batches of 2 messages (to see several). */
const RETENTION_CRON = '7 3 * * *';
const harness = new Harness({ TICKETS_RETENTION_CRON: RETENTION_CRON, TICKETS_RETENTION_BATCH: '2' });
const probe = new ErasureTopicProbe();
let a: CompanySetup;
let b: CompanySetup;

beforeAll(async () => {
  await harness.start();
  a = await setupCompany(harness, await nextCompanyId(), { settings: { messageRetentionDays: '30' } });
  b = await setupCompany(harness, await nextCompanyId());
}, 120_000);

afterAll(async () => {
  await probe.close();
  await harness.stop();
}, 120_000);

/** A ticket of the contact with a few messages, closed (or not) `daysAgo` days ago. */
async function history(
  setup: CompanySetup,
  contact: CompanySetup['contact'],
  daysAgo: number,
  status: 'closed' | 'open',
  media: string[] = [],
): Promise<number> {
  const ticket = await ticketFrom(harness, setup, contact, `Olá, sou ${contact.name}`);
  for (const url of media) {
    const message = inboundText(contact, setup.connectionId, 'arquivo');
    Object.assign(message.source.data, {
      kind: 'document',
      media: { url, mimeType: 'application/pdf', fileName: 'doc.pdf', size: 20 },
    });
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      `${setup.connectionId}:${contact.number}`,
      message,
    );
  }
  await expectEventually(async () => {
    const rows = await harness.query('SELECT 1 FROM tickets.messages WHERE company_id = $1 AND ticket_id = $2', [
      setup.companyId,
      ticket.id,
    ]);
    expect(rows).toHaveLength(1 + media.length);
  });
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await harness.query('UPDATE tickets.tickets SET status = $3, updated_at = $4 WHERE company_id = $1 AND id = $2', [
    setup.companyId,
    ticket.id,
    status,
    at,
  ]);
  await harness.query('UPDATE tickets.messages SET created_at = $3 WHERE company_id = $1 AND ticket_id = $2', [
    setup.companyId,
    ticket.id,
    at,
  ]);
  return ticket.id;
}

const bodies = async (companyId: number, ticketId: number): Promise<string[]> =>
  (
    await harness.query<{ body: string }>(
      'SELECT body FROM tickets.messages WHERE company_id = $1 AND ticket_id = $2 ORDER BY seq',
      [companyId, ticketId],
    )
  ).map((row) => row.body);

describe('message retention', () => {
  it("erases the messages of tickets closed more than the company's days ago, in batches, and only those", async () => {
    const connectorFile = `http://gateway.test/media/whatsapp/${a.companyId}/${a.connectionId}/${randomUUID()}-a.pdf`;
    const ownPath = `${a.companyId}/messages/${randomUUID()}-b.pdf`;
    await mkdir(join(harness.mediaDir, `${a.companyId}`, 'messages'), { recursive: true });
    await writeFile(join(harness.mediaDir, ownPath), '%PDF-1.4');
    const old = await history(a, a.contact, 40, 'closed', [
      connectorFile,
      `http://gateway.test/media/tickets/${ownPath}`,
    ]);
    const recent = await history(
      a,
      await addContact(harness, a.companyId, a.contact.id + 100, 'Recente', `5511988${a.companyId}01`),
      10,
      'closed',
    );
    const open = await history(
      a,
      await addContact(harness, a.companyId, a.contact.id + 200, 'Aberto', `5511988${a.companyId}02`),
      40,
      'open',
    );
    const otherCompany = await history(b, b.contact, 400, 'closed');

    const retention = harness.app.app.get(MessageRetention);
    expect(await retention.run()).toBe(3);

    expect(await bodies(a.companyId, old)).toEqual(['', '', '']);
    const [ticket] = await harness.query<{ last_message: string }>(
      'SELECT last_message FROM tickets.tickets WHERE company_id = $1 AND id = $2',
      [a.companyId, old],
    );
    expect(ticket?.last_message).toBe('');
    expect(
      await harness.query(
        'SELECT 1 FROM tickets.messages WHERE company_id = $1 AND ticket_id = $2 AND media_url IS NOT NULL',
        [a.companyId, old],
      ),
    ).toEqual([]);
    await expect(access(join(harness.mediaDir, ownPath))).rejects.toThrow();
    expect(await bodies(a.companyId, recent)).toEqual(['Olá, sou Recente']);
    expect(await bodies(a.companyId, open)).toEqual(['Olá, sou Aberto']);
    expect(await bodies(b.companyId, otherCompany)).toEqual([`Olá, sou ${b.contact.name}`]);

    const batches = await expectEventually(async () => {
      const found = await probe.retentionBatches(a.companyId);
      expect(found.map((event) => event.data.messages)).toEqual([2, 1]);
      return found;
    });
    expect(batches.flatMap((event) => event.data.mediaUrls)).toEqual([connectorFile]);

    // nothing is left to erase: a second run (or one repeated after a crash) changes nothing
    expect(await retention.run()).toBe(0);
  });

  it('is scheduled on the TICKETS_RETENTION_CRON setting', async () => {
    expect(
      await harness.query('SELECT cron, timezone FROM tickets_jobs.schedule WHERE name = $1', [RETENTION_JOB]),
    ).toEqual([{ cron: RETENTION_CRON, timezone: 'America/Sao_Paulo' }]);
  });
});
