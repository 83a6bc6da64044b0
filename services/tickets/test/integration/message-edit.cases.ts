/* eslint-disable @typescript-eslint/no-unsafe-call -- HTTP bodies are JSON read through assertions */
/**
 * `POST /messages/edit/{id}`: an agent corrects one of their text messages. The row and the message view change,
 * `tickets.message.updated` announces it, the connector gets `whatsapp.message.edit` (outbox) and a failed edit
 * puts the previous text back. Refused: inbound, media, too old (WhatsApp's 15 minutes), empty, unseen tickets
 * and another company's messages.
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { EditMessage, MessageUpdated, SendMessage, TicketUpdated } from '@cs/proto/events';
import { type CompanySetup, setupCompany, sharedHarness, ticketFrom } from '../support/harness.js';

const harness = sharedHarness();
let a: CompanySetup;
let b: CompanySetup;
let ticketId: number;

beforeAll(async () => {
  a = await setupCompany(harness, await nextCompanyId());
  b = await setupCompany(harness, await nextCompanyId());
  ticketId = (await ticketFrom(harness, a, a.contact, 'Qual o prazo de entrega?')).id;
  const accepted = await harness.http('PUT', `/tickets/${ticketId}`, a.admin, {
    status: 'open',
    userId: a.admin.userId,
  });
  expect(accepted.status).toBe(200);
}, 120_000);

/** The admin sends a reply and the connector reports it sent (it has a WhatsApp id). */
async function sentReply(input: { body: string; mediaUrl?: string }, waId: string): Promise<{ id: string }> {
  const { status, body } = await harness.http('POST', `/messages/${ticketId}`, a.admin, input);
  expect(status).toBe(200);
  const message = body[0] as { id: string };
  const command = await expectEventually(() => {
    const found = harness.eventsOf(a.companyId, SendMessage).find((event) => event.data.clientMessageId === message.id);
    if (!found) throw new Error('no send command');
    return found.data;
  });
  await harness.publish('whatsapp.message.sent', a.companyId, 'k', {
    commandId: command.commandId,
    clientMessageId: message.id,
    connectionId: a.connectionId,
    chatJid: command.chatJid,
    messageId: waId,
    timestamp: new Date().toISOString(),
  });
  await expectEventually(async () => {
    const [row] = await harness.query('SELECT wa_id FROM tickets.messages WHERE company_id = $1 AND id = $2', [
      a.companyId,
      message.id,
    ]);
    expect(row?.['wa_id']).toBe(waId);
  });
  return message;
}

const edit = (id: string, body: unknown, caller: typeof a.admin | null = a.admin) =>
  harness.http('POST', `/messages/edit/${id}`, caller, body === undefined ? undefined : { body });

const rowOf = async (id: string) =>
  (
    await harness.query<{ body: string; is_edited: boolean }>(
      'SELECT body, is_edited FROM tickets.messages WHERE company_id = $1 AND id = $2',
      [a.companyId, id],
    )
  )[0];

describe('POST /messages/edit/{id}', () => {
  it('edits our text message: the row, the answer, the update event and the connector command', async () => {
    const message = await sentReply({ body: 'Entregamos amanhã às 9h.' }, 'WA-EDIT-1');
    const { status, body } = await edit(message.id, '  Entregamos amanhã às 10h.  ');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: message.id, body: 'Entregamos amanhã às 10h.', isEdited: true, fromMe: true });
    expect(await rowOf(message.id)).toEqual({ body: 'Entregamos amanhã às 10h.', is_edited: true });
    // it was the ticket's last message: the list shows the new text
    const ticket = await harness.http('GET', `/tickets/${ticketId}`, a.admin);
    expect(ticket.body.lastMessage).toBe('Entregamos amanhã às 10h.');
    await expectEventually(() =>
      expect(
        harness
          .eventsOf(a.companyId, TicketUpdated)
          .some((event) => event.data.ticket.lastMessage === 'Entregamos amanhã às 10h.'),
      ).toBe(true),
    );

    const page = await harness.http('GET', `/messages/${ticketId}`, a.admin);
    expect(page.body.messages.find((item: { id: string }) => item.id === message.id)).toMatchObject({
      body: 'Entregamos amanhã às 10h.',
      isEdited: true,
    });
    await expectEventually(() => {
      const updates = harness
        .eventsOf(a.companyId, MessageUpdated)
        .map((event) => event.data)
        .filter((data) => data.message.id === message.id && data.message.isEdited);
      expect(updates.at(-1)?.message.body).toBe('Entregamos amanhã às 10h.');
    });
    // the command is written to the outbox in the edit's transaction and relayed to the connector's topic
    const command = await expectEventually(() => {
      const found = harness.events(a.companyId, 'whatsapp.message.edit').at(-1);
      if (!found) throw new Error('no edit command');
      return found;
    });
    expect(command.data).toMatchObject({
      clientMessageId: message.id,
      connectionId: a.connectionId,
      chatJid: `${a.contact.number}@s.whatsapp.net`,
      messageId: 'WA-EDIT-1',
      body: 'Entregamos amanhã às 10h.',
      previous: { body: 'Entregamos amanhã às 9h.', isEdited: false },
    });
  });

  it('puts the previous text back when the connector reports the edit failed', async () => {
    const message = await sentReply({ body: 'Pedido 1234 confirmado.' }, 'WA-EDIT-2');
    expect((await edit(message.id, 'Pedido 1243 confirmado.')).status).toBe(200);
    const command = await expectEventually(() => {
      const found = harness
        .eventsOf(a.companyId, EditMessage)
        .find((event) => event.data.clientMessageId === message.id);
      if (!found) throw new Error('no edit command');
      return found.data;
    });
    await harness.publish('whatsapp.message.edit-failed', a.companyId, 'k', {
      ...command,
      error: 'ERR_EDIT_WAPP_MSG',
      reason: 'the WhatsApp Cloud API cannot edit a sent message',
    });
    await expectEventually(async () =>
      expect(await rowOf(message.id)).toEqual({ body: 'Pedido 1234 confirmado.', is_edited: false }),
    );
    expect((await harness.http('GET', `/tickets/${ticketId}`, a.admin)).body.lastMessage).toBe(
      'Pedido 1234 confirmado.',
    );
    await expectEventually(() => {
      const last = harness
        .eventsOf(a.companyId, MessageUpdated)
        .map((event) => event.data)
        .filter((data) => data.message.id === message.id)
        .at(-1);
      expect(last?.message).toMatchObject({ body: 'Pedido 1234 confirmado.', isEdited: false });
    });
  });

  it('refuses an edit after the 15 minutes WhatsApp allows', async () => {
    const message = await sentReply({ body: 'Mensagem antiga' }, 'WA-EDIT-3');
    await harness.query(
      `UPDATE tickets.messages SET created_at = now() - interval '16 minutes' WHERE company_id = $1 AND id = $2`,
      [a.companyId, message.id],
    );
    const { status, body } = await edit(message.id, 'Mensagem corrigida');
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_MESSAGE_EDIT_EXPIRED');
    expect(await rowOf(message.id)).toEqual({ body: 'Mensagem antiga', is_edited: false });
  });

  it("refuses the contact's messages, media and empty texts", async () => {
    const inbound = await harness.query<{ id: string }>(
      'SELECT id FROM tickets.messages WHERE company_id = $1 AND ticket_id = $2 AND from_me = false LIMIT 1',
      [a.companyId, ticketId],
    );
    const fromContact = await edit(inbound[0]?.id ?? '', 'Outro texto');
    expect(fromContact.status).toBe(403);
    expect(fromContact.body.error).toBe('ERR_NO_PERMISSION');

    const picture = await sentReply({ body: 'Foto', mediaUrl: 'https://cdn.example.com/foto.png' }, 'WA-EDIT-4');
    const media = await edit(picture.id, 'Outra legenda');
    expect(media.status).toBe(400);
    expect(media.body.error).toBe('ERR_MESSAGE_NOT_EDITABLE');

    const text = await sentReply({ body: 'Texto' }, 'WA-EDIT-5');
    for (const body of ['   ', '', undefined]) {
      const empty = await edit(text.id, body);
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe('ERR_VALIDATION');
    }
    expect(await rowOf(text.id)).toEqual({ body: 'Texto', is_edited: false });
  });

  it("answers 404 for a ticket the caller may not see and for another company's message, 401 without a user", async () => {
    const message = await sentReply({ body: 'Só o admin vê' }, 'WA-EDIT-6');
    // the agent has no queues and the ticket is the admin's
    const hidden = await edit(message.id, 'Alterada', a.agent);
    expect(hidden.status).toBe(404);
    const other = await edit(message.id, 'Alterada', b.admin);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('ERR_NOT_FOUND');
    expect((await edit(message.id, 'Alterada', null)).status).toBe(401);
    expect(await rowOf(message.id)).toEqual({ body: 'Só o admin vê', is_edited: false });
  });
});
