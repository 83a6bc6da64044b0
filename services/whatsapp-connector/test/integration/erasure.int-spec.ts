/**
 * LGPD erasure in the connector, on real PostgreSQL and Kafka: `privacy.erasure.requested` drops the provider's
 * caches of the person (by jid, number or LID), the sent commands and simulated copies of messages to them, what they
 * sent from the simulated phone, and fails their pending commands as `erased`, in the company only; tickets' confirmation, listing the stored media of the person's messages, has those files deleted
 * and the connector confirm.
 */
import { randomUUID } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { runMigrations } from '@cs/platform/database';
import {
  ErasureTopicProbe,
  expectEventually,
  nextCompanyId,
  serviceTestEnv,
  TEST_INTERNAL_TOKEN,
  testRun,
} from '@cs/platform/testing';
import { whatsappConnectorService } from '../../src/app.js';
import { createWhatsappDataSource } from '../../src/database/data-source.js';

let app: RunningApp<typeof whatsappConnectorService.envSchema>;
let db: pg.Client;
const probe = new ErasureTopicProbe();
const mediaDir = `/tmp/wa-media-${randomUUID()}`;
const number = `55219${String(Date.now()).slice(-8)}`;
const jid = `${number}@s.whatsapp.net`;

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  db = new pg.Client({ connectionString: testRun().databaseUrl, options: '-c search_path=whatsapp' });
  await db.connect();
  app = await startServiceApp(
    whatsappConnectorService,
    serviceTestEnv({ SIMULATOR_ENABLED: 'true', MEDIA_DIR: mediaDir, PUBLIC_URL: 'http://gateway.test' }),
    { port: 0 },
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await probe.close();
  await db?.end();
});

/**
 * What Baileys keeps of a chat with the person, a message sent to them (its command, as the Cloud API's are kept, and
 * the simulated phone's copy), a send to them still pending, two messages they sent from the simulated phone (one not
 * delivered yet), and a stored media file of theirs.
 */
async function cached(companyId: number): Promise<string> {
  const connectionId = companyId * 10 + 3;
  await db.query(
    `INSERT INTO baileys_contacts (company_id, connection_id, jid, number, lid, name, notify)
     VALUES ($1, $2, $3, $4, '99887766@lid', 'Maria Titular', 'Maria')`,
    [companyId, connectionId, jid, number],
  );
  await db.query(
    `INSERT INTO baileys_messages (company_id, connection_id, message_id, chat_jid, from_me, content)
     VALUES ($1, $2, $3, $4, false, '{"conversation":"meu CPF"}')`,
    [companyId, connectionId, `WA-${randomUUID()}`, jid],
  );
  const content = { kind: 'text', body: 'Seu CPF está cadastrado' };
  await db.query(
    `INSERT INTO session_commands (command_id, company_id, connection_id, kind, payload, status, done_at)
     VALUES ($1, $2, $3, 'send', $4::jsonb, 'done', now())`,
    [randomUUID(), companyId, connectionId, JSON.stringify({ connectionId, chatJid: jid, content })],
  );
  await db.query(
    `INSERT INTO session_commands (command_id, company_id, connection_id, kind, payload, status, done_at, outcome)
     VALUES ($1, $2, $3, 'check-numbers', $4::jsonb, 'done', now(), $5::jsonb)`,
    [
      randomUUID(),
      companyId,
      connectionId,
      JSON.stringify({ connectionId, numbers: [number] }),
      JSON.stringify([{ number, exists: true, jid }]),
    ],
  );
  await db.query(
    `INSERT INTO session_commands (command_id, company_id, connection_id, kind, payload)
     VALUES ($1, $2, $3, 'send', $4::jsonb)`,
    [pendingCommand(companyId), companyId, connectionId, JSON.stringify({ connectionId, chatJid: jid, content })],
  );
  await db.query(
    `INSERT INTO simulator_sent (company_id, connection_id, message_id, idempotency_key, chat_jid, content, sent_by,
                                 sent_epoch)
     VALUES ($1, $2, $3, $3, $4, $5::jsonb, 'test', 1)`,
    [companyId, connectionId, `SIM-${randomUUID()}`, jid, JSON.stringify(content)],
  );
  for (const delivered of [true, false]) {
    await db.query(
      `INSERT INTO simulator_inbox (company_id, connection_id, message_id, kind, payload, delivered_at)
       VALUES ($1, $2, $3, 'message', $4::jsonb, CASE WHEN $5 THEN now() END)`,
      [
        companyId,
        connectionId,
        `SIM${randomUUID()}`,
        JSON.stringify({ from: { number, name: 'Maria' }, kind: 'text', body: 'meu CPF é 123' }),
        delivered,
      ],
    );
  }
  return storedFile(companyId);
}

/** The command id of the company's pending send to the person (one per company). */
const pendingCommands = new Map<number, string>();
const pendingCommand = (companyId: number): string => {
  if (!pendingCommands.has(companyId)) pendingCommands.set(companyId, randomUUID());
  return pendingCommands.get(companyId)!;
};

/** A stored media file of the company's connection. */
async function storedFile(companyId: number): Promise<string> {
  const connectionId = companyId * 10 + 3;
  const key = `${companyId}/${connectionId}/${randomUUID()}-rg.jpg`;
  await mkdir(join(mediaDir, `${companyId}`, `${connectionId}`), { recursive: true });
  await writeFile(join(mediaDir, key), 'jpeg');
  return key;
}

const rowsOf = async (companyId: number): Promise<number> =>
  (
    await db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM baileys_contacts WHERE company_id = $1)::int
            + (SELECT count(*) FROM baileys_messages WHERE company_id = $1)::int
            + (SELECT count(*) FROM session_commands WHERE company_id = $1 AND payload <> '{}'::jsonb)::int
            + (SELECT count(*) FROM simulator_sent WHERE company_id = $1)::int
            + (SELECT count(*) FROM simulator_inbox WHERE company_id = $1)::int AS n`,
      [companyId],
    )
  ).rows[0]!.n;
const exists = (key: string): Promise<boolean> =>
  access(join(mediaDir, key)).then(
    () => true,
    () => false,
  );

describe('erasure of a contact in the connector', () => {
  it("drops the person's caches, deletes the media tickets lists, and confirms", async () => {
    const companyA = await nextCompanyId();
    const companyB = await nextCompanyId();
    const mediaA = await cached(companyA);
    const mediaB = await cached(companyB);

    const requestId = await probe.request(companyA, { contactId: 31, number, lid: null, whatsappJid: jid });
    await expectEventually(async () => expect(await rowsOf(companyA)).toBe(0));
    expect(await rowsOf(companyB)).toBe(8);
    // the pending send is never carried out, and its id still refuses the same command published again
    const pending = await db.query<{ status: string; outcome: unknown }>(
      'SELECT status, outcome FROM session_commands WHERE command_id = $1',
      [pendingCommand(companyA)],
    );
    expect(pending.rows).toEqual([{ status: 'failed', outcome: 'erased' }]);
    // the connector confirms only once the media of the person's messages is gone too
    expect((await probe.confirmations(requestId)).get('whatsapp-connector')).toBeUndefined();

    await probe.confirm(companyA, {
      requestId,
      contactId: 31,
      service: 'tickets',
      removed: { messages: 2 },
      mediaUrls: [`http://gateway.test/media/whatsapp/${mediaA}`, 'https://elsewhere.example/rg.jpg'],
    });
    const confirmed = await expectEventually(async () => {
      const found = (await probe.confirmations(requestId)).get('whatsapp-connector');
      expect(found).toBeDefined();
      return found!;
    });
    expect(confirmed.removed).toEqual({ media: 1 });
    expect(await exists(mediaA)).toBe(false);
    expect(await exists(mediaB)).toBe(true);

    // a second request finds nothing left: the connector confirms it with no file removed
    const again = await probe.request(companyA, { contactId: 31, number, lid: null, whatsappJid: jid });
    await probe.confirm(companyA, { requestId: again, contactId: 31, service: 'tickets', removed: {}, mediaUrls: [] });
    const second = await expectEventually(async () => {
      const found = (await probe.confirmations(again)).get('whatsapp-connector');
      expect(found).toBeDefined();
      return found!;
    });
    expect(second.removed).toEqual({ media: 0 });
    expect(await rowsOf(companyA)).toBe(0);
    expect(
      (await db.query('SELECT 1 FROM session_commands WHERE command_id = $1', [pendingCommand(companyA)])).rowCount,
    ).toBe(1);
    const served = await fetch(`${app.url}/media/whatsapp/${mediaA}`, {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect(served.status).not.toBe(200);
  });

  it("deletes the stored media of a company's retention batch", async () => {
    const companyId = await nextCompanyId();
    const kept = await storedFile(companyId);
    const expired = await storedFile(companyId);
    await probe.retentionApplied(companyId, {
      messages: 3,
      mediaUrls: [`http://gateway.test/media/whatsapp/${expired}`],
    });
    await expectEventually(async () => expect(await exists(expired)).toBe(false));
    expect(await exists(kept)).toBe(true);
  });
});
