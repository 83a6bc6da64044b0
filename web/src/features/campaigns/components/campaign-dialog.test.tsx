// The browser is in Tokyo (UTC+9), the company in São Paulo (UTC-3): twelve hours apart. Node applies a TZ
// assigned at run time to every Date created afterwards.
process.env.TZ = 'Asia/Tokyo';

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../api/types';
import { admin } from '../../../testing/fixtures';
import { fill } from '../../../testing/fill';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { CampaignRecord } from '../api/campaigns-api';
import { CampaignDialog } from './campaign-dialog';

const companyAdmin: SessionUser = { ...admin, company: { id: 2, name: 'Empresa Demo', timezone: 'America/Sao_Paulo' } };

/** Scheduled for 27/11 09:00 in São Paulo = 12:00 UTC = 21:00 in Tokyo. */
const scheduled = {
  id: 7,
  name: 'Black Friday',
  status: 'INATIVA',
  confirmation: false,
  scheduledAt: '2026-11-27T12:00:00.000Z',
  completedAt: null,
  whatsappId: 5,
  contactListId: 3,
  tagListId: null,
  fileListId: null,
  mediaPath: null,
  mediaName: null,
  message1: 'Olá {nome}',
  counts: { valid: 3, delivered: 0, failed: 0, confirmationRequested: 0, confirmed: 0 },
  contactList: { id: 3, name: 'Clientes' },
  whatsapp: { id: 5, name: 'Comercial' },
} as unknown as CampaignRecord;

const sent: Array<Record<string, unknown>> = [];

beforeEach(() => {
  sent.length = 0;
  server.use(
    http.get(`${API}/whatsapp`, () => HttpResponse.json([{ id: 5, name: 'Comercial', status: 'CONNECTED' }])),
    http.get(`${API}/tags/list`, () => HttpResponse.json([])),
    http.get(`${API}/contact-lists/list`, () => HttpResponse.json([{ id: 3, name: 'Clientes', contactsCount: 3 }])),
    http.get(`${API}/files/list`, () => HttpResponse.json([])),
    http.post(`${API}/campaigns`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ ...scheduled, id: 8 });
    }),
    http.put(`${API}/campaigns/:id`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(scheduled);
    }),
  );
});

afterAll(() => {
  delete process.env.TZ;
});

describe('the campaign dialog’s schedule', () => {
  it('runs in a browser zone other than the company’s (the premise of these tests)', () => {
    expect(new Date('2026-11-27T12:00:00.000Z').getHours()).toBe(21);
  });

  it('shows a stored schedule in the company’s time zone and sends it back unchanged', async () => {
    const user = userEvent.setup();
    renderApp(<CampaignDialog campaign={scheduled} onClose={() => undefined} />, { user: companyAdmin });
    const dialog = await screen.findByTestId('campaign-dialog');
    const input = within(dialog).getByLabelText<HTMLInputElement>('Agendamento');
    // the company's 09:00, not the browser's 21:00
    expect(input.value).toBe('2026-11-27T09:00');
    expect(within(dialog).getByTestId('campaign-time-zone').textContent).toBe('Horário da empresa (America/Sao_Paulo)');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Black Friday', scheduledAt: '2026-11-27 09:00:00' });
  }, 60_000);

  it('sends the date-time typed as the company’s wall clock', async () => {
    const user = userEvent.setup();
    renderApp(<CampaignDialog campaign={null} onClose={() => undefined} />, { user: companyAdmin });
    const dialog = await screen.findByTestId('campaign-dialog');
    await fill(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Natal');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Comercial' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Conexão' }), '5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Lista de Contatos' }), '3');
    await fill(within(dialog).getAllByRole('textbox', { name: 'Mensagem' })[0]!, 'Feliz Natal');
    const input = within(dialog).getByLabelText<HTMLInputElement>('Agendamento');
    // the picker's value as the browser reports it (its keystrokes are the browser's, not the dialog's)
    fireEvent.change(input, { target: { value: '2026-12-24T08:30' } });
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Natal', scheduledAt: '2026-12-24 08:30:00' });
  }, 60_000);

  it('uses the zone of the signed-in company (another company, another clock)', async () => {
    const lisbon: SessionUser = { ...admin, company: { id: 2, name: 'Empresa Demo', timezone: 'Europe/Lisbon' } };
    renderApp(<CampaignDialog campaign={scheduled} onClose={() => undefined} />, { user: lisbon });
    const dialog = await screen.findByTestId('campaign-dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Agendamento').value).toBe('2026-11-27T12:00');
  }, 60_000);
});
