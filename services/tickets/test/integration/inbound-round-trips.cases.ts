/* HTTP bodies are JSON read through assertions */
/**
 * The round trips of the inbound path (issue 22: the path is bound by serial waits, not CPU): the statements the
 * service sends for one customer message, counted in the transaction that handled its event (BEGIN, the inbox
 * row, the handler's statements, COMMIT). A guard against a change that quietly adds queries per message.
 */
import { DataSource } from 'typeorm';
import { expectEventually, nextCompanyId, type Statement, StatementLog } from '@cs/platform/testing';
import {
  addContact,
  type CompanySetup,
  inboundText,
  setupCompany,
  sharedHarness,
  updateConnection,
} from '../support/harness.js';

const harness = sharedHarness();
let log: StatementLog;

async function send(setup: CompanySetup, body: string, contact = setup.contact): Promise<Statement[]> {
  const eventId = await harness.publish(
    'contacts.inbound-message.resolved',
    setup.companyId,
    `${setup.connectionId}:${contact.number}`,
    inboundText(contact, setup.connectionId, body),
  );
  return expectEventually(() => {
    const statements = log.transactionOf(eventId);
    if (!statements?.some((statement) => statement.sql === 'COMMIT')) throw new Error('not handled yet');
    return statements;
  });
}

/** At most `bound` statements (each a round trip to PostgreSQL), else the list of them in the failure. */
function expectAtMost(statements: Statement[], bound: number): void {
  if (statements.length <= bound) return;
  const listed = statements.map((statement) => statement.sql.slice(0, 160)).join('\n');
  throw new Error(`${statements.length} statements, at most ${bound} expected:\n${listed}`);
}

/** The row version of the contact's projection (a new one on every write). */
const contactVersion = async (setup: CompanySetup): Promise<string | undefined> =>
  (
    await harness.query<{ xmin: string }>('SELECT xmin::text FROM tickets.contacts WHERE company_id = $1 AND id = $2', [
      setup.companyId,
      setup.contact.id,
    ])
  )[0]?.xmin;

describe('statements per inbound message', () => {
  let setup: CompanySetup;

  afterAll(() => log.stop());

  beforeAll(async () => {
    // the app of this moment: a case before this one may have restarted it
    log = new StatementLog(harness.app.app.get(DataSource));
    setup = await setupCompany(harness, await nextCompanyId());
    const queue = async (name: string, color: string, orderQueue: number) =>
      (await harness.http('POST', '/queue', setup.admin, { name, color, orderQueue })).body.id as number;
    const sales = await queue('Vendas', '#2196f3', 1);
    const support = await queue('Suporte', '#4caf50', 2);
    await updateConnection(harness, setup, {
      queueIds: [sales, support],
      greetingMessage: 'Olá {{firstName}}! Escolha uma opção:',
    });
  });

  it('a first message: the ticket is created and the queue menu sent (31 statements before issue 22, 17 after)', async () => {
    const statements = await send(setup, 'Oi, bom dia');
    await harness.waitForText(setup.companyId, 'Olá Maria! Escolha uma opção:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte');
    expectAtMost(statements, 19);
  });

  it('a message to an open ticket (19 statements before issue 22, 7 after), the unchanged contact not rewritten', async () => {
    const [ticket] = await harness.query<{ id: number }>(
      'SELECT id FROM tickets.tickets WHERE company_id = $1 AND contact_id = $2',
      [setup.companyId, setup.contact.id],
    );
    const accepted = await harness.http('PUT', `/tickets/${ticket?.id}`, setup.admin, {
      status: 'open',
      userId: setup.admin.userId,
    });
    expect(accepted.status).toBe(200);
    const version = await contactVersion(setup);
    const statements = await send(setup, 'Quero saber o preço');
    expectAtMost(statements, 8);
    expect(await contactVersion(setup)).toBe(version);
    await expectEventually(() => {
      const event = harness
        .events(setup.companyId, 'tickets.ticket.updated')
        .find(
          (item) => (item.data as { ticket: { lastMessage: string } }).ticket.lastMessage === 'Quero saber o preço',
        );
      expect(event?.data).toMatchObject({
        ticket: { id: ticket?.id, status: 'open', userId: setup.admin.userId, unreadMessages: 1 },
        previous: { status: 'open', userId: setup.admin.userId },
      });
    });
  });

  it('a message to a pending ticket waiting in a queue (20 statements before issue 22, 9 after)', async () => {
    const waiting = await addContact(
      harness,
      setup.companyId,
      setup.contact.id + 1,
      'João Lima',
      `${setup.contact.number}9`,
    );
    await send(setup, 'Olá', waiting);
    await send(setup, '1', waiting);
    await expectEventually(async () => {
      const [row] = await harness.query<{ queue_id: number | null }>(
        'SELECT queue_id FROM tickets.tickets WHERE company_id = $1 AND contact_id = $2',
        [setup.companyId, waiting.id],
      );
      expect(row?.queue_id).not.toBeNull();
    });
    const statements = await send(setup, 'Alguém aí?', waiting);
    expectAtMost(statements, 10);
  });

  it('a contact that changed is still written to the projection with the message', async () => {
    const renamed = { ...setup.contact, name: 'Maria Souza Lima', updatedAt: new Date().toISOString() };
    await send(setup, 'Mudei meu nome', renamed);
    const [row] = await harness.query<{ name: string }>(
      'SELECT name FROM tickets.contacts WHERE company_id = $1 AND id = $2',
      [setup.companyId, setup.contact.id],
    );
    expect(row?.name).toBe('Maria Souza Lima');
    await expectEventually(() => {
      const event = harness
        .events(setup.companyId, 'tickets.message.created')
        .find((item) => (item.data as { message: { body: string } }).message.body === 'Mudei meu nome');
      expect(event?.data).toMatchObject({ ticket: { contact: { name: 'Maria Souza Lima' } } });
    });
  });
});
