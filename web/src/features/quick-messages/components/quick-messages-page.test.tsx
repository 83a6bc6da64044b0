import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { agent } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { mediaFileName } from '../api/quick-messages-api';
import { QuickMessagesPage } from './quick-messages-page';

describe('the quick messages page', () => {
  it('lists shortcodes with the media name or the no-attachment text', async () => {
    server.use(
      http.get(`${API}/quick-messages`, () =>
        HttpResponse.json({
          records: [
            { id: 1, shortcode: 'bomdia', message: 'Bom dia!', mediaName: null },
            { id: 2, shortcode: 'tabela', message: 'Segue a tabela', mediaName: 'tabela_precos.pdf' },
          ],
          hasMore: false,
        }),
      ),
    );
    renderApp(<QuickMessagesPage />, { user: agent });
    const rows = await screen.findAllByTestId('quick-message-row');
    expect(within(rows[0]!).getByText('Sem anexo')).toBeTruthy();
    expect(within(rows[1]!).getByText('tabela_precos.pdf')).toBeTruthy();
  });

  it('requires a shortcode, then saves and uploads the media under a name without spaces', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${API}/quick-messages`, () => HttpResponse.json({ records: [], hasMore: false })),
      http.post(`${API}/quick-messages`, async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ id: 5, shortcode: 'oi', message: 'Olá!' });
      }),
      http.post(`${API}/quick-messages/5/media-upload`, async ({ request }) => {
        const form = await request.formData();
        calls.push(`UPLOAD ${form.get('typeArch') as string}`);
        return HttpResponse.json({ id: 5 });
      }),
    );
    const user = userEvent.setup();
    renderApp(<QuickMessagesPage />, { user: agent });
    await user.click(await screen.findByRole('button', { name: /Adicionar/ }));
    const dialog = await screen.findByTestId('quick-message-dialog');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Atalho/ }), 'oi');
    await user.type(within(dialog).getByRole('textbox', { name: 'Mensagem' }), 'Olá!');
    await user.upload(within(dialog).getByTestId('attachment-input'), new File(['x'], 'meu arquivo.pdf'));
    expect(within(dialog).getByTestId('attachment-name').textContent).toBe('meu arquivo.pdf');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() =>
      expect(calls).toEqual(['POST {"shortcode":"oi","message":"Olá!","geral":true}', 'UPLOAD quickMessage']),
    );
    expect(mediaFileName('meu arquivo final.pdf')).toBe('meu_arquivo_final.pdf');
  });
});
