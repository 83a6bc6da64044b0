/**
 * The billing service on real PostgreSQL and Kafka against the fake Efí (mutual TLS, the account's .p12):
 * the companies projection, idempotent invoice generation (two pods at once), the company-scoped and super
 * users' lists, the Pix checkout (amount from the invoice, one live charge per invoice), and the webhook
 * (secret, provider confirmation, replays, unknown txids) publishing `billing.payment.completed`, and the
 * reconciliation that pays what every notification failed to (and applies a payment notified meanwhile once).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import {
  type Invoice,
  type InvoicePage,
  InvoicePageSchema,
  InvoiceSchema,
  type PixCharge,
  PixChargeSchema,
  WebhookAckSchema,
} from '@cs/proto/http';
import { runMigrations } from '@cs/platform/database';
import { JobsService } from '@cs/platform/jobs';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import {
  eventsOf,
  expectEventually,
  nextCompanyId,
  serviceTestEnv,
  TEST_INTERNAL_TOKEN,
  testRun,
  upstreamGaps,
} from '@cs/platform/testing';
import { PaymentCompleted } from '@cs/proto/events';
import { billingService } from '../../src/app.js';
import { createBillingDataSource } from '../../src/database/data-source.js';
import { FakeEfiServer, hasValidCrc } from '../../src/fake-efi/index.js';
import { GenerateInvoicesUseCase } from '../../src/modules/invoices/use-cases/generate-invoices.use-case.js';
import { RECONCILE_CHARGES_JOB } from '../../src/modules/reconciliation/reconciliation.jobs.js';
import { ReconcileChargesUseCase } from '../../src/modules/reconciliation/use-cases/reconcile-charges.use-case.js';
import { company, IdentityEvents, TEST_HEADERS } from '../support/identity-events.js';

const SECRET = 'webhook-secret-for-the-integration-tests';

let podA: RunningApp<typeof billingService.envSchema>;
let podB: RunningApp<typeof billingService.envSchema>;
let efi: FakeEfiServer;
let identity: IdentityEvents;
let db: pg.Client;

const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

const call = (
  companyId: number,
  method: string,
  path: string,
  body?: unknown,
  options: { profile?: 'admin' | 'user'; isSuper?: boolean } = {},
): Promise<Response> =>
  fetch(`${podA.url}${path}`, {
    method,
    headers: {
      ...TEST_HEADERS(companyId, options.profile ?? 'admin', options.isSuper ?? false),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** The provider's notification as the gateway forwards it (internal token only, no user). */
const webhook = (body: unknown, secret: string | null = SECRET, suffix = '/pix'): Promise<Response> =>
  fetch(
    `${podA.url}/subscription/webhook${suffix}${secret === null ? '' : `?hmac=${encodeURIComponent(secret)}&ignorar=`}`,
    {
      method: 'POST',
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );

const daysFromToday = (days: number): string => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const invoicesOf = async (companyId: number): Promise<Invoice[]> =>
  (await json<InvoicePage>(await call(companyId, 'GET', '/invoices/company'))).invoices;

/** A company known to billing with an open invoice (due in `days`). */
async function companyWithInvoice(days = 3, overrides: Parameters<typeof company>[2] = {}): Promise<Invoice> {
  const id = await nextCompanyId();
  await identity.publishCompany(company(id, daysFromToday(days), overrides));
  let invoice: Invoice | undefined;
  await expectEventually(async () => {
    invoice = (await invoicesOf(id))[0];
    expect(invoice).toBeDefined();
  });
  return invoice as Invoice;
}

beforeAll(async () => {
  const dataSource = createBillingDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  efi = await new FakeEfiServer().start();
  identity = new IdentityEvents();
  await identity.start();
  const env = serviceTestEnv({ ...efi.billingEnv('p12'), BILLING_WEBHOOK_SECRET: SECRET });
  podA = await startServiceApp(billingService, env, { port: 0 });
  podB = await startServiceApp(billingService, { ...env, OUTBOX_RELAY: 'off' }, { port: 0 });
  db = new pg.Client({ connectionString: testRun().databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await podB?.close();
  await podA?.close();
  await identity?.stop();
  await efi?.stop();
  await db?.end();
});

describe('invoices', () => {
  it('creates the invoice of a company whose due date is within 20 days at once, from its plan', async () => {
    const invoice = await companyWithInvoice(3);
    expect(invoice).toMatchObject({
      detail: 'Plano Profissional',
      value: 199.9,
      dueDate: daysFromToday(3),
      status: 'open',
    });
  });

  it('creates nothing for a due date further than 20 days, nor for a free plan', async () => {
    const far = await nextCompanyId();
    await identity.publishCompany(company(far, daysFromToday(45)));
    const free = await nextCompanyId();
    const base = company(free, daysFromToday(2));
    await identity.publishCompany({ ...base, plan: base.plan ? { ...base.plan, value: 0 } : null });
    const marker = await companyWithInvoice(1); // processed after the two above (one partition per key, but in time)
    expect(marker.status).toBe('open');
    await expectEventually(async () => {
      const { rows } = await db.query('SELECT id FROM billing.companies WHERE id = ANY($1)', [[far, free]]);
      expect(rows).toHaveLength(2);
    });
    expect(await invoicesOf(far)).toEqual([]);
    expect(await invoicesOf(free)).toEqual([]);
  });

  it('is idempotent across two pods generating at the same time: one invoice per company and due date', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = await nextCompanyId();
      ids.push(id);
      // known to billing, due in 30 days: no invoice yet
      await db.query(
        `INSERT INTO billing.companies (id, name, status, due_date, recurrence, timezone, plan_id, plan_name, plan_value, event_at)
         VALUES ($1, $2, true, $3, 'MENSAL', 'America/Sao_Paulo', 7, 'Plano Profissional', 199.90, now())`,
        [id, `Empresa ${id}`, daysFromToday(30)],
      );
    }
    // the due dates come within 20 days (an earlier due date, as identity would publish it)
    await db.query('UPDATE billing.companies SET due_date = $2 WHERE id = ANY($1)', [ids, daysFromToday(10)]);
    const [a, b] = await Promise.all([
      podA.app.get(GenerateInvoicesUseCase).forAll(),
      podB.app.get(GenerateInvoicesUseCase).forAll(),
    ]);
    const { rows } = await db.query<{ company_id: number; count: number }>(
      'SELECT company_id, count(*)::int AS count FROM billing.invoices WHERE company_id = ANY($1) GROUP BY company_id',
      [ids],
    );
    expect(rows.map((row) => row.count)).toEqual([1, 1, 1, 1, 1]);
    const created = [...a, ...b];
    expect(new Set(created).size).toBe(created.length);
    // a third run finds nothing to do
    await podA.app.get(GenerateInvoicesUseCase).forAll();
    const again = await db.query('SELECT 1 FROM billing.invoices WHERE company_id = ANY($1)', [ids]);
    expect(again.rows).toHaveLength(5);
  });

  it("lists only the caller's company (searchable, paged), and another company gets 404 for its invoice", async () => {
    const mine = await companyWithInvoice(5);
    const theirs = await companyWithInvoice(5);
    const page = await json<InvoicePage>(
      await call(mine.companyId, 'GET', '/invoices/company?searchParam=profissional&pageNumber=1'),
    );
    expect(InvoicePageSchema.parse(page)).toMatchObject({ count: 1, hasMore: false });
    expect(page.invoices.map((invoice) => invoice.id)).toEqual([mine.id]);
    expect(
      (await json<InvoicePage>(await call(mine.companyId, 'GET', '/invoices/company?searchParam=nada'))).count,
    ).toBe(0);
    const other = await call(theirs.companyId, 'GET', `/invoices/${mine.id}`);
    expect(other.status).toBe(404);
    expect(await json(other)).toMatchObject({ error: 'ERR_NO_INVOICE_FOUND' });
    const own = await call(mine.companyId, 'GET', `/invoices/${mine.id}`);
    expect(own.status).toBe(200);
    expect(InvoiceSchema.parse(await json(own))).toMatchObject({ id: mine.id, companyId: mine.companyId });
  });

  it("answers the established client's GET /invoices/all with the company's bare list, oldest first", async () => {
    const mine = await companyWithInvoice(5);
    const theirs = await companyWithInvoice(5);
    await db.query(
      `INSERT INTO billing.invoices (company_id, detail, value, due_date, status)
       SELECT company_id, detail, value, due_date + 30, 'open' FROM billing.invoices WHERE id = $1`,
      [mine.id],
    );
    const answer = await call(mine.companyId, 'GET', '/invoices/all');
    expect(answer.status).toBe(200);
    const list = await json<Invoice[]>(answer);
    // its Financeiro page calls forEach on the answer: a list, never {invoices, count, hasMore}
    expect(Array.isArray(list)).toBe(true);
    expect(upstreamGaps('http.get-invoices-all', list)).toEqual([]);
    expect(list.map((invoice) => invoice.companyId)).toEqual([mine.companyId, mine.companyId]);
    expect(list[0]?.id).toBe(mine.id);
    expect(list[1]!.id).toBeGreaterThan(mine.id);
    expect(list.some((invoice) => invoice.id === theirs.id)).toBe(false);
    expect(await json(await call(mine.companyId, 'GET', '/invoices/all?searchParam=nada'))).toEqual([]);
  });

  it("gives super users every company's invoices and nobody else", async () => {
    const invoice = await companyWithInvoice(4);
    const refused = await call(invoice.companyId, 'GET', '/invoices');
    expect(refused.status).toBe(403);
    const all = InvoicePageSchema.parse(
      await json(await call(1, 'GET', `/invoices?searchParam=${invoice.id}`, undefined, { isSuper: true })),
    );
    expect(all.invoices.find((row) => row.id === invoice.id)).toMatchObject({
      companyId: invoice.companyId,
      companyName: `Empresa ${invoice.companyId}`,
    });
  });

  it('has no route that changes an invoice', async () => {
    const invoice = await companyWithInvoice(4);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await call(
        invoice.companyId,
        method,
        `/invoices/${invoice.id}`,
        { status: 'paid' },
        { isSuper: true },
      );
      expect(response.status).toBe(404);
    }
    expect((await invoicesOf(invoice.companyId))[0]?.status).toBe('open');
  });
});

describe('Pix checkout', () => {
  it("charges the invoice's amount whatever the body says, with a valid BR Code, over mutual TLS", async () => {
    const invoice = await companyWithInvoice(3);
    const response = await call(invoice.companyId, 'POST', '/subscription', {
      invoiceId: invoice.id,
      price: 0.01,
      plan: JSON.stringify({ price: 0.01 }),
      firstName: 'Maria',
      zipcode: '01310-100',
    });
    expect(response.status).toBe(200);
    const charge = PixChargeSchema.parse(await json(response));
    expect(charge.valor.original).toBe('199.90');
    expect(charge.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(hasValidCrc(charge.qrcode.qrcode)).toBe(true);
    expect(charge.qrcode.qrcode).toContain('5406199.90');
    expect(Date.parse(charge.expiresAt) - Date.now()).toBeGreaterThan(3_000_000);
    expect(efi.charge(charge.txid)).toMatchObject({
      valor: { original: '199.90' },
      chave: efi.pixKey,
      status: 'ATIVA',
    });
    const paths = efi.calls.map((entry) => `${entry.method} ${entry.path.replace(charge.txid, '{txid}')}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /oauth/token',
        'PUT /v2/cob/{txid}',
        `GET /v2/loc/${efi.charge(charge.txid)?.loc.id}/qrcode`,
      ]),
    );
    expect(efi.calls.every((entry) => entry.clientCertificate)).toBe(true);
  });

  it('returns the live charge on a second click (one charge per invoice)', async () => {
    const invoice = await companyWithInvoice(3);
    const [first, second] = await Promise.all([
      call(invoice.companyId, 'POST', '/subscription', { invoiceId: invoice.id }).then((r) => json<PixCharge>(r)),
      call(invoice.companyId, 'POST', '/subscription', { invoiceId: invoice.id }).then((r) => json<PixCharge>(r)),
    ]);
    expect(second.txid).toBe(first.txid);
    expect(efi.charges().filter((cob) => cob.solicitacaoPagador?.startsWith(`#Fatura:${invoice.id} `))).toHaveLength(1);
  });

  it("refuses another company's invoice with 404 and a missing invoiceId with the validation error", async () => {
    const invoice = await companyWithInvoice(3);
    const stranger = await nextCompanyId();
    const response = await call(stranger, 'POST', '/subscription', { invoiceId: invoice.id });
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ error: 'ERR_NO_INVOICE_FOUND' });
    expect((await call(stranger, 'POST', '/subscription', {})).status).toBe(400);
  });
});

describe('payment webhook', () => {
  async function chargedInvoice(): Promise<{ invoice: Invoice; charge: PixCharge }> {
    const invoice = await companyWithInvoice(2);
    const charge = await json<PixCharge>(
      await call(invoice.companyId, 'POST', '/subscription', { invoiceId: invoice.id }),
    );
    return { invoice, charge };
  }
  const paymentsOf = (invoiceId: number) =>
    eventsOf(identity.payments, PaymentCompleted).filter((event) => event.data.invoiceId === invoiceId);

  it('answers the test notification and refuses a wrong or missing secret', async () => {
    expect(
      await json(await webhook({ evento: 'teste_webhook', data_criacao: new Date().toISOString() }, SECRET, '')),
    ).toEqual({ ok: true });
    const { invoice, charge } = await chargedInvoice();
    const { body } = await efi.pay(charge.txid, { notify: false });
    expect((await webhook(body, 'wrong-secret-wrong-secret-wrong')).status).toBe(403);
    expect((await webhook(body, null)).status).toBe(403);
    const twice = await fetch(`${podA.url}/subscription/webhook/pix?hmac=${SECRET}&hmac=${SECRET}`, {
      method: 'POST',
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(twice.status).toBe(403);
    expect((await invoicesOf(invoice.companyId))[0]?.status).toBe('open');
  });

  it('marks the invoice paid only after the provider confirms the charge, and publishes the payment once', async () => {
    const { invoice, charge } = await chargedInvoice();
    // a forged notification: the provider has no such payment for this txid
    const forged = {
      pix: [
        {
          endToEndId: 'E00000000202611241200forged0001',
          txid: charge.txid,
          valor: '199.90',
          horario: new Date().toISOString(),
        },
      ],
    };
    expect((await webhook(forged)).status).toBe(200);
    expect((await invoicesOf(invoice.companyId))[0]?.status).toBe('open');

    const { body } = await efi.pay(charge.txid, { notify: false });
    expect((await webhook(body)).status).toBe(200);
    expect((await invoicesOf(invoice.companyId))[0]?.status).toBe('paid');
    await expectEventually(() => expect(paymentsOf(invoice.id)).toHaveLength(1));
    expect(paymentsOf(invoice.id)[0]).toMatchObject({
      type: 'billing.payment.completed',
      companyId: invoice.companyId,
      data: {
        invoiceId: invoice.id,
        invoiceDueDate: invoice.dueDate,
        value: '199.90',
        provider: 'efi',
        txid: charge.txid,
      },
    });

    // replays (same end-to-end id), on both paths, change nothing
    expect((await webhook(body)).status).toBe(200);
    expect((await webhook(body, SECRET, '')).status).toBe(200);
    const { rows } = await db.query('SELECT 1 FROM billing.payments WHERE txid = $1', [charge.txid]);
    expect(rows).toHaveLength(1);
    // the company's next invoice paid: its event (same key) is published after anything the replays emitted
    await identity.publishCompany(company(invoice.companyId, daysFromToday(9)));
    let next: Invoice | undefined;
    await expectEventually(async () => {
      next = (await invoicesOf(invoice.companyId)).find((candidate) => candidate.id !== invoice.id);
      expect(next).toBeDefined();
    });
    const nextCharge = await json<PixCharge>(
      await call(invoice.companyId, 'POST', '/subscription', { invoiceId: next!.id }),
    );
    expect((await webhook((await efi.pay(nextCharge.txid, { notify: false })).body)).status).toBe(200);
    await expectEventually(() => expect(paymentsOf(next!.id)).toHaveLength(1));
    expect(paymentsOf(invoice.id)).toHaveLength(1);
    // a paid invoice is not charged again
    const again = await call(invoice.companyId, 'POST', '/subscription', { invoiceId: invoice.id });
    expect(again.status).toBe(409);
  });

  it('ignores an underpaid charge and an unknown txid (200, no effect)', async () => {
    const { invoice, charge } = await chargedInvoice();
    const { body } = await efi.pay(charge.txid, { amount: '19.99', notify: false });
    expect((await webhook(body)).status).toBe(200);
    expect((await invoicesOf(invoice.companyId))[0]?.status).toBe('open');
    const unknown = {
      pix: [
        {
          endToEndId: 'E00000000202611241200unknown001',
          txid: 'cs0000000000000000000000000000unk',
          valor: '1.00',
          horario: new Date().toISOString(),
        },
      ],
    };
    expect(WebhookAckSchema.parse(await json(await webhook(unknown)))).toEqual({ ok: true });
    // an unreadable notification (with the secret) is answered 200 without effect, so the provider does not retry
    const unreadable = await webhook({ pix: [{ endToEndId: 42, txid: charge.txid }] });
    expect(unreadable.status).toBe(200);
    expect(await json(unreadable)).toEqual({ ok: true });
    expect((await invoicesOf(invoice.companyId))[0]?.status).toBe('open');
  });
});

describe('reconciliation', () => {
  /** A charged invoice whose charge was created `minutesAgo` minutes ago (past the reconciliation's wait). */
  async function olderCharge(minutesAgo = 5): Promise<{ invoice: Invoice; charge: PixCharge }> {
    const invoice = await companyWithInvoice(2);
    const charge = await json<PixCharge>(
      await call(invoice.companyId, 'POST', '/subscription', { invoiceId: invoice.id }),
    );
    await db.query(`UPDATE billing.charges SET created_at = now() - make_interval(mins => $2) WHERE txid = $1`, [
      charge.txid,
      minutesAgo,
    ]);
    return { invoice, charge };
  }
  const paymentsOf = (invoiceId: number) =>
    eventsOf(identity.payments, PaymentCompleted).filter((event) => event.data.invoiceId === invoiceId);

  it('pays an invoice whose every notification failed once the provider answers its charge as paid', async () => {
    const { invoice, charge } = await olderCharge();
    // billing starting: the provider's notifications of this payment are all answered 503
    const starting = await new Promise<http.Server>((resolve) => {
      const server = http.createServer((request, response) => {
        request.resume();
        response.writeHead(503).end();
      });
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    try {
      const { body } = await efi.pay(charge.txid, { notify: false });
      const url = `http://127.0.0.1:${(starting.address() as AddressInfo).port}/subscription/webhook`;
      for (let attempt = 0; attempt < 3; attempt += 1) expect(await efi.notify(body, url)).toBe(503);
    } finally {
      starting.close();
    }
    expect((await invoicesOf(invoice.companyId))[0]?.status).toBe('open');

    // the scheduled job, as pg-boss runs it on one of the pods
    await podA.app.get(JobsService).send(RECONCILE_CHARGES_JOB, {});
    await expectEventually(async () => expect((await invoicesOf(invoice.companyId))[0]?.status).toBe('paid'), {
      timeoutMs: 60_000,
    });
    await expectEventually(() => expect(paymentsOf(invoice.id)).toHaveLength(1));
    expect(paymentsOf(invoice.id)[0]).toMatchObject({
      companyId: invoice.companyId,
      data: { invoiceId: invoice.id, txid: charge.txid, value: '199.90', provider: 'efi' },
    });
  });

  it('applies a payment confirmed by the webhook and by reconciliation at the same time once', async () => {
    const { invoice, charge } = await olderCharge();
    const { body } = await efi.pay(charge.txid, { notify: false });
    const [notified, onB, onA] = await Promise.all([
      webhook(body),
      podB.app.get(ReconcileChargesUseCase).execute(),
      podA.app.get(ReconcileChargesUseCase).execute(),
    ]);
    expect(notified.status).toBe(200);
    expect(onA.outcomes.paid + onB.outcomes.paid).toBeLessThanOrEqual(1);
    const { rows } = await db.query<{ applied: boolean }>('SELECT applied FROM billing.payments WHERE txid = $1', [
      charge.txid,
    ]);
    expect(rows).toEqual([{ applied: true }]);
    expect((await invoicesOf(invoice.companyId))[0]?.status).toBe('paid');
    await expectEventually(() => expect(paymentsOf(invoice.id)).toHaveLength(1));
    // the charge is settled: no later run asks about it
    expect((await db.query('SELECT status FROM billing.charges WHERE txid = $1', [charge.txid])).rows[0]).toEqual({
      status: 'CONCLUIDA',
    });
    const next = await podA.app.get(ReconcileChargesUseCase).execute();
    expect(next.outcomes).toEqual({ paid: 0, 'unknown-txid': 0, replay: 0, unconfirmed: 0, 'already-paid': 0 });
  });

  it('leaves a recent charge to its notification, and an unpaid one open', async () => {
    const recent = await companyWithInvoice(2);
    const recentCharge = await json<PixCharge>(
      await call(recent.companyId, 'POST', '/subscription', { invoiceId: recent.id }),
    );
    await efi.pay(recentCharge.txid, { notify: false });
    const { invoice: unpaid } = await olderCharge();
    await podA.app.get(ReconcileChargesUseCase).execute();
    expect((await invoicesOf(recent.companyId))[0]?.status).toBe('open');
    expect((await invoicesOf(unpaid.companyId))[0]?.status).toBe('open');
  });
});
