import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { CampaignFailures } from './campaign-failures';

describe('CampaignFailures', () => {
  it("lists each failed contact with the connector's reason (a refused template)", async () => {
    server.use(
      http.get(`${API}/campaigns/:id/failures`, () =>
        HttpResponse.json({
          failures: [
            {
              name: 'Contato 3',
              number: '5511987650003',
              error: 'ERR_SENDING_WAPP_MSG',
              reason: 'the template was refused: (#132001) Template name does not exist in the translation',
              failedAt: '2026-12-06T12:00:00.000Z',
            },
          ],
        }),
      ),
    );
    renderApp(<CampaignFailures campaignId={3} failed={1} />);
    const rows = await screen.findAllByTestId('campaign-failure');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain('Contato 3');
    expect(rows[0]?.textContent).toContain('(#132001) Template name does not exist');
    expect(screen.getByText('Falhas por contato')).toBeTruthy();
  });

  it('shows nothing while no contact failed', () => {
    renderApp(<CampaignFailures campaignId={3} failed={0} />);
    expect(screen.queryByTestId('campaign-failures')).toBeNull();
  });
});
