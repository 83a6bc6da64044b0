// Issue 18's browser walk of the administration pages against the full stack (every deployable as its own
// process, PostgreSQL, Kafka, the built client, Debian's Chromium): a company admin's settings and opening hours
// (the connector's simulator plays a customer writing out of hours), the super user running the platform
// (plans, companies, due dates, announcements seen live by another company), and an agent kept out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { eventually, screenshot, selectTab } from './browser.mjs';
import { useWalk } from './walk.mjs';

const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };
const AGENT = { email: 'agente@demo.local', password: 'demo12345' };
const SUPER = { email: 'super@plataforma.local', password: 'super12345' };
const NO_PERMISSION = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';

let db;
const walk = useWalk({
  ready: async (stack) => {
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
  },
  cleanup: () => db?.end(),
});
const rows = async (sql, params) => (await db.query(sql, params)).rows;

const pad = (n) => String(n).padStart(2, '0');
const isoDay = (date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const shownDay = (iso) => iso.split('-').reverse().join('/');

describe('a company admin in the settings', () => {
  it('changes userRating and scheduleType; the Schedules tab appears and a customer out of hours gets the reply', async () => {
    const page = await walk.person();
    await walk.signIn(page, ADMIN);
    const api = walk.as(page);
    await page.goto(`${walk.stack.webUrl}/settings`);
    await page.getByTestId('settings-page').waitFor();

    await page.getByTestId('setting-userRating').selectOption('enabled');
    await page.getByText('Operação atualizada com sucesso.').first().waitFor();
    await page.reload();
    await eventually(
      async () => (await page.getByTestId('setting-userRating').inputValue()) === 'enabled',
      'userRating to stay enabled after a reload',
    );
    const settings = await api('GET', '/settings');
    assert.equal(settings.body.find((s) => s.key === 'userRating').value, 'enabled');

    assert.equal(await page.getByRole('tab', { name: 'Horários' }).count(), 0);
    await page.getByTestId('setting-scheduleType').selectOption('company');
    await selectTab(page, 'Horários');
    const editor = page.getByTestId('company-schedules');
    await editor.waitFor();
    // closed all week: every day from 00:00 to 00:00
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']) {
      await editor.locator(`input[name="${day}-startTime"]`).fill('00:00');
      await editor.locator(`input[name="${day}-endTime"]`).fill('00:00');
    }
    await editor.getByTestId('schedules-save').click();
    await page.getByText('Horários atualizados com sucesso.').first().waitFor();
    await screenshot(page, 'settings-company-hours');

    // the connection's out-of-hours text, then a customer writes
    assert.equal(
      (await api('PUT', `/whatsapp/${CONNECTION}`, { outOfHoursMessage: 'Estamos fechados agora, {{name}}.' })).status,
      200,
    );
    // the out-of-hours rule reads tickets' copies of the company and the connection: the customer writes once both
    // hold the new hours and text
    await eventually(async () => {
      const [row] = await rows(
        `SELECT c.settings->>'scheduleType' AS type, c.schedules, w.out_of_hours_message AS text
           FROM tickets.companies c JOIN tickets.connections w ON w.company_id = c.id AND w.id = $1
          WHERE c.id = (SELECT company_id FROM tickets.connections WHERE id = $1)`,
        [CONNECTION],
      );
      return (
        row?.type === 'company' &&
        row.text === 'Estamos fechados agora, {{name}}.' &&
        Array.isArray(row.schedules) &&
        row.schedules.some((s) => s.weekdayEn === 'sunday' && s.startTime === '00:00' && s.endTime === '00:00')
      );
    }, "tickets' copy of the company hours and the connection's out-of-hours text");
    const number = `551197${String(Date.now()).slice(-7)}`;
    const from = { number, name: 'Cliente Noturno' };
    await api('POST', `/simulator/connections/${CONNECTION}/messages`, { from, kind: 'text', body: 'Olá?' });
    await eventually(
      async () => {
        const sent = await api('GET', `/simulator/connections/${CONNECTION}/sent?chat=${number}`);
        return sent.body.some((m) => m.content?.body === 'Estamos fechados agora, Cliente Noturno.');
      },
      'the out-of-hours reply',
      60_000,
    );

    // leaving company mode while on the Schedules tab returns to Options (live, from another session's change)
    assert.equal((await api('PUT', '/settings/scheduleType', { value: 'disabled' })).status, 200);
    await page.getByTestId('settings-general').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('tab', { name: 'Horários' }).count(), 0);
    await api('PUT', '/settings/userRating', { value: 'disabled' });
  });
});

describe('the super user runs the platform', () => {
  it('creates a plan and a company, extends its due date and publishes an announcement seen live elsewhere', async () => {
    const su = await walk.person();
    const reader = await walk.person();
    await walk.signIn(su, SUPER);
    await walk.signIn(reader, ADMIN);
    const unique = Date.now().toString(36);

    // a plan
    await su.goto(`${walk.stack.webUrl}/settings`);
    await selectTab(su, 'Planos');
    await su.getByRole('button', { name: 'Adicionar plano' }).click();
    const planDialog = su.getByTestId('plan-dialog');
    const planName = `Plano ${unique}`;
    await planDialog.locator('input[name="name"]').fill(planName);
    await planDialog.locator('input[name="users"]').fill('5');
    await planDialog.locator('input[name="connections"]').fill('2');
    await planDialog.locator('input[name="queues"]').fill('3');
    await planDialog.locator('input[name="value"]').fill('149,90');
    await planDialog.getByTestId('plan-useKanban').click();
    await planDialog.getByTestId('dialog-save').click();
    await su.getByText('Operação realizada com sucesso!').first().waitFor();
    const planRow = su.getByTestId('plan-row').filter({ hasText: planName });
    await planRow.waitFor();
    await planRow.getByText('R$ 149,90').waitFor();
    assert.equal(await planRow.getByText('Não', { exact: true }).count(), 1);

    // the same name again: the duplicate-name text
    await su.getByRole('button', { name: 'Adicionar plano' }).click();
    await planDialog.locator('input[name="name"]').fill(planName);
    await planDialog.getByTestId('dialog-save').click();
    await su.getByText('Verifique se já existe um plano com o mesmo nome', { exact: false }).first().waitFor();
    await planDialog.getByRole('button', { name: 'Cancelar' }).click();

    // a company on that plan, due in 10 days
    await selectTab(su, 'Empresas');
    const form = su.getByTestId('company-form');
    const companyName = `Cliente ${unique}`;
    const due = new Date();
    due.setDate(due.getDate() + 10);
    await form.locator('input[name="name"]').fill(companyName);
    await form.locator('input[name="email"]').fill(`dono.${unique}@cliente.com.br`);
    await form.locator('select[name="planId"]').selectOption({ label: planName });
    await form.locator('input[name="dueDate"]').fill(isoDay(due));
    await form.locator('input[name="password"]').fill('primeira1');
    await form.getByTestId('company-save').click();
    await su.getByText('Operação realizada com sucesso!').first().waitFor();
    await su.getByRole('searchbox', { name: 'Pesquisar' }).fill(companyName);
    const companyRow = su.getByTestId('company-row').filter({ hasText: companyName });
    await companyRow
      .getByTestId('company-due')
      .getByText(shownDay(isoDay(due)))
      .waitFor();

    // extend the due date: MENSAL adds a month
    await companyRow.getByRole('button', { name: `Prorrogar vencimento de ${companyName}` }).click();
    const api = walk.as(su);
    const extended = await eventually(async () => {
      const page = await api('GET', `/companies?searchParam=${encodeURIComponent(companyName)}`);
      const company = page.body.companies?.[0];
      return company && company.dueDate !== isoDay(due) ? company : null;
    }, 'the extended due date');
    const expected = new Date(due);
    expected.setMonth(expected.getMonth() + 1);
    assert.equal(extended.dueDate.slice(0, 7), isoDay(expected).slice(0, 7));
    await companyRow
      .getByTestId('company-due')
      .getByText(shownDay(extended.dueDate.slice(0, 10)))
      .waitFor();
    await screenshot(su, 'settings-companies');

    // the demo admin keeps the announcements popover open while the super user publishes one
    await reader.getByRole('button', { name: 'Informativos' }).click();
    await su.goto(`${walk.stack.webUrl}/announcements`);
    await su.getByTestId('announcements-page').waitFor();
    await su.getByRole('button', { name: 'Novo informativo' }).click();
    const dialog = su.getByTestId('announcement-dialog');
    const title = `Manutenção ${unique}`;
    await dialog.locator('input[name="title"]').fill(title);
    await dialog.locator('textarea[name="text"]').fill('O sistema fica fora do ar no domingo às 2h.');
    await dialog.locator('select[name="priority"]').selectOption('1');
    await dialog.getByTestId('dialog-save').click();
    await su.getByText('Informativo salvo com sucesso!').first().waitFor();
    const row = su.getByTestId('announcement-row').filter({ hasText: title });
    await row.getByText('Alta').waitFor();
    await row.getByText('Ativo').waitFor();
    await reader.getByText(title).waitFor({ timeout: 30_000 });
    await screenshot(reader, 'announcement-live-popover');
  });
});

describe('an agent', () => {
  it('cannot open the settings or the announcements, and the API refuses the admin routes', async () => {
    const page = await walk.person();
    await walk.signIn(page, AGENT);
    await page.goto(`${walk.stack.webUrl}/settings`);
    await page.waitForURL('**/tickets');
    assert.equal(await page.getByTestId('settings-page').count(), 0);
    await page.goto(`${walk.stack.webUrl}/announcements`);
    await page.getByText(NO_PERMISSION).first().waitFor();
    assert.equal(await page.getByTestId('announcements-page').count(), 0);
    await page.waitForURL('**/tickets');
    const api = walk.as(page);
    assert.equal((await api('PUT', '/settings/userRating', { value: 'enabled' })).status, 403);
    assert.equal((await api('GET', '/companies')).status, 403);
    assert.equal((await api('POST', '/plans', { name: 'x' })).status, 403);
    assert.equal((await api('POST', '/announcements', { title: 'x', text: 'y' })).status, 403);
  });
});
