import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, agent, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { COLOR_PALETTE, nextPaletteColor } from '../../../theme/palette';
import { TagEditor } from './tag-editor';

describe('TagEditor', () => {
  it('lets an admin create the first tag from the ticket, coloured, and puts it on the ticket', async () => {
    const created: unknown[] = [];
    const synced: unknown[] = [];
    server.use(
      http.get(`${API}/tags/list`, () => HttpResponse.json([])),
      http.post(`${API}/tags`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        return HttpResponse.json({ id: 5, ...body });
      }),
      http.post(`${API}/tags/sync`, async ({ request }) => {
        synced.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderApp(<TagEditor ticket={ticket({ id: 9, tags: [] })} />, { user: admin });
    expect(await screen.findByText('Nenhuma tag ainda.')).toBeTruthy();
    await user.click(screen.getByTestId('create-tag'));
    const name = await screen.findByTestId('new-tag-name');
    await user.type(name, 'Ur');
    expect(screen.getByRole('button', { name: 'Salvar' }).hasAttribute('disabled')).toBe(true);
    await user.type(name, 'gente{Enter}');
    await waitFor(() => expect(synced).toHaveLength(1));
    expect(created).toEqual([{ name: 'Urgente', color: COLOR_PALETTE[0], kanban: 0 }]);
    expect(synced[0]).toMatchObject({ ticketId: 9, tags: [{ id: 5, name: 'Urgente' }] });
  });

  it('points an agent to /tags when the company has none', async () => {
    server.use(http.get(`${API}/tags/list`, () => HttpResponse.json([])));
    renderApp(<TagEditor ticket={ticket({ tags: [] })} />, { user: agent });
    const editor = await screen.findByTestId('tag-editor');
    const link = await within(editor).findByRole('link', { name: 'Criar tags' });
    expect(link.getAttribute('href')).toBe('/tags');
    expect(within(editor).queryByTestId('create-tag')).toBeNull();
  });

  it('starts new tags with a colour no tag uses yet', () => {
    expect(nextPaletteColor([])).toBe(COLOR_PALETTE[0]);
    expect(nextPaletteColor([COLOR_PALETTE[0]!.toUpperCase(), COLOR_PALETTE[1]!])).toBe(COLOR_PALETTE[2]);
    expect(nextPaletteColor([...COLOR_PALETTE], () => 0.999)).toBe(COLOR_PALETTE.at(-1));
  });
});
