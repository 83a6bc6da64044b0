import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agent, message } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { MessageItem } from './message-item';

const STORED = 'http://127.0.0.1:8080/media/whatsapp/2/1/0193a5f2-7c4e-7b1a-9d3e-000000000001-clip.webm';

describe('a media message whose file cannot be shown', () => {
  it('says the media is unsupported instead of an empty player when the connector refused the file', () => {
    renderApp(<MessageItem message={message({ mediaType: 'video', mediaUrl: null, body: '' })} />, { user: agent });
    const notice = screen.getByTestId('unsupported-media');
    expect(within(notice).getByText('Mídia não suportada')).toBeTruthy();
    expect(within(notice).getByTestId('unsupported-media-file').textContent).toBe('vídeo');
    expect(within(notice).getByText('O arquivo não foi recebido.')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
  });

  it('keeps the caption of a refused file', () => {
    renderApp(<MessageItem message={message({ mediaType: 'video', mediaUrl: null, body: 'olha isso' })} />, {
      user: agent,
    });
    expect(within(screen.getByTestId('unsupported-media')).getByText('olha isso')).toBeTruthy();
  });

  it('gives way to the notice, with the file name, type and the original to download, when it cannot play', () => {
    renderApp(<MessageItem message={message({ mediaType: 'video', mediaUrl: STORED, body: 'clip.webm' })} />, {
      user: agent,
    });
    const video = document.querySelector('video')!;
    expect(video).toBeTruthy();
    fireEvent.error(video);
    const notice = screen.getByTestId('unsupported-media');
    expect(within(notice).getByTestId('unsupported-media-file').textContent).toBe('clip.webm · vídeo (webm)');
    const download = within(notice).getByRole('link', { name: /Baixar o original/ });
    expect(download.getAttribute('href')).toMatch(/\/media\/whatsapp\/2\/1\/.*clip\.webm$/);
    expect(document.querySelector('video')).toBeNull();
  });

  it('offers no dead download button for a document that never arrived', () => {
    renderApp(<MessageItem message={message({ mediaType: 'application', mediaUrl: null, body: '' })} />, {
      user: agent,
    });
    expect(screen.getByText('Mídia não suportada')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("names the customer's refused file and its type, without a download for a file that was not kept", () => {
    renderApp(
      <MessageItem
        message={message({
          mediaType: 'video',
          mediaUrl: null,
          body: '',
          refusedMedia: { fileName: 'clip.webm', mimeType: 'video/webm', reason: 'unsupported-type' },
        })}
      />,
      { user: agent },
    );
    const notice = screen.getByTestId('unsupported-media');
    expect(within(notice).getByTestId('unsupported-media-title').textContent).toBe(
      'Mídia não suportada: clip.webm (video/webm)',
    );
    expect(within(notice).getByText('O arquivo não foi recebido.')).toBeTruthy();
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('names the type alone when the refused file had no name', () => {
    renderApp(
      <MessageItem
        message={message({
          mediaType: 'video',
          mediaUrl: null,
          body: 'olha isso',
          refusedMedia: { fileName: null, mimeType: 'video/mp4', reason: 'too-large' },
        })}
      />,
      { user: agent },
    );
    const notice = screen.getByTestId('unsupported-media');
    expect(within(notice).getByTestId('unsupported-media-title').textContent).toBe('Mídia não suportada (video/mp4)');
    expect(within(notice).getByText('olha isso')).toBeTruthy();
  });
});
