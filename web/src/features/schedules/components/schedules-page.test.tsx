import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { agent } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { SchedulesPage } from './schedules-page';

const joana = { id: 5, name: 'Joana Lima', number: '5511988887777', email: '', profilePicUrl: null };
const sent = {
  id: 1,
  body: 'Sua encomenda foi enviada hoje pela manhã',
  sendAt: '2026-11-20T13:00:00.000Z',
  sentAt: '2026-11-20T13:00:20.000Z',
  status: 'ENVIADA',
  contactId: 5,
  contact: joana,
};
const pending = { ...sent, id: 2, body: 'Lembrete', sentAt: null, status: 'PENDENTE' };

describe('the schedules page', () => {
  it('lists contact, body cut at 25, send time and a coloured status chip; a sent one opens read-only', async () => {
    server.use(http.get(`${API}/schedules`, () => HttpResponse.json({ schedules: [sent, pending], hasMore: false })));
    const user = userEvent.setup();
    renderApp(<SchedulesPage />, { user: agent });
    const rows = await screen.findAllByTestId('schedule-row');
    expect(within(rows[0]!).getByText('Sua encomenda foi enviada...')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('schedule-status').textContent).toBe('Enviada');
    expect(within(rows[1]!).getByTestId('schedule-status').textContent).toBe('Pendente');
    expect(within(rows[0]!).queryByRole('button', { name: /Excluir/ })).toBeNull();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Editar Joana Lima' }));
    const dialog = await screen.findByTestId('schedule-dialog');
    expect(within(dialog).getByText('Esta mensagem já foi enviada e não pode ser alterada.')).toBeTruthy();
    expect(within(dialog).queryByTestId('dialog-save')).toBeNull();
  });

  it('opens the add dialog for ?contactId= and saves with the spec’s rules', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(`${API}/schedules`, () => HttpResponse.json({ schedules: [], hasMore: false })),
      http.get(`${API}/contacts/5`, () => HttpResponse.json(joana)),
      http.post(`${API}/schedules`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...pending, id: 3 });
      }),
    );
    // the picker filters by type, but a user may switch it to "all files": the dialog must still refuse a PDF
    const user = userEvent.setup({ applyAccept: false });
    const { router } = renderApp(<SchedulesPage />, { user: agent, path: '/schedules?contactId=5' });
    const dialog = await screen.findByTestId('schedule-dialog');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Contato/ }).value).toContain('Joana Lima');
    const sendAt = within(dialog).getByLabelText<HTMLInputElement>(/Data de agendamento/);
    const inAnHour = new Date(sendAt.value).getTime() - Date.now();
    expect(inAnHour).toBeGreaterThan(58 * 60_000);
    expect(inAnHour).toBeLessThan(61 * 60_000);
    await user.type(within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Oi!');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeTruthy();
    await user.upload(within(dialog).getByTestId('attachment-input'), new File(['%PDF'], 'boleto.pdf'));
    expect(within(dialog).getByText('Apenas arquivos .png, .jpg e .jpeg')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Mensagem/ }), ' Tudo bem?');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({ body: 'Oi! Tudo bem?', contactId: 5 });
    expect(new Date(String(body!.sendAt)).getTime()).toBe(new Date(sendAt.value).getTime());
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('on a Cloud API default connection sends a chosen template with its values instead of the text', async () => {
    let body: Record<string, unknown> | null = null;
    const components = [
      { type: 'HEADER', format: 'TEXT', text: 'Consulta {{1}}' },
      { type: 'BODY', text: 'Olá {{1}}, sua consulta é {{2}}.' },
    ];
    server.use(
      http.get(`${API}/schedules`, () => HttpResponse.json({ schedules: [], hasMore: false })),
      http.get(`${API}/contacts/5`, () => HttpResponse.json(joana)),
      http.get(`${API}/whatsapp/:id`, ({ params }) =>
        HttpResponse.json({ id: Number(params['id']), name: 'Oficial', status: 'CONNECTED', provider: 'cloud-api' }),
      ),
      http.get(`${API}/whatsapp/:id/templates`, () =>
        HttpResponse.json({
          templates: [
            {
              id: 7,
              connectionId: 1,
              metaId: '1093856228719315',
              name: 'lembrete_consulta',
              language: 'pt_BR',
              status: 'APPROVED',
              category: 'UTILITY',
              components,
              variables: { header: 1, body: 2 },
              updatedAt: '2026-12-06T10:00:00.000Z',
            },
          ],
        }),
      ),
      http.post(`${API}/schedules`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...pending, id: 4 });
      }),
    );
    const user = userEvent.setup();
    renderApp(<SchedulesPage />, { user: agent, path: '/schedules?contactId=5' });
    const dialog = await screen.findByTestId('schedule-dialog');
    await user.selectOptions(await within(dialog).findByTestId('template-select'), '7');
    // the template replaces the free text
    expect(within(dialog).queryByRole('textbox', { name: /Mensagem/ })).toBeNull();
    expect(within(dialog).getByTestId<HTMLInputElement>('template-body-1').value).toBe('{{firstName}}');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Preencha todos os valores do modelo.')).toBeTruthy();
    expect(body).toBeNull();
    await user.type(within(dialog).getByTestId('template-header-1'), '#77');
    await user.type(within(dialog).getByTestId('template-body-2'), 'amanhã');
    expect(within(dialog).getByTestId('template-preview').textContent).toBe(
      '*Consulta #77*\n\nOlá {{firstName}}, sua consulta é amanhã.',
    );
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({
      contactId: 5,
      body: '*Consulta #77*\n\nOlá {{firstName}}, sua consulta é amanhã.',
      template: {
        name: 'lembrete_consulta',
        language: 'pt_BR',
        components,
        values: { header: ['#77'], body: ['{{firstName}}', 'amanhã'] },
      },
    });
  });

  it('sends through a chosen Cloud API connection, its media template with the file address and button suffix', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(`${API}/schedules`, () => HttpResponse.json({ schedules: [], hasMore: false })),
      http.get(`${API}/contacts/5`, () => HttpResponse.json(joana)),
      http.get(`${API}/whatsapp`, () =>
        HttpResponse.json([
          { id: 1, name: 'WhatsApp Demo', status: 'CONNECTED', isDefault: true, complationMessage: '' },
          { id: 2, name: 'API Oficial', status: 'CONNECTED', isDefault: false, complationMessage: '' },
        ]),
      ),
      http.get(`${API}/whatsapp/:id`, ({ params }) =>
        HttpResponse.json({
          id: Number(params['id']),
          name: 'x',
          status: 'CONNECTED',
          provider: params['id'] === '2' ? 'cloud-api' : 'simulator',
        }),
      ),
      http.get(`${API}/whatsapp/:id/templates`, () =>
        HttpResponse.json({
          templates: [
            {
              id: 11,
              connectionId: 2,
              metaId: '1544863302871205',
              name: 'entrega_agendada',
              language: 'pt_BR',
              status: 'APPROVED',
              category: 'UTILITY',
              components: [
                { type: 'HEADER', format: 'DOCUMENT' },
                { type: 'BODY', text: 'Olá {{1}}.' },
                { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Ver', url: 'https://loja.example.com/{{1}}' }] },
              ],
              variables: { header: 0, body: 1 },
              updatedAt: '2026-12-06T10:00:00.000Z',
            },
          ],
        }),
      ),
      http.post(`${API}/schedules`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...pending, id: 4 });
      }),
    );
    const user = userEvent.setup();
    renderApp(<SchedulesPage />, { user: agent, path: '/schedules?contactId=5' });
    const dialog = await screen.findByTestId('schedule-dialog');
    // the default connection is not a Cloud API one: no templates until the official one is chosen
    expect(await within(dialog).findByRole('textbox', { name: /Mensagem/ })).toBeTruthy();
    expect(within(dialog).queryByTestId('template-picker')).toBeNull();
    await within(dialog).findByRole('option', { name: 'API Oficial' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Conexão' }), '2');
    await user.selectOptions(await within(dialog).findByTestId('template-select'), '11');
    await user.type(within(dialog).getByTestId('template-header-media'), 'https://cdn.example.com/boleto.pdf');
    await user.type(within(dialog).getByTestId('template-button-1'), 'B-1');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({
      contactId: 5,
      whatsappId: 2,
      template: {
        name: 'entrega_agendada',
        values: { body: ['{{firstName}}'], headerMedia: 'https://cdn.example.com/boleto.pdf', buttons: ['B-1'] },
      },
    });
  });

  it('offers no templates when the default connection is not a Cloud API one', async () => {
    server.use(
      http.get(`${API}/schedules`, () => HttpResponse.json({ schedules: [], hasMore: false })),
      http.get(`${API}/contacts/5`, () => HttpResponse.json(joana)),
    );
    renderApp(<SchedulesPage />, { user: agent, path: '/schedules?contactId=5' });
    const dialog = await screen.findByTestId('schedule-dialog');
    expect(await within(dialog).findByRole('textbox', { name: /Mensagem/ })).toBeTruthy();
    expect(within(dialog).queryByTestId('template-picker')).toBeNull();
  });
});
