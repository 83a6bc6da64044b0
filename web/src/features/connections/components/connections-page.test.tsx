import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill } from '../../../testing/fill';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { connectionsApi, type ConnectionRecord } from '../api/connections-api';
import { ConnectionsPage } from './connections-page';

const base = {
  isDefault: false,
  qrcode: '',
  updatedAt: new Date().toISOString(),
  provider: 'simulator' as const,
  queues: [],
};
const connections: ConnectionRecord[] = [
  { ...base, id: 1, name: 'Principal', status: 'CONNECTED', isDefault: true },
  { ...base, id: 2, name: 'Vendas', status: 'qrcode', qrcode: '2@qr-vendas' },
  { ...base, id: 3, name: 'Suporte', status: 'DISCONNECTED' },
  { ...base, id: 4, name: 'Nova', status: 'OPENING', updatedAt: new Date(Date.now() - 5 * 60_000).toISOString() },
];

function rowOf(name: string) {
  return screen.getAllByTestId('connection-row').find((row) => within(row).queryByText(name))!;
}

describe('the connections page', () => {
  it('shows each session’s actions by state and calls the session routes', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${API}/whatsapp`, () => HttpResponse.json(connections)),
      http.all(`${API}/whatsappsession/:id`, ({ request, params }) => {
        calls.push(`${request.method} ${String(params.id)}`);
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const user = userEvent.setup();
    renderApp(<ConnectionsPage />, { user: admin });
    await screen.findByText('Principal');
    expect(within(rowOf('Principal')).getByRole('button', { name: 'Desconectar' })).toBeTruthy();
    expect(within(rowOf('Vendas')).getByRole('button', { name: 'QR CODE' })).toBeTruthy();
    expect(within(rowOf('Suporte')).getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expect(within(rowOf('Suporte')).getByRole('button', { name: 'Novo QR CODE' })).toBeTruthy();
    expect((within(rowOf('Nova')).getAllByRole('button')[0] as HTMLButtonElement).disabled).toBe(true);
    expect(within(rowOf('Nova')).getByTestId('long-connecting')).toBeTruthy();

    await user.click(within(rowOf('Principal')).getByRole('button', { name: 'Desconectar' }));
    await user.click(within(rowOf('Suporte')).getByRole('button', { name: 'Tentar novamente' }));
    await user.click(within(rowOf('Nova')).getByRole('button', { name: 'Reiniciar' }));
    await waitFor(() => expect(calls).toEqual(['DELETE 1', 'POST 3', 'POST 4']));
  });

  it('renders the QR and closes the dialog by itself when the session’s QR becomes empty', async () => {
    server.use(http.get(`${API}/whatsapp`, () => HttpResponse.json(connections)));
    const user = userEvent.setup();
    const { store } = renderApp(<ConnectionsPage />, { user: admin });
    await screen.findByText('Vendas');
    await user.click(within(rowOf('Vendas')).getByRole('button', { name: 'QR CODE' }));
    const dialog = await screen.findByTestId('qr-dialog');
    expect(within(dialog).getByTestId('qr-code').dataset.qr).toBe('2@qr-vendas');
    act(() => {
      store.dispatch(
        connectionsApi.util.updateQueryData('getConnections', undefined, (draft) => {
          const vendas = draft.find((c) => c.id === 2)!;
          vendas.qrcode = '2@qr-refreshed';
        }),
      );
    });
    await waitFor(() => expect(screen.getByTestId('qr-code').dataset.qr).toBe('2@qr-refreshed'));
    act(() => {
      store.dispatch(
        connectionsApi.util.updateQueryData('getConnections', undefined, (draft) => {
          const vendas = draft.find((c) => c.id === 2)!;
          vendas.qrcode = '';
          vendas.status = 'PAIRING';
        }),
      );
    });
    await waitFor(() => expect(screen.queryByTestId('qr-dialog')).toBeNull());
  });

  it('validates the connection dialog and sends every field with the queue ids', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(`${API}/whatsapp`, () => HttpResponse.json([])),
      http.get(`${API}/queue`, () =>
        HttpResponse.json([
          { id: 1, name: 'Vendas', color: '#2196f3' },
          { id: 2, name: 'Suporte', color: '#4caf50' },
        ]),
      ),
      http.get(`${API}/prompt`, () => HttpResponse.json({ error: 'ERR_ROUTE_NOT_FOUND' }, { status: 404 })),
      http.get(`${API}/queueIntegration`, () => HttpResponse.json({ error: 'ERR_ROUTE_NOT_FOUND' }, { status: 404 })),
      http.post(`${API}/whatsapp`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 9, ...body, status: 'OPENING' });
      }),
    );
    const user = userEvent.setup();
    renderApp(<ConnectionsPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: /Adicionar WhatsApp/ }));
    const dialog = await screen.findByTestId('connection-dialog');
    // the prompt and integration selects are named, and offer "none" while those routes answer 404
    expect(within(dialog).getByRole('combobox', { name: 'Prompt (OpenAI)' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Integração' })).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/connections\.dialog\./);
    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'A');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Too Short!')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'tendimento');
    await user.click(within(dialog).getByTestId('connection-queues'));
    const suporte = (await screen.findAllByText('Suporte')).find((el) => el.closest('.chakra-checkbox__root'))!;
    await user.click(suporte);
    await waitFor(() => expect(screen.getByTestId('connection-queues').textContent).toContain('(1/2)'));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('tab', { name: 'Automação' }));
    const max = within(dialog).getByRole('spinbutton', { name: /Quantidade máxima/ });
    expect((max as HTMLInputElement).value).toBe('3');
    await user.clear(max);
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    await user.type(max, '5');
    await user.click(within(dialog).getByRole('tab', { name: 'Provedor' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Provedor' }), 'simulator');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({
      name: 'Atendimento',
      provider: 'simulator',
      queueIds: [2],
      maxUseBotQueues: 5,
      timeSendQueue: 0,
      expiresTicket: 0,
      timeUseBotQueues: 0,
      isDefault: false,
      promptId: null,
    });
    expect(body).not.toHaveProperty('cloudAccessToken');
  });

  it('never shows a saved token: "••••" and "Gerar novo token", which shows the new one once', async () => {
    let rotated = 0;
    server.use(
      http.get(`${API}/whatsapp`, () =>
        HttpResponse.json([{ ...connections[0], hasToken: true, tokenWeak: true }, connections[2]]),
      ),
      http.get(`${API}/prompt`, () => HttpResponse.json({ error: 'ERR_ROUTE_NOT_FOUND' }, { status: 404 })),
      http.get(`${API}/queueIntegration`, () => HttpResponse.json({ error: 'ERR_ROUTE_NOT_FOUND' }, { status: 404 })),
      http.post(`${API}/whatsapp/:id/token`, ({ params }) => {
        rotated = Number(params.id);
        return HttpResponse.json({
          ...connections[0],
          hasToken: true,
          tokenWeak: false,
          token: 'NovoToken_gerado-123',
        });
      }),
    );
    const user = userEvent.setup();
    renderApp(<ConnectionsPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Editar Principal' }));
    const dialog = await screen.findByTestId('connection-dialog');
    expect(within(dialog).getByTestId('connection-token-mask').textContent).toBe('••••');
    expect(within(dialog).queryByRole('textbox', { name: 'Token' })).toBeNull();
    expect(within(dialog).getByText(/token é fraco/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Gerar novo token' }));
    const shown = await screen.findByTestId('connection-token-shown');
    expect(rotated).toBe(1);
    expect((shown as HTMLInputElement).value).toBe('NovoToken_gerado-123');
    expect(screen.getByText(/não será mostrado novamente/)).toBeTruthy();
  });

  it('lets the server generate the token of a new connection and shows it once', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(`${API}/whatsapp`, () => HttpResponse.json([])),
      http.get(`${API}/prompt`, () => HttpResponse.json({ error: 'ERR_ROUTE_NOT_FOUND' }, { status: 404 })),
      http.get(`${API}/queueIntegration`, () => HttpResponse.json({ error: 'ERR_ROUTE_NOT_FOUND' }, { status: 404 })),
      http.post(`${API}/whatsapp`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 9, ...body, status: 'OPENING', hasToken: true, token: 'Gerado_pelo-servidor' });
      }),
    );
    const user = userEvent.setup();
    renderApp(<ConnectionsPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: /Adicionar WhatsApp/ }));
    const dialog = await screen.findByTestId('connection-dialog');
    expect(within(dialog).getByText(/gerar um token seguro/)).toBeTruthy();
    await fill(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Loja Nova');
    await user.click(within(dialog).getByTestId('dialog-save'));
    const shown = await screen.findByTestId('connection-token-shown');
    expect((shown as HTMLInputElement).value).toBe('Gerado_pelo-servidor');
    expect(body).not.toHaveProperty('token');
  });
});
