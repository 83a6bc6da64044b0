// Billing in the browser against the real stack (every deployable as its own process, PostgreSQL, Kafka, the
// gateway, the built client, Debian's Chromium) with the fake Efí as the Pix provider: an expired company's
// admin lands on /financeiro with the banner, the invoice list (status, R$ value, search), the checkout's
// validation (the spec's messages, CEP format), the Pix QR code with its copy confirmation, and the live
// CONCLUIDA event ("licence renewed until …") followed by the redirect to /.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const SUPER = { email: 'super@plataforma.local', password: 'super12345' };

const walk = useWalk({ label: 'billinge2e' });

async function api(token, method, path, body) {
  const response = await fetch(`${walk.stack.gatewayUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A company on a paid plan whose trial has lapsed (its due date set in the past by the super user). */
async function lapsedCompany() {
  const unique = Date.now().toString(36);
  const plans = await api(null, 'GET', '/plans/list');
  const plan = plans.find((candidate) => candidate.value > 0);
  const tenant = { name: `Padaria ${unique}`, email: `dono.${unique}@padaria.com.br`, password: 'segredo123' };
  const { id } = await api(null, 'POST', '/companies/cadastro', {
    ...tenant,
    // a phone gets one trial: one of its own for each company
    phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    planId: plan.id,
  });
  const { token } = await api(null, 'POST', '/auth/login', SUPER);
  await api(token, 'PUT', `/companies/${id}`, { dueDate: '2025-01-31' });
  return { ...tenant, companyId: id, plan };
}

describe('the finance page', () => {
  it('takes an expired company to /financeiro, validates the checkout, shows the Pix and renews on payment', async () => {
    const company = await lapsedCompany();
    const page = await walk.person();
    try {
      await walk.signIn(page, company, '**/financeiro');
      await page.getByTestId('expired-banner').getByText('31/01/2025').waitFor();
      // any other page leads back here while expired
      await page.goto(`${walk.stack.webUrl}/contacts`);
      await page.waitForURL('**/financeiro');

      const row = page.getByTestId('invoice-row').filter({ hasText: '31/01/2025' });
      await eventually(async () => (await row.count()) === 1, 'the lapsed due date’s invoice');
      assert.equal(await row.getAttribute('data-status'), 'overdue');
      await row.getByText('Vencido').waitFor();
      await row.getByText(`R$ ${company.plan.value.toFixed(2).replace('.', ',')}`).waitFor();
      // search
      await page.getByRole('searchbox').fill('nada-assim');
      await eventually(async () => (await page.getByTestId('invoice-row').count()) === 0, 'an empty search');
      // both of the company's invoices (the trial's due date and the lapsed one) carry the plan's name
      await page.getByRole('searchbox').fill(company.plan.name);
      await eventually(async () => (await page.getByTestId('invoice-row').count()) === 2, 'the search by plan');

      // the checkout starts at Personalizar; paying with the data step empty goes back to it with the messages
      await row.getByTestId('invoice-pay').click();
      const dialog = page.getByTestId('checkout-dialog');
      await dialog.getByTestId('checkout-step-customize').getByText(company.plan.name).waitFor();
      await dialog.getByTestId('checkout-next').click();
      await dialog.getByTestId('checkout-step-review').waitFor();
      await dialog.getByTestId('checkout-pay').click();
      await dialog.getByText('O Endereço é obrigatório').waitFor();
      await dialog.getByText('Cidade é obrigatória').waitFor();
      await dialog.getByText('CEP é obrigatório').waitFor();
      await dialog.getByLabel('Nome completo').fill('');
      await dialog.getByLabel('Endereço').fill('Rua Augusta, 1500');
      await dialog.getByLabel('Cidade').fill('São Paulo');
      await dialog.getByLabel('CEP').fill('0131');
      await dialog.getByTestId('checkout-next').click();
      await dialog.getByText('O nome completo é obrigatório').waitFor();
      await dialog.getByText('Formato de CEP inválido').waitFor();
      await dialog.getByLabel('País').selectOption('');
      await dialog.getByTestId('checkout-next').click();
      await dialog.getByText('País é obrigatório').waitFor();
      const countries = await dialog.getByLabel('País').locator('option').allTextContents();
      assert.deepEqual(countries.slice(1), ['Brasil', 'United States']);
      await dialog.getByLabel('País').selectOption('BR');
      await dialog.getByLabel('Nome completo').fill('Maria das Dores');
      await dialog.getByLabel('CEP').fill('01310-100');
      await dialog.getByTestId('checkout-next').click();
      await dialog.getByTestId('checkout-step-customize').waitFor();
      await dialog.getByTestId('checkout-next').click();
      await dialog.getByTestId('checkout-step-review').getByText('Maria das Dores').waitFor();
      await dialog.getByTestId('checkout-pay').click();
      await page.getByText('Assinatura realizada com sucesso!, aguardando a realização do pagamento').waitFor();

      // the Pix: the QR code drawn in the page, the amount, the copy confirmation for 1 s
      await dialog.getByTestId('pix-qrcode').waitFor();
      assert.match(await dialog.getByTestId('pix-qrcode').getAttribute('src'), /^data:image\/png;base64,/);
      await dialog
        .getByTestId('pix-amount')
        .getByText(`R$ ${company.plan.value.toFixed(2).replace('.', ',')}`)
        .waitFor();
      const code = await dialog.getByTestId('pix-code').textContent();
      assert.match(code, /^000201010212.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
      await dialog.getByTestId('pix-copy').click();
      await dialog.getByText('Copiado!').waitFor();
      await dialog.getByText('Copiar código Pix').waitFor({ timeout: 3_000 });

      // the payer's bank pays; the live event shows the new licence date and / follows after 4 s
      const charge = walk.stack.fakeEfi.charges().find((cob) => cob.pixCopiaECola === code);
      assert.ok(charge, 'the fake Efí has the charge shown');
      // the moment the page shows the renewal, taken in the page (the test may notice it a while later on a busy
      // machine, which made the wait until the redirect look shorter than it was)
      await page.evaluate(() => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[data-testid="licence-renewed"]')) return;
          window.renewedShownAt = Date.now();
          observer.disconnect();
        }).observe(document.body, { childList: true, subtree: true });
      });
      await walk.stack.fakeEfi.pay(charge.txid);
      const renewed = dialog.getByTestId('licence-renewed');
      await renewed.waitFor({ timeout: 30_000 });
      assert.match(await renewed.textContent(), /Sua licença foi renovada até \d{2}\/\d{2}\/\d{4}!/);
      const shownAt = await page.evaluate(() => window.renewedShownAt);
      assert.equal(typeof shownAt, 'number', 'the page recorded when it showed the renewal');
      await page.waitForURL(`${walk.stack.webUrl}/`, { timeout: 15_000 });
      assert.ok(Date.now() - shownAt >= 3_000, 'the redirect waits about 4 s');
      await page.getByTestId('expired-banner').waitFor({ state: 'detached' });
    } catch (error) {
      await screenshot(page, 'billing-finance-page').catch(() => undefined);
      throw error;
    }
  });
});
