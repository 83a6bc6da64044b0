// Issue 20's browser walk: AI prompts, queue integrations and the message-sending API page, as an admin of the
// seeded demo company, against the full stack (every deployable as its own process, PostgreSQL, Kafka, the built
// client, Debian's Chromium). The external send goes through the real path: the token from the connector's
// events, the number check on the simulator connection, the contact created by contacts, the ticket and the send.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, openBrowser, screenshot } from './browser.mjs';
import { requestInPage, useWalk } from './walk.mjs';

const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };
const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const walk = useWalk();
/** A call to the gateway with the signed-in user's token, as the page itself would make it. */
const api = requestInPage;

describe('automation pages, walked by an admin', () => {
  it('creates an AI prompt for a queue (the queue is required) and deletes it with the server message', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      await page.goto(`${walk.stack.webUrl}/prompts`);
      await page.getByTestId('prompts-warning').waitFor();
      await page.getByRole('button', { name: 'Adicionar prompt' }).click();
      const form = page.getByTestId('prompt-dialog');
      await form.getByRole('textbox', { name: 'Nome' }).fill('Assistente E2E');
      await form.getByLabel('Chave da API').fill('sk-e2e-0123456789abcdef');
      await form.getByRole('textbox', { name: 'Prompt' }).fill('Você é a assistente da Empresa Demo.');
      await form.getByTestId('dialog-save').click();
      await form.getByText('Informe o setor').waitFor();
      await form.getByRole('combobox', { name: 'Setor' }).selectOption({ label: 'Vendas' });
      await form.getByTestId('dialog-save').click();
      await form.waitFor({ state: 'detached' });
      const row = page.getByTestId('prompt-row').filter({ hasText: 'Assistente E2E' });
      await row.getByText('Vendas').waitFor();
      await row.getByText('100').waitFor();
      await screenshot(page, 'prompts');
      const stored = (await api(page, 'GET', '/prompt')).body.prompts.find((p) => p.name === 'Assistente E2E');
      assert.equal(stored.apiKey, '********cdef');
      await page.getByRole('button', { name: 'Excluir Assistente E2E' }).click();
      await page.getByRole('button', { name: 'Sim' }).click();
      await page.getByText('Prompt deleted').waitFor();
      await row.waitFor({ state: 'detached' });
    } finally {
      await browser.close();
    }
  });

  it('adds a webhook integration with the fields of its type, shows its logo and removes it', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      await page.goto(`${walk.stack.webUrl}/queue-integration`);
      await page.getByRole('button', { name: 'Adicionar integração' }).click();
      const form = page.getByTestId('integration-dialog');
      await form.getByRole('combobox', { name: 'Tipo' }).selectOption('webhook');
      await form.getByRole('textbox', { name: 'Nome' }).fill('W');
      await form.getByTestId('dialog-save').click();
      await form.getByText('Too Short!').waitFor();
      await form.getByRole('textbox', { name: 'Nome' }).fill('Webhook de pedidos');
      await form.getByRole('textbox', { name: 'URL' }).fill('https://hooks.exemplo.com.br/pedidos');
      await form.getByTestId('dialog-save').click();
      await page.getByText('Integração adicionada com sucesso.').waitFor();
      const row = page.getByTestId('integration-row').filter({ hasText: 'Webhook de pedidos' });
      await row.getByTestId('integration-logo-webhook').waitFor();
      await screenshot(page, 'queue-integrations');
      await page.getByRole('button', { name: 'Excluir Webhook de pedidos' }).click();
      await page.getByRole('button', { name: 'Sim' }).click();
      await row.waitFor({ state: 'detached' });
    } finally {
      await browser.close();
    }
  });

  it("sends a text through the external API with the connection's token, reaching a new contact's ticket", async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      // the server generates the token and answers it this once
      const rotated = await api(page, 'POST', `/whatsapp/${CONNECTION}/token`);
      assert.equal(rotated.status, 200);
      const token = rotated.body.token;
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      await page.goto(`${walk.stack.webUrl}/messages-api`);
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('button', { name: 'Enviar' }).click();
      await panel.getByText('Obrigatório').first().waitFor();
      await panel.getByRole('textbox', { name: 'Token cadastrado' }).fill(token);
      await page.getByTestId('curl-text').getByText(`Bearer ${token}`).waitFor();
      await panel.getByRole('textbox', { name: /Número/ }).fill('5511977776666');
      await panel.getByRole('textbox', { name: 'Mensagem' }).fill('Seu pedido saiu para entrega!');
      // the token reaches tickets through the connector's events: retry until it is known
      await eventually(async () => {
        await panel.getByRole('button', { name: 'Enviar' }).click();
        await page.getByText('Mensagem enviada com sucesso!').first().waitFor({ timeout: 5_000 });
        return true;
      }, 'the external API to accept the token');
      await screenshot(page, 'messages-api');
      const ticket = await eventually(async () => {
        const { body } = await api(page, 'GET', '/tickets?searchParam=977776666&showAll=true&status=pending');
        return body.tickets.find((t) => t.lastMessage === 'Seu pedido saiu para entrega!');
      }, 'the ticket of the new contact');
      assert.equal(ticket.whatsappId, CONNECTION);
      await page.getByRole('tab', { name: 'Mensagens de mídia' }).click();
      await page.getByTestId('curl-media').getByText('-F medias=@arquivo.pdf').waitFor();
    } finally {
      await browser.close();
    }
  });
});
