/* eslint-disable @typescript-eslint/no-unsafe-call -- HTTP bodies are JSON read through assertions */
/**
 * `POST /messages/{ticketId}/template`: an agent sends an approved Cloud API template on a ticket. The values may
 * use the message variables ({{name}}), the message is stored and shown with the template's rendered text, and the
 * connector gets Meta's template shape in the send command. Refused: wrong number of values, closed tickets and
 * another company's tickets (404).
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { SendMessage } from '@cs/proto/events';
import { type CompanySetup, Harness, setupCompany, ticketFrom } from '../support/harness.js';

const harness = new Harness();
let a: CompanySetup;
let b: CompanySetup;
let ticketId: number;

/** `pedido_enviado` as `GET /whatsapp/{id}/templates` lists it (Meta's components). */
const ORDER_SHIPPED = {
  name: 'pedido_enviado',
  language: 'pt_BR',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
    { type: 'BODY', text: 'Olá {{1}}, seu pedido saiu para entrega e chega em {{2}}.' },
    { type: 'FOOTER', text: 'Loja Demo' },
  ],
};

beforeAll(async () => {
  await harness.start();
  a = await setupCompany(harness, await nextCompanyId());
  b = await setupCompany(harness, await nextCompanyId());
  ticketId = (await ticketFrom(harness, a, a.contact, 'Meu pedido já saiu?')).id;
  const accepted = await harness.http('PUT', `/tickets/${ticketId}`, a.admin, {
    status: 'open',
    userId: a.admin.userId,
  });
  expect(accepted.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await harness.stop();
}, 120_000);

describe('POST /messages/{ticketId}/template', () => {
  it("stores the rendered template and sends Meta's template shape, message variables filled", async () => {
    const { status, body } = await harness.http('POST', `/messages/${ticketId}/template`, a.admin, {
      ...ORDER_SHIPPED,
      values: { header: ['#4521'], body: ['{{firstName}}', 'amanhã'] },
    });
    expect(status).toBe(200);
    const firstName = a.contact.name.split(' ')[0];
    const text = `*Pedido #4521*\n\nOlá ${firstName}, seu pedido saiu para entrega e chega em amanhã.\n\n_Loja Demo_`;
    expect(body).toMatchObject({ ticketId, fromMe: true, body: text, ack: 0 });

    const page = await harness.http('GET', `/messages/${ticketId}`, a.admin);
    expect(page.body.messages.find((item: { id: string }) => item.id === body.id)).toMatchObject({ body: text });
    const command = await expectEventually(() => {
      const found = harness.eventsOf(a.companyId, SendMessage).find((event) => event.data.clientMessageId === body.id);
      if (!found) throw new Error('no send command');
      return found.data;
    });
    expect(command.content).toEqual({
      kind: 'text',
      body: text,
      template: {
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '#4521' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: firstName },
              { type: 'text', text: 'amanhã' },
            ],
          },
        ],
      },
    });
  });

  it('refuses values that do not match the template, and empty ones', async () => {
    const wrong = await harness.http('POST', `/messages/${ticketId}/template`, a.admin, {
      ...ORDER_SHIPPED,
      values: { header: ['#4521'], body: ['Maria'] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'ERR_VALIDATION' });
    const empty = await harness.http('POST', `/messages/${ticketId}/template`, a.admin, {
      ...ORDER_SHIPPED,
      values: { header: ['  '], body: ['Maria', 'amanhã'] },
    });
    expect(empty.status).toBe(400);
  });

  it("answers 404 for another company's ticket", async () => {
    const response = await harness.http('POST', `/messages/${ticketId}/template`, b.admin, {
      ...ORDER_SHIPPED,
      values: { header: ['#1'], body: ['Maria', 'amanhã'] },
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: 'ERR_NO_TICKET_FOUND' });
  });
});
