// Reports and service levels against the real stack (tickets with its minute's sweep, the gateway's socket, the
// connector's simulator as the customer's phone, Chromium): the manager gives the Vendas queue a one-minute
// first-response target in the queue form; a customer picks Vendas and waits; the pending ticket shows "Perto do
// prazo" and then "Prazo estourado" live in the manager's list; the manager answers; the report by queue and its CSV
// count what was hand-computed for this one conversation: 1 opened, 0 closed, 2 messages received (the company's), 1
// first-response breach, and the drill-down lists the ticket. The list's service-level filter shows the breached
// ticket under "breached", not under "at risk"; in business hours only (no schedule in force) the figures stay.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const VENDAS = 1; // the seeded queue the menu's option 1 leads to
const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };

const walk = useWalk({ page: true });

describe('reports and service levels', () => {
  it('marks a waiting customer breached live, and the report and its CSV count it', async () => {
    const page = walk.page;
    await walk.signIn(page, ADMIN);
    const call = async (method, path, body) => {
      const token = await page.evaluate(() => JSON.parse(window.localStorage.getItem('token') ?? 'null'));
      const response = await fetch(`${walk.stack.gatewayUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${text}`);
      return text;
    };
    const api = async (method, path, body) => {
      const text = await call(method, path, body);
      return text ? JSON.parse(text) : null;
    };

    // the manager sets the Vendas queue's service level in the queue form
    await page.goto(`${walk.stack.webUrl}/queues`);
    await page
      .getByTestId('queue-row')
      .filter({ hasText: 'Vendas' })
      .getByRole('button', { name: 'Editar Vendas' })
      .click();
    const form = page.getByTestId('queue-service-level');
    await form.getByRole('spinbutton', { name: 'Primeira resposta em até (minutos)' }).fill('1');
    await form.getByTestId('service-level-save').click();
    await eventually(
      async () => (await api('GET', '/service-levels')).find((l) => l.queueId === VENDAS)?.firstResponseMinutes === 1,
      'the target to be saved',
    );
    await page.keyboard.press('Escape');

    // a customer picks Vendas and waits, unanswered
    const number = `551196${String(Date.now()).slice(-7)}`;
    const from = { number, name: 'Cliente Prazo' };
    const says = (body) => api('POST', `/simulator/connections/${CONNECTION}/messages`, { from, kind: 'text', body });
    const phone = () => api('GET', `/simulator/connections/${CONNECTION}/sent?chat=${number}`);
    await says('Oi, quero comprar');
    await eventually(async () => (await phone()).some((m) => /\[ 1 \]/.test(m.content?.body ?? '')), 'the menu');
    await says('1');

    await page.goto(`${walk.stack.webUrl}/tickets`);
    await page.getByTestId('tab-pending').click();
    const item = page
      .getByTestId('tickets-list-pending')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente Prazo' });
    await item.waitFor({ timeout: 30_000 });
    // live, without reloading: near the minute (80%), then past it (the sweep runs every minute)
    const badge = item.locator('[data-testid^="sla-badge-"]');
    await badge.filter({ hasText: 'Prazo estourado' }).waitFor({ timeout: 150_000 });
    assert.equal(await badge.getAttribute('data-state'), 'breached');
    await screenshot(page, 'service-level-breached');
    // the list filtered by service level: past a target, it is there; at risk (near) only, it is not
    await page.getByTestId('service-level-filter').selectOption('breached');
    await item.waitFor({ timeout: 30_000 });
    await page.getByTestId('service-level-filter').selectOption('near');
    await item.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('service-level-filter').selectOption('');
    await item.waitFor({ timeout: 30_000 });

    // the manager answers (late): the first response is given, the ticket leaves the at-risk list
    await item.getByRole('button', { name: 'Aceitar' }).click();
    await page.getByTestId('ticket-chat').waitFor();
    await page.getByTestId('message-textarea').fill('Olá! Desculpe a demora.');
    await page.getByTestId('message-textarea').press('Enter');
    await eventually(
      async () => (await phone()).some((m) => /Desculpe a demora/.test(m.content?.body ?? '')),
      'the reply',
    );

    // the report by queue, today in the company's zone (São Paulo)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const report = await api('GET', `/reports?from=${today}&to=${today}&groupBy=queue`);
    const vendas = report.rows.find((row) => row.key === VENDAS);
    assert.equal(vendas.opened, 1);
    assert.equal(vendas.reopened, 0);
    assert.equal(vendas.closed, 0);
    assert.equal(vendas.breaches.firstResponse, 1);
    assert.equal(vendas.firstResponse.count, 1);
    assert.ok(vendas.firstResponse.avg > 60, `first response ${vendas.firstResponse.avg} s`);
    // the customer's two messages (the first before the ticket had a queue): the company's whole figure
    const [company] = (await api('GET', `/reports?from=${today}&to=${today}`)).rows;
    assert.equal(company.received, 2);
    assert.equal(company.opened, 1);

    // the page: by queue, the breach figure opens the ticket behind it
    await page.goto(`${walk.stack.webUrl}/reports`);
    await page.getByTestId('report-groupBy').selectOption('queue');
    const breaches = page.getByTestId(`report-figure-${VENDAS}-total-frtBreached`);
    await breaches.waitFor({ timeout: 30_000 });
    assert.equal((await breaches.textContent())?.trim(), '1');
    await breaches.click();
    await page.getByTestId('report-drill-down').getByText('Cliente Prazo').waitFor({ timeout: 30_000 });
    await screenshot(page, 'report-by-queue');
    // in business hours only: the demo company has no schedule in force (scheduleType disabled), the same figure
    const asked = page.waitForResponse(
      (response) => response.url().includes('/reports?') && response.url().includes('businessHours=true'),
    );
    await page.getByText('Somente horário comercial').click();
    assert.equal((await asked).status(), 200);
    await breaches.waitFor({ timeout: 30_000 });
    assert.equal((await breaches.textContent())?.trim(), '1');
    const business = await api('GET', `/reports?from=${today}&to=${today}&groupBy=queue&businessHours=true`);
    const inBusiness = business.rows.find((row) => row.key === VENDAS);
    assert.equal(business.businessHours, true);
    assert.equal(inBusiness.firstResponse.avg, vendas.firstResponse.avg);

    // its CSV: the same figures
    const csv = (await call('GET', `/reports/export?from=${today}&to=${today}&groupBy=queue`)).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(';'));
    const line = lines.find((cells) => cells[header.indexOf('name')] === 'Vendas');
    assert.equal(line[header.indexOf('opened')], '1');
    assert.equal(line[header.indexOf('first_response_breaches')], '1');
  });
});
