import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { makeStore } from '../app/store';
import { messagesApi } from '../api/endpoints/messages';
import { ticketsApi, type TicketListArgs } from '../api/endpoints/tickets';
import { sessionSlice } from '../api/session';
import { fire, withFakeSocket } from '../testing/fake-socket';
import { agent, message, ticket } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { server } from '../testing/server';
import { useRealtimeSync } from './use-realtime-sync';

function Live() {
  useRealtimeSync();
  return null;
}

const pending: TicketListArgs = { status: 'pending', queueIds: [1, 2], showAll: false };

/** An agent's screen: the pending list and an open chat, each read once; counts every read the server answers. */
async function openScreen() {
  const reads = { tickets: 0, messages: 0 };
  server.use(
    http.get(`${API}/tickets`, () => {
      reads.tickets++;
      return HttpResponse.json({ tickets: [ticket({ id: 1, status: 'pending' })], hasMore: false });
    }),
    http.get(`${API}/messages/3`, () => {
      reads.messages++;
      return HttpResponse.json({ messages: [message({ id: 'm1', ticketId: 3 })], hasMore: false });
    }),
  );
  const store = makeStore();
  store.dispatch(sessionSlice.actions.signedIn({ token: 't', user: agent }));
  await Promise.all([
    store.dispatch(ticketsApi.endpoints.getTickets.initiate(pending)),
    store.dispatch(messagesApi.endpoints.getMessages.initiate(3)),
  ]);
  render(
    <Providers store={store}>
      <Live />
    </Providers>,
  );
  fire('connect');
  return reads;
}

describe('an open screen after events may have been missed', () => {
  withFakeSocket();

  it('fetches the ticket list and the open chat again when the gateway says resync', async () => {
    const reads = await openScreen();
    expect(reads).toEqual({ tickets: 1, messages: 1 });
    fire('resync');
    await waitFor(() => expect(reads).toEqual({ tickets: 2, messages: 2 }));
  });

  it('does the same after a reconnect (a restarted gateway), and not on the first connection', async () => {
    const reads = await openScreen();
    expect(reads).toEqual({ tickets: 1, messages: 1 });
    fire('disconnect');
    fire('connect');
    await waitFor(() => expect(reads).toEqual({ tickets: 2, messages: 2 }));
  });
});
