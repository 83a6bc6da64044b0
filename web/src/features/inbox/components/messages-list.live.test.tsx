import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channel, type AppMessageSocketEvent } from '@cs/proto/realtime';
import { useRealtimeSync } from '../../../realtime/use-realtime-sync';
import { fire, withFakeSocket } from '../../../testing/fake-socket';
import { agent, message } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { MessagesList } from './messages-list';

function LiveChat({ ticketId }: { ticketId: number }) {
  useRealtimeSync();
  return <MessagesList ticketId={ticketId} />;
}

describe('the open chat during an LGPD erasure', () => {
  withFakeSocket();
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
  });
  afterEach(() => vi.restoreAllMocks());

  it("fetches the chat's messages again on its ticket's erasure event, and not on another ticket's", async () => {
    let erased = false;
    let reads = 0;
    server.use(
      http.get(`${API}/messages/3`, () => {
        reads++;
        return HttpResponse.json({
          messages: [message({ id: 'm1', ticketId: 3, body: erased ? '' : 'Meu CPF é 123.456.789-09' })],
          hasMore: false,
        });
      }),
    );
    renderApp(<LiveChat ticketId={3} />, { user: agent });
    expect(await screen.findByText('Meu CPF é 123.456.789-09')).toBeTruthy();
    fire('connect');

    const erasure = (ticketId: number): AppMessageSocketEvent => ({ action: 'erased', ticketId });
    erased = true;
    fire(channel.appMessage(agent.companyId), erasure(9));
    fire(channel.appMessage(agent.companyId), erasure(3));
    await waitFor(() => expect(screen.queryByText('Meu CPF é 123.456.789-09')).toBeNull());
    expect(screen.getAllByTestId('message')).toHaveLength(1);
    expect(reads).toBe(2);
  });
});
