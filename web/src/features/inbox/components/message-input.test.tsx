import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { agent, message, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { fulfilledEndpoints, renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { MessageInput } from './message-input';

describe('MessageInput', () => {
  it('blocks typing in a ticket that is not open and explains with a toast', async () => {
    renderApp(<MessageInput ticket={ticket({ status: 'pending' })} />, { user: agent });
    const box = screen.getByTestId<HTMLTextAreaElement>('message-textarea');
    await userEvent.type(box, 'olá');
    expect(box.value).toBe('');
    expect(await screen.findByText('Aceite ou reabra o ticket para enviar mensagens.')).toBeTruthy();
    expect(box.placeholder).toBe('Reabra ou aceite este ticket para enviar uma mensagem.');
  });

  it('opens the quick answers after / and two characters, filters them and fills the chosen one', async () => {
    const { store } = renderApp(<MessageInput ticket={ticket({ status: 'open', userId: 3 })} />, { user: agent });
    const box = screen.getByTestId<HTMLTextAreaElement>('message-textarea');
    expect(box.placeholder).toBe('Digite uma mensagem ou tecle / para utilizar as respostas rápidas cadastradas');
    await waitFor(() => expect(fulfilledEndpoints(store)).toContain('listQuickMessages'));
    // the quick answers are loaded, yet / alone and / with one character suggest nothing
    await userEvent.type(box, '/');
    expect(screen.queryByTestId('quick-answers')).toBeNull();
    await userEvent.type(box, 'b');
    expect(screen.queryByTestId('quick-answers')).toBeNull();
    await userEvent.type(box, 'o');
    expect(await screen.findByTestId('quick-answers')).toBeTruthy();
    const option = await screen.findByText('bomdia - Bom dia! Em que posso ajud...');
    expect(screen.getByText('boleto - Segue o boleto.')).toBeTruthy();
    await userEvent.click(option);
    expect(box.value).toBe('Bom dia! Em que posso ajudar você hoje? Estamos à disposição.');
  });

  it('signs messages by default, remembers switching it off, and replies with the quoted message', async () => {
    const bodies: Array<{ body: string; quotedMsg: unknown; fromMe: boolean }> = [];
    server.use(
      http.post(`${API}/messages/:ticketId`, async ({ request }) => {
        bodies.push((await request.json()) as (typeof bodies)[number]);
        return HttpResponse.json({});
      }),
    );
    const t = ticket({ id: 5, status: 'open', userId: 3 });
    const { store } = renderApp(<MessageInput ticket={t} />, { user: agent });
    const box = screen.getByTestId('message-textarea');
    await userEvent.type(box, 'Olá {{{{firstName}}{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ body: `*Agente Demo:*\nOlá Cliente`, fromMe: true, quotedMsg: null });

    await userEvent.click(screen.getByText('Assinar'));
    expect(window.localStorage.getItem('signOption')).toBe('false');
    store.dispatch({ type: 'inbox/replyStarted', payload: message({ id: 'q1', body: 'Qual o prazo?' }) });
    expect(await screen.findByText('Qual o prazo?')).toBeTruthy();
    await userEvent.type(box, 'Dois dias{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ body: 'Dois dias', quotedMsg: { id: 'q1', body: 'Qual o prazo?' } });
    await waitFor(() => expect(screen.queryByText('Qual o prazo?')).toBeNull());
  });
});
