import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill } from '../../../testing/fill';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { MessagesApiPage } from './messages-api-page';

const connections = [{ id: 3, name: 'WhatsApp Loja', status: 'CONNECTED', isDefault: true, hasToken: true }];

describe('the message-sending API page', () => {
  it("shows a curl example with the typed token and sends a text with it (the number's digits, as proto counts them)", async () => {
    const sent: Array<{ auth: string | null; body: unknown }> = [];
    server.use(
      http.get(`${API}/whatsapp`, () => HttpResponse.json(connections)),
      http.post(`${API}/api/messages/send`, async ({ request }) => {
        sent.push({ auth: request.headers.get('authorization'), body: await request.json() });
        return HttpResponse.json({ mensagem: 'Mensagem enviada' });
      }),
    );
    const user = userEvent.setup();
    renderApp(<MessagesApiPage />, { user: admin });
    await waitFor(() => expect(screen.getByTestId('curl-text').textContent).toContain('Bearer <token>'));
    expect(screen.getByTestId('curl-text').textContent).toContain('/api/messages/send');
    const form = screen.getByRole('tabpanel', { name: 'Mensagens de texto' });
    await user.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await within(form).findAllByText('Obrigatório')).toHaveLength(3);
    await fill(within(form).getByRole('textbox', { name: 'Token cadastrado' }), 'tk-loja-123');
    expect(screen.getByTestId('curl-text').textContent).toContain('Bearer tk-loja-123');
    await fill(within(form).getByRole('textbox', { name: /Número/ }), '+55 11');
    await fill(within(form).getByRole('textbox', { name: 'Mensagem' }), 'Olá!');
    await user.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await within(form).findByText('Número inválido: informe o código do país, o DDD e o número')).toBeTruthy();
    expect(sent).toEqual([]);
    await fill(within(form).getByRole('textbox', { name: /Número/ }), '+55 (11) 99999-9999');
    await user.click(within(form).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(sent).toEqual([{ auth: 'Bearer tk-loja-123', body: { number: '5511999999999', body: 'Olá!' } }]),
    );
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Mensagem enviada com sucesso!');
  }, 40_000);

  it('requires a file on the media tab', async () => {
    server.use(http.get(`${API}/whatsapp`, () => HttpResponse.json(connections)));
    const user = userEvent.setup();
    renderApp(<MessagesApiPage />, { user: admin });
    await user.click(await screen.findByRole('tab', { name: 'Mensagens de mídia' }));
    const form = screen.getByRole('tabpanel', { name: 'Mensagens de mídia' });
    await user.type(within(form).getByRole('textbox', { name: 'Token cadastrado' }), 'tk');
    await fill(within(form).getByRole('textbox', { name: /Número/ }), '5511999999999');
    await user.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await within(form).findByText('Por favor, selecione um arquivo.')).toBeTruthy();
    expect(screen.getByTestId('curl-media').textContent).toContain('-F medias=@arquivo.pdf');
  });
});
