import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useListConnectionsQuery } from '../api/endpoints/company';
import { admin } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { FirstConnectionBanner } from './first-connection-banner';

/** The banner beside a reader of the same connections query: once the reader has them, so has the banner. */
function WithConnectionsLoaded() {
  const { isSuccess } = useListConnectionsQuery();
  return (
    <>
      <FirstConnectionBanner />
      {isSuccess && <span data-testid="connections-loaded" />}
    </>
  );
}

describe('FirstConnectionBanner', () => {
  it('guides a company without connections to /connections', async () => {
    server.use(http.get(`${API}/whatsapp`, () => HttpResponse.json([])));
    renderApp(<FirstConnectionBanner />, { user: admin, path: '/tickets' });
    const banner = await screen.findByTestId('first-connection');
    expect(banner.textContent).toContain('ainda não tem uma conexão de WhatsApp');
    expect(screen.getByRole('link', { name: 'Conectar WhatsApp' }).getAttribute('href')).toBe('/connections');
  });

  it('stays away once a connection exists, and on the connections page', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/whatsapp`, () => {
        calls += 1;
        return HttpResponse.json([{ id: 1, name: 'WhatsApp Demo', status: 'CONNECTED' }]);
      }),
    );
    const withConnection = renderApp(<WithConnectionsLoaded />, { user: admin, path: '/tickets' });
    await screen.findByTestId('connections-loaded');
    expect(calls).toBe(1);
    expect(screen.queryByTestId('first-connection')).toBeNull();
    withConnection.unmount();
    server.use(http.get(`${API}/whatsapp`, () => HttpResponse.json([])));
    renderApp(<WithConnectionsLoaded />, { user: admin, path: '/connections' });
    await screen.findByTestId('connections-loaded');
    expect(screen.queryByTestId('first-connection')).toBeNull();
  });
});
