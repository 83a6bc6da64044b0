import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatSnapshot } from '@cs/proto/events';
import { channel, type ChatUserSocketEvent } from '@cs/proto/realtime';
import { fire, listensTo, withFakeSocket } from '../testing/fake-socket';
import { agent } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { fulfilledEndpoints, renderApp } from '../testing/render';
import { server } from '../testing/server';
import { ChatPopover } from './chat-popover';
import * as sound from './sound';
import { volumeChanged } from './ui-slice';

withFakeSocket();
const chime = vi.fn<(volume: number) => void>();

const at = new Date().toISOString();
const chat = (id: number, title: string, unreads: number): ChatSnapshot => ({
  id,
  uuid: `0193a5f2-7c4e-7b1a-9d3e-00000000c00${id}`,
  companyId: agent.companyId,
  title,
  ownerId: 2,
  lastMessage: `última de ${title}`,
  createdAt: at,
  updatedAt: at,
  users: [
    { userId: 2, unreads: 0, user: { id: 2, name: 'Admin Demo' } },
    { userId: agent.id, unreads, user: { id: agent.id, name: agent.name } },
  ],
});

describe('the top bar’s internal-chat popover', () => {
  beforeEach(() => {
    chime.mockClear();
    vi.spyOn(sound, 'playChime').mockImplementation(chime);
    server.use(
      http.get(`${API}/chats`, () =>
        HttpResponse.json({ records: [chat(1, 'Escala', 3), chat(2, 'Avisos', 0)], count: 2, hasMore: false }),
      ),
    );
  });

  it('counts and lists the chats with unread messages and opens one', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(<ChatPopover connected />, { user: agent });
    expect((await screen.findByTestId('chat-popover-count')).textContent).toBe('1');
    await user.click(screen.getByTestId('chat-popover'));
    const item = await screen.findByTestId('chat-popover-item');
    expect(item.textContent).toContain('Escala');
    expect(screen.queryByText('Avisos')).toBeNull();
    await user.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/0193a5f2-7c4e-7b1a-9d3e-00000000c001'));
  });

  it('chimes at the user’s volume for someone else’s message, not for the user’s own', async () => {
    const { store } = renderApp(<ChatPopover connected />, { user: agent });
    store.dispatch(volumeChanged(0.4));
    const name = channel.chatUser(agent.companyId, agent.id);
    const from = (senderId: number) => ({
      id: 70 + senderId,
      chatId: 1,
      senderId,
      sender: { id: senderId, name: senderId === agent.id ? agent.name : 'Admin Demo' },
      message: 'Quem cobre a manhã?',
      createdAt: at,
      chat: chat(1, 'Escala', 1),
    });
    await waitFor(() => expect(listensTo(name)).toBe(true));
    fire(name, {
      action: 'new-message',
      newMessage: from(agent.id),
      record: chat(1, 'Escala', 0),
    } satisfies ChatUserSocketEvent);
    expect(chime).not.toHaveBeenCalled();
    fire(name, {
      action: 'new-message',
      newMessage: from(2),
      record: chat(1, 'Escala', 1),
    } satisfies ChatUserSocketEvent);
    expect(chime).toHaveBeenCalledWith(0.4);
  });

  it('is not there, and never asks for the chats, when the plan has no internal chat', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/companies/listPlan/:id`, () => HttpResponse.json({ plan: { useInternalChat: false } })),
      http.get(`${API}/chats`, ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json({ error: 'ERR_NO_PERMISSION' }, { status: 403 });
      }),
    );
    const { store } = renderApp(<ChatPopover connected />, { user: agent });
    await waitFor(() => expect(fulfilledEndpoints(store)).toContain('getCompanyPlan'));
    expect(screen.queryByTestId('chat-popover')).toBeNull();
    expect(asked).toEqual([]);
    expect(fulfilledEndpoints(store)).not.toContain('listChats');
  });
});
