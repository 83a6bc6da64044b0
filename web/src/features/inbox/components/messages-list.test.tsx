import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../api/types';
import { agent, message } from '../../../testing/fixtures';
import { fill } from '../../../testing/fill';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { MessagesList } from './messages-list';

describe('MessagesList', () => {
  beforeEach(() => {
    // give the scroll container a real viewport: 600 px tall
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps a 10,000-message conversation to a window of rows in the DOM', async () => {
    const start = Date.parse('2026-11-01T12:00:00Z');
    const messages: Message[] = Array.from({ length: 10_000 }, (_, i) =>
      message({
        id: `m${i}`,
        ticketId: 1,
        body: `mensagem ${i}`,
        createdAt: new Date(start + i * 60_000).toISOString(),
      }),
    );
    server.use(http.get(`${API}/messages/1`, () => HttpResponse.json({ messages, hasMore: false, count: 10_000 })));
    renderApp(<MessagesList ticketId={1} />, { user: agent });
    await screen.findAllByTestId('message');
    const rendered = screen.getAllByTestId('message').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
  });

  it('shows deleted markers, ticks by ack, calls, locations with a safe Visualizar link and ticket markers', async () => {
    const at = (h: number) => new Date(2026, 10, 20, h, 0).toISOString();
    const messages: Message[] = [
      message({ id: 'a', ticketId: 1, body: 'oi', createdAt: at(8) }),
      message({ id: 'b', ticketId: 1, fromMe: true, ack: 4, body: 'lida', createdAt: at(9) }),
      message({ id: 'c', ticketId: 1, fromMe: true, ack: 2, body: 'entregue', createdAt: at(10) }),
      message({ id: 'd', ticketId: 2, isDeleted: true, body: 'x', createdAt: at(11) }),
      message({ id: 'e', ticketId: 2, mediaType: 'call_log', body: 'Chamada de voz perdida', createdAt: at(12) }),
      message({
        id: 'f',
        ticketId: 2,
        mediaType: 'locationMessage',
        body: 'data:image/png;base64,AA|https://maps.google.com/?q=1|Loja',
        createdAt: at(13),
      }),
      message({ id: 'g', ticketId: 2, body: '<img src=x onerror=alert(1)>', createdAt: at(14) }),
    ];
    server.use(http.get(`${API}/messages/2`, () => HttpResponse.json({ messages, hasMore: false })));
    renderApp(<MessagesList ticketId={2} />, { user: agent });
    expect(await screen.findByText('Esta mensagem foi apagada', { exact: false })).toBeTruthy();
    const acks = screen.getAllByTestId('ack');
    expect(acks.map((el) => el.getAttribute('data-ack'))).toEqual(['read', 'received']);
    expect(screen.getByText('Chamada de voz perdida às 12:00')).toBeTruthy();
    const view = screen.getByRole('link', { name: 'Visualizar' });
    expect(view.getAttribute('href')).toBe('https://maps.google.com/?q=1');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByTestId('ticket-marker')).toHaveLength(2);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  /** A conversation of ticket 3: the contact's and our messages, old and recent, text and media; edits recorded. */
  const editable = () => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const messages: Message[] = [
      message({ id: 'inbound', ticketId: 3, body: 'pergunta', createdAt: ago(20) }),
      message({ id: 'old', ticketId: 3, fromMe: true, ack: 3, body: 'antiga', createdAt: ago(16) }),
      message({
        id: 'photo',
        ticketId: 3,
        fromMe: true,
        ack: 3,
        mediaType: 'image',
        mediaUrl: null,
        body: 'legenda',
        createdAt: ago(3),
      }),
      message({ id: 'recent', ticketId: 3, fromMe: true, ack: 2, body: 'Chegamos às 9h', createdAt: ago(2) }),
      message({ id: 'fixed', ticketId: 3, body: 'corrigida', isEdited: true, createdAt: ago(1) }),
    ];
    const edits: unknown[] = [];
    server.use(
      http.get(`${API}/messages/3`, () => HttpResponse.json({ messages, hasMore: false })),
      http.post(`${API}/messages/edit/:id`, async ({ params, request }) => {
        edits.push({ id: params['id'], body: await request.json() });
        return HttpResponse.json({ ...messages[3], body: 'Chegamos às 10h', isEdited: true });
      }),
    );
    renderApp(<MessagesList ticketId={3} />, { user: agent });
    return { edits };
  };

  it('offers Editar only on our recent text messages, and marks edited ones', async () => {
    editable();
    await screen.findByText('Chegamos às 9h');
    // an edited message (ours or the contact's) carries the marker
    const fixed = document.querySelector('[data-message-id="fixed"]') as HTMLElement;
    expect(within(fixed).getByText('Editada')).toBeTruthy();
    expect(screen.getAllByText('Editada')).toHaveLength(1);
    const menuOf = async (id: string) => {
      const row = document.querySelector(`[data-message-id="${id}"]`) as HTMLElement;
      await userEvent.click(within(row).getByRole('button', { name: 'Opções da mensagem' }));
      const menu = await screen.findByRole('menu');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      // Escape closes the menu the keyboard is in: once it has taken the focus
      await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return items;
    };
    expect(await menuOf('inbound')).toEqual(['Responder']);
    expect(await menuOf('old')).toEqual(['Responder', 'Apagar']);
    expect(await menuOf('photo')).toEqual(['Responder', 'Apagar']);
    expect(await menuOf('recent')).toEqual(['Responder', 'Editar', 'Apagar']);
  });

  it('edits a recent message prefilled and saves through POST /messages/edit/{id}', async () => {
    const { edits } = editable();
    await screen.findByText('Chegamos às 9h');
    const row = document.querySelector('[data-message-id="recent"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Opções da mensagem' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByTestId('edit-message-dialog');
    const box = within(dialog).getByRole('textbox');
    expect((box as HTMLTextAreaElement).value).toBe('Chegamos às 9h');
    await fill(box, 'Chegamos às 10h');
    await userEvent.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(edits).toEqual([{ id: 'recent', body: { body: 'Chegamos às 10h' } }]));
    await waitFor(() => expect(screen.queryByTestId('edit-message-dialog')).toBeNull());
  });
});
