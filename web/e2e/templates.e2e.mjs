// Cloud API message templates against the real stack and the fake Graph API (the connector's tests and `make dev`
// use the same fake): the admin gives the demo company a Cloud API connection and syncs Meta's templates; on a
// ticket where the customer has not written in 24 hours the agent's input says so and offers the templates, and
// the template the agent picks reaches the fake Graph API as exactly Meta's `type: template` payload; a campaign on
// the connection (saved through the campaign form's template picker) sends each contact the template with its own
// values.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeGraph, mediaTemplate, recordedTemplates } from '@cs/whatsapp-connector/fake-graph';
import { DEMO_CLOUD_API } from '../../deploy/scripts/dev-cloud-api.mjs';
import { companyNow, eventually, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };

let graph;

const walk = useWalk({
  beforeStack: async () => {
    graph = await new FakeGraph('v23.0', DEMO_CLOUD_API.cloudPhoneNumberId, DEMO_CLOUD_API.cloudAccessToken).start();
    graph.businessAccountId = DEMO_CLOUD_API.cloudBusinessAccountId;
    graph.templates = recordedTemplates();
  },
  env: () => ({ WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_GRAPH_VERSION: 'v23.0' }),
  afterStack: () => graph?.stop(),
  page: true,
});

describe('Cloud API templates', () => {
  let connection;

  it('outside the 24-hour window the agent sends a template and Meta receives exactly its payload', async () => {
    const page = walk.page;
    await walk.signIn(page, ADMIN, '**/tickets');
    await page.getByTestId('tickets-manager').waitFor();
    const api = walk.api(page);

    connection = await api('POST', '/whatsapp', { ...DEMO_CLOUD_API, isDefault: false });
    await eventually(
      async () => (await api('GET', `/whatsapp/${connection.id}`)).status === 'CONNECTED',
      'the Cloud API connection to connect',
    );
    const { templates } = await api('POST', `/whatsapp/${connection.id}/templates/sync`);
    assert.deepEqual(
      templates.map((template) => template.name),
      ['pedido_enviado', 'promocao_black_friday', 'retomar_conversa'],
    );

    // a customer who has not written here (in the last 24 hours): the agent opens a ticket on the connection
    const number = `551198${String(Date.now()).slice(-7)}`;
    const contact = await eventually(
      () => api('POST', '/contacts', { name: 'Maria Template', number, email: '' }),
      'the contact to be created',
    );
    const user = await api('GET', '/auth/me').catch(() => null);
    const ticket = await api('POST', '/tickets', {
      contactId: contact.id,
      whatsappId: connection.id,
      status: 'open',
      ...(user?.id ? { userId: user.id } : {}),
    });
    await page.goto(`${walk.stack.webUrl}/tickets/${ticket.uuid}`);
    await page.getByTestId('service-window-closed').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId('message-textarea').getAttribute('readonly'), '');

    await page.getByTestId('open-templates').click();
    const dialog = page.getByTestId('template-dialog');
    await dialog.getByTestId('template-select').selectOption({ label: 'pedido_enviado (pt_BR)' });
    assert.equal(await dialog.getByTestId('template-body-1').inputValue(), '{{firstName}}');
    await dialog.getByTestId('template-header-1').fill('#4521');
    await dialog.getByTestId('template-body-2').fill('amanhã');
    await dialog
      .getByTestId('template-preview')
      .getByText('Olá Maria, seu pedido saiu para entrega e chega em amanhã.', { exact: false })
      .waitFor();
    await screenshot(page, 'template-picker');
    await dialog.getByTestId('template-send').click();
    await dialog.waitFor({ state: 'detached' });

    const sent = await eventually(
      () => graph.to(`/${DEMO_CLOUD_API.cloudPhoneNumberId}/messages`, 'POST').find((r) => r.json?.type === 'template'),
      'the fake Graph API to receive the template',
    );
    assert.deepEqual(sent.json, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: number,
      biz_opaque_callback_data: sent.json.biz_opaque_callback_data,
      type: 'template',
      template: {
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '#4521' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Maria' },
              { type: 'text', text: 'amanhã' },
            ],
          },
        ],
      },
    });
    assert.match(sent.json.biz_opaque_callback_data, /^cmd-/);
    // the chat shows the template's text like any message
    await page
      .locator('[data-testid="message"][data-from-me="true"]')
      .filter({ hasText: 'Olá Maria, seu pedido saiu para entrega' })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'template-sent');
  });

  it('a campaign on the Cloud API connection sends the template to each contact with its own values', async () => {
    const page = walk.page;
    const api = walk.api(page);
    await api('PUT', '/settings/campaignsEnabled', { value: 'true' });
    await api('POST', '/campaign-settings', { settings: { messageInterval: 0, greaterInterval: 0 } });
    const list = await api('POST', '/contact-lists', { name: 'Clientes Oficial' });
    const stamp = String(Date.now()).slice(-6);
    const people = [
      { name: 'Ana Souza', number: `5511971${stamp}` },
      { name: 'Bruno Lima', number: `5511972${stamp}` },
    ];
    for (const person of people) {
      await api('POST', '/contact-list-items', { ...person, email: '', contactListId: list.id });
    }
    await eventually(
      async () => {
        const { contacts } = await api('GET', `/contact-list-items?contactListId=${list.id}`);
        return contacts.length === 2 && contacts.every((item) => item.isWhatsappValid === true);
      },
      'the items to be checked on WhatsApp',
      60_000,
    );
    // the campaign form: on the Cloud API connection it offers the approved templates in place of the messages
    await page.goto(`${walk.stack.webUrl}/campaigns`);
    await page.getByTestId('campaigns-disclaimer').getByRole('button', { name: 'Li e aceito' }).click();
    await page.getByTestId('campaign-add').click();
    const dialog = page.getByTestId('campaign-dialog');
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Retomada Oficial');
    await dialog.getByRole('combobox', { name: 'Conexão' }).selectOption(String(connection.id));
    await dialog.getByRole('combobox', { name: 'Lista de Contatos' }).selectOption(String(list.id));
    await dialog.getByTestId('template-select').selectOption({ label: 'retomar_conversa (pt_BR)' });
    // the body's value greets each contact by the campaign variable {nome}
    assert.equal(await dialog.getByTestId('template-body-1').inputValue(), '{nome}');
    await dialog.locator('input[name="scheduledAt"]').fill(companyNow());
    await screenshot(page, 'template-campaign-dialog');
    // the form's own save answer: a campaign scheduled for the current minute starts at once, so only this answer
    // (not a later read) shows it saved as scheduled
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/campaigns$/.test(new URL(response.url()).pathname),
      { timeout: 60_000 },
    );
    await dialog.getByTestId('dialog-save').click();
    const answer = await saved;
    assert.ok(answer.ok(), `the save answered ${answer.status()}: ${await answer.text()}`);
    const created = await answer.json();
    assert.equal(created.status, 'PROGRAMADA');
    await dialog.waitFor({ state: 'detached' });
    const { records } = await api('GET', '/campaigns/?searchParam=Retomada%20Oficial');
    const campaign = records.find((candidate) => candidate.name === 'Retomada Oficial');
    assert.ok(campaign, 'the campaign saved through the form');
    assert.equal(campaign.id, created.id);
    assert.equal(campaign.template?.name, 'retomar_conversa');
    const sends = await eventually(
      async () => {
        const current = await api('GET', `/campaigns/${campaign.id}`);
        if (['FINALIZADA', 'CANCELADA'].includes(current.status) && current.counts.delivered < 2) {
          throw new Error(`the campaign ended ${current.status}: ${JSON.stringify(current.counts)}`);
        }
        const found = graph
          .to(`/${DEMO_CLOUD_API.cloudPhoneNumberId}/messages`, 'POST')
          .filter((request) => request.json?.template?.name === 'retomar_conversa');
        return found.length >= 2 ? found : null;
      },
      'the fake Graph API to receive the campaign templates',
      90_000,
    );
    assert.deepEqual(
      sends.map((request) => [request.json.to, request.json.template]).sort(),
      people
        .map((person) => [
          person.number,
          {
            name: 'retomar_conversa',
            language: { code: 'pt_BR' },
            components: [{ type: 'body', parameters: [{ type: 'text', text: person.name }] }],
          },
        ])
        .sort(),
    );
  });

  it('a template with an image header and a URL button reaches Meta with the link and the suffix', async () => {
    const page = walk.page;
    const call = walk.as(page);
    graph.templates = [...recordedTemplates(), mediaTemplate()];
    const synced = await call('POST', `/whatsapp/${connection.id}/templates/sync`);
    assert.ok(synced.body.templates.some((template) => template.name === 'entrega_agendada'));

    const number = `551197${String(Date.now()).slice(-7)}`;
    const contact = await eventually(async () => {
      const created = await call('POST', '/contacts', { name: 'Joana Mídia', number, email: '' });
      return created.status === 200 ? created.body : null;
    }, 'the contact to be created');
    const me = (await call('GET', '/auth/me')).body;
    const ticket = (
      await call('POST', '/tickets', {
        contactId: contact.id,
        whatsappId: connection.id,
        status: 'open',
        userId: me?.id,
      })
    ).body;
    // the server refuses free text outside the window itself, before anything reaches Meta
    const refused = await call('POST', `/messages/${ticket.id}`, { body: 'Oi Joana' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error, 'ERR_OUTSIDE_SERVICE_WINDOW');

    await page.goto(`${walk.stack.webUrl}/tickets/${ticket.uuid}`);
    await page.getByTestId('service-window-closed').waitFor({ timeout: 30_000 });
    await page.getByTestId('open-templates').click();
    const dialog = page.getByTestId('template-dialog');
    await dialog.getByTestId('template-select').selectOption({ label: 'entrega_agendada (pt_BR)' });
    await dialog.getByTestId('template-header-media').fill('https://cdn.example.com/entregas/4521.jpg');
    await dialog.getByTestId('template-button-1').fill('PED-4521');
    await dialog.getByText('https://loja.example.com/pedidos/PED-4521').waitFor();
    await dialog
      .getByTestId('template-preview')
      .getByText('Olá Joana, sua entrega está agendada.', { exact: false })
      .waitFor();
    await screenshot(page, 'template-media-picker');
    await dialog.getByTestId('template-send').click();
    await dialog.waitFor({ state: 'detached' });

    const sent = await eventually(
      () =>
        graph
          .to(`/${DEMO_CLOUD_API.cloudPhoneNumberId}/messages`, 'POST')
          .find((request) => request.json?.to === number && request.json?.type === 'template'),
      'the fake Graph API to receive the media template',
    );
    assert.deepEqual(sent.json.template, {
      name: 'entrega_agendada',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'header',
          parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/entregas/4521.jpg' } }],
        },
        { type: 'body', parameters: [{ type: 'text', text: 'Joana' }] },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'PED-4521' }] },
      ],
    });
    // the chat shows the template's text like any message
    await page
      .locator('[data-testid="message"][data-from-me="true"]')
      .filter({ hasText: 'Olá Joana, sua entrega está agendada.' })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'template-media-sent');
  });
});
