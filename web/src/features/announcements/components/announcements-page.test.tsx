import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill } from '../../../testing/fill';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { AnnouncementsPage } from './announcements-page';

const platformSuper = { ...admin, id: 1, companyId: 1, super: true, company: { id: 1, name: 'Plataforma' } };
const routes = [
  { path: '/announcements', element: <AnnouncementsPage /> },
  { path: '/', element: <p>home</p> },
];

describe('the announcements page', () => {
  it('sends anyone but a super user of the operator company to / after the spec toast', async () => {
    for (const user of [admin, { ...admin, super: true }]) {
      const view = renderApp(null, { user, path: '/announcements', routes });
      expect(
        await screen.findByText(
          'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
        ),
      ).toBeTruthy();
      expect(screen.queryByTestId('announcements-page')).toBeNull();
      expect(await screen.findByText('home', {}, { timeout: 3000 })).toBeTruthy();
      view.unmount();
    }
  }, 40_000);

  it('lists title, priority, attachment and status; the dialog needs title and text and takes png/jpg/jpeg', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${API}/announcements`, () =>
        HttpResponse.json({
          records: [
            {
              id: 1,
              title: 'Manutenção',
              text: 'Sábado',
              priority: 1,
              status: true,
              mediaName: 'aviso.png',
              mediaPath: 'x.png',
            },
            { id: 2, title: 'Novidades', text: 'Kanban', priority: 3, status: false, mediaName: null, mediaPath: null },
          ],
          count: 2,
          hasMore: false,
        }),
      ),
      http.post(`${API}/announcements`, async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ id: 7 });
      }),
      http.post(`${API}/announcements/7/media-upload`, async ({ request }) => {
        const form = await request.formData();
        calls.push(typeof form.get('file') === 'object' ? 'UPLOAD image' : 'UPLOAD nothing');
        return HttpResponse.json({ id: 7 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderApp(null, { user: platformSuper, path: '/announcements', routes });
    const rows = await screen.findAllByTestId('announcement-row');
    expect(within(rows[0]!).getByText('Alta')).toBeTruthy();
    expect(within(rows[0]!).getByText('aviso.png')).toBeTruthy();
    expect(within(rows[0]!).getByText('Ativo')).toBeTruthy();
    expect(within(rows[1]!).getByText('Baixa')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sem anexo')).toBeTruthy();
    expect(within(rows[1]!).getByText('Inativo')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Novo informativo/ }));
    const dialog = await screen.findByTestId('announcement-dialog');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(2);
    await fill(dialog.querySelector('input[name="title"]')!, 'Feriado');
    await fill(dialog.querySelector('textarea[name="text"]')!, 'Sem expediente');
    await user.selectOptions(dialog.querySelector('select[name="priority"]')!, '2');
    await user.upload(within(dialog).getByTestId('attachment-input'), new File(['x'], 'anima.gif'));
    expect(await within(dialog).findByText('Somente imagens png, jpg ou jpeg.')).toBeTruthy();
    await user.upload(within(dialog).getByTestId('attachment-input'), new File(['x'], 'feriado.JPG'));
    expect(within(dialog).getByTestId('attachment-name').textContent).toBe('feriado.JPG');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() =>
      expect(calls).toEqual([
        'POST {"title":"Feriado","text":"Sem expediente","priority":2,"status":true}',
        'UPLOAD image',
      ]),
    );
    expect(await screen.findByText('Informativo salvo com sucesso!')).toBeTruthy();
  }, 40_000);
});
