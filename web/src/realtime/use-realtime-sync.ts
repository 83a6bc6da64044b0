import { useEffect, useState } from 'react';
import {
  type AppMessageSocketEvent,
  channel,
  SOCKET_PING_INTERVAL_MS,
  type TicketSocketEvent,
} from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector, useAppStore } from '../app/hooks';
import { baseApi, LIVE_TAGS } from '../api/base-api';
import { mergeIntoChat, messagesApi } from '../api/endpoints/messages';
import { ticketsApi, type TicketListArgs } from '../api/endpoints/tickets';
import { sessionExpired, tokenStore, userUpdated } from '../api/session';
import type { SessionUser, Ticket } from '../api/types';
import { notify } from '../components/toaster';
import { i18n } from '../i18n';
import type { AppDispatch, RootState } from '../app/store';
import { connectSocket, currentSocket, disconnectSocket, inRoom, joinRoom } from './socket';
import { applyTicket, markRead, patchContact, removeTicket, type ListView, viewerOf } from './ticket-rules';
import { serviceLevelChanged } from '../api/endpoints/reports';

/** Presence ping (the spec's `userStatus` every 5 minutes). */
export const PRESENCE_PING_MS = 300_000;
/** After "another login" the page reloads after this delay. */
export const ANOTHER_LOGIN_RELOAD_MS = 2000;
/** Where a session ended by another login goes once the notice was shown (the sign-in page repeats it). */
export const ANOTHER_LOGIN_PATH = '/login?reason=another-login';

function listView(args: TicketListArgs): ListView {
  return {
    status: args.status,
    queueIds: args.queueIds,
    showAll: args.showAll,
    isSearch: Boolean(args.searchParam || args.tags?.length || args.users?.length || !args.status),
  };
}

function forEachTicketList(state: RootState, fn: (args: TicketListArgs) => void) {
  for (const entry of ticketsApi.util.selectInvalidatedBy(state, ['TicketList'])) {
    if (entry.endpointName === 'getTickets') fn(entry.originalArgs as TicketListArgs);
  }
}

export function handleTicketEvent(
  dispatch: AppDispatch,
  getState: () => RootState,
  user: SessionUser,
  event: TicketSocketEvent,
) {
  const viewer = viewerOf(user);
  const state = getState();
  // the ticket whose chat is on screen has nothing unread: what arrives there is read as it arrives
  let ticket = event.action === 'update' ? event.ticket : null;
  if (ticket && inRoom('joinChatBox', ticket.id)) ticket = { ...ticket, unreadMessages: 0 };
  forEachTicketList(state, (args) => {
    dispatch(
      ticketsApi.util.updateQueryData('getTickets', args, (draft) => {
        if (event.action === 'update') applyTicket(draft, ticket ?? event.ticket, listView(args), viewer, false);
        else if (event.action === 'delete') removeTicket(draft, event.ticketId);
        else markRead(draft, event.ticketId);
      }),
    );
  });
  if (event.action === 'update') {
    dispatch(ticketsApi.util.updateQueryData('getTicketByUuid', event.ticket.uuid, () => event.ticket));
  }
  dispatch(baseApi.util.invalidateTags(['Notifications']));
}

export function handleMessageEvent(
  dispatch: AppDispatch,
  getState: () => RootState,
  user: SessionUser,
  event: AppMessageSocketEvent,
) {
  // an LGPD erasure emptied the chat's messages: the open chat fetches them again (the gateway sends it there only)
  if (event.action === 'erased') {
    dispatch(baseApi.util.invalidateTags([{ type: 'Messages', id: event.ticketId }]));
    return;
  }
  const { message } = event;
  dispatch(mergeIntoChat(message.ticketId, [message], { append: event.action === 'create', replace: true }));
  if (event.action === 'create' && event.ticket) {
    const viewer = viewerOf(user);
    // a message arriving in the chat on screen is read as it arrives: no badge, and read on the server too
    const onScreen = !message.fromMe && inRoom('joinChatBox', event.ticket.id);
    const ticket = onScreen ? { ...event.ticket, unreadMessages: 0 } : event.ticket;
    if (onScreen) void dispatch(messagesApi.endpoints.markChatRead.initiate(ticket.id, { track: false }));
    forEachTicketList(getState(), (args) => {
      dispatch(
        ticketsApi.util.updateQueryData('getTickets', args, (draft) =>
          applyTicket(draft, ticket, listView(args), viewer, true),
        ),
      );
    });
    dispatch(baseApi.util.invalidateTags(['Notifications']));
  }
}

/**
 * Fetches again what the app shows (the live lists, the open chat, notifications, connections): after a reconnect,
 * and when the gateway says events meant for this socket may have been missed (`resync`).
 */
export function resynchronise(dispatch: AppDispatch): void {
  dispatch(baseApi.util.invalidateTags([...LIVE_TAGS]));
}

/** How long a socket refused for its token waits, while the app's requests refresh it, before trying again. */
export const SOCKET_RETRY_AFTER_REFUSAL_MS = 3_000;

/**
 * A handshake the gateway refused (socket.io does not retry those by itself). `ERR_SESSION_EXPIRED`: the session
 * ended while the socket was away (another login, a revocation), so it ends here as a 401 would end it.
 * `ERR_INVALID_TOKEN`: the access token expired; the live lists are fetched again, which refreshes it, and the socket
 * tries again with the new one. Network errors are socket.io's own to retry.
 */
export function handleConnectError(dispatch: AppDispatch, error: Error, reconnect: () => void): void {
  if (error.message === 'ERR_SESSION_EXPIRED') {
    dispatch(sessionExpired());
  } else if (error.message === 'ERR_INVALID_TOKEN') {
    resynchronise(dispatch);
    window.setTimeout(reconnect, SOCKET_RETRY_AFTER_REFUSAL_MS);
  }
}

/** The one socket of the app: connects when signed in and keeps the RTK Query cache live (spec §4). */
export function useRealtimeSync(): boolean {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const user = useAppSelector((s) => s.session.user);
  const [connected, setConnected] = useState(false);
  const userId = user?.id;
  const companyId = user?.companyId;

  useEffect(() => {
    const token = tokenStore.get();
    if (!userId || !companyId || !token) return;
    const socket = connectSocket({ token, userId, companyId });
    let everConnected = false;
    const getState = () => store.getState();
    const me = () => getState().session.user;

    socket.on('connect', () => {
      setConnected(true);
      if (everConnected) resynchronise(dispatch);
      everConnected = true;
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on('resync', () => resynchronise(dispatch));
    socket.on('connect_error', (error) =>
      handleConnectError(dispatch, error, () => {
        // unless the app has since closed this socket (signed out, another user)
        if (currentSocket() === socket) socket.connect();
      }),
    );
    socket.on(channel.ticket(companyId), (event) => {
      const current = me();
      if (current) handleTicketEvent(dispatch, getState, current, event);
    });
    socket.on(channel.appMessage(companyId), (event) => {
      const current = me();
      if (current) handleMessageEvent(dispatch, getState, current, event);
    });
    socket.on(channel.contact(companyId), (event: { action: string; contact?: Ticket['contact'] }) => {
      const contact = event.contact;
      if (event.action !== 'update' || !contact) return;
      forEachTicketList(getState(), (args) =>
        dispatch(ticketsApi.util.updateQueryData('getTickets', args, (draft) => patchContact(draft, contact))),
      );
      dispatch(baseApi.util.invalidateTags([{ type: 'Contact', id: contact.id }]));
    });
    socket.on(channel.whatsapp(companyId), () => dispatch(baseApi.util.invalidateTags(['Connections'])));
    socket.on(channel.whatsappSession(companyId), () => dispatch(baseApi.util.invalidateTags(['Connections'])));
    socket.on(channel.queue(companyId), () => dispatch(baseApi.util.invalidateTags(['Queues'])));
    socket.on(channel.tag(companyId), () => dispatch(baseApi.util.invalidateTags(['Tags'])));
    socket.on(channel.serviceLevel(companyId), (event) => dispatch(serviceLevelChanged(event)));
    socket.on(channel.quickMessage(companyId), () => dispatch(baseApi.util.invalidateTags(['QuickMessages'])));
    socket.on(channel.settings(companyId), () => dispatch(baseApi.util.invalidateTags(['Settings'])));
    socket.on(channel.announcement(), () => dispatch(baseApi.util.invalidateTags(['Announcements'])));
    socket.on(channel.chat(companyId), () => dispatch(baseApi.util.invalidateTags(['Chats'])));
    socket.on(channel.user(companyId), (event) => {
      dispatch(baseApi.util.invalidateTags(['Users']));
      if (event.action === 'update' && event.user.id === userId) dispatch(userUpdated(event.user));
    });
    socket.on(channel.auth(companyId), (event: { action: string; user?: { id: number } }) => {
      if (event.action !== 'update' || event.user?.id !== userId) return;
      notify('error', i18n.t('session.anotherLogin'));
      tokenStore.clearAll();
      // then the sign-in page, which keeps saying why (the toast alone is gone with the page)
      window.setTimeout(() => window.location.replace(ANOTHER_LOGIN_PATH), ANOTHER_LOGIN_RELOAD_MS);
    });

    const leaveNotification = joinRoom('joinNotification');
    const presence = window.setInterval(() => socket.emit('userStatus'), PRESENCE_PING_MS);
    return () => {
      window.clearInterval(presence);
      leaveNotification();
      disconnectSocket();
      setConnected(false);
    };
  }, [dispatch, store, userId, companyId]);

  return connected;
}

export { SOCKET_PING_INTERVAL_MS };
