// Issue 54's browser walks against the full stack (every deployable as its own process, PostgreSQL, Kafka, the
// built client, Debian's Chromium): two-step verification (enrolment with the QR code's secret, a sign-in with a
// code, with a recovery code that then no longer works, new recovery codes ending the old ones, a company that
// requires it forcing enrolment at sign-in),
// and the audit log (an admin's changes listed with who and what changed, secrets masked; another company's admin
// seeing none of them; the super user filtering by company).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generate } from 'otplib';
import { eventually, pageSaid, screenshot } from './browser.mjs';
import { tokenOf, useWalk } from './walk.mjs';

const SUPER = { email: 'super@plataforma.local', password: 'super12345' };

const walk = useWalk();

const api = walk.request;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A company through the public signup; its first admin has the signup's e-mail and password. */
async function newCompany(label) {
  const plans = await api('GET', '/plans/list');
  const id = unique();
  const company = { name: `${label} ${id}`, email: `admin-${id}@teste.com.br`, password: 'segredo123' };
  const created = await api('POST', '/companies/cadastro', {
    body: {
      ...company,
      userName: `Admin ${label}`,
      // a phone gets one trial: one of its own for each company
      phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      planId: plans.body[0].id,
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return { ...company, id: created.body.id, adminName: `Admin ${label}` };
}

/** The authenticator app: the code `steps` time steps from now (the server accepts one step of skew). */
const codeOf = (secret, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** E-mail and password on the login form, without waiting to leave it (a second step may follow). */
async function passwordStep(page, { email, password }) {
  await page.goto(`${walk.stack.webUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function codeStep(page, code) {
  await page.getByTestId('two-factor-step').waitFor();
  await page.getByTestId('two-factor-code').fill(code);
  await page.getByTestId('two-factor-verify').click();
}

/** Waits for a test id to be visible; when it is not, the error carries a screenshot and what the page said. */
async function shown(page, testId) {
  try {
    await page.getByTestId(testId).waitFor({ timeout: 15_000 });
  } catch (error) {
    const name = `trust-${testId}-${Date.now()}`;
    await screenshot(page, name).catch(() => undefined);
    throw new Error(`${testId} not shown at ${page.url()}; the page said ${JSON.stringify(await pageSaid(page))}`, {
      cause: error,
    });
  }
}

async function landed(page, what) {
  try {
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  } catch (error) {
    await screenshot(page, `trust-${what}-${Date.now()}`).catch(() => undefined);
    throw new Error(`${what}: stayed at ${page.url()}; the page said ${JSON.stringify(await pageSaid(page))}`, {
      cause: error,
    });
  }
}

describe('two-step verification', () => {
  it('enrols from the account menu, then signs in with a code, and with a recovery code only once', async () => {
    const company = await newCompany('Empresa 2FA');
    const page = await walk.person();
    await walk.signIn(page, company);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-two-factor').click();
    await shown(page, 'two-factor-dialog');
    await page.getByText('Desativada').waitFor();
    await page.getByTestId('two-factor-enable').click();

    const qr = page.getByTestId('two-factor-qr');
    await qr.waitFor();
    const otpauth = new URL(await qr.getAttribute('data-otpauth'));
    const secret = (await page.getByTestId('two-factor-secret').textContent()).trim();
    assert.equal(otpauth.protocol, 'otpauth:');
    assert.equal(otpauth.searchParams.get('secret'), secret);
    assert.equal(decodeURIComponent(otpauth.pathname), `/Atendimento:${company.email}`);
    assert.ok(await qr.locator('svg, canvas').count(), 'the QR code is drawn');

    await page.getByTestId('two-factor-code').fill(await codeOf(secret));
    await page.getByTestId('two-factor-confirm').click();
    await page.getByTestId('recovery-codes').waitFor();
    const recovery = await page.getByTestId('recovery-code').allTextContents();
    assert.equal(recovery.length, 10);
    await page.getByTestId('recovery-done').click();
    await page.getByTestId('two-factor-dialog').waitFor({ state: 'detached' });

    // a new browser: the password is no longer enough
    const later = await walk.person();
    await passwordStep(later, company);
    await later.getByTestId('two-factor-step').waitFor();
    assert.equal(new URL(later.url()).pathname, '/login');
    await codeStep(later, await codeOf(secret, 1));
    await landed(later, 'sign-in with a code');

    const lostPhone = await walk.person();
    await passwordStep(lostPhone, company);
    await codeStep(lostPhone, recovery[3]);
    await landed(lostPhone, 'sign-in with a recovery code');

    const again = await walk.person();
    await passwordStep(again, company);
    await codeStep(again, recovery[3]);
    await again.getByText('Código inválido ou já utilizado.').first().waitFor();
    assert.equal(new URL(again.url()).pathname, '/login');
    await again.getByTestId('two-factor-step').waitFor();

    // new recovery codes from the account menu, confirmed with the password: the old ones end at once
    await lostPhone.getByTestId('account-menu').click();
    await lostPhone.getByTestId('account-two-factor').click();
    await shown(lostPhone, 'two-factor-dialog');
    await lostPhone.getByRole('button', { name: 'Gerar novos códigos de recuperação' }).click();
    await lostPhone.locator('input[name="recovery-proof-password"]').fill(company.password);
    await lostPhone.getByTestId('recovery-regenerate-confirm').click();
    await shown(lostPhone, 'recovery-codes');
    const renewed = await lostPhone.getByTestId('recovery-code').allTextContents();
    assert.equal(renewed.length, 10);
    assert.deepEqual(
      renewed.filter((code) => recovery.includes(code)),
      [],
    );
    await lostPhone.getByTestId('recovery-done').click();
    await lostPhone.getByTestId('two-factor-dialog').waitFor({ state: 'detached' });

    const oldCode = await walk.person();
    await passwordStep(oldCode, company);
    await codeStep(oldCode, recovery[5]);
    await oldCode.getByText('Código inválido ou já utilizado.').first().waitFor();
    assert.equal(new URL(oldCode.url()).pathname, '/login');
    await codeStep(oldCode, renewed[0]);
    await landed(oldCode, 'sign-in with a regenerated recovery code');

    // the established client's answer to the password step is the spec's error format, clear on its own
    const upstream = await api('POST', '/auth/login', { body: { email: company.email, password: company.password } });
    assert.equal(upstream.status, 401);
    assert.equal(upstream.body.error, 'ERR_TWO_FACTOR_REQUIRED');
    assert.match(upstream.body.message, /duas etapas/);
  });

  it("takes a user to enrolment after the password once the company requires it; an admin's reset is audited", async () => {
    const company = await newCompany('Empresa Exige');
    const admin = await walk.person();
    await walk.signIn(admin, company);
    // the admin enrols first: once the company requires it, a session without it ends at its next refresh
    const adminToken = await tokenOf(admin);
    const adminSetup = await api('POST', '/auth/two-factor/setup', { token: adminToken, body: {} });
    const adminEnrolled = await api('POST', '/auth/two-factor/setup/confirm', {
      token: adminToken,
      body: { code: await codeOf(adminSetup.body.secret) },
    });
    assert.equal(adminEnrolled.status, 200);
    await admin.goto(`${walk.stack.webUrl}/settings`);
    await admin.getByTestId('setting-twoFactorRequired').selectOption('enabled');
    await admin.getByText('Operação atualizada com sucesso.').first().waitFor();
    const agent = { email: `agente-${unique()}@teste.com.br`, password: 'segredo123' };
    const created = await api('POST', '/users', {
      token: await tokenOf(admin),
      body: { name: 'Agente Exigido', ...agent, profile: 'user' },
    });
    assert.equal(created.status, 200);

    const page = await walk.person();
    await passwordStep(page, agent);
    await page.getByTestId('two-factor-enrolment').waitFor();
    await page.getByText('A verificação em duas etapas é obrigatória para esta conta.').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    // no session yet: nothing in the browser to call the API with
    assert.equal(await tokenOf(page), null);
    const secret = (await page.getByTestId('two-factor-secret').textContent()).trim();
    await page.getByTestId('two-factor-code').fill(await codeOf(secret));
    await page.getByTestId('two-factor-confirm').click();
    await page.getByTestId('recovery-codes').waitFor();
    assert.equal((await page.getByTestId('recovery-code').allTextContents()).length, 10);
    await page.getByTestId('recovery-done').click();
    await landed(page, 'the enrolled agent');
    assert.ok(await tokenOf(page));

    // the admin resets the agent's second factor from the users list
    await admin.goto(`${walk.stack.webUrl}/users`);
    await admin.getByRole('button', { name: 'Redefinir verificação em duas etapas Agente Exigido' }).click();
    await admin.getByRole('button', { name: 'Sim' }).click();
    await admin.getByText('Verificação em duas etapas redefinida.').first().waitFor();
    const next = await walk.person();
    await passwordStep(next, agent);
    await next.getByTestId('two-factor-enrolment').waitFor();

    await admin.goto(`${walk.stack.webUrl}/audit`);
    await eventually(
      async () => (await admin.locator('[data-testid="audit-row"][data-action="user.two-factor-reset"]').count()) === 1,
      'the reset in the audit log',
    );
  });
});

describe('the audit log', () => {
  it("lists an admin's changes with who and what changed, secrets masked, and nothing to another company", async () => {
    const company = await newCompany('Empresa Auditada');
    const admin = await walk.person();
    await walk.signIn(admin, company);
    const token = await tokenOf(admin);

    // a walk of changes: settings (one of them a secret), a queue, a user with a password
    await admin.goto(`${walk.stack.webUrl}/settings`);
    await admin.getByTestId('setting-userRating').selectOption('enabled');
    await admin.getByText('Operação atualizada com sucesso.').first().waitFor();
    await admin.getByRole('tab', { name: 'Integrações' }).click();
    await admin.getByTestId('setting-asaas').fill('asaas-segredo-998877');
    await admin.getByTestId('setting-asaas').blur();
    await eventually(async () => {
      const settings = await api('GET', '/settings', { token });
      return settings.body.find((setting) => setting.key === 'asaas')?.value !== '';
    }, 'the asaas key to be saved');
    const queue = await api('POST', '/queue', { token, body: { name: 'Financeiro', color: '#0f766e' } });
    assert.equal(queue.status, 200, JSON.stringify(queue.body));
    await api('PUT', `/queue/${queue.body.id}`, { token, body: { name: 'Cobrança' } });
    const user = await api('POST', '/users', {
      token,
      body: { name: 'Bruna', email: `bruna-${unique()}@teste.com.br`, password: 'senha-da-bruna', profile: 'user' },
    });
    assert.equal(user.status, 200);

    await admin.goto(`${walk.stack.webUrl}/audit`);
    await admin.getByTestId('audit-page').waitFor();
    const actions = () =>
      admin.locator('[data-testid="audit-row"]').evaluateAll((rows) => rows.map((row) => row.dataset.action));
    await eventually(async () => {
      await admin.reload();
      await admin.getByTestId('audit-scroll').waitFor();
      const shown = await actions();
      return ['setting.updated', 'queue.created', 'queue.updated', 'user.created'].every((a) => shown.includes(a));
    }, 'the walk in the audit log');
    const row = (action) => admin.locator(`[data-testid="audit-row"][data-action="${action}"]`).first();
    assert.match(await row('queue.updated').getByTestId('audit-who').textContent(), /Admin Empresa Auditada/);
    assert.match(await row('queue.updated').getByTestId('audit-action').textContent(), /Fila alterada/);
    const renamed = await row('queue.updated').locator('[data-testid="audit-change"][data-field="name"]').textContent();
    assert.match(renamed, /Financeiro.*Cobrança/);
    const password = await row('user.created').locator('[data-field="password"]').textContent();
    assert.match(password, /••••••••/);
    const text = await admin.getByTestId('audit-scroll').textContent();
    assert.doesNotMatch(text, /asaas-segredo|senha-da-bruna|argon2/);

    // filters: by action
    await admin.getByTestId('audit-filter-action').selectOption('queue.updated');
    await eventually(async () => {
      const shown = await actions();
      return shown.length === 1 && shown[0] === 'queue.updated';
    }, 'the action filter');
    await screenshot(admin, 'audit-page').catch(() => undefined);

    // another company's admin: none of it, and the spec's errors for another company's id and bad input
    const other = await newCompany('Empresa Vizinha');
    const neighbour = await walk.person();
    await walk.signIn(neighbour, other);
    await neighbour.goto(`${walk.stack.webUrl}/audit`);
    await neighbour.getByTestId('audit-scroll').waitFor();
    assert.equal(await neighbour.locator('[data-testid="audit-row"]').count(), 0);
    const neighbourToken = await tokenOf(neighbour);
    const foreign = await api('GET', `/audit-logs?companyId=${company.id}`, { token: neighbourToken });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.error, 'ERR_NO_COMPANY_FOUND');
    const foreignActors = await api('GET', `/audit-logs/actors?companyId=${company.id}`, { token: neighbourToken });
    assert.equal(foreignActors.status, 404);
    const foreignReset = await api('DELETE', `/users/${user.body.id}/two-factor`, { token: neighbourToken });
    assert.deepEqual([foreignReset.status, foreignReset.body.error], [404, 'ERR_NO_USER_FOUND']);
    const bad = await api('GET', '/audit-logs?from=ontem&limit=9999', { token: neighbourToken });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'ERR_VALIDATION');
    assert.equal(typeof bad.body.message, 'string');

    // the super user: every company's, filtered to this one
    const platform = await walk.person();
    await walk.signIn(platform, SUPER);
    await platform.goto(`${walk.stack.webUrl}/audit`);
    await platform.getByTestId('audit-filter-companyId').locator(`option[value="${company.id}"]`).waitFor({
      state: 'attached',
    });
    await platform.getByTestId('audit-filter-companyId').selectOption(String(company.id));
    await eventually(async () => {
      const rows = platform.locator('[data-testid="audit-row"]');
      const count = await rows.count();
      if (count < 4) return false;
      const texts = await rows.allTextContents();
      return texts.every((rowText) => rowText.includes(company.name));
    }, "the super user's company filter");
  });
});
