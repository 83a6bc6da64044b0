import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { agent, message, ticket } from '../../../testing/fixtures';
import { fill } from '../../../testing/fill';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { MessageInput } from './message-input';

const TEMPLATES = [
  {
    id: 7,
    connectionId: 9,
    metaId: '1093856228719315',
    name: 'pedido_enviado',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
      { type: 'BODY', text: 'Olá {{1}}, seu pedido chega em {{2}}.' },
    ],
    variables: { header: 1, body: 2 },
    updatedAt: '2026-12-06T10:00:00.000Z',
  },
  {
    id: 8,
    connectionId: 9,
    metaId: '840263912277054',
    name: 'promocao',
    language: 'pt_BR',
    status: 'PENDING',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Promoção' }],
    variables: { header: 0, body: 0 },
    updatedAt: '2026-12-06T10:00:00.000Z',
  },
];

const DELIVERY = {
  id: 11,
  connectionId: 9,
  metaId: '1544863302871205',
  name: 'entrega_agendada',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'IMAGE' },
    { type: 'BODY', text: 'Olá {{1}}, sua entrega está agendada.' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Falar com atendente' },
        { type: 'URL', text: 'Acompanhar', url: 'https://loja.example.com/pedidos/{{1}}' },
      ],
    },
  ],
  variables: { header: 0, body: 1 },
  updatedAt: '2026-12-06T10:00:00.000Z',
};

/** A Cloud API connection whose chat's last customer message is `hoursAgo` old. */
function cloudChat(hoursAgo: number, sent: unknown[] = []) {
  const createdAt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  server.use(
    http.get(`${API}/whatsapp/:id`, () =>
      HttpResponse.json({ id: 9, name: 'Oficial', status: 'CONNECTED', provider: 'cloud-api' }),
    ),
    http.get(`${API}/whatsapp/:id/templates`, () => HttpResponse.json({ templates: TEMPLATES })),
    http.get(`${API}/messages/:ticketId`, () =>
      HttpResponse.json({ messages: [message({ fromMe: false, createdAt })], count: 1, hasMore: false }),
    ),
    http.post(`${API}/messages/:ticketId/template`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(message({ fromMe: true, body: 'Pedido' }));
    }),
  );
}

describe('Cloud API templates in the chat input', () => {
  it('outside the 24-hour window says so, blocks free text and sends a template with prefilled values', async () => {
    const sent: unknown[] = [];
    cloudChat(30, sent);
    const t = ticket({ id: 21, status: 'open', userId: 3, whatsappId: 9 });
    renderApp(<MessageInput ticket={t} />, { user: agent });
    expect(await screen.findByTestId('service-window-closed')).toBeTruthy();
    const box = screen.getByTestId<HTMLTextAreaElement>('message-textarea');
    await userEvent.type(box, 'olá');
    expect(box.value).toBe('');
    expect(box.placeholder).toBe('Fora da janela de 24 horas: envie um modelo');

    await userEvent.click(screen.getByTestId('open-templates'));
    const select = await screen.findByTestId<HTMLSelectElement>('template-select');
    // only approved templates are offered
    expect([...select.options].map((option) => option.text)).toEqual([
      'Escolha um modelo aprovado',
      'pedido_enviado (pt_BR)',
    ]);
    await userEvent.selectOptions(select, '7');
    expect(screen.getByTestId<HTMLInputElement>('template-body-1').value).toBe('{{firstName}}');
    await fill(screen.getByTestId('template-header-1'), '#4521');
    await fill(screen.getByTestId('template-body-2'), 'amanhã');
    expect(screen.getByTestId('template-preview').textContent).toBe(
      '*Pedido #4521*\n\nOlá Cliente, seu pedido chega em amanhã.',
    );
    await userEvent.click(screen.getByTestId('template-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'pedido_enviado',
      language: 'pt_BR',
      components: TEMPLATES[0]?.components,
      values: { header: ['#4521'], body: ['{{firstName}}', 'amanhã'], headerMedia: null, buttons: [] },
    });
  });

  it("asks a media template's file address and URL button suffix, and sends them", async () => {
    const sent: unknown[] = [];
    cloudChat(30, sent);
    server.use(http.get(`${API}/whatsapp/:id/templates`, () => HttpResponse.json({ templates: [DELIVERY] })));
    renderApp(<MessageInput ticket={ticket({ id: 24, status: 'open', userId: 3, whatsappId: 9 })} />, { user: agent });
    await userEvent.click(await screen.findByTestId('open-templates'));
    await userEvent.selectOptions(await screen.findByTestId('template-select'), '11');
    const send = screen.getByTestId<HTMLButtonElement>('template-send');
    expect(send.disabled).toBe(true);
    await fill(screen.getByTestId('template-header-media'), 'ftp://cdn.example.com/entrega.jpg');
    await fill(screen.getByTestId('template-button-1'), 'PED-9');
    // only an http(s) address is a file Meta can fetch
    expect(send.disabled).toBe(true);
    await fill(screen.getByTestId('template-header-media'), 'https://cdn.example.com/entrega.jpg');
    expect(screen.getByText('https://loja.example.com/pedidos/PED-9')).toBeTruthy();
    expect(screen.getByTestId('template-preview-media').textContent).toBe(
      '[imagem] https://cdn.example.com/entrega.jpg',
    );
    await userEvent.click(send);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'entrega_agendada',
      values: {
        header: [],
        body: ['{{firstName}}'],
        headerMedia: 'https://cdn.example.com/entrega.jpg',
        buttons: ['PED-9'],
      },
    });
  });

  it("uploads a media header's file and sends the platform's address of it", async () => {
    const sent: unknown[] = [];
    const uploaded: string[] = [];
    cloudChat(30, sent);
    const url = 'http://localhost:8080/media/tickets/1/templates/0b7c-entrega.png';
    server.use(
      http.get(`${API}/whatsapp/:id/templates`, () => HttpResponse.json({ templates: [DELIVERY] })),
      http.post(`${API}/message-templates/media`, async ({ request }) => {
        const file = (await request.formData()).get('file');
        uploaded.push(typeof file === 'string' ? 'text' : file === null ? 'none' : 'file');
        return HttpResponse.json({ url, name: 'entrega.png', mimeType: 'image/png' });
      }),
    );
    renderApp(<MessageInput ticket={ticket({ id: 25, status: 'open', userId: 3, whatsappId: 9 })} />, { user: agent });
    await userEvent.click(await screen.findByTestId('open-templates'));
    await userEvent.selectOptions(await screen.findByTestId('template-select'), '11');
    const input = screen.getByTestId<HTMLInputElement>('template-header-file');
    expect(input.accept).toBe('image/jpeg,image/png');
    await userEvent.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'entrega da loja.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('template-header-media').value).toBe(url));
    expect(uploaded).toEqual(['file']);
    await fill(screen.getByTestId('template-button-1'), 'PED-9');
    await userEvent.click(screen.getByTestId('template-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ values: { headerMedia: url, buttons: ['PED-9'] } });
  });

  it('inside the window keeps free text and offers the templates too', async () => {
    cloudChat(2);
    const t = ticket({ id: 22, status: 'open', userId: 3, whatsappId: 9 });
    renderApp(<MessageInput ticket={t} />, { user: agent });
    expect(await screen.findByTestId('templates-button')).toBeTruthy();
    expect(screen.queryByTestId('service-window-closed')).toBeNull();
    const box = screen.getByTestId<HTMLTextAreaElement>('message-textarea');
    await userEvent.type(box, 'olá');
    expect(box.value).toBe('olá');
  });

  it('shows no templates on other providers', async () => {
    renderApp(<MessageInput ticket={ticket({ id: 23, status: 'open', userId: 3 })} />, { user: agent });
    await userEvent.type(screen.getByTestId('message-textarea'), 'oi');
    expect(screen.queryByTestId('templates-button')).toBeNull();
    expect(screen.queryByTestId('service-window-closed')).toBeNull();
  });
});
