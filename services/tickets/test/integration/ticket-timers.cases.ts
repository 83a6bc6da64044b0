/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- HTTP bodies are JSON read through assertions */
/**
 * The connection timers (a "minute" lasts 1 s here, `TICKETS_TIMER_MINUTE_MS`): the automation arms them on the
 * conversation's hooks — a message we send on an open ticket arms the inactivity close, a customer message on a
 * pending ticket in no queue arms the auto-transfer — and each job does its work when it comes due.
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { TicketUpdated } from '@cs/proto/events';
import { type CompanySetup, connectionSnapshot, inboundText, setupCompany, sharedHarness } from '../support/harness.js';

const harness = sharedHarness();

const ticketOf = async (setup: CompanySetup) =>
  expectEventually(async () => {
    const { body } = await harness.http('GET', '/tickets?showAll=true', setup.admin);
    const ticket = body.tickets?.find((item: { contactId: number }) => item.contactId === setup.contact.id);
    if (!ticket) throw new Error('no ticket yet');
    return ticket;
  });

const customerWrites = (setup: CompanySetup, text: string) =>
  harness.publish(
    'contacts.inbound-message.resolved',
    setup.companyId,
    'k',
    inboundText(setup.contact, setup.connectionId, text),
  );

it('closes an open ticket where we spoke last after expiresTicket minutes, with expiresInactiveMessage', async () => {
  const setup = await setupCompany(harness, await nextCompanyId(), {
    connection: { expiresTicket: 1, expiresInactiveMessage: 'Encerramos por falta de resposta.' },
  });
  await customerWrites(setup, 'Oi');
  const ticket = await ticketOf(setup);
  const accepted = await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'open' });
  expect(accepted.body.status).toBe('open');
  const reply = await harness.http('POST', `/messages/${ticket.id}`, setup.admin, { body: 'Posso ajudar?' });
  expect(reply.status).toBe(200);

  await harness.waitForText(setup.companyId, 'Encerramos por falta de resposta.');
  await expectEventually(async () => {
    const { body } = await harness.http('GET', `/tickets/${ticket.id}`, setup.admin);
    expect(body.status).toBe('closed');
  });
});

it('moves a pending ticket in no queue to sendIdQueue after timeSendQueue minutes', async () => {
  const setup = await setupCompany(harness, await nextCompanyId());
  const queue = (await harness.http('POST', '/queue', setup.admin, { name: 'Triagem', color: '#2196f3' })).body;
  await harness.publish(
    'whatsapp.connection.updated',
    setup.companyId,
    setup.connectionId,
    connectionSnapshot(setup.companyId, setup.connectionId, { timeSendQueue: 1, sendIdQueue: queue.id }),
  );
  await expectEventually(async () => {
    const [row] = await harness.query<{ send_id_queue: number | null }>(
      'SELECT send_id_queue FROM tickets.connections WHERE company_id = $1 AND id = $2',
      [setup.companyId, setup.connectionId],
    );
    expect(row?.send_id_queue).toBe(queue.id);
  });

  await customerWrites(setup, 'Bom dia');
  const ticket = await ticketOf(setup);
  expect(ticket).toMatchObject({ status: 'pending', queueId: null });

  await expectEventually(async () => {
    const { body } = await harness.http('GET', `/tickets/${ticket.id}`, setup.admin);
    expect(body).toMatchObject({ status: 'pending', queueId: queue.id });
  });
  // the event reaches the harness's consumer after the row is committed: wait for it
  await expectEventually(() =>
    expect(
      harness
        .eventsOf(setup.companyId, TicketUpdated)
        .some((event) => event.data.ticket.queueId === queue.id && event.data.previous?.queueId === null),
    ).toBe(true),
  );
});
