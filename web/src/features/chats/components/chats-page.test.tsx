import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { agent } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { Chat, ChatMessage } from '../api/chats-api';
import { mergeMessages } from './chat-messages';
import { ChatsPage } from './chats-page';

const member = (userId: number, name: string, unreads = 0) => ({ userId, unreads, user: { id: userId, name } });
const mine: Chat = {
  id: 1,
  uuid: '0193a5f2-7c4e-7b1a-9d3e-00000000c001',
  companyId: agent.companyId,
  title: 'Plantão de sábado',
  ownerId: agent.id,
  lastMessage: 'Quem cobre a manhã?',
  createdAt: '2026-11-20T14:00:00.000Z',
  updatedAt: '2026-11-20T14:41:00.000Z',
  users: [member(2, 'Admin Demo'), member(agent.id, agent.name, 2)],
};
const theirs: Chat = {
  ...mine,
  id: 2,
  uuid: '0193a5f2-7c4e-7b1a-9d3e-00000000c002',
  title: 'Avisos',
  ownerId: 2,
  lastMessage: '',
  users: [member(2, 'Admin Demo'), member(agent.id, agent.name)],
};
const message = (id: number, senderId: number, text: string): ChatMessage => ({
  id,
  chatId: 1,
  senderId,
  sender: { id: senderId, name: senderId === agent.id ? agent.name : 'Admin Demo' },
  message: text,
  createdAt: '2026-11-20T14:41:00.000Z',
});

function stub() {
  const calls = { read: [] as number[], readBodies: [] as string[], sent: [] as unknown[], created: [] as unknown[] };
  server.use(
    http.get(`${API}/chats`, () => HttpResponse.json({ records: [mine, theirs], count: 2, hasMore: false })),
    http.get(`${API}/chats/:id`, ({ params }) =>
      HttpResponse.json([mine, theirs].find((chat) => chat.uuid === params.id || String(chat.id) === params.id)),
    ),
    http.get(`${API}/chats/:id/messages`, () =>
      HttpResponse.json({ records: [message(10, 2, 'Quem cobre a manhã?')], count: 1, hasMore: false }),
    ),
    http.post(`${API}/chats/:id/read`, async ({ params, request }) => {
      calls.read.push(Number(params.id));
      calls.readBodies.push(await request.text());
      return HttpResponse.json({ ...mine, users: [member(2, 'Admin Demo'), member(agent.id, agent.name)] });
    }),
    http.post(`${API}/chats/:id/messages`, async ({ request }) => {
      const body = (await request.json()) as { message: string };
      calls.sent.push(body);
      return HttpResponse.json(message(11, agent.id, body.message));
    }),
    http.post(`${API}/chats`, async ({ request }) => {
      calls.created.push(await request.json());
      return HttpResponse.json({ ...mine, id: 3, uuid: '0193a5f2-7c4e-7b1a-9d3e-00000000c003', title: 'Nova' });
    }),
    http.get(`${API}/users/list`, () =>
      HttpResponse.json([
        { id: 2, name: 'Admin Demo' },
        { id: agent.id, name: agent.name },
      ]),
    ),
  );
  return calls;
}

const routes = [
  { path: '/chats', element: <ChatsPage /> },
  { path: '/chats/:id', element: <ChatsPage /> },
];

describe('the internal chat page', () => {
  it('lists the chats with unread badges; opening one marks it read and shows the owner its buttons', async () => {
    const calls = stub();
    const user = userEvent.setup();
    renderApp(null, { user: agent, routes, path: '/chats' });
    const items = await screen.findAllByTestId('chat-item');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByTestId('chat-unread').textContent).toBe('2');
    expect(within(items[1] as HTMLElement).queryByTestId('chat-unread')).toBeNull();
    await user.click(items[0] as HTMLElement);
    const panel = await screen.findByTestId('chat-panel');
    expect(await within(panel).findByText('Quem cobre a manhã?', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(calls.read).toEqual([1]));
    // the route takes no body: the server reads the caller from the session
    expect(calls.readBodies).toEqual(['']);
    expect(within(panel).getByRole('button', { name: 'Editar Plantão de sábado' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Excluir Plantão de sábado' })).toBeTruthy();
    await user.click(screen.getAllByTestId('chat-item')[1] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('Avisos'));
    expect(screen.queryByRole('button', { name: /^Editar Avisos/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Excluir Avisos/ })).toBeNull();
  });

  it('ignores blank messages and sends the others', async () => {
    const calls = stub();
    const user = userEvent.setup();
    renderApp(null, { user: agent, routes, path: `/chats/${mine.uuid}` });
    const input = await screen.findByTestId('chat-input');
    await user.type(input, '   {Enter}');
    await user.type(input, 'Eu cubro{Enter}');
    await waitFor(() => expect(calls.sent).toEqual([{ message: 'Eu cubro' }]));
    expect(await screen.findByText('Eu cubro')).toBeTruthy();
  });

  it("asks for a title and at least one user with the spec's messages, then creates the chat", async () => {
    const calls = stub();
    const user = userEvent.setup();
    renderApp(null, { user: agent, routes, path: '/chats' });
    await user.click(await screen.findByTestId('chat-new'));
    const dialog = await screen.findByTestId('chat-dialog');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect((await within(dialog).findAllByText('Por favor, preencha o título da conversa.')).length).toBeGreaterThan(0);
    await user.type(within(dialog).getByRole('textbox'), 'Escala');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect((await within(dialog).findAllByText('Por favor, selecione pelo menos um usuário.')).length).toBeGreaterThan(
      0,
    );
    await user.click(within(dialog).getByText('Admin Demo'));
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(calls.created).toEqual([{ title: 'Escala', users: [2] }]));
  });

  it('merges live and older messages once each, in order', () => {
    const merged = mergeMessages([message(2, 2, 'b'), message(3, 3, 'c')], [message(1, 2, 'a'), message(3, 3, 'c')]);
    expect(merged.map((entry) => entry.message)).toEqual(['a', 'b', 'c']);
  });
  it('shows two tabs on narrow screens, Chats then Mensagens once a chat is chosen', async () => {
    stub();
    const user = userEvent.setup();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    try {
      renderApp(null, { user: agent, routes, path: '/chats' });
      expect(await screen.findByRole('tab', { name: 'Chats' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Mensagens' })).toBeTruthy();
      await user.click((await screen.findAllByTestId('chat-item'))[0] as HTMLElement);
      await waitFor(() =>
        expect(screen.getByRole('tab', { name: 'Mensagens' }).getAttribute('aria-selected')).toBe('true'),
      );
      expect(await screen.findByTestId('chat-panel')).toBeTruthy();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
