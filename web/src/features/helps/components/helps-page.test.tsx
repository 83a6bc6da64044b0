import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { agent } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { youtubeId } from '../utils/video';
import { HelpsPage } from './helps-page';

describe('the help page', () => {
  it('shows the videos with their count, plays one in a modal that Escape closes', async () => {
    server.use(
      http.get(`${API}/helps/list`, () =>
        HttpResponse.json([
          { id: 1, title: 'Primeiros passos', description: 'Conecte o WhatsApp', video: 'abcDEF12345' },
          { id: 2, title: 'Filas e chatbot', description: 'Monte o menu', video: 'https://youtu.be/zzzYYY98765' },
        ]),
      ),
    );
    const user = userEvent.setup();
    renderApp(<HelpsPage />, { user: agent });
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Ajuda (2)'));
    expect(screen.getAllByTestId('help-card')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Assistir Filas e chatbot' }));
    const modal = await screen.findByTestId('help-video');
    expect(modal.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube.com/embed/zzzYYY98765?autoplay=1',
    );
    // Escape closes the dialog the keyboard is in: once it has taken the focus
    await waitFor(() => expect(modal.closest('[role="dialog"]')?.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('help-video')).toBeNull());
    expect(youtubeId('https://www.youtube.com/watch?v=abcDEF12345&t=3')).toBe('abcDEF12345');
  });
});
