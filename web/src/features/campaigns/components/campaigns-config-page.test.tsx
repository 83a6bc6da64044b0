import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill } from '../../../testing/fill';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { CampaignsConfigPage } from './campaigns-config-page';

describe('the campaign settings page', () => {
  it('shows the spec options and defaults, refuses a duplicate shortcut and saves everything', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get(`${API}/campaign-settings`, () =>
        HttpResponse.json([
          { key: 'messageInterval', value: '20' },
          { key: 'longerIntervalAfter', value: '20' },
          { key: 'greaterInterval', value: '60' },
          { key: 'variables', value: '[{"key":"cupom","value":"BF10"}]' },
        ]),
      ),
      http.post(`${API}/campaign-settings`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json([]);
      }),
    );
    const user = userEvent.setup();
    renderApp(<CampaignsConfigPage />, { user: admin });
    await screen.findByText('{cupom}');
    const random = screen.getByRole('combobox', { name: 'Intervalo randômico de disparo' });
    expect(
      within(random)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['0', '5', '10', '15', '20']);
    expect((random as HTMLSelectElement).value).toBe('20');
    await fill(screen.getByRole('textbox', { name: 'Atalho' }), 'cupom');
    await user.click(screen.getByTestId('variable-add'));
    expect(await screen.findByText('Já existe uma variável com este atalho')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Atalho' }));
    await fill(screen.getByRole('textbox', { name: 'Atalho' }), 'loja');
    await fill(screen.getByRole('textbox', { name: 'Conteúdo' }), 'Centro');
    await user.click(screen.getByTestId('variable-add'));
    await user.selectOptions(random, '5');
    await user.click(screen.getByTestId('campaigns-config-save'));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          settings: {
            messageInterval: 5,
            longerIntervalAfter: 20,
            greaterInterval: 60,
            variables: [
              { key: 'cupom', value: 'BF10' },
              { key: 'loja', value: 'Centro' },
            ],
          },
        },
      ]),
    );
  }, 60_000);
});
