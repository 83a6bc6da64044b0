// The agent's day (issue 52) against the real stack (every deployable as its own process, PostgreSQL, Kafka, the
// gateway's socket, the built client, Chromium; the connector's simulator as the contact's phone): what arrives in
// the conversation on screen is read at once, a reply quoting an earlier message shows its quote live, and a video
// the connector refuses says so instead of an empty player.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, openBrowser, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const AGENT = { email: 'agente@demo.local', password: 'demo12345' };
const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };
const SUPER = { email: 'super@plataforma.local', password: 'super12345' };
const NO_PERMISSION = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';
// a few bytes called webm: the connector's media store refuses the type, so the message arrives without its file
const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]).toString('base64');

const walk = useWalk({ label: 'agentday', page: true });

describe('the conversation on screen', () => {
  it('reads what arrives, shows a live quote, and explains a refused video', async () => {
    const agent = walk.page;
    await walk.signIn(agent, AGENT, '**/tickets');
    await agent.getByTestId('tickets-manager').waitFor();
    const api = walk.api(agent);

    const number = `551196${String(Date.now()).slice(-7)}`;
    const from = { number, name: 'Cliente Dia' };
    const writes = (message) => api('POST', `/simulator/connections/${CONNECTION}/messages`, { from, ...message });
    const says = (body) => writes({ kind: 'text', body });
    const phone = () => api('GET', `/simulator/connections/${CONNECTION}/sent?chat=${number}`);
    const onPhone = (pattern) =>
      eventually(async () => (await phone()).find((m) => pattern.test(m.content?.body ?? '')), `the phone: ${pattern}`);

    await says('Oi, qual o horário da entrega?');
    await onPhone(/\[ 1 \]/);
    await says('1');
    await agent.getByTestId('tab-pending').click();
    const pending = agent
      .getByTestId('tickets-list-pending')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente Dia' });
    await pending.getByRole('button', { name: 'Aceitar' }).click({ timeout: 30_000 });
    await agent.getByTestId('ticket-chat').waitFor();
    const uuid = new URL(agent.url()).pathname.split('/').pop();

    await agent.getByTestId('message-textarea').fill('Entregamos às 9h.');
    await agent.getByTestId('message-textarea').press('Enter');
    const sent = await onPhone(/Entregamos às 9h/);

    // the contact answers quoting that reply while the agent reads the conversation
    await writes({ kind: 'text', body: 'Pode ser às 10h?', quotedMessageId: sent.messageId });
    const answer = agent
      .locator('[data-testid="message"][data-from-me="false"]')
      .filter({ hasText: 'Pode ser às 10h?' });
    await answer.waitFor({ timeout: 30_000 });
    await answer.getByText(/Entregamos às 9h\./).waitFor();

    // read as it arrived: no badge on the open ticket, and read on the server too
    const row = agent.getByTestId('tickets-list-open').getByTestId('ticket-item').filter({ hasText: 'Cliente Dia' });
    await row.getByText('Pode ser às 10h?').waitFor({ timeout: 30_000 });
    assert.equal(await row.getByTestId('unread-badge').count(), 0);
    await eventually(
      async () => (await api('GET', `/tickets/u/${uuid}`)).unreadMessages === 0,
      'the server to count the ticket read',
    );
    assert.equal(await row.getByTestId('unread-badge').count(), 0);

    // a video the connector refuses: the notice, not an empty player
    await writes({ kind: 'video', media: { base64: WEBM, mimeType: 'video/webm', fileName: 'clip.webm' } });
    const notice = agent.getByTestId('unsupported-media');
    await notice.getByText('Mídia não suportada').waitFor({ timeout: 30_000 });
    assert.equal(await agent.locator('[data-testid="ticket-chat"] video').count(), 0);
    await screenshot(agent, 'agent-day');
  });
});

describe('a plan without the internal chat and the integrations', () => {
  it('never asks for the chats, and a direct visit to a flagged route warns and goes to /', async () => {
    // the super user takes both off the demo company's plan
    const login = await fetch(`${walk.stack.gatewayUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SUPER),
    });
    assert.ok(login.ok, `the super user's login answered ${login.status}`);
    const { token } = await login.json();
    const company = await (
      await fetch(`${walk.stack.gatewayUrl}/companies/listPlan/2`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const planId = company.plan?.id ?? company.planId;
    assert.ok(planId, `the demo company's plan: ${JSON.stringify(company)}`);
    const update = await fetch(`${walk.stack.gatewayUrl}/plans/${planId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ useInternalChat: false, useIntegrations: false }),
    });
    assert.ok(update.ok, `PUT /plans/${planId} answered ${update.status}: ${await update.text()}`);

    const admin = await openBrowser();
    try {
      const { page } = admin;
      const chats = [];
      page.on('request', (request) => {
        if (/\/api\/chats\b/.test(new URL(request.url()).pathname)) chats.push(request.url());
      });
      await walk.signIn(page, ADMIN, '**/tickets');
      for (const path of ['/queue-integration', '/chats']) {
        await page.goto(`${walk.stack.webUrl}${path}`);
        await page.getByText(NO_PERMISSION).first().waitFor();
        await page.waitForURL(`${walk.stack.webUrl}/`);
        await page.getByTestId('dashboard-page').waitFor();
      }
      await screenshot(page, 'plan-without-chat');
      assert.deepEqual(chats, []);
    } finally {
      await admin.close();
    }
  });
});
