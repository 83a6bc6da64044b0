/* eslint-disable @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- HTTP bodies are JSON read through assertions */
/**
 * `POST /messages/{ticketId}/template`: an agent sends an approved Cloud API template on a ticket. The values may
 * use the message variables ({{name}}), the message is stored and shown with the template's rendered text, and the
 * connector gets Meta's template shape in the send command (a media header by its link, a URL button's suffix at
 * the button's index). Refused: wrong number of values, a media header without its file, closed tickets and
 * another company's tickets (404). On a Cloud API connection free text outside the contact's 24-hour window is
 * refused before any command (ERR_OUTSIDE_SERVICE_WINDOW), while templates still go.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { SendMessage } from '@cs/proto/events';
import {
  type CompanySetup,
  connectionSnapshot,
  PNG_BYTES,
  setupCompany,
  sharedHarness,
  ticketFrom,
  upload,
} from '../support/harness.js';

const harness = sharedHarness();
let a: CompanySetup;
let b: CompanySetup;
let cloud: CompanySetup;
let ticketId: number;
let cloudTicketId: number;

/** `entrega_agendada` as listed: an IMAGE header, a body variable, a URL button taking a suffix at index 1. */
const DELIVERY = {
  name: 'entrega_agendada',
  language: 'pt_BR',
  components: [
    { type: 'HEADER', format: 'IMAGE' },
    { type: 'BODY', text: 'Olá {{1}}, sua entrega está agendada.' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Falar com atendente' },
        { type: 'URL', text: 'Acompanhar', url: 'https://loja.example.com/pedidos/{{1}}' },
      ],
    },
  ],
};

const commandOf = (companyId: number, clientMessageId: string) =>
  expectEventually(() => {
    const found = harness
      .eventsOf(companyId, SendMessage)
      .find((event) => event.data.clientMessageId === clientMessageId);
    if (!found) throw new Error('no send command');
    return found.data;
  });

/** The contact's messages on a ticket as written `hours` ago (the window is counted from the last one). */
const ageContactMessages = (companyId: number, id: number, hours: number) =>
  harness.query(
    `UPDATE tickets.messages SET created_at = now() - make_interval(hours => $3)
      WHERE company_id = $1 AND ticket_id = $2 AND NOT from_me`,
    [companyId, id, hours],
  );

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
  a = await setupCompany(harness, await nextCompanyId());
  b = await setupCompany(harness, await nextCompanyId());
  ticketId = (await ticketFrom(harness, a, a.contact, 'Meu pedido já saiu?')).id;
  const accepted = await harness.http('PUT', `/tickets/${ticketId}`, a.admin, {
    status: 'open',
    userId: a.admin.userId,
  });
  expect(accepted.status).toBe(200);
  cloud = await setupCompany(harness, await nextCompanyId(), { connection: { provider: 'cloud-api' } });
  cloudTicketId = (await ticketFrom(harness, cloud, cloud.contact, 'Quando chega?')).id;
  const taken = await harness.http('PUT', `/tickets/${cloudTicketId}`, cloud.admin, {
    status: 'open',
    userId: cloud.admin.userId,
  });
  expect(taken.status).toBe(200);
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

  it("sends a media header by its link and a URL button's suffix at the button's index", async () => {
    const { status, body } = await harness.http('POST', `/messages/${ticketId}/template`, a.admin, {
      ...DELIVERY,
      values: {
        body: ['{{firstName}}'],
        headerMedia: 'https://cdn.example.com/entrega.jpg',
        buttons: ['PED-{{firstName}}'],
      },
    });
    expect(status).toBe(200);
    const firstName = a.contact.name.split(' ')[0];
    const command = await commandOf(a.companyId, body.id);
    expect(command.content).toEqual({
      kind: 'text',
      body: `Olá ${firstName}, sua entrega está agendada.\n\n[Falar com atendente] [Acompanhar]`,
      template: {
        name: 'entrega_agendada',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/entrega.jpg' } }] },
          { type: 'body', parameters: [{ type: 'text', text: firstName }] },
          { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: `PED-${firstName}` }] },
        ],
      },
    });
  });

  it('refuses a media template without its file or button suffix, and a file address that is not http(s)', async () => {
    const noMedia = await harness.http('POST', `/messages/${ticketId}/template`, a.admin, {
      ...DELIVERY,
      values: { body: ['Maria'], buttons: ['PED-1'] },
    });
    expect(noMedia.status).toBe(400);
    expect(noMedia.body).toMatchObject({
      error: 'ERR_VALIDATION',
      details: [{ path: 'values.headerMedia', message: 'O modelo pede 1 valor(es).' }],
    });
    const noButton = await harness.http('POST', `/messages/${ticketId}/template`, a.admin, {
      ...DELIVERY,
      values: { body: ['Maria'], headerMedia: 'https://cdn.example.com/entrega.jpg' },
    });
    expect(noButton.status).toBe(400);
    expect(noButton.body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'values.buttons' }] });
    const notHttp = await harness.http('POST', `/messages/${ticketId}/template`, a.admin, {
      ...DELIVERY,
      values: { body: ['Maria'], headerMedia: 'file:///etc/passwd', buttons: ['PED-1'] },
    });
    expect(notHttp.status).toBe(400);
    expect(notHttp.body).toMatchObject({ error: 'ERR_VALIDATION' });
  });
});

describe('POST /message-templates/media', () => {
  it("stores a header's file for the company and a send names it; another company cannot", async () => {
    const stored = await harness.http(
      'POST',
      '/message-templates/media',
      a.agent,
      upload('file', 'entrega.png', 'image/png', PNG_BYTES),
    );
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ name: 'entrega.png', mimeType: 'image/png' });
    expect(stored.body.url).toMatch(new RegExp(`/media/tickets/${a.companyId}/templates/[0-9a-f-]{36}-entrega\\.png$`));
    const key = decodeURIComponent(new URL(stored.body.url).pathname.slice('/media/tickets/'.length));
    expect(readFileSync(join(harness.mediaDir, key)).equals(PNG_BYTES)).toBe(true);

    const values = { body: ['Maria'], headerMedia: stored.body.url, buttons: ['PED-1'] };
    const sent = await harness.http('POST', `/messages/${ticketId}/template`, a.admin, { ...DELIVERY, values });
    expect(sent.status).toBe(200);
    const command = await commandOf(a.companyId, sent.body.id);
    const { template } = command.content as { template: { components: unknown[] } };
    expect(template.components[0]).toEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { link: stored.body.url } }],
    });
    const foreign = await harness.http('POST', `/messages/${cloudTicketId}/template`, cloud.admin, {
      ...DELIVERY,
      values,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'values.headerMedia' }] });
  });

  it('refuses a missing file and a file Meta does not take in a header', async () => {
    const none = await harness.http('POST', '/message-templates/media', a.agent, new FormData());
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'ERR_VALIDATION' });
    const text = await harness.http(
      'POST',
      '/message-templates/media',
      a.agent,
      upload('file', 'falso.png', 'image/png', 'não sou uma imagem'),
    );
    expect(text.status).toBe(415);
  });
});

describe("a Cloud API connection's 24-hour customer service window", () => {
  it('lets free text go within 24 hours of the contact’s last message', async () => {
    const sent = await harness.http('POST', `/messages/${cloudTicketId}`, cloud.admin, { body: 'Chega amanhã!' });
    expect(sent.status).toBe(200);
    expect((await commandOf(cloud.companyId, sent.body[0].id)).content).toEqual({
      kind: 'text',
      body: 'Chega amanhã!',
    });
  });

  it('refuses free text (and media links) after 24 hours, before any command, and still sends a template', async () => {
    await ageContactMessages(cloud.companyId, cloudTicketId, 25);
    const commands = harness.eventsOf(cloud.companyId, SendMessage).length;
    const refused = await harness.http('POST', `/messages/${cloudTicketId}`, cloud.admin, { body: 'Ainda aí?' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'ERR_OUTSIDE_SERVICE_WINDOW',
      message: expect.stringContaining('24 horas'),
      details: { reason: 'outsideCustomerServiceWindow', hours: 24 },
    });
    const media = await harness.http('POST', `/messages/${cloudTicketId}`, cloud.admin, {
      body: '',
      mediaUrl: 'https://cdn.example.com/boleto.pdf',
    });
    expect(media.status).toBe(409);
    const page = await harness.http('GET', `/messages/${cloudTicketId}`, cloud.admin);
    expect(page.body.messages.map((message: { body: string }) => message.body)).not.toContain('Ainda aí?');

    const template = await harness.http('POST', `/messages/${cloudTicketId}/template`, cloud.admin, {
      ...ORDER_SHIPPED,
      values: { header: ['#7'], body: ['Maria', 'hoje'] },
    });
    expect(template.status).toBe(200);
    await commandOf(cloud.companyId, template.body.id);
    // only the template's command went out
    expect(harness.eventsOf(cloud.companyId, SendMessage)).toHaveLength(commands + 1);
  });

  it('opens again when the contact writes, and does not apply to other providers', async () => {
    await ticketFrom(harness, cloud, cloud.contact, 'Oi, voltei');
    const sent = await harness.http('POST', `/messages/${cloudTicketId}`, cloud.admin, { body: 'Que bom!' });
    expect(sent.status).toBe(200);
    await ageContactMessages(a.companyId, ticketId, 48);
    const other = await harness.http('POST', `/messages/${ticketId}`, a.admin, { body: 'Oi de novo' });
    expect(other.status).toBe(200);
  });

  it("applies once the connector republishes a connection projected before the provider was (an upgrade's)", async () => {
    const legacy = await setupCompany(harness, await nextCompanyId(), { connection: { provider: 'cloud-api' } });
    const legacyTicketId = (await ticketFrom(harness, legacy, legacy.contact, 'Alguém aí?')).id;
    const taken = await harness.http('PUT', `/tickets/${legacyTicketId}`, legacy.admin, {
      status: 'open',
      userId: legacy.admin.userId,
    });
    expect(taken.status).toBe(200);
    // what migration 1766720000000 leaves: the provider unknown, treated as a provider without the window
    await harness.query('UPDATE tickets.connections SET provider = NULL WHERE company_id = $1 AND id = $2', [
      legacy.companyId,
      legacy.connectionId,
    ]);
    await ageContactMessages(legacy.companyId, legacyTicketId, 25);
    const before = await harness.http('POST', `/messages/${legacyTicketId}`, legacy.admin, { body: 'Ainda aqui' });
    expect(before.status).toBe(200);

    // the snapshot the connector republishes (at its first start after its migration 1766730000000, or by
    // `make replay-projections`)
    await harness.publish(
      'whatsapp.connection.updated',
      legacy.companyId,
      legacy.connectionId,
      connectionSnapshot(legacy.companyId, legacy.connectionId, { provider: 'cloud-api' }),
    );
    await expectEventually(async () => {
      const rows = await harness.query('SELECT provider FROM tickets.connections WHERE company_id = $1 AND id = $2', [
        legacy.companyId,
        legacy.connectionId,
      ]);
      expect(rows).toEqual([{ provider: 'cloud-api' }]);
    });
    const after = await harness.http('POST', `/messages/${legacyTicketId}`, legacy.admin, { body: 'Ainda aí?' });
    expect(after.status).toBe(409);
    expect(after.body).toMatchObject({ error: 'ERR_OUTSIDE_SERVICE_WINDOW' });
  });
});
