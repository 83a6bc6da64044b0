// Issue 16's browser walk: an admin of the seeded demo company creates a contact list, imports a spreadsheet,
// creates a campaign with confirmation on the demo simulator connection and watches its report fill live while
// the simulated contacts receive the request and one of them confirms. Every deployable runs as its own process
// (PostgreSQL, Kafka, the built client, Debian's Chromium).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import XLSX from '@e965/xlsx';
import { companyNow, eventually, openBrowser, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };
const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const walk = useWalk();

const signIn = (page) => walk.signIn(page, ADMIN);

/** A gateway call with the signed-in page's token, answering the body of a 2xx answer. */
const api = (page, method, path, body) => walk.api(page)(method, path, body);

describe('campaigns, walked by an admin', () => {
  it('imports a list, runs a campaign with confirmation and watches the report fill live', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await signIn(page);
      await api(page, 'PUT', '/settings/campaignsEnabled', { value: 'true' });
      // 5 s between a connection's campaign messages instead of the default 20: the walk's three sends (two
      // confirmation requests, then Ana's message) are still paced, in a quarter of the wait
      await api(page, 'POST', '/campaign-settings', { settings: { messageInterval: 5 } });
      // the cshow flag is set at sign-in from the company's settings: sign in again
      await page.evaluate(() => window.localStorage.clear());
      await page.context().clearCookies();
      await signIn(page);
      assert.equal(await page.evaluate(() => window.localStorage.getItem('cshow')), 'true');

      await page.goto(`${walk.stack.webUrl}/contact-lists`);
      await page.getByTestId('contact-list-add').click();
      const listDialog = page.getByTestId('contact-list-dialog');
      await listDialog.getByRole('textbox', { name: 'Nome' }).fill('Clientes Natal');
      await listDialog.getByTestId('dialog-save').click();
      const listRow = page.getByTestId('contact-list-row').filter({ hasText: 'Clientes Natal' });
      await listRow.waitFor();
      await listRow.getByRole('button', { name: 'Ver contatos Clientes Natal' }).click();
      await page.getByTestId('contact-list-items-page').waitFor();

      const suffix = String(Date.now()).slice(-6);
      const numbers = [`5511987${suffix}`, `5511986${suffix}`];
      const sheet = XLSX.utils.aoa_to_sheet([
        ['Nome', 'Número', 'Email'],
        ['Ana Souza', numbers[0], 'ana@exemplo.com'],
        ['Bruno Lima', numbers[1], ''],
      ]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Contatos');
      const file = join(mkdtempSync(join(tmpdir(), 'cs-e2e-xlsx-')), 'clientes.xlsx');
      writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
      await page.getByTestId('contact-list-import-input').setInputFiles(file);
      await page.getByText('Contatos importados com sucesso!').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('list-import-progress').getByRole('button', { name: 'Fechar' }).click();
      await eventually(
        async () => (await page.getByTestId('contact-list-item-row').count()) === 2,
        'the two items',
        60_000,
      );
      await screenshot(page, 'contact-list-items');
      const listId = Number(new URL(page.url()).pathname.split('/')[2]);
      // the connector's number checks mark both items valid (the campaign sends only to valid numbers)
      await eventually(
        async () => {
          const { contacts } = await api(page, 'GET', `/contact-list-items?contactListId=${listId}`);
          return contacts.length === 2 && contacts.every((item) => item.isWhatsappValid === true);
        },
        'the items to be checked on WhatsApp',
        60_000,
      );

      await page.goto(`${walk.stack.webUrl}/campaigns`);
      await page.getByTestId('campaigns-disclaimer').getByRole('button', { name: 'Li e aceito' }).click();
      await page.getByTestId('campaign-add').click();
      const dialog = page.getByTestId('campaign-dialog');
      await dialog.getByRole('textbox', { name: 'Nome' }).fill('Natal E2E');
      await dialog.getByRole('combobox', { name: 'Confirmação' }).selectOption('true');
      await dialog.getByRole('combobox', { name: 'Conexão' }).selectOption(String(CONNECTION));
      await dialog.getByRole('combobox', { name: 'Lista de Contatos' }).selectOption(String(listId));
      await dialog.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Feliz Natal, {nome}!');
      await dialog.getByRole('textbox', { name: 'Mensagem de Confirmação' }).fill('{nome}, podemos enviar a oferta?');
      await dialog.locator('input[name="scheduledAt"]').fill(companyNow());
      await screenshot(page, 'campaign-dialog');
      await dialog.getByTestId('dialog-save').click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByTestId('campaign-row').filter({ hasText: 'Natal E2E' });
      await row.getByText('Em Andamento').waitFor({ timeout: 60_000 });
      await row.getByRole('button', { name: 'Relatório' }).click();
      const report = page.getByTestId('campaign-report');
      await report.waitFor();
      await report.getByTestId('report-valid').getByText('2').waitFor();
      await report.getByTestId('report-requested').getByText('2').waitFor({ timeout: 60_000 });

      const sent = (number) => api(page, 'GET', `/simulator/connections/${CONNECTION}/sent?chat=${number}`);
      const [ana] = await eventually(
        async () => {
          const messages = await sent(numbers[0]);
          return messages.length === 1 ? messages : null;
        },
        'the confirmation request to reach Ana',
        60_000,
      );
      assert.equal(ana.content.body, 'Ana Souza, podemos enviar a oferta?');

      // Ana confirms: the main message follows and the report's figures move live
      await api(page, 'POST', `/simulator/connections/${CONNECTION}/messages`, {
        from: { number: numbers[0], name: 'Ana Souza' },
        kind: 'text',
        body: 'Sim',
      });
      await report.getByTestId('report-confirmed').getByText('1').waitFor({ timeout: 60_000 });
      await report.getByTestId('report-delivered').getByText('1').waitFor({ timeout: 60_000 });
      await screenshot(page, 'campaign-report');
      // Ana's reply also reaches the company's inbox (its greeting may answer her): count the campaign's own texts
      const bodies = async (number) => (await sent(number)).map((message) => message.content?.body ?? '');
      await eventually(
        async () => (await bodies(numbers[0])).includes('Feliz Natal, Ana Souza!'),
        'the main message to reach Ana',
        60_000,
      );
      const toAna = await bodies(numbers[0]);
      assert.equal(toAna.filter((body) => body === 'Feliz Natal, Ana Souza!').length, 1);
      assert.equal(toAna.filter((body) => body === 'Ana Souza, podemos enviar a oferta?').length, 1);
      assert.deepEqual(await bodies(numbers[1]), ['Bruno Lima, podemos enviar a oferta?']);
    } finally {
      await browser.close();
    }
  });
});
