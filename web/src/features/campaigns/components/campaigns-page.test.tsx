import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fill } from '../../../testing/fill';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { DISCLAIMER_KEY } from '../utils/campaign-form';
import { CampaignsPage } from './campaigns-page';

const counts = { valid: 3, delivered: 1, failed: 0, confirmationRequested: 0, confirmed: 0 };
const running = {
  id: 1,
  name: 'Black Friday',
  status: 'EM_ANDAMENTO',
  confirmation: false,
  scheduledAt: '2026-11-27T12:00:00.000Z',
  completedAt: null,
  whatsappId: 5,
  contactListId: 3,
  tagListId: null,
  fileListId: null,
  mediaPath: null,
  mediaName: null,
  counts,
  contactList: { id: 3, name: 'Clientes' },
  whatsapp: { id: 5, name: 'Comercial' },
};

function stub(created: Array<Record<string, unknown>>, cancelled: number[]) {
  server.use(
    http.get(`${API}/campaigns`, () => HttpResponse.json({ records: [running], count: 1, hasMore: false })),
    http.get(`${API}/whatsapp`, () => HttpResponse.json([{ id: 5, name: 'Comercial', status: 'CONNECTED' }])),
    http.get(`${API}/tags/list`, () => HttpResponse.json([{ id: 9, name: 'VIP', color: 'red' }])),
    http.get(`${API}/contact-lists/list`, () => HttpResponse.json([{ id: 3, name: 'Clientes', contactsCount: 3 }])),
    http.get(`${API}/files/list`, () => HttpResponse.json([])),
    http.post(`${API}/campaigns`, async ({ request }) => {
      created.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ ...running, id: 2, status: 'INATIVA' });
    }),
    http.post(`${API}/campaigns/:id/cancel`, ({ params }) => {
      cancelled.push(Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

describe('the campaigns page', () => {
  beforeEach(() => window.localStorage.removeItem(DISCLAIMER_KEY));

  it('shows the disclaimer until accepted once, then the list with its columns and the stop action', async () => {
    const cancelled: number[] = [];
    stub([], cancelled);
    const user = userEvent.setup();
    renderApp(<CampaignsPage />, { user: admin });
    const disclaimer = await screen.findByTestId('campaigns-disclaimer');
    await user.click(within(disclaimer).getByRole('button', { name: 'Li e aceito' }));
    expect(window.localStorage.getItem(DISCLAIMER_KEY)).toBe('true');
    const row = await screen.findByTestId('campaign-row');
    expect(within(row).getByText('Black Friday')).toBeTruthy();
    expect(within(row).getByTestId('campaign-status').textContent).toBe('Em Andamento');
    expect(within(row).getByText('Clientes')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Parar campanha' }));
    await waitFor(() => expect(cancelled).toEqual([1]));
  }, 60_000);

  it('validates the dialog and sends empty fields as null', async () => {
    window.localStorage.setItem(DISCLAIMER_KEY, 'true');
    const created: Array<Record<string, unknown>> = [];
    stub(created, []);
    const user = userEvent.setup();
    renderApp(<CampaignsPage />, { user: admin });
    await user.click(await screen.findByTestId('campaign-add'));
    const dialog = await screen.findByTestId('campaign-dialog');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Escolha uma lista de contatos ou uma tag')).toBeTruthy();
    expect(within(dialog).getByText('Escreva ao menos uma mensagem')).toBeTruthy();
    await fill(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Natal');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Comercial' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Conexão' }), '5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Lista de Contatos' }), '3');
    await fill(within(dialog).getAllByRole('textbox', { name: 'Mensagem' })[0]!, 'Olá {nome}');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() =>
      expect(created[0]).toMatchObject({
        name: 'Natal',
        whatsappId: '5',
        contactListId: '3',
        tagListId: null,
        fileListId: null,
        scheduledAt: null,
        confirmation: false,
        message1: 'Olá {nome}',
        message2: null,
      }),
    );
  }, 60_000);
});
