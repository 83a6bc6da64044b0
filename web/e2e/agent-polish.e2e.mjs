// The agent's day, polished (issue 21), against the real stack: every deployable as its own process on PostgreSQL
// and Kafka, the gateway on a port other than 8080 with PUBLIC_URL left at its default (an operator who did not
// set it), the built client and Debian's Chromium. The connector's simulator plays the contact's phone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGN42a1FEmIY1TCqYfhqAADXNp4Q25h6SgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const AGENT = { email: 'agente@demo.local', password: 'demo12345' };
const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };

const walk = useWalk({
  label: 'polish',
  // the default a forgotten setting leaves: not where this gateway listens
  env: { PUBLIC_URL: 'http://localhost:8080' },
  ready: ({ gatewayUrl }) => assert.notEqual(new URL(gatewayUrl).port, '8080'),
});

const login = (page, credentials) => walk.signIn(page, credentials, '**/tickets');

describe('the shell and the contacts page', () => {
  it('shows real icons in the menu, an Administração group, the page name in the header; imports a CSV', async () => {
    const admin = await walk.person();
    await login(admin, ADMIN);
    const menu = admin.getByRole('navigation', { name: 'menu' });
    await menu.getByTestId('menu-tickets').waitFor();
    const links = await menu.getByRole('link').all();
    assert.ok(links.length >= 8, `only ${links.length} menu links`);
    for (const link of links) {
      assert.equal(await link.locator('svg.lucide').count(), 1, `${await link.textContent()} has no icon`);
    }
    const administration = menu.getByRole('group', { name: 'Administração' });
    await administration.getByTestId('menu-group-administration').waitFor();
    await administration.getByTestId('menu-connections').waitFor();
    await administration.getByTestId('menu-users').waitFor();
    assert.equal(await menu.getByRole('group', { name: 'Administração' }).getByTestId('menu-tickets').count(), 0);
    // the header's title (a management page such as Contatos also titles itself, once its route has loaded)
    const headerTitle = admin.getByRole('banner').getByTestId('page-title');
    assert.equal(await headerTitle.textContent(), 'Atendimentos');
    await menu.getByTestId('menu-dashboard').click();
    await admin.waitForURL((url) => url.pathname === '/');
    await eventually(async () => (await headerTitle.textContent()) === 'Dashboard', 'Dashboard');
    await menu.getByTestId('menu-contacts').click();
    await admin.waitForURL('**/contacts');
    await eventually(async () => (await headerTitle.textContent()) === 'Contatos', 'Contatos');
    await screenshot(admin, 'polish-menu');

    // a CSV as Excel in Portuguese saves it (semicolons, Latin-1) imports from the contacts page
    const suffix = String(Date.now()).slice(-7);
    const csv = Buffer.from(
      `Nome;Número;Email\r\nJosé Conceição;55119${suffix}1;jose@exemplo.com\r\n"Ana; Souza";55119${suffix}2;\r\n`,
      'latin1',
    );
    await admin
      .getByTestId('contacts-import-file')
      .setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: csv });
    await admin.getByText('José Conceição').first().waitFor({ timeout: 30_000 });
    await admin.getByText('Ana; Souza').first().waitFor({ timeout: 30_000 });
    await screenshot(admin, 'polish-csv-import');
  });
});

describe("the agent's workspace", () => {
  it('follows an accepted ticket, lists quick replies on "/", and shows media on a non-default port', async () => {
    const agent = await walk.person();
    await login(agent, AGENT);
    await agent.getByTestId('tickets-manager').waitFor();
    assert.equal(await agent.getByRole('banner').getByTestId('page-title').textContent(), 'Atendimentos');
    const api = walk.api(agent);
    await api('POST', '/quick-messages', { shortcode: 'orcamento', message: 'Segue o nosso orçamento em anexo.' });

    const number = `551197${String(Date.now()).slice(-7)}`;
    const from = { number, name: 'Cliente Polido' };
    const says = (body) => api('POST', `/simulator/connections/${CONNECTION}/messages`, { from, kind: 'text', body });
    const received = () => api('GET', `/simulator/connections/${CONNECTION}/sent?chat=${number}`);
    await says('Bom dia, quero um orçamento de bolo');
    await eventually(async () => (await received()).find((m) => /\[ 1 \]/.test(m.content?.body ?? '')), 'the menu');
    await says('1');

    // the waiting ticket shows what the contact wrote, not the bot's menu
    await agent.getByTestId('tab-pending').click();
    const pendingItem = agent
      .getByTestId('tickets-list-pending')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente Polido' });
    await pendingItem.getByText('Vendas').waitFor({ timeout: 30_000 });
    assert.equal(await pendingItem.getByTestId('ticket-last-message').textContent(), '1');
    const ticketId = Number(await pendingItem.getAttribute('data-ticket-id'));

    // a click on the row offers a peek or Accept; accepting opens the chat and the list follows to "Atendendo"
    await pendingItem.getByTestId('ticket-contact').click();
    const prompt = agent.getByTestId('accept-prompt');
    await prompt.waitFor();
    await screenshot(agent, 'polish-accept-prompt');
    await prompt.getByTestId('accept-prompt-accept').click();
    await agent.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await agent.getByTestId('ticket-chat').waitFor();
    assert.equal(await agent.getByTestId('tab-assigned').getAttribute('aria-selected'), 'true');
    await agent
      .getByTestId('tickets-list-open')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente Polido' })
      .waitFor({ timeout: 30_000 });

    // "/" and two characters list the matching quick replies ("/" alone lists none); choosing one fills the input
    const input = agent.getByTestId('message-textarea');
    await input.fill('');
    await input.press('/');
    const quick = agent.getByTestId('quick-answers');
    assert.equal(await quick.count(), 0);
    await input.pressSequentially('or');
    await quick.getByText(/^orcamento - /).click();
    assert.equal(await input.inputValue(), 'Segue o nosso orçamento em anexo.');
    await input.fill('');

    // an image and a PDF sent from the chat are shown and downloadable although PUBLIC_URL names port 8080
    await agent.getByTestId('file-input').setInputFiles([
      { name: 'bolo.png', mimeType: 'image/png', buffer: PNG },
      { name: 'orcamento.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await agent.getByTestId('attachments-preview').waitFor();
    await agent.getByTestId('send').click();
    await eventually(
      () =>
        agent
          .locator('[data-from-me="true"] img[alt="bolo.png"]')
          .evaluate((img) => img.complete && img.naturalWidth === 16),
      'the sent picture to show in the chat',
    );
    const pdfLink = agent.locator('[data-from-me="true"] a[download]').last();
    await pdfLink.waitFor({ timeout: 30_000 });
    const href = await pdfLink.getAttribute('href');
    assert.match(href ?? '', /^\/api\/media\/tickets\//);
    const pdf = await agent.request.get(new URL(href, walk.stack.webUrl).toString());
    assert.equal(pdf.status(), 200);
    assert.match(pdf.headers()['content-type'] ?? '', /application\/pdf/);
    // what other clients read: the link names the configured public URL
    const history = await api('GET', `/messages/${ticketId}`);
    assert.ok(history.messages.some((m) => m.mediaUrl?.startsWith('http://localhost:8080/media/tickets/')));
    await screenshot(agent, 'polish-media');
  });
});
