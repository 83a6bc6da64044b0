// Issue 8's browser walk of the management pages, as an admin of the seeded demo company, against the full stack
// (every deployable as its own process, PostgreSQL, Kafka, the built client, Debian's Chromium).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import XLSX from '@e965/xlsx';
import { openBrowser, pageSaid, screenshot } from './browser.mjs';
import { requestInPage, useWalk } from './walk.mjs';

const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };
const walk = useWalk();
/** A call to the gateway with the signed-in user's token, as the page itself would make it. */
const api = requestInPage;

const dialog = (page, testId) => page.getByTestId(testId);

/**
 * Waits for the QR dialog to show a QR; when none shows, the error gives what the server holds for the connection and
 * what the dialog shows, with a screenshot (`qr-missing-*.png`).
 */
async function waitForQr(page, connectionName) {
  const qrDialog = page.getByTestId('qr-dialog');
  const qr = qrDialog.getByTestId('qr-code');
  // A user clicks once: the dialog must show the QR the server holds (a late, older session event must not close it:
  // connections-page.live.test.tsx)
  try {
    await qr.waitFor({ timeout: 45_000 });
  } catch (error) {
    const name = `qr-missing-${Date.now()}`;
    await screenshot(page, name).catch(() => undefined);
    const listed = await api(page, 'GET', '/whatsapp/?session=0').catch((failure) => ({ body: String(failure) }));
    const record = Array.isArray(listed.body) ? listed.body.find((c) => c.name === connectionName) : listed.body;
    const shown = await qrDialog.allTextContents().catch(() => []);
    // a refused session action shows its error as a toast and opens no dialog
    const said = await pageSaid(page);
    throw new Error(
      `no QR on screen for ${connectionName}: the server has ${JSON.stringify(
        record && { status: record.status, qrcode: Boolean(record.qrcode), updatedAt: record.updatedAt },
      )}, the dialog shows ${JSON.stringify(shown)}, the page said ${JSON.stringify(said)} (artifacts/${name}.png)`,
      { cause: error },
    );
  }
}

async function confirmDelete(page) {
  await page.getByText('Deseja realmente excluir este registro?').waitFor();
  await page.getByRole('button', { name: 'Sim' }).click();
}

describe('the management pages, walked by an admin', () => {
  /** The contact of the message scheduled by the first step (its sending is checked before the dashboard). */
  let scheduledFor;

  // scheduled first and checked further down: the form has minute precision, so the message goes out at the next
  // whole minute after now + 60 s, and the walk's other steps run meanwhile instead of a wait of up to a minute
  it('schedules a message for the coming minute, listed as pending', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      const contact = (await api(page, 'POST', '/contacts', { name: 'Cliente Agendado', number: '5511933330001' }))
        .body;
      await page.goto(`${walk.stack.webUrl}/schedules?contactId=${contact.id}`);
      const form = dialog(page, 'schedule-dialog');
      await form.getByRole('textbox', { name: 'Mensagem' }).fill('Lembrete: sua visita é amanhã.');
      const soon = new Date(Date.now() + 60_000);
      const pad = (n) => String(n).padStart(2, '0');
      await form
        .getByLabel('Data de agendamento')
        .fill(
          `${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())}T${pad(soon.getHours())}:${pad(soon.getMinutes())}`,
        );
      await form.getByTestId('dialog-save').click();
      const row = page.getByTestId('schedule-row').filter({ hasText: 'Cliente Agendado' });
      await row.getByTestId('schedule-status').filter({ hasText: 'Pendente' }).waitFor();
      await screenshot(page, 'schedules');
      scheduledFor = contact.id;
    } finally {
      await browser.close();
    }
  });

  it('creates, edits and deletes a queue with chatbot options and opening hours', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      assert.equal((await api(page, 'PUT', '/settings/scheduleType', { value: 'queue' })).status, 200);
      await page.goto(`${walk.stack.webUrl}/queues`);
      await page.getByRole('button', { name: 'Adicionar fila' }).click();
      const queue = dialog(page, 'queue-dialog');
      await queue.getByRole('textbox', { name: 'Nome' }).fill('Financeiro');
      await queue.getByRole('spinbutton', { name: 'Ordem da fila (Bot)' }).fill('3');
      await queue.getByTestId('color-open').click();
      await page.getByTestId('color-9c27b0').click();
      await queue.getByRole('textbox', { name: 'Mensagem de saudação' }).fill('Bem-vindo ao Financeiro');
      await queue.getByTestId('dialog-save').click();
      // a new queue stays open for its chatbot options
      await queue.getByTestId('option-add').click();
      const option = queue.getByTestId('option-card').first();
      await option.getByRole('textbox', { name: 'Título' }).fill('Boletos');
      await option.getByRole('textbox', { name: 'Mensagem' }).fill('Escolha: 1 segunda via, 2 negociar');
      await option.getByRole('button', { name: 'Salvar opção' }).click();
      await page.getByText('Opção salva.').first().waitFor();
      await option.getByTestId('option-children').click();
      await option.getByTestId('option-add').click();
      const child = option.getByTestId('options-level').getByTestId('option-card').first();
      await child.getByRole('textbox', { name: 'Título' }).fill('Segunda via');
      await child.getByRole('button', { name: 'Salvar opção' }).click();
      await queue.getByRole('tab', { name: 'Horários de Atendimento' }).click();
      await queue.getByLabel('Sábado Fim').fill('14:00');
      await screenshot(page, 'queue-dialog');
      await queue.getByTestId('dialog-save').click();
      await queue.waitFor({ state: 'detached' });
      const row = page.getByTestId('queue-row').filter({ hasText: 'Financeiro' });
      await row.getByText('Bem-vindo ao Financeiro').waitFor();

      const stored = (await api(page, 'GET', '/queue')).body.find((q) => q.name === 'Financeiro');
      assert.equal(stored.color, '#9c27b0');
      assert.equal(stored.schedules.find((d) => d.weekdayEn === 'saturday').endTime, '14:00');
      const top = (await api(page, 'GET', `/queue-options?queueId=${stored.id}&parentId=-1`)).body;
      assert.deepEqual(
        top.map((o) => o.title),
        ['Boletos'],
      );
      const sub = (await api(page, 'GET', `/queue-options?queueId=${stored.id}&parentId=${top[0].id}`)).body;
      assert.deepEqual(
        sub.map((o) => o.title),
        ['Segunda via'],
      );

      await row.getByRole('button', { name: 'Editar Financeiro' }).click();
      await queue.getByRole('textbox', { name: 'Nome' }).fill('Financeiro e Cobrança');
      await queue.getByTestId('dialog-save').click();
      await page.getByTestId('queue-row').filter({ hasText: 'Financeiro e Cobrança' }).waitFor();
      await screenshot(page, 'queues');
      await page.getByRole('button', { name: 'Excluir Financeiro e Cobrança' }).click();
      await confirmDelete(page);
      await page.getByText('Departamento excluído com sucesso!').waitFor();
      await page.getByTestId('queue-row').filter({ hasText: 'Financeiro' }).waitFor({ state: 'detached' });
    } finally {
      await browser.close();
    }
  });

  it('drives a simulator connection: QR → CONNECTED → disconnect → new QR', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      await page.goto(`${walk.stack.webUrl}/connections`);
      await page.getByRole('button', { name: 'Adicionar WhatsApp' }).click();
      const form = dialog(page, 'connection-dialog');
      await form.getByRole('textbox', { name: 'Nome' }).fill('Simulado E2E');
      await form.getByRole('tab', { name: 'Provedor' }).click();
      await form.getByRole('combobox', { name: 'Provedor' }).selectOption('simulator');
      await form.getByTestId('dialog-save').click();
      // the server generated the external-API token: shown this once, then closed
      const tokenDialog = dialog(page, 'connection-token-dialog');
      assert.match(await tokenDialog.getByTestId('connection-token-shown').inputValue(), /^[\w-]{32,}$/);
      await tokenDialog.getByRole('button', { name: 'Fechar' }).click();
      await tokenDialog.waitFor({ state: 'detached' });
      const row = page.getByTestId('connection-row').filter({ hasText: 'Simulado E2E' });
      await row.getByRole('button', { name: 'QR CODE' }).click({ timeout: 30_000 });
      const qr = page.getByTestId('qr-dialog');
      await waitForQr(page, 'Simulado E2E');
      await screenshot(page, 'connection-qr');
      const id = (await api(page, 'GET', '/whatsapp/?session=0')).body.find((c) => c.name === 'Simulado E2E').id;
      // the simulated phone scans the QR
      assert.equal((await api(page, 'POST', `/simulator/connections/${id}/scan`, {})).status, 202);
      await qr.waitFor({ state: 'detached', timeout: 30_000 });
      await row.getByTestId('connection-status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
      await screenshot(page, 'connections-connected');
      await row.getByRole('button', { name: 'Desconectar' }).click();
      await row.getByTestId('connection-status').filter({ hasText: 'Desconectado' }).waitFor({ timeout: 30_000 });
      await row.getByRole('button', { name: 'Novo QR CODE' }).click();
      await waitForQr(page, 'Simulado E2E');
      await screenshot(page, 'connection-new-qr');
    } finally {
      await browser.close();
    }
  });

  it('creates a user who then signs in and sees only their queues', async () => {
    const browser = await openBrowser();
    const second = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      await page.goto(`${walk.stack.webUrl}/users`);
      await page.getByRole('button', { name: 'Adicionar usuário' }).click();
      const form = dialog(page, 'user-dialog');
      await form.getByRole('textbox', { name: 'Nome' }).fill('Carla Suporte');
      await form.getByRole('textbox', { name: 'Email' }).fill('carla@demo.local');
      await form.getByLabel('Senha').fill('carla123');
      await form.getByTestId('user-queues').click();
      await page.locator('.chakra-checkbox__root', { hasText: 'Suporte' }).click();
      await page.keyboard.press('Escape');
      await form.getByTestId('dialog-save').click();
      await page.getByTestId('user-row').filter({ hasText: 'carla@demo.local' }).waitFor();
      await screenshot(page, 'users');

      // one ticket in each seeded queue, for a contact of each
      const contacts = [];
      for (const [name, number] of [
        ['Cliente Vendas', '5511911110001'],
        ['Cliente Suporte', '5511911110002'],
      ]) {
        const created = await api(page, 'POST', '/contacts', { name, number, email: '' });
        assert.ok(created.status < 300, JSON.stringify(created.body));
        contacts.push(created.body);
      }
      for (const [contact, queueId] of [
        [contacts[0], 1],
        [contacts[1], 2],
      ]) {
        const ticket = await api(page, 'POST', '/tickets', { contactId: contact.id, queueId, status: 'open' });
        assert.ok(ticket.status < 300, JSON.stringify(ticket.body));
        // back to the queue, waiting for an agent (the spec's "return")
        const back = await api(page, 'PUT', `/tickets/${ticket.body.id}`, { status: 'pending', userId: null, queueId });
        assert.ok(back.status < 300, JSON.stringify(back.body));
      }

      await walk.signIn(second.page, { email: 'carla@demo.local', password: 'carla123' });
      await second.page.waitForURL('**/tickets');
      await second.page.getByRole('tab', { name: /Aguardando/ }).click();
      await second.page.getByText('Cliente Suporte').first().waitFor();
      assert.equal(await second.page.getByText('Cliente Vendas').count(), 0);
      await screenshot(second.page, 'user-sees-own-queues');
    } finally {
      await second.close();
      await browser.close();
    }
  });

  it('imports a generated xlsx with a progress bar, then exports the contacts as CSV', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      const rows = [['nome', 'numero', 'email']];
      for (let i = 0; i < 1500; i++) rows.push([`Importado ${i}`, `55219${String(80000000 + i)}`, `i${i}@ex.com`]);
      rows.push(['Sem número', '12', '']);
      const sheet = XLSX.utils.aoa_to_sheet(rows);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Contatos');
      const file = join(mkdtempSync(join(tmpdir(), 'cs-e2e-xlsx-')), 'contatos.xlsx');
      writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));

      await page.goto(`${walk.stack.webUrl}/contacts`);
      // each step waits for what the user sees next, as long as a busy machine needs (Playwright's 30 s default
      // was too short for the upload, the queued job and the list reload while other suites run)
      const BUSY = { timeout: 120_000 };
      const uploaded = page.waitForResponse(
        (response) => response.request().method() === 'POST' && /\/contacts\/import$/.test(response.url()),
        BUSY,
      );
      await page.getByTestId('contacts-import-file').setInputFiles(file);
      assert.equal((await uploaded).status(), 202);
      const progress = page.getByTestId('import-progress');
      await progress.getByRole('progressbar').waitFor(BUSY);
      await screenshot(page, 'contacts-import-progress');
      await progress.getByText('1500 importados, 0 mesclados, 1 inválidos').waitFor({ timeout: 180_000 });
      await page.getByText('Contatos importados com sucesso!').waitFor(BUSY);
      await progress.getByRole('button', { name: 'Fechar' }).click();
      await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('Importado 1499');
      await page.getByTestId('contact-row').filter({ hasText: 'Importado 1499' }).waitFor(BUSY);
      await page.getByTestId('contact-row').filter({ hasText: '(21) 98000-1499' }).waitFor(BUSY);
      await screenshot(page, 'contacts');

      const [download] = await Promise.all([
        page.waitForEvent('download', BUSY),
        page.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      const csv = readFileSync(await download.path(), 'utf8');
      assert.match(csv, /Importado 1499;552198000\d+;i1499@ex\.com/);
      assert.equal(csv.split(/\r?\n/).filter((line) => line.startsWith('Importado ')).length, 1500);
    } finally {
      await browser.close();
    }
  });

  it('creates, edits and deletes a tag and a quick message, and uses the quick message in a chat via /', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      await page.goto(`${walk.stack.webUrl}/tags`);
      await page.getByRole('button', { name: 'Adicionar tag' }).click();
      const tag = dialog(page, 'tag-dialog');
      await tag.getByRole('textbox', { name: 'Nome' }).fill('VIP');
      await tag.getByTestId('color-open').click();
      await page.getByTestId('color-ff9800').click();
      await tag.getByTestId('dialog-save').click();
      await page.getByTestId('tag-row').filter({ hasText: 'VIP' }).waitFor();
      await page.getByRole('button', { name: 'Editar VIP' }).click();
      await tag.getByRole('textbox', { name: 'Nome' }).fill('VIP Ouro');
      await tag.getByTestId('dialog-save').click();
      await page.getByTestId('tag-row').filter({ hasText: 'VIP Ouro' }).waitFor();
      await screenshot(page, 'tags');
      await page.getByRole('button', { name: 'Excluir VIP Ouro' }).click();
      await confirmDelete(page);
      await page.getByTestId('tag-row').filter({ hasText: 'VIP Ouro' }).waitFor({ state: 'detached' });

      await page.goto(`${walk.stack.webUrl}/quick-messages`);
      await page.getByRole('button', { name: 'Adicionar' }).click();
      const quick = dialog(page, 'quick-message-dialog');
      await quick.getByRole('textbox', { name: 'Atalho' }).fill('boasvindas');
      await quick.getByRole('textbox', { name: 'Mensagem' }).fill('Seja bem-vindo à Empresa Demo!');
      await quick.getByTestId('dialog-save').click();
      await page.getByTestId('quick-message-row').filter({ hasText: 'boasvindas' }).waitFor();
      await screenshot(page, 'quick-messages');

      // the ticket is asked for at once: tickets waits for the new contact to reach its projection
      const contact = await api(page, 'POST', '/contacts', { name: 'Cliente Atalho', number: '5511922220001' });
      assert.ok(contact.status < 300, JSON.stringify(contact.body));
      const ticket = await api(page, 'POST', '/tickets', { contactId: contact.body.id, queueId: 1, status: 'open' });
      assert.ok(ticket.status < 300, JSON.stringify(ticket.body));
      await page.goto(`${walk.stack.webUrl}/tickets/${ticket.body.uuid}`);
      const input = page.getByPlaceholder(/Digite uma mensagem/);
      await input.fill('/boa');
      await page.getByText('boasvindas').first().click();
      assert.equal(await input.inputValue(), 'Seja bem-vindo à Empresa Demo!');
    } finally {
      await browser.close();
    }
  });

  it('sends the scheduled message, which then appears in the ticket’s history', async () => {
    assert.ok(scheduledFor, 'the schedule step above created no schedule');
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      await page.goto(`${walk.stack.webUrl}/schedules`);
      const row = page.getByTestId('schedule-row').filter({ hasText: 'Cliente Agendado' });
      await row.getByTestId('schedule-status').filter({ hasText: 'Enviada' }).waitFor({ timeout: 150_000 });
      const sent = (await api(page, 'GET', '/schedules/?pageNumber=1')).body.schedules.find(
        (s) => s.contactId === scheduledFor,
      );
      const ticket = (await api(page, 'GET', `/tickets/${sent.ticketId}`)).body;
      await page.goto(`${walk.stack.webUrl}/tickets/${ticket.uuid}`);
      // in the chat's history (the ticket list may show it too, as the last message)
      await page.getByTestId('messages-list').getByText('Lembrete: sua visita é amanhã.').waitFor();
    } finally {
      await browser.close();
    }
  });

  it('shows dashboard figures that match the tickets created above', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await walk.signIn(page, ADMIN);
      // today in the demo company's zone, in which the server reads `date` (not the machine's, UTC here)
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const createdToday = (await api(page, 'GET', `/tickets?date=${day}&showAll=true&pageNumber=1`)).body.count;
      const pending = (await api(page, 'GET', '/tickets?status=pending&showAll=true&pageNumber=1')).body.count;
      assert.ok(createdToday > 0, 'the tests above created tickets today');
      const first = `${day.slice(0, 8)}01`;
      const figures = (await api(page, 'GET', `/dashboard?date_from=${first}&date_to=${day}`)).body;

      await page.goto(`${walk.stack.webUrl}/`);
      await page.getByTestId('dashboard-page').waitFor();
      await page
        .getByTestId('card-today-value')
        .filter({ hasText: String(createdToday) })
        .waitFor();
      await page
        .getByTestId('card-pending-value')
        .filter({ hasText: String(pending) })
        .waitFor();
      const bars = await page
        .getByTestId('hourly-chart')
        .locator('[data-count]')
        .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count'))));
      assert.deepEqual(bars, figures.counters.ticketsPerHour);
      assert.ok(bars.reduce((a, b) => a + b, 0) >= createdToday, 'every ticket created today began a cycle this month');
      await page.getByTestId('attendant-row').filter({ hasText: 'Admin' }).first().waitFor();
      await screenshot(page, 'dashboard');
    } finally {
      await browser.close();
    }
  });
});
