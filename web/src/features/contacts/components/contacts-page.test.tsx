import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../../api/types';
import { admin, agent } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ContactsPage } from './contacts-page';

const contact = (id: number, name: string, number: string, email = ''): Contact => ({
  id,
  name,
  number,
  email,
  profilePicUrl: null,
});

function stubList(searches: string[] = []) {
  server.use(
    http.get(`${API}/contacts`, ({ request }) => {
      const url = new URL(request.url);
      const search = url.searchParams.get('searchParam') ?? '';
      searches.push(search);
      const all = [
        contact(1, 'Maria Souza', '5511987654321', 'maria@ex.com'),
        contact(2, 'Loja Centro', '551133334444'),
      ];
      const contacts = all.filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
      return HttpResponse.json({ contacts, count: contacts.length, hasMore: false });
    }),
  );
}

describe('the contacts page', () => {
  it('lists contacts with Brazilian phone numbers and an end-of-list line; only admins may delete', async () => {
    stubList();
    renderApp(<ContactsPage />, { user: agent });
    const rows = await screen.findAllByTestId('contact-row');
    expect(within(rows[0]!).getByText('(11) 98765-4321')).toBeTruthy();
    expect(within(rows[1]!).getByText('(11) 3333-4444')).toBeTruthy();
    expect(screen.getByTestId('end-of-list').textContent).toBe('Todos os contatos foram carregados');
    expect(within(rows[0]!).queryByRole('button', { name: 'Excluir Maria Souza' })).toBeNull();
  });

  it('searches 500 ms after typing stops, once', async () => {
    const searches: string[] = [];
    stubList(searches);
    const user = userEvent.setup();
    renderApp(<ContactsPage />, { user: admin });
    await screen.findByText('Loja Centro');
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'mar');
    await waitFor(() => expect(screen.queryByText('Loja Centro')).toBeNull(), { timeout: 2000 });
    expect(searches).toEqual(['', 'mar']);
  });

  it('deletes after the spec’s confirmation', async () => {
    stubList();
    const deleted: string[] = [];
    server.use(
      http.delete(`${API}/contacts/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const user = userEvent.setup();
    renderApp(<ContactsPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Excluir Maria Souza' }));
    expect(await screen.findByText('Deseja realmente excluir este registro?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(deleted).toEqual(['1']));
  });

  it('imports a spreadsheet with a progress bar that follows the import to its summary', async () => {
    stubList();
    let polls = 0;
    let uploaded: string | null = null;
    server.use(
      http.post(`${API}/contacts/import`, async ({ request }) => {
        uploaded = await ((await request.formData()).get('file') as File).text();
        return HttpResponse.json(
          {
            id: 'imp-1',
            status: 'running',
            total: 4,
            processed: 1,
            imported: 1,
            merged: 0,
            invalid: 0,
            error: null,
            finishedAt: null,
          },
          { status: 202 },
        );
      }),
      http.get(`${API}/contacts/imports/imp-1`, () => {
        polls += 1;
        return HttpResponse.json({
          id: 'imp-1',
          status: 'done',
          total: 4,
          processed: 4,
          imported: 2,
          merged: 1,
          invalid: 1,
          invalidRows: [{ row: 5, reason: 'Número inválido' }],
          error: null,
          finishedAt: new Date().toISOString(),
        });
      }),
    );
    const user = userEvent.setup();
    renderApp(<ContactsPage />, { user: admin });
    await screen.findByText('Maria Souza');
    const file = new File(['xlsx'], 'contatos.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(screen.getByTestId('contacts-import-file'), file);
    const progress = await screen.findByTestId('import-progress');
    await waitFor(
      () =>
        expect(within(progress).getByTestId('import-status').textContent).toBe(
          '2 importados, 1 mesclados, 1 inválidos',
        ),
      { timeout: 5000 },
    );
    expect(within(progress).getByText('Linha 5: Número inválido')).toBeTruthy();
    expect(await screen.findByText('Contatos importados com sucesso!')).toBeTruthy();
    expect(polls).toBeGreaterThan(0);
    // the spreadsheet's bytes reach the server
    expect(uploaded).toBe('xlsx');
  });

  it('exports the CSV the server builds (semicolon separated) as a download', async () => {
    stubList();
    server.use(
      http.get(`${API}/contacts/export`, () =>
        HttpResponse.text('name;number;email\r\nMaria Souza;5511987654321;maria@ex.com\r\n', {
          headers: { 'content-type': 'text/csv' },
        }),
      ),
    );
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp(<ContactsPage />, { user: admin });
    await screen.findByText('Maria Souza');
    await user.click(screen.getByRole('button', { name: /Exportar CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]!);
    });
    expect(text).toContain('Maria Souza;5511987654321;maria@ex.com');
    create.mockRestore();
    click.mockRestore();
  });

  it('opens a conversation: creates the ticket and goes to /tickets/{uuid}', async () => {
    stubList();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(`${API}/whatsapp`, () => HttpResponse.json([])),
      http.post(`${API}/tickets`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 77, uuid: 'abc-uuid' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp(<ContactsPage />, { user: agent, path: '/contacts' });
    await user.click(await screen.findByRole('button', { name: 'Iniciar conversa Maria Souza' }));
    const dialog = await screen.findByTestId('start-conversation-dialog');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('Selecione uma fila');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Fila/ }), '2');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/abc-uuid'));
    expect(body).toMatchObject({ contactId: 1, queueId: 2, userId: agent.id, status: 'open' });
  });
});
