/**
 * The whole payment across every deployable as its own process on real PostgreSQL and Kafka, with the fake Efí
 * as the Pix provider: a company signs up, its trial lapses (the due date set in the past), the expired gate
 * closes, billing's invoice is paid by Pix through the provider's webhook at the gateway, identity extends the
 * due date by the company's recurrence (each of the five), the browser's socket hears `company-{id}-payment`
 * CONCLUIDA (another company's does not), and the company works again.
 */
import { io, type Socket } from 'socket.io-client';
import { expectEventually } from '@cs/platform/testing';
import { channel } from '@cs/proto/realtime';
import type { RunningStack } from '../scripts/e2e-stack.mjs';
import { call, sharedStack } from './support/shared-stack.js';

describe('a payment by Pix across every deployable', () => {
  const SUPER = { email: 'super@plataforma.local', password: 'super12345' };
  const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
  type Recurrence = keyof typeof RECURRENCE_MONTHS;

  let stack: RunningStack;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await sharedStack();
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
  });

  const logIn = async (email: string, password: string): Promise<string> => {
    const response = await call<{ token: string }>(null, 'POST', '/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`login ${email} → ${response.status}`);
    return response.body.token;
  };

  const today = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

  /** today + months, the day clamped to the month's last day (identity's rule from a lapsed due date). */
  const monthsFromToday = (months: number): string => {
    const [year, month, day] = today().split('-').map(Number) as [number, number, number];
    const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
  };

  async function signUp(planId: number): Promise<{ companyId: number; token: string }> {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const tenant = { name: `Empresa ${id}`, email: `admin-${id}@teste.com.br`, password: 'segredo123' };
    const created = await call<{ id: number }>(null, 'POST', '/companies/cadastro', {
      ...tenant,
      // a phone gets one trial: one of its own for each company
      phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      planId,
    });
    expect(created.status).toBe(200);
    return { companyId: created.body.id, token: await logIn(tenant.email, tenant.password) };
  }

  async function listen(
    token: string,
  ): Promise<Array<{ event: string; payload: { action?: string; company?: { id: number; dueDate: string } } }>> {
    const received: Array<{ event: string; payload: { action?: string; company?: { id: number; dueDate: string } } }> =
      [];
    const socket = io(stack.gatewayUrl, { path: '/socket.io', transports: ['websocket'], auth: { token } });
    sockets.push(socket);
    socket.onAny((event: string, payload: (typeof received)[number]['payload']) => received.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return received;
  }

  it('lets a lapsed company pay its invoice by Pix and work again, its due date extended by each recurrence', async () => {
    const superToken = await logIn(SUPER.email, SUPER.password);
    const plans = await call<Array<{ id: number; name: string; value: number }>>(null, 'GET', '/plans/list');
    const plan = plans.body.find((candidate) => candidate.value > 0);
    if (!plan) throw new Error('no paid plan seeded');
    const bystander = await signUp(plan.id);
    const bystanderHears = await listen(bystander.token);

    for (const recurrence of Object.keys(RECURRENCE_MONTHS) as Recurrence[]) {
      const tenant = await signUp(plan.id);
      // the trial lapses: the due date is in the past
      const lapsed = await call(superToken, 'PUT', `/companies/${tenant.companyId}`, {
        dueDate: '2025-01-31',
        recurrence,
      });
      expect(lapsed.status).toBe(200);
      await expectEventually(async () =>
        expect(await call(tenant.token, 'GET', '/tickets')).toMatchObject({
          status: 402,
          body: { error: 'ERR_COMPANY_EXPIRED' },
        }),
      );
      const hears = await listen(tenant.token);

      // the invoice of the lapsed due date exists at once; the expired company reaches it
      let invoice: { id: number; value: number; dueDate: string; status: string } | undefined;
      await expectEventually(async () => {
        const page = await call<{ invoices: Array<NonNullable<typeof invoice>> }>(
          tenant.token,
          'GET',
          '/invoices/company',
        );
        invoice = page.body.invoices.find((row) => row.dueDate === '2025-01-31');
        expect(invoice).toMatchObject({ status: 'open', value: plan.value });
      });
      const charge = await call<{ txid: string; valor: { original: string }; qrcode: { qrcode: string } }>(
        tenant.token,
        'POST',
        '/subscription',
        { invoiceId: invoice?.id, price: 1, firstName: 'Maria' },
      );
      expect(charge.status).toBe(200);
      expect(charge.body.valor.original).toBe(plan.value.toFixed(2));

      // the payer's bank pays; Efí notifies the registered webhook (the gateway, public route, secret in the URL)
      expect(stack.fakeEfi.webhookUrl()).toMatch(new RegExp(`^${stack.gatewayUrl}/subscription/webhook\\?hmac=`));
      expect(stack.fakeEfi.webhookSkipsMtls).toBe(true);
      const paid = await stack.fakeEfi.pay(charge.body.txid);
      expect(paid.status).toBe(200);

      const renewedUntil = monthsFromToday(RECURRENCE_MONTHS[recurrence]);
      await expectEventually(() =>
        expect(hears).toContainEqual({
          event: channel.payment(tenant.companyId),
          payload: {
            action: 'CONCLUIDA',
            company: expect.objectContaining({ id: tenant.companyId, dueDate: renewedUntil }),
          },
        }),
      );
      await expectEventually(async () => expect((await call(tenant.token, 'GET', '/tickets')).status).toBe(200));
      const invoices = await call<{ invoices: Array<{ id: number; status: string }> }>(
        tenant.token,
        'GET',
        '/invoices/company',
      );
      expect(invoices.body.invoices.find((row) => row.id === invoice?.id)?.status).toBe('paid');
    }
    expect(bystanderHears.filter((entry) => entry.event.endsWith('-payment'))).toEqual([]);
  }, 240_000);
});
