import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../testing/fixtures';
import { fill } from '../../../testing/fill';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { QueueIntegrationsPage } from './queue-integrations-page';

const typebot = {
  id: 4,
  type: 'typebot',
  name: 'Bot de vendas',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: 'https://typebot.exemplo.com.br',
  typebotSlug: 'vendas',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
};

describe('the queue integrations page', () => {
  it("lists the type's logo, id and name", async () => {
    server.use(
      http.get(`${API}/queueIntegration`, () =>
        HttpResponse.json({ queueIntegrations: [typebot], count: 1, hasMore: false }),
      ),
    );
    renderApp(<QueueIntegrationsPage />, { user: admin });
    const [row] = await screen.findAllByTestId('integration-row');
    expect(within(row!).getByTestId('integration-logo-typebot')).toBeTruthy();
    expect(within(row!).getByText('4')).toBeTruthy();
    expect(within(row!).getByText('Bot de vendas')).toBeTruthy();
  });

  it('validates the name with the spec texts and shows the fields of the chosen type', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get(`${API}/queueIntegration`, () => HttpResponse.json({ queueIntegrations: [], hasMore: false })),
      http.post(`${API}/queueIntegration`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ ...typebot, id: 9, type: 'n8n' });
      }),
    );
    const user = userEvent.setup();
    renderApp(<QueueIntegrationsPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: /Adicionar integração/ }));
    const dialog = await screen.findByTestId('integration-dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Typebot - Slug' })).toBeTruthy();
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findAllByText('Required')).not.toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'a');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Too Short!')).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tipo' }), 'n8n');
    expect(within(dialog).queryByRole('textbox', { name: 'Typebot - Slug' })).toBeNull();
    await fill(within(dialog).getByRole('textbox', { name: 'Nome' }), 'ab fluxo');
    await fill(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://n8n.exemplo.com.br/webhook/1');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() =>
      expect(posted).toEqual([
        expect.objectContaining({ type: 'n8n', name: 'ab fluxo', urlN8N: 'https://n8n.exemplo.com.br/webhook/1' }),
      ]),
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast-success')
          .map((toast) => toast.textContent)
          .join(),
      ).toContain('Integração adicionada com sucesso.'),
    );
  }, 40_000);

  it("tests a Dialogflow session with the modal's credentials", async () => {
    const tested: unknown[] = [];
    server.use(
      http.get(`${API}/queueIntegration`, () => HttpResponse.json({ queueIntegrations: [], hasMore: false })),
      http.post(`${API}/queueIntegration/testSession`, async ({ request }) => {
        tested.push(await request.json());
        return HttpResponse.json({ ok: true, fulfillmentText: 'Olá!', intent: 'Boas-vindas' });
      }),
    );
    const user = userEvent.setup();
    renderApp(<QueueIntegrationsPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: /Adicionar integração/ }));
    const dialog = await screen.findByTestId('integration-dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tipo' }), 'dialogflow');
    await fill(within(dialog).getByRole('textbox', { name: 'Nome do projeto' }), 'loja-123456');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Linguagem' }), 'es');
    await user.click(within(dialog).getByRole('textbox', { name: 'JSON da conta de serviço' }));
    await user.paste('{"client_email":"a@b.iam.gserviceaccount.com","private_key":"k"}');
    await user.click(within(dialog).getByRole('button', { name: 'Testar bot' }));
    await waitFor(() =>
      expect(tested).toEqual([
        {
          projectName: 'loja-123456',
          jsonContent: '{"client_email":"a@b.iam.gserviceaccount.com","private_key":"k"}',
          language: 'es',
        },
      ]),
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast-success')
          .map((toast) => toast.textContent)
          .join(),
      ).toContain('Teste realizado com sucesso!'),
    );
  }, 40_000);

  it('shows the last failure of an integration and credentials to enter again', async () => {
    server.use(
      http.get(`${API}/queueIntegration`, () =>
        HttpResponse.json({
          queueIntegrations: [
            {
              ...typebot,
              lastError: { at: '2026-12-05T14:30:00.000Z', message: 'typebot answered 500' },
              keyUnreadable: false,
            },
            { ...typebot, id: 5, type: 'dialogflow', name: 'Agente', lastError: null, keyUnreadable: true },
            { ...typebot, id: 6, name: 'Fluxo ok', lastError: null, keyUnreadable: false },
          ],
          count: 3,
          hasMore: false,
        }),
      ),
    );
    renderApp(<QueueIntegrationsPage />, { user: admin });
    const [failing, lost, healthy] = await screen.findAllByTestId('integration-row');
    expect(within(failing!).getByTestId('last-error').textContent).toMatch(
      /^Última falha em 05\/12\/26 \d{2}:30: typebot answered 500$/,
    );
    expect(within(lost!).getByTestId('key-unreadable').textContent).toBe('Chave ilegível: informe a chave novamente');
    expect(within(healthy!).queryByTestId('automation-status')).toBeNull();
  });
});
