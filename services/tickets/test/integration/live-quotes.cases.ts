/**
 * The live event of a new message carries the message it quotes (`tickets.message.created`'s `quotedMsg`), as the
 * message view does: an agent's reply quoting the customer, and a customer's answer quoting the agent's reply (by
 * its WhatsApp id), reach the open chat with their quote, without a reload.
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { MessageCreated, SendMessage } from '@cs/proto/events';
import { type CompanySetup, inboundText, setupCompany, sharedHarness, ticketFrom } from '../support/harness.js';

const harness = sharedHarness();
let a: CompanySetup;
let ticketId: number;

beforeAll(async () => {
  a = await setupCompany(harness, await nextCompanyId());
  ticketId = (await ticketFrom(harness, a, a.contact, 'Qual o prazo de entrega?')).id;
  const accepted = await harness.http('PUT', `/tickets/${ticketId}`, a.admin, {
    status: 'open',
    userId: a.admin.userId,
  });
  expect(accepted.status).toBe(200);
}, 120_000);

const created = (messageId: string) =>
  expectEventually(() => {
    const found = harness.eventsOf(a.companyId, MessageCreated).find((event) => event.data.message.id === messageId);
    if (!found) throw new Error(`no tickets.message.created for ${messageId}`);
    return found.data;
  });

describe('the live event of a quoting message', () => {
  it("carries the agent's quote of the customer, and the customer's quote of the agent's reply", async () => {
    const page = await harness.http('GET', `/messages/${ticketId}`, a.admin);
    const question = (page.body.messages as Array<{ id: string; body: string }>).find(
      (m) => m.body === 'Qual o prazo de entrega?',
    )!;
    expect((await created(question.id)).quotedMsg ?? null).toBeNull();

    const sent = await harness.http('POST', `/messages/${ticketId}`, a.admin, {
      body: 'Entregamos às 9h.',
      quotedMsg: { id: question.id },
    });
    expect(sent.status).toBe(200);
    const reply = sent.body[0] as { id: string };
    expect((await created(reply.id)).quotedMsg).toEqual({
      id: question.id,
      body: 'Qual o prazo de entrega?',
      fromMe: false,
      mediaType: 'chat',
    });

    // WhatsApp accepts the reply (its id), then the customer answers quoting it
    const command = await expectEventually(() => {
      const found = harness.eventsOf(a.companyId, SendMessage).find((event) => event.data.clientMessageId === reply.id);
      if (!found) throw new Error('no send command');
      return found.data;
    });
    await harness.publish('whatsapp.message.sent', a.companyId, 'k', {
      commandId: command.commandId,
      clientMessageId: reply.id,
      connectionId: a.connectionId,
      chatJid: command.chatJid,
      messageId: 'WA-QUOTED-REPLY',
      timestamp: new Date().toISOString(),
    });
    await expectEventually(async () => {
      const [row] = await harness.query('SELECT wa_id FROM tickets.messages WHERE company_id = $1 AND id = $2', [
        a.companyId,
        reply.id,
      ]);
      expect(row?.['wa_id']).toBe('WA-QUOTED-REPLY');
    });
    const text = inboundText(a.contact, a.connectionId, 'Pode ser às 10h?', 'WA-CUSTOMER-ANSWER');
    const answer = {
      ...text,
      source: { ...text.source, data: { ...text.source.data, quotedMessageId: 'WA-QUOTED-REPLY' } },
    };
    await harness.publish(
      'contacts.inbound-message.resolved',
      a.companyId,
      `${a.connectionId}:${a.contact.number}`,
      answer,
    );
    const live = await created('WA-CUSTOMER-ANSWER');
    expect(live.message.quotedMsgId).toBe(reply.id);
    expect(live.quotedMsg).toEqual({
      id: reply.id,
      body: expect.stringContaining('Entregamos às 9h.'),
      fromMe: true,
      mediaType: 'chat',
    });
  });
});
