import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Outlet } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ContactExport, ErasureRequest } from '@cs/proto/http';
import { channel, type ErasureRequestSocketEvent } from '@cs/proto/realtime';
import { fire, listensTo, withFakeSocket } from '../../../testing/fake-socket';
import { admin, agent } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ContactsPage } from './contacts-page';

// the app's one socket, faked: the dialog's listener is called by hand
withFakeSocket();

const maria = { id: 1, name: 'Maria Souza', number: '5511987654321', email: '', profilePicUrl: null };

const request = (status: 'pending' | 'done'): ErasureRequest => ({
  id: '0193a5f2-7c4e-7b1a-9d3e-00000000e001',
  contactId: 1,
  requestedBy: admin.id,
  status,
  services: [
    { service: 'contacts', status: 'confirmed', confirmedAt: '2026-12-01T13:05:00.000Z', removed: { contacts: 1 } },
    {
      service: 'tickets',
      status: status === 'done' ? 'confirmed' : 'pending',
      confirmedAt: null,
      removed: {},
    },
    { service: 'campaigns', status: 'confirmed', confirmedAt: '2026-12-01T13:05:01.000Z', removed: {} },
    { service: 'whatsapp-connector', status: 'confirmed', confirmedAt: '2026-12-01T13:05:02.000Z', removed: {} },
  ],
  createdAt: '2026-12-01T13:05:00.000Z',
  completedAt: status === 'done' ? '2026-12-01T13:05:03.000Z' : null,
});

function stubContacts() {
  server.use(http.get(`${API}/contacts`, () => HttpResponse.json({ contacts: [maria], count: 1, hasMore: false })));
}

describe("a contact's data (LGPD)", () => {
  it('is erased only after the confirmation, and the requests show each service live until all confirmed', async () => {
    stubContacts();
    const erased: string[] = [];
    server.use(
      http.post(`${API}/contacts/:id/erasure`, ({ params }) => {
        erased.push(String(params.id));
        return HttpResponse.json(request('pending'));
      }),
      http.get(`${API}/privacy/erasure-requests`, () =>
        HttpResponse.json({ records: [request('pending')], count: 1, hasMore: false }),
      ),
    );
    const user = userEvent.setup();
    renderApp(null, {
      user: admin,
      routes: [
        {
          path: '/',
          element: <Outlet context={{ connected: true }} />,
          children: [{ index: true, element: <ContactsPage /> }],
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Apagar dados (LGPD) Maria Souza' }));
    expect(await screen.findByText('Apagar os dados deste contato?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Não' }));
    expect(erased).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Apagar dados (LGPD) Maria Souza' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(erased).toEqual(['1']));

    await user.click(screen.getByRole('button', { name: 'Solicitações LGPD' }));
    const row = await screen.findByTestId('erasure-request');
    expect(within(row).getByTestId('erasure-service-tickets').getAttribute('data-status')).toBe('pending');
    expect(within(row).getByText('Em andamento')).toBeTruthy();
    // the last service confirms: the gateway sends the request as it now is to the company's admins
    await waitFor(() => expect(listensTo(channel.erasureRequest(admin.companyId))).toBe(true));
    act(() =>
      fire(channel.erasureRequest(admin.companyId), {
        action: 'update',
        request: request('done'),
      } satisfies ErasureRequestSocketEvent),
    );
    await waitFor(() => expect(screen.getByTestId('erasure-request').getAttribute('data-status')).toBe('done'));
    expect(within(screen.getByTestId('erasure-request')).getByText('Atendimentos: Confirmado')).toBeTruthy();
  });

  it('prepares the export, follows it until ready, then downloads the zip', async () => {
    stubContacts();
    const exportId = '0193a5f2-7c4e-7b1a-9d3e-00000000f001';
    const exported = (status: ContactExport['status']): ContactExport => ({
      id: exportId,
      contactId: 1,
      status,
      createdAt: '2026-12-01T14:00:00.000Z',
      readyAt: status === 'ready' ? '2026-12-01T14:00:01.000Z' : null,
    });
    const asked: unknown[] = [];
    let polls = 0;
    let downloads = 0;
    server.use(
      http.post(`${API}/privacy/contact-exports`, async ({ request: body }) => {
        asked.push(await body.json());
        return HttpResponse.json(exported('pending'));
      }),
      http.get(`${API}/privacy/contact-exports/:id/status`, () => {
        polls += 1;
        return HttpResponse.json(exported(polls > 1 ? 'ready' : 'pending'));
      }),
      http.get(`${API}/privacy/contact-exports/:id`, ({ params }) => {
        if (params.id !== exportId) return HttpResponse.json({ error: 'ERR_NO_DATA_REQUEST_FOUND' }, { status: 404 });
        downloads += 1;
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'content-type': 'application/zip' } });
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp(<ContactsPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Exportar dados Maria Souza' }));
    await waitFor(() => expect(asked).toEqual([{ contactId: 1 }]));
    // pending first: nothing downloaded until the status says ready
    await waitFor(() => expect(polls).toBe(1));
    expect(downloads).toBe(0);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(downloads).toBe(1);
    expect(await screen.findByText('Arquivo com os dados do contato baixado')).toBeTruthy();
    click.mockRestore();
  });

  it('offers export and erasure to admins only', async () => {
    stubContacts();
    renderApp(<ContactsPage />, { user: agent });
    await screen.findByTestId('contact-row');
    expect(screen.queryByRole('button', { name: 'Exportar dados Maria Souza' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Solicitações LGPD' })).toBeNull();
  });
});
