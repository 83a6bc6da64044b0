// Issue 56's browser walk, AI assistance for agents: an admin of the demo company points the company's assistant at
// an OpenAI-compatible endpoint (the OpenAI fake of @cs/tickets/provider-fakes, streaming as OpenAI does), a
// customer writes through the simulator, and in the chat "Resumir conversa" shows the summary as it is written and
// "Sugerir resposta" places the draft in the input, unsent, until the agent edits and sends it. The fake records
// what it was sent: that ticket's messages only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, openBrowser, screenshot } from './browser.mjs';
import { requestInPage, useWalk } from './walk.mjs';

const { openAiFake } = await import('@cs/tickets/provider-fakes');

const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };
const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const SUMMARY = 'Cliente quer trocar o bolo de cenoura da encomenda 318 por um de chocolate. Falta confirmar a troca.';
const SUGGESTION = 'Olá! Consigo trocar a encomenda 318 por um bolo de chocolate, sem custo.';
const KEY = 'sk-e2e-assist-0123456789abcd';

const openai = openAiFake((request) => (request.messages[0]?.content.startsWith('Resuma') ? SUMMARY : SUGGESTION));
const walk = useWalk({
  beforeStack: () => openai.start(),
  // the fake's loopback address let through the SSRF rules the way every provider fake is (tests and dev only)
  env: () => ({ OUTBOUND_HTTP_ALLOWED_HOSTS: new URL(openai.url).host }),
  afterStack: () => openai.stop(),
});

describe('AI help in the chat, walked by an admin', () => {
  it('summarises the conversation as it is written and drafts a reply into the input, unsent', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      const api = async (method, path, body) => (await requestInPage(page, method, path, body)).body;

      // the admin sets the company's endpoint on the prompts page
      await page.goto(`${walk.stack.webUrl}/prompts`);
      const settings = page.getByTestId('assist-settings');
      await settings.getByText(/Não configurado/).waitFor();
      await page.getByTestId('assist-baseUrl').fill(`${openai.url}/v1`);
      await page.getByTestId('assist-apiKey').fill(KEY);
      await page.getByTestId('assist-model').fill('gpt-4o-mini');
      await page.getByTestId('assist-save').click();
      await settings.getByText('Configurado', { exact: true }).waitFor();
      assert.equal(await page.getByTestId('assist-apiKey').inputValue(), '********abcd');

      // a customer writes and picks the first queue; the admin accepts the ticket
      const number = `551197${String(Date.now()).slice(-7)}`;
      const says = (body) =>
        api('POST', `/simulator/connections/${CONNECTION}/messages`, {
          from: { number, name: 'Cliente Assist' },
          kind: 'text',
          body,
        });
      const received = () => api('GET', `/simulator/connections/${CONNECTION}/sent?chat=${number}`);
      await says('Oi, fiz a encomenda 318 de bolo de cenoura');
      await eventually(async () => (await received()).some((m) => /\[ 1 \]/.test(m.content?.body ?? '')), 'the menu');
      await says('1');
      await says('Quero trocar por um de chocolate');
      await page.goto(`${walk.stack.webUrl}/tickets`);
      await page.getByTestId('tab-pending').click();
      const item = page
        .getByTestId('tickets-list-pending')
        .getByTestId('ticket-item')
        .filter({ hasText: 'Cliente Assist' });
      await item.getByRole('button', { name: 'Aceitar' }).click({ timeout: 30_000 });
      await page.getByTestId('ticket-chat').waitFor();
      await page.getByTestId('messages-list').getByText('Quero trocar por um de chocolate').waitFor();

      // the summary appears as the endpoint writes it: the first words while the rest is held back
      let release;
      const held = new Promise((resolve) => (release = resolve));
      openai.pace = (index) => (index === 3 ? held : Promise.resolve());
      await page.getByRole('button', { name: 'Resumir conversa' }).click();
      const summary = page.getByTestId('assist-summary-text');
      await eventually(async () => (await summary.textContent()) === 'Cliente quer trocar', 'the first words');
      release();
      await eventually(async () => (await summary.textContent()) === SUMMARY, 'the whole summary');
      await screenshot(page, 'assist-summary');
      openai.pace = () => Promise.resolve();

      const chats = openai.requests.filter((request) => request.path === '/v1/chat/completions');
      assert.equal(chats.length, 1);
      assert.equal(chats[0].headers.authorization, `Bearer ${KEY}`);
      const transcript = chats[0].json.messages[1].content;
      assert.match(transcript, /Cliente: Oi, fiz a encomenda 318 de bolo de cenoura/);
      assert.match(transcript, /Cliente: Quero trocar por um de chocolate/);
      assert.ok(!transcript.includes(number), 'the number is not sent');

      // the suggestion lands in the input and is not sent by itself
      const sentBefore = (await received()).length;
      await page.getByRole('button', { name: 'Sugerir resposta' }).click();
      const input = page.getByTestId('message-textarea');
      await eventually(async () => (await input.inputValue()) === SUGGESTION, 'the draft in the input');
      await screenshot(page, 'assist-suggestion');
      assert.equal((await received()).length, sentBefore);
      assert.ok(!(await received()).some((m) => (m.content?.body ?? '').includes('sem custo')));

      // the agent edits the draft and sends it
      await input.fill(`${SUGGESTION} Pode ser amanhã?`);
      await input.press('Enter');
      await eventually(
        async () => (await received()).some((m) => /sem custo\. Pode ser amanhã\?$/.test(m.content?.body ?? '')),
        'the edited reply at the contact',
      );
    } finally {
      await browser.close();
    }
  });
});
