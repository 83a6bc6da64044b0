import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { agent, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { MessageInput } from './message-input';

/** An SSE answer as tickets streams it: one `delta` per piece, then `done`. */
const streamed = (pieces: string[]) => {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const text of pieces)
        controller.enqueue(encoder.encode(`event: delta\ndata: ${JSON.stringify({ text })}\n\n`));
      controller.enqueue(encoder.encode(`event: done\ndata: ${JSON.stringify({ text: pieces.join('') })}\n\n`));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
};

describe('AI help in the chat', () => {
  it('places the suggested reply in the input without sending it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/ai-assist/tickets/:id/suggestion`, () => streamed(['Olá, Maria!', ' Já envio a etiqueta.'])),
      http.post(`${API}/messages/:ticketId`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    renderApp(<MessageInput ticket={ticket({ id: 8, status: 'open', userId: 3 })} />, { user: agent });
    await userEvent.click(await screen.findByRole('button', { name: 'Sugerir resposta' }));
    const box = screen.getByTestId<HTMLTextAreaElement>('message-textarea');
    await waitFor(() => expect(box.value).toBe('Olá, Maria! Já envio a etiqueta.'));
    expect(await screen.findByText(/Sugestão colocada no campo de mensagem/)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows the summary above the input, and says so when the company has no endpoint', async () => {
    server.use(http.post(`${API}/ai-assist/tickets/:id/summary`, () => streamed(['Cliente quer', ' trocar o tênis.'])));
    renderApp(<MessageInput ticket={ticket({ id: 8, status: 'pending' })} />, { user: agent });
    expect(await screen.findByRole('button', { name: 'Sugerir resposta' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Resumir conversa' }));
    const summary = await screen.findByTestId('assist-summary-text');
    await waitFor(() => expect(summary.textContent).toBe('Cliente quer trocar o tênis.'));

    server.use(
      http.post(`${API}/ai-assist/tickets/:id/summary`, () =>
        HttpResponse.json({ error: 'ERR_AI_ASSIST_NOT_CONFIGURED' }, { status: 409 }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Resumir conversa' }));
    expect(await screen.findByText(/O assistente de IA não está configurado/)).toBeTruthy();
    expect(screen.queryByTestId('assist-summary')).toBeNull();
  });

  it('renews an expired session once (403) and then streams', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/auth/refresh_token`, () => HttpResponse.json({ token: 'renewed-token', user: agent })),
      http.post(`${API}/ai-assist/tickets/:id/summary`, ({ request }) => {
        calls += 1;
        return request.headers.get('authorization') === 'Bearer renewed-token'
          ? streamed(['Resumo depois da renovação.'])
          : HttpResponse.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 403 });
      }),
    );
    renderApp(<MessageInput ticket={ticket({ id: 8, status: 'open', userId: 3 })} />, { user: agent });
    await userEvent.click(await screen.findByRole('button', { name: 'Resumir conversa' }));
    const summary = await screen.findByTestId('assist-summary-text');
    await waitFor(() => expect(summary.textContent).toBe('Resumo depois da renovação.'));
    expect(calls).toBe(2);
  });
});
