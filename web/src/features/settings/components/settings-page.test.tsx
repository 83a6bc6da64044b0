import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill } from '../../../testing/fill';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { SettingsPage } from './settings-page';

const superUser = { ...admin, id: 1, companyId: 1, super: true, company: { id: 1, name: 'Plataforma' } };

/** A small settings store behind `GET /settings` and `PUT /settings/{key}`. */
function settingsServer(initial: Record<string, string>, puts: Array<[string, string]>) {
  const store = { ...initial };
  server.use(
    http.get(`${API}/settings`, () => HttpResponse.json(Object.entries(store).map(([key, value]) => ({ key, value })))),
    http.put(`${API}/settings/:key`, async ({ params, request }) => {
      const { value } = (await request.json()) as { value: string };
      puts.push([String(params.key), value]);
      store[String(params.key)] = value;
      return HttpResponse.json({ key: params.key, value });
    }),
    http.get(`${API}/companies/:id`, () =>
      HttpResponse.json({ id: 2, name: 'Empresa Demo', schedules: [], status: true, dueDate: null }),
    ),
  );
}

describe('the settings page', () => {
  it('saves a general setting on change with the spec text; the Schedules tab follows scheduleType', async () => {
    const puts: Array<[string, string]> = [];
    settingsServer({ userRating: 'disabled', scheduleType: 'disabled' }, puts);
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { user: admin });
    const rating = await screen.findByTestId('setting-userRating');
    expect(screen.queryByRole('tab', { name: 'Horários' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Empresas' })).toBeNull();
    await user.selectOptions(rating, 'enabled');
    await waitFor(() => expect(puts).toEqual([['userRating', 'enabled']]));
    expect(await screen.findByText('Operação atualizada com sucesso.')).toBeTruthy();

    await user.selectOptions(screen.getByTestId('setting-scheduleType'), 'company');
    const hours = await screen.findByRole('tab', { name: 'Horários' });
    await user.click(hours);
    expect(await screen.findByTestId('company-schedules')).toBeTruthy();
    // leaving company mode while on the tab returns to Options
    await user.click(screen.getByRole('tab', { name: 'Opções' }));
    await user.selectOptions(await screen.findByTestId('setting-scheduleType'), 'queue');
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Horários' })).toBeNull());
  }, 40_000);

  it('returns to Options when scheduleType leaves company while the Schedules tab is open', async () => {
    const puts: Array<[string, string]> = [];
    settingsServer({ scheduleType: 'company' }, puts);
    const user = userEvent.setup();
    const { store } = renderApp(<SettingsPage />, { user: admin });
    await user.click(await screen.findByRole('tab', { name: 'Horários' }));
    expect(await screen.findByTestId('company-schedules')).toBeTruthy();
    server.use(http.get(`${API}/settings`, () => HttpResponse.json([{ key: 'scheduleType', value: 'disabled' }])));
    const { baseApi } = await import('../../../api/base-api');
    store.dispatch(baseApi.util.invalidateTags(['Settings']));
    expect(await screen.findByTestId('settings-general')).toBeTruthy();
    expect(screen.queryByTestId('company-schedules')).toBeNull();
  }, 40_000);

  it('validates the weekly hours before saving them', async () => {
    settingsServer({ scheduleType: 'company' }, []);
    let saved: unknown = null;
    server.use(
      http.put(`${API}/companies/2/schedules`, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ id: 2 });
      }),
    );
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { user: admin });
    await user.click(await screen.findByRole('tab', { name: 'Horários' }));
    const editor = await screen.findByTestId('company-schedules');
    const monday = editor.querySelector<HTMLInputElement>('input[name="monday-startTime"]')!;
    await user.clear(monday);
    await user.click(within(editor).getByTestId('schedules-save'));
    expect(await within(editor).findByText('Horário inválido')).toBeTruthy();
    expect(saved).toBeNull();
    await fill(monday, '09:30');
    await user.click(within(editor).getByTestId('schedules-save'));
    expect(await screen.findByText('Horários atualizados com sucesso.')).toBeTruthy();
    expect((saved as { schedules: Array<{ startTime: string }> }).schedules[0]?.startTime).toBe('09:30');
  }, 40_000);

  it('shows a masked secret as such and sends an integration key only when the user changed it', async () => {
    const puts: Array<[string, string]> = [];
    settingsServer({ asaas: '••••••a1b2', ipixc: '' }, puts);
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { user: admin });
    await user.click(await screen.findByRole('tab', { name: 'Integrações' }));
    const asaas = await screen.findByTestId('setting-asaas');
    expect((asaas as HTMLInputElement).value).toBe('');
    expect(asaas.getAttribute('placeholder')).toBe('••••••a1b2');
    asaas.focus();
    asaas.blur();
    const ip = screen.getByTestId('setting-ipixc');
    await fill(ip, '10.0.0.9');
    ip.blur();
    await waitFor(() => expect(puts).toEqual([['ipixc', '10.0.0.9']]));
    await fill(asaas, 'novo-token');
    asaas.blur();
    await waitFor(() => expect(puts).toContainEqual(['asaas', 'novo-token']));
  }, 40_000);

  it('saves the message retention in days when the field loses focus', async () => {
    const puts: Array<[string, string]> = [];
    settingsServer({ messageRetentionDays: '30' }, puts);
    renderApp(<SettingsPage />, { user: admin });
    const days = await screen.findByLabelText('Manter mensagens de tickets fechados por (dias; vazio: sempre)');
    expect((days as HTMLInputElement).value).toBe('30');
    await fill(days, '90');
    days.blur();
    await waitFor(() => expect(puts).toEqual([['messageRetentionDays', '90']]));
  }, 40_000);

  it('sends an emptied message retention as no limit', async () => {
    const puts: Array<[string, string]> = [];
    settingsServer({ messageRetentionDays: '30' }, puts);
    renderApp(<SettingsPage />, { user: admin });
    const days = await screen.findByLabelText('Manter mensagens de tickets fechados por (dias; vazio: sempre)');
    await userEvent.setup().clear(days);
    days.blur();
    await waitFor(() => expect(puts).toEqual([['messageRetentionDays', '']]));
  }, 40_000);

  it('shows the spec error text when a setting cannot be saved', async () => {
    settingsServer({ userRating: 'disabled' }, []);
    server.use(http.put(`${API}/settings/:key`, () => HttpResponse.json({ error: 'ERR_X' }, { status: 500 })));
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { user: admin });
    await user.selectOptions(await screen.findByTestId('setting-userRating'), 'enabled');
    expect(await screen.findByText('Erro ao atualizar configuração.')).toBeTruthy();
  }, 40_000);
});

describe('the super user’s tabs', () => {
  const plan = {
    id: 2,
    name: 'Profissional',
    users: 10,
    connections: 3,
    queues: 10,
    value: 199.9,
    useCampaigns: true,
    useKanban: false,
  };

  it('validate the company form (email and plan required) and send a bad due date as null', async () => {
    settingsServer({}, []);
    let posted: Record<string, unknown> | null = null;
    server.use(
      http.get(`${API}/companies`, () => HttpResponse.json({ companies: [], count: 0, hasMore: false })),
      http.post(`${API}/companies`, async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 9 });
      }),
    );
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { user: superUser });
    await user.click(await screen.findByRole('tab', { name: 'Empresas' }));
    const form = await screen.findByTestId('company-form');
    await user.click(within(form).getByTestId('company-save'));
    expect(within(form).getAllByText('Obrigatório').length).toBeGreaterThanOrEqual(3);
    await fill(form.querySelector('input[name="name"]')!, 'Padaria');
    await fill(form.querySelector('input[name="email"]')!, 'dono@padaria.com');
    await user.selectOptions(form.querySelector('select[name="planId"]')!, '2');
    await user.selectOptions(form.querySelector('select[name="recurrence"]')!, 'TRIMESTRAL');
    await user.click(within(form).getByTestId('company-save'));
    await waitFor(() =>
      expect(posted).toMatchObject({
        name: 'Padaria',
        email: 'dono@padaria.com',
        planId: 2,
        dueDate: null,
        recurrence: 'TRIMESTRAL',
        status: true,
        campaignsEnabled: true,
      }),
    );
    expect(await screen.findByText('Operação realizada com sucesso!')).toBeTruthy();
  }, 40_000);

  it('list plans with the flags as Yes/No and show the duplicate-name text on a failed save', async () => {
    settingsServer({}, []);
    server.use(
      http.get(`${API}/plans`, () => HttpResponse.json({ plans: [plan], count: 1, hasMore: false })),
      http.post(`${API}/plans`, () => HttpResponse.json({ error: 'ERR_PLAN_NAME_ALREADY_EXISTS' }, { status: 409 })),
    );
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { user: superUser });
    await user.click(await screen.findByRole('tab', { name: 'Planos' }));
    const row = await screen.findByTestId('plan-row');
    expect(within(row).getByText('R$ 199,90')).toBeTruthy();
    expect(within(row).getAllByText('Não')).toHaveLength(1);
    // six flags and "Público" (a plan without the flag, from the established server, is public)
    expect(within(row).getAllByText('Sim')).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: /Adicionar plano/ }));
    const dialog = await screen.findByTestId('plan-dialog');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    await fill(dialog.querySelector('input[name="name"]')!, 'Profissional');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(
      await screen.findByText(
        'Não foi possível realizar a operação. Verifique se já existe um plano com o mesmo nome ou se os campos foram preenchidos corretamente',
      ),
    ).toBeTruthy();
  }, 40_000);

  it('show whether each plan is offered at the public signup and save the switch', async () => {
    settingsServer({}, []);
    const saved: Array<Record<string, unknown>> = [];
    server.use(
      http.get(`${API}/plans`, () =>
        HttpResponse.json({ plans: [{ ...plan, id: 7, name: 'Interno', public: false }], count: 1, hasMore: false }),
      ),
      http.put(`${API}/plans/7`, async ({ request }) => {
        saved.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ ...plan, id: 7, name: 'Interno', public: true });
      }),
    );
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { user: superUser });
    await user.click(await screen.findByRole('tab', { name: 'Planos' }));
    const row = await screen.findByTestId('plan-row');
    expect(within(row).getByTestId('plan-public-cell').textContent).toBe('Não');
    await user.click(within(row).getByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByTestId('plan-dialog');
    const toggle = within(dialog).getByTestId('plan-public');
    expect(within(toggle).getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
    await user.click(within(toggle).getByText('Público'));
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ name: 'Interno', public: true })]));
  }, 40_000);

  it('offer the super user every plan for a company, the internal ones included', async () => {
    settingsServer({}, []);
    server.use(
      http.get(`${API}/companies`, () => HttpResponse.json({ companies: [], count: 0, hasMore: false })),
      http.get(`${API}/plans`, () =>
        HttpResponse.json({
          plans: [plan, { ...plan, id: 7, name: 'Interno', public: false }],
          count: 2,
          hasMore: false,
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { user: superUser });
    await user.click(await screen.findByRole('tab', { name: 'Empresas' }));
    const form = await screen.findByTestId('company-form');
    await waitFor(() =>
      expect([...form.querySelectorAll('select[name="planId"] option')].map((option) => option.textContent)).toEqual(
        expect.arrayContaining(['Profissional', 'Interno']),
      ),
    );
  }, 40_000);

  it('require a help title and confirm deletes under "Exclusão de Registro"', async () => {
    settingsServer({}, []);
    const calls: string[] = [];
    server.use(
      http.get(`${API}/helps`, () =>
        HttpResponse.json({
          records: [{ id: 3, title: 'Conectar', video: 'abc123', description: 'Como conectar' }],
          hasMore: false,
        }),
      ),
      http.post(`${API}/helps`, async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ id: 4 });
      }),
      http.delete(`${API}/helps/3`, () => {
        calls.push('DELETE 3');
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { user: superUser });
    await user.click(await screen.findByRole('tab', { name: 'Ajuda' }));
    await screen.findByTestId('help-row');
    await user.click(screen.getByRole('button', { name: /Adicionar ajuda/ }));
    const dialog = await screen.findByTestId('help-dialog');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    await fill(dialog.querySelector('input[name="title"]')!, 'Filas');
    await user.type(dialog.querySelector('input[name="video"]')!, 'xyz');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(calls).toEqual(['POST {"title":"Filas","video":"xyz","description":""}']));
    await user.click(screen.getByRole('button', { name: 'Excluir Conectar' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Exclusão de Registro')).toBeTruthy();
    expect(within(confirm).getByText('Deseja realmente excluir esse registro?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(calls).toContain('DELETE 3'));
  }, 40_000);
});
