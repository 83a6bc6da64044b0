// Issue 54's LGPD walk against the full stack (every deployable as its own process, PostgreSQL, Kafka, the built
// client, Debian's Chromium; the connector's simulator plays the person's phone): an admin exports everything held
// about a contact as one zip (campaigns' shippings included), erases the contact's data and follows the request until
// every service confirmed, while an agent with the person's chat open sees its messages and name go without a
// reload; the data is gone from the screens and from every service's tables (read in PostgreSQL, schema by schema),
// and the audit page lists the export and the erasure.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import yauzl from 'yauzl';
import { eventually, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };
const AGENT = { email: 'agente@demo.local', password: 'demo12345' };
const VENDAS = 1; // the demo company's queue the agent is in

let db;

const walk = useWalk({
  ready: async (stack) => {
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
  },
  cleanup: () => db?.end(),
});

/** The entries of a zip file and their text. */
function unzip(path) {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const rows = async (sql, params) => (await db.query(sql, params)).rows;

describe("a person's data on request (LGPD)", () => {
  it('exports a contact as one zip, erases it in every service, and the audit log lists both', async () => {
    const page = await walk.person();
    await walk.signIn(page, ADMIN);
    const api = walk.as(page);

    // the person writes in from their phone, and the company keeps a note and an extra info about them
    const number = `551197${String(Date.now()).slice(-7)}`;
    const name = `Titular ${number.slice(-4)}`;
    const sent = await api('POST', `/simulator/connections/${CONNECTION}/messages`, {
      from: { number, name },
      kind: 'text',
      body: 'Meu CPF é 123.456.789-09',
    });
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    const contact = await eventually(async () => {
      const found = await api('GET', `/contacts?searchParam=${encodeURIComponent(name)}`);
      return found.body?.contacts?.[0];
    }, 'the contact of the inbound message');
    const ticketId = await eventually(async () => {
      const [row] = await rows('SELECT id FROM tickets.tickets WHERE contact_id = $1', [contact.id]);
      return row?.id;
    }, "the person's ticket");
    const note = await api('POST', '/ticket-notes', {
      note: 'Pediu boleto no endereço novo',
      ticketId,
      contactId: contact.id,
    });
    assert.equal(note.status, 200, JSON.stringify(note.body));
    const saved = await api('PUT', `/contacts/${contact.id}`, {
      name,
      number: contact.number,
      email: 'titular@exemplo.com.br',
      extraInfo: [{ name: 'CPF', value: '123.456.789-09' }],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    // a campaign sent to the person: its shipping lives only in campaigns (rows as the dispatch engine leaves them)
    const [{ company_id: companyId }] = await rows('SELECT company_id FROM contacts.contacts WHERE id = $1', [
      contact.id,
    ]);
    const [campaign] = await rows(
      `INSERT INTO campaigns.campaigns (company_id, name, message1, status)
       VALUES ($1, 'Ofertas LGPD', 'Olá {nome}', 'FINALIZADA') RETURNING id`,
      [companyId],
    );
    await rows(
      `INSERT INTO campaigns.campaign_shippings (company_id, campaign_id, position, name, number, message, sent_at)
       VALUES ($1, $2, 0, $3, $4, 'Oferta exclusiva para o titular', now())`,
      [companyId, campaign.id, name, number],
    );

    // export: prepared while campaigns sends the shippings, then one zip with the contact, its messages, notes and
    // the campaign shipping
    await page.goto(`${walk.stack.webUrl}/contacts`);
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(name);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Exportar dados ${name}` }).click();
    const archive = await unzip(await (await download).path());
    assert.match(archive.get('contato.json'), /123\.456\.789-09/);
    assert.match(archive.get('mensagens.ndjson'), /Meu CPF é 123\.456\.789-09/);
    assert.match(archive.get('notas.ndjson'), /Pediu boleto no endereço novo/);
    assert.match(archive.get('campanhas.ndjson'), /Oferta exclusiva para o titular/);
    // the download's note leaves before the next steps (it would cover the buttons at the page's top)
    const exported = page.getByText('Arquivo com os dados do contato baixado');
    await exported.waitFor();
    await exported.waitFor({ state: 'hidden' });

    // an agent of Vendas has the person's chat open while the admin erases: it follows without a reload
    await api('PUT', `/tickets/${ticketId}`, { status: 'pending', userId: null, queueId: VENDAS });
    const agent = await walk.person();
    await walk.signIn(agent, AGENT);
    const [{ uuid: ticketUuid }] = await rows('SELECT uuid FROM tickets.tickets WHERE id = $1', [ticketId]);
    await agent.goto(`${walk.stack.webUrl}/tickets/${ticketUuid}`);
    const cpf = agent.getByText('Meu CPF é 123.456.789-09');
    await agent.getByTestId('messages-list').getByText('Meu CPF é 123.456.789-09').waitFor();
    await agent.getByTestId('ticket-last-message').getByText('Meu CPF é 123.456.789-09').waitFor({ state: 'attached' });
    assert.equal(await agent.getByTestId('chat-contact-name').textContent(), name);

    // erasure, after the confirmation; the request is followed until every service confirmed
    await page.getByRole('button', { name: `Apagar dados (LGPD) ${name}` }).click();
    await page.getByText('Apagar os dados deste contato?').waitFor();
    await page.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Apagamento solicitado', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Solicitações LGPD' }).click();
    const request = page.locator(`[data-testid="erasure-request"]`).first();
    await request.waitFor();
    await eventually(
      async () => (await request.getAttribute('data-status')) === 'done',
      'every service to confirm',
      60_000,
    );
    for (const service of ['contacts', 'tickets', 'campaigns', 'whatsapp-connector'])
      assert.equal(await request.getByTestId(`erasure-service-${service}`).getAttribute('data-status'), 'confirmed');
    await screenshot(page, 'lgpd-requests').catch(() => undefined);
    // gone from the chat and from its ticket's last message in the list
    await eventually(async () => (await cpf.count()) === 0, "the text to leave the agent's screen");
    await eventually(
      async () => (await agent.getByTestId('chat-contact-name').textContent()) === 'Contato removido',
      "the agent's open chat to name the erased contact",
    );
    await screenshot(agent, 'lgpd-open-chat-erased').catch(() => undefined);
    await page.keyboard.press('Escape');

    // gone from the screens: no contact by that name, the ticket's chat without the messages
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(name);
    await eventually(
      async () => (await page.getByTestId('contact-row').count()) === 0,
      'the contact to leave the list',
    );
    const messages = await api('GET', `/messages/${ticketId}`);
    assert.ok(messages.body.messages.length > 0);
    assert.ok(messages.body.messages.every((message) => message.body === '' && message.mediaUrl === null));
    await page.goto(`${walk.stack.webUrl}/tickets/${ticketUuid}`);
    await eventually(
      async () => (await page.getByTestId('chat-contact-name').textContent()) === 'Contato removido',
      "the chat's header to name the erased contact",
    );
    await page.getByTestId('chat-header').waitFor();
    assert.equal(await page.getByText('Meu CPF é 123.456.789-09').count(), 0);

    // gone from every service's tables
    const [erased] = await rows('SELECT name, number, email FROM contacts.contacts WHERE id = $1', [contact.id]);
    assert.deepEqual(erased, { name: 'Contato removido', number: '', email: '' });
    assert.deepEqual(await rows('SELECT 1 FROM contacts.contact_extra_info WHERE contact_id = $1', [contact.id]), []);
    assert.deepEqual(await rows('SELECT 1 FROM contacts.contact_list_items WHERE number = $1', [number]), []);
    const [projection] = await rows('SELECT name, number FROM tickets.contacts WHERE id = $1', [contact.id]);
    assert.deepEqual(projection, { name: 'Contato removido', number: '' });
    assert.deepEqual(
      await rows(`SELECT 1 FROM tickets.messages WHERE ticket_id = $1 AND (body <> '' OR media_url IS NOT NULL)`, [
        ticketId,
      ]),
      [],
    );
    assert.deepEqual(await rows('SELECT 1 FROM tickets.ticket_notes WHERE contact_id = $1', [contact.id]), []);
    assert.deepEqual(await rows('SELECT 1 FROM campaigns.campaign_shippings WHERE number = $1', [number]), []);
    assert.deepEqual(
      await rows('SELECT 1 FROM whatsapp.baileys_contacts WHERE number = $1 OR jid LIKE $2', [number, `${number}@%`]),
      [],
    );

    // the audit page lists the export and the erasure
    await page.goto(`${walk.stack.webUrl}/audit`);
    await page.getByTestId('audit-page').waitFor();
    await eventually(async () => {
      await page.reload();
      await page.getByTestId('audit-scroll').waitFor();
      const actions = await page
        .locator('[data-testid="audit-row"]')
        .evaluateAll((list) => list.map((row) => row.dataset.action));
      return actions.includes('contact.exported') && actions.includes('contact.erased');
    }, 'the export and the erasure in the audit log');
    await screenshot(page, 'lgpd-audit').catch(() => undefined);
  });
});
