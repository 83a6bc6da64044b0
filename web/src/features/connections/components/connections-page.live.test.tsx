import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Outlet } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { newConnectionSettings } from '@cs/proto/events';
import { channel, type WhatsappSessionSocketEvent } from '@cs/proto/realtime';
import type { AppStore } from '../../../app/store';
import { fire, withFakeSocket } from '../../../testing/fake-socket';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { connectionsApi, type ConnectionRecord } from '../api/connections-api';
import { ConnectionsPage } from './connections-page';

// the app's one socket, faked: the page's session listener is called by hand
withFakeSocket();

type Session = WhatsappSessionSocketEvent['session'];

// three versions of the same connection's session, in the order the server wrote them
const T1 = '2026-11-28T10:00:00.100Z';
const T2 = '2026-11-28T10:00:00.180Z';
const T3 = '2026-11-28T10:00:05.000Z';

function session(status: Session['status'], qrcode: string, updatedAt: string): Session {
  return {
    id: 2,
    companyId: admin.companyId,
    name: 'Vendas',
    status,
    qrcode,
    retries: 0,
    ...newConnectionSettings(),
    provider: 'simulator',
    number: null,
    pairingCode: null,
    updatedAt,
  };
}

/** What `GET /whatsapp` reads now; an answer is read when asked and may be held back (`hold`) before it arrives. */
let stored: ConnectionRecord[] = [];
let held: Promise<void> | null = null;
let asked = 0;
function hold(): () => void {
  let release = () => undefined as void;
  held = new Promise<void>((resolve) => (release = resolve));
  return () => {
    held = null;
    release();
  };
}
const listing = (s: Session): ConnectionRecord[] => [{ ...s, queues: [] }];

function renderPage() {
  return renderApp(null, {
    user: admin,
    routes: [
      {
        path: '/',
        element: <Outlet context={{ connected: true }} />,
        children: [{ index: true, element: <ConnectionsPage /> }],
      },
    ],
  });
}

/** The socket delivers a session update: the page patches it in, and the app's sync invalidates the list. */
function push(app: AppStore, s: Session) {
  act(() => {
    fire(channel.whatsappSession(admin.companyId), {
      action: 'update',
      session: s,
    } satisfies WhatsappSessionSocketEvent);
    app.dispatch(connectionsApi.util.invalidateTags(['Connections']));
  });
}

const cached = (app: AppStore) => connectionsApi.endpoints.getConnections.select()(app.getState());
const row = () => screen.getByTestId('connection-row');
const shownQr = () => screen.queryByTestId('qr-dialog') && screen.queryByTestId('qr-code')?.dataset.qr;

describe('the connections page kept live by the socket', () => {
  beforeEach(() => {
    asked = 0;
    held = null;
    server.use(
      http.get(`${API}/whatsapp`, async () => {
        asked++;
        const answer = structuredClone(stored);
        if (held) await held;
        return HttpResponse.json(answer);
      }),
    );
  });

  it('keeps the QR dialog open when a session event older than the listed state arrives late', async () => {
    // the list read the QR already; the socket (outbox → Kafka → gateway) still has the OPENING before it to deliver
    stored = listing(session('qrcode', '2@qr-vendas', T2));
    const user = userEvent.setup();
    const { store: app } = renderPage();
    await user.click(
      await within(await screen.findByTestId('connection-row')).findByRole('button', { name: 'QR CODE' }),
    );
    await waitFor(() => expect(shownQr()).toBe('2@qr-vendas'));
    const release = hold();
    push(app, session('OPENING', '', T1));
    // the old state neither goes on screen nor closes the dialog while the list is fetched again
    expect(row().dataset.status).toBe('qrcode');
    expect(cached(app).data?.[0]).toMatchObject({ status: 'qrcode', qrcode: '2@qr-vendas' });
    expect(shownQr()).toBe('2@qr-vendas');
    release();
    await waitFor(() => expect(asked).toBe(2));
    await waitFor(() => expect(cached(app).status).toBe('fulfilled'));
    expect(row().dataset.status).toBe('qrcode');
    expect(shownQr()).toBe('2@qr-vendas');
  });

  it('keeps the QR the socket brought over a list answer read before it, and lets a newer answer win', async () => {
    stored = listing(session('OPENING', '', T1));
    const user = userEvent.setup();
    const { store: app } = renderPage();
    await waitFor(() => expect(row().dataset.status).toBe('OPENING'));
    // the refetch the event causes reads the OPENING, and its answer arrives after the user opened the QR
    const release = hold();
    push(app, session('qrcode', '2@qr-vendas', T2));
    await waitFor(() => expect(asked).toBe(2));
    stored = listing(session('qrcode', '2@qr-vendas', T2));
    await user.click(within(row()).getByRole('button', { name: 'QR CODE' }));
    await waitFor(() => expect(shownQr()).toBe('2@qr-vendas'));
    release();
    await waitFor(() => expect(cached(app).data?.[0]?.status).toBe('OPENING'));
    expect(row().dataset.status).toBe('qrcode');
    expect(shownQr()).toBe('2@qr-vendas');

    // a list answer newer than the socket's state wins: a refreshed QR, then the session connected
    stored = listing(session('qrcode', '2@qr-refreshed', T3));
    act(() => void app.dispatch(connectionsApi.util.invalidateTags(['Connections'])));
    await waitFor(() => expect(shownQr()).toBe('2@qr-refreshed'));
    stored = listing(session('CONNECTED', '', '2026-11-28T10:00:09.000Z'));
    act(() => void app.dispatch(connectionsApi.util.invalidateTags(['Connections'])));
    await waitFor(() => expect(row().dataset.status).toBe('CONNECTED'));
    await waitFor(() => expect(screen.queryByTestId('qr-dialog')).toBeNull());
  });
});
