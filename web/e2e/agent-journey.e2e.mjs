// The agent's day against the real stack: identity, tickets, contacts and the WhatsApp connector each as its own
// process on PostgreSQL and Kafka, the gateway, the built client and Debian's Chromium. The connector's simulator
// plays the contact's phone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGN42a1FEmIY1TCqYfhqAADXNp4Q25h6SgAAAABJRU5ErkJggg==',
  'base64',
);
const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const AGENT = { email: 'agente@demo.local', password: 'demo12345', name: 'Agente Demo' };
const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };

const walk = useWalk();

async function login(page, credentials) {
  await walk.signIn(page, credentials, '**/tickets');
  await page.getByTestId('tickets-manager').waitFor();
}

describe('a company signs up and signs in', () => {
  it('creates the company from the sign-up page and lands in its workspace', async () => {
    const page = await walk.person();
    const unique = Date.now().toString(36);
    await page.goto(`${walk.stack.webUrl}/signup`);
    await page.getByLabel('Nome da empresa').fill(`Padaria ${unique}`);
    await page.getByLabel('Seu nome').fill('Joaquim Padeiro');
    await page.getByLabel('Email').fill(`dono.${unique}@padaria.com.br`);
    await page.getByLabel('Telefone com (DDD)').fill('11987654321');
    await page.getByLabel('Senha').fill('segredo123');
    await page.getByText('Básico').click();
    await screenshot(page, 'signup-filled');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL('**/login');
    await login(page, { email: `dono.${unique}@padaria.com.br`, password: 'segredo123' });
    await page.getByText(`bem-vindo à Padaria ${unique}`, { exact: false }).waitFor();
    // greeted by the person's name, and guided to the company's first connection
    assert.match(await page.getByTestId('greeting').textContent(), /Joaquim Padeiro/);
    await page.getByTestId('first-connection').getByRole('link', { name: 'Conectar WhatsApp' }).click();
    await page.waitForURL('**/connections');
    await screenshot(page, 'new-company-workspace');
  });
});

describe("the agent's workspace", () => {
  it('takes a conversation from the first message to the rating, with a second agent watching live', async () => {
    const agent = await walk.person();
    const admin = await walk.person();
    const dialogs = [];
    agent.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await login(agent, AGENT);
    await login(admin, ADMIN);
    const api = walk.api(admin);
    await api('PUT', '/settings/sendGreetingAccepted', { value: 'enabled' });
    await api('PUT', '/settings/userRating', { value: 'enabled' });

    const number = `551198${String(Date.now()).slice(-7)}`;
    const from = { number, name: 'Cliente E2E' };
    const says = (body) => api('POST', `/simulator/connections/${CONNECTION}/messages`, { from, kind: 'text', body });
    const received = () => api('GET', `/simulator/connections/${CONNECTION}/sent?chat=${number}`);
    const receivedText = async (pattern) =>
      eventually(
        async () => (await received()).find((m) => pattern.test(m.content?.body ?? '')),
        `the contact to get ${pattern}`,
      );

    // the contact writes; the chatbot offers the queues; the contact picks Vendas
    await says('Oi, quero comprar um bolo');
    await receivedText(/\[ 1 \]/);
    await says('1');

    // the ticket appears under pending without a reload
    await agent.getByTestId('tab-pending').click();
    const pendingItem = agent
      .getByTestId('tickets-list-pending')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente E2E' });
    await pendingItem.getByText('Vendas').waitFor({ timeout: 30_000 });
    await screenshot(agent, 'pending-ticket');

    // accept: the chat opens and the server greets the contact naming the agent
    await pendingItem.getByRole('button', { name: 'Aceitar' }).click();
    await agent.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await agent.getByTestId('ticket-chat').waitFor();
    await receivedText(/Agente Demo/);

    // the admin (show all) sees the accepted ticket in the open list, with its attendant, live
    const adminItem = admin
      .getByTestId('tickets-list-open')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente E2E' });
    await adminItem.getByText('Agente Demo', { exact: true }).waitFor({ timeout: 30_000 });

    // reply with text (signed) and an image; the contact receives both
    await agent.getByTestId('message-textarea').fill('Olá! Temos bolo de cenoura hoje.');
    await agent.getByTestId('message-textarea').press('Enter');
    await agent.getByTestId('file-input').setInputFiles({ name: 'bolo.png', mimeType: 'image/png', buffer: PNG });
    await agent.getByTestId('attachments-preview').waitFor();
    await agent.getByTestId('send').click();
    const text = await receivedText(/Temos bolo de cenoura/);
    assert.match(text.content.body, /^\*Agente Demo:\*\n/);
    const image = await eventually(
      async () => (await received()).find((m) => m.content?.kind === 'media' && m.content.mediaType === 'image'),
      'the contact to get the image',
    );
    // the agent sees the picture itself (served by the gateway, reached through the app's /api)
    await eventually(
      () =>
        agent
          .locator('[data-from-me="true"] img[alt="bolo.png"]')
          .evaluate((img) => img.complete && img.naturalWidth === 16),
      'the sent picture to show in the chat',
    );

    // the contact reads them: the agent's ticks turn blue
    await api('POST', `/simulator/connections/${CONNECTION}/receipts`, {
      from,
      messageIds: [text.messageId, image.messageId],
      status: 'read',
    });
    await eventually(
      async () => (await agent.locator('[data-from-me="true"] [data-ack="read"]').count()) >= 2,
      'two blue double ticks',
    );
    await screenshot(agent, 'chat-read-ticks');

    // an HTML body from the contact is shown as text and runs nothing
    await says('<img src=x onerror=alert(1)>');
    await agent.getByTestId('messages-list').getByText('<img src=x onerror=alert(1)>').waitFor({ timeout: 30_000 });
    assert.equal(await agent.locator('img[src="x"]').count(), 0);
    assert.deepEqual(dialogs, []);

    // transfer to Suporte without a user: the ticket waits there, and the admin sees it move live
    await agent.getByTestId('chat-menu').click();
    await agent.getByRole('menuitem', { name: 'Transferir' }).click();
    await agent.getByTestId('transfer-queue').selectOption({ label: 'Suporte' });
    await agent.getByTestId('transfer-submit').click();
    await agent.waitForURL('**/tickets');
    await admin.getByTestId('tab-pending').click();
    await admin
      .getByTestId('tickets-list-pending')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente E2E' })
      .getByText('Suporte')
      .waitFor({ timeout: 30_000 });

    // the agent (also in Suporte) takes it again and resolves it; the contact is asked for a rating and answers
    await agent.getByTestId('tab-pending').click();
    await pendingItem.getByText('Suporte').waitFor({ timeout: 30_000 });
    await pendingItem.getByRole('button', { name: 'Aceitar' }).click();
    // ratings are on, so ending asks first: the contact is about to receive the rating question
    await agent.getByTestId('close-ticket').click();
    await agent.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    await agent.waitForURL('**/tickets');
    await receivedText(/de 1 à 3/);
    await says('3');
    await receivedText(/Atendimento encerrado/);
    await agent.getByRole('tab', { name: 'Finalizados' }).click();
    await agent
      .getByTestId('tickets-list-closed')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente E2E' })
      .waitFor();
    await screenshot(agent, 'closed-list');
  });

  it('works on a phone, and the desktop session is told about the other login', async () => {
    const desktop = await walk.person();
    await login(desktop, AGENT);
    // the notice travels on the live socket: the desktop is listening before the phone signs in
    await desktop.locator('header[data-realtime="live"]').waitFor();
    const phone = await walk.person({ viewport: { width: 390, height: 844 } });
    await login(phone, AGENT);
    // told at once (a toast), then on the sign-in page, which keeps saying why
    await desktop.getByText('Sua conta foi acessada em outro computador.').waitFor({ timeout: 30_000 });
    await desktop.waitForURL('**/login?reason=another-login');
    await desktop.getByTestId('another-login').waitFor();

    await phone.getByTestId('workspace-narrow').waitFor();
    await phone.getByRole('tab', { name: 'Finalizados' }).click();
    const item = phone.getByTestId('tickets-list-closed').getByTestId('ticket-item').first();
    await item.waitFor({ timeout: 30_000 });
    await item.getByTestId('ticket-contact').click();
    await phone.getByTestId('ticket-chat').waitFor();
    await phone.getByRole('button', { name: 'Voltar' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
    await screenshot(phone, 'mobile-chat');
    await phone.getByTestId('mobile-tab-chats').click();
    await phone.getByTestId('tickets-manager').waitFor();
    await screenshot(phone, 'mobile-list');
  });
});
