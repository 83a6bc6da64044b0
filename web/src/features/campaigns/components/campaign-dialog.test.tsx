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

describe('the campaign dialog’s Cloud API template', () => {
  const components = [
    { type: 'HEADER', format: 'TEXT', text: 'Oferta {{1}}' },
    { type: 'BODY', text: 'Olá {{1}}, {{2}} de desconto hoje.' },
  ];

  /** Connection 5 is a Cloud API one with one approved and one pending template; 6 is a simulator. */
  const cloudConnections = () =>
    server.use(
      http.get(`${API}/whatsapp`, () =>
        HttpResponse.json([
          { id: 5, name: 'Oficial', status: 'CONNECTED' },
          { id: 6, name: 'Simulador', status: 'CONNECTED' },
        ]),
      ),
      http.get(`${API}/whatsapp/:id`, ({ params }) =>
        HttpResponse.json({
          id: Number(params['id']),
          name: 'Conexão',
          status: 'CONNECTED',
          provider: params['id'] === '5' ? 'cloud-api' : 'simulator',
        }),
      ),
      http.get(`${API}/whatsapp/:id/templates`, () =>
        HttpResponse.json({
          templates: [
            {
              id: 11,
              connectionId: 5,
              metaId: '1093856228719315',
              name: 'oferta_semana',
              language: 'pt_BR',
              status: 'APPROVED',
              category: 'MARKETING',
              components,
              variables: { header: 1, body: 2 },
              updatedAt: '2026-12-06T10:00:00.000Z',
            },
            {
              id: 12,
              connectionId: 5,
              metaId: '840263912277054',
              name: 'rascunho',
              language: 'pt_BR',
              status: 'PENDING',
              category: 'MARKETING',
              components: [{ type: 'BODY', text: 'Rascunho' }],
              variables: { header: 0, body: 0 },
              updatedAt: '2026-12-06T10:00:00.000Z',
            },
          ],
        }),
      ),
    );

  it('on a Cloud API connection saves the chosen template and its values instead of the messages', async () => {
    cloudConnections();
    const user = userEvent.setup();
    renderApp(<CampaignDialog campaign={null} onClose={() => undefined} />, { user: companyAdmin });
    const dialog = await screen.findByTestId('campaign-dialog');
    await fill(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Oferta');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Oficial' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Conexão' }), '5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Lista de Contatos' }), '3');
    const select = await within(dialog).findByTestId<HTMLSelectElement>('template-select');
    // only approved templates are offered
    expect([...select.options].map((option) => option.text)).toEqual([
      'Escolha um modelo aprovado',
      'oferta_semana (pt_BR)',
    ]);
    await user.selectOptions(select, '11');
    // the template replaces the messages; its body greets with the campaign's {nome}
    expect(within(dialog).queryAllByRole('textbox', { name: 'Mensagem' })).toHaveLength(0);
    expect(within(dialog).getByTestId<HTMLInputElement>('template-body-1').value).toBe('{nome}');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Preencha todos os valores do modelo.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await fill(within(dialog).getByTestId('template-header-1'), 'da semana');
    await fill(within(dialog).getByTestId('template-body-2'), '20%');
    expect(within(dialog).getByTestId('template-preview').textContent).toBe(
      '*Oferta da semana*\n\nOlá {nome}, 20% de desconto hoje.',
    );
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Oferta',
      whatsappId: '5',
      message1: null,
      template: {
        name: 'oferta_semana',
        language: 'pt_BR',
        components,
        values: { header: ['da semana'], body: ['{nome}', '20%'] },
      },
    });
  }, 60_000);

  it('offers no templates on another connection, and sends the messages', async () => {
    cloudConnections();
    const user = userEvent.setup();
    renderApp(<CampaignDialog campaign={null} onClose={() => undefined} />, { user: companyAdmin });
    const dialog = await screen.findByTestId('campaign-dialog');
    await fill(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Natal');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Simulador' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Conexão' }), '6');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Lista de Contatos' }), '3');
    await fill(within(dialog).getAllByRole('textbox', { name: 'Mensagem' })[0]!, 'Feliz Natal');
    expect(within(dialog).queryByTestId('template-picker')).toBeNull();
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ message1: 'Feliz Natal', template: null });
  }, 60_000);
});
