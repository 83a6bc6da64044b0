import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { agent } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { EmojiPicker } from './emoji-picker';

describe('EmojiPicker', () => {
  it("mounts emoji-mart's picker with the bundled data and translations, fetching nothing", async () => {
    // any request (a CDN fetch of emoji data) would fail the test: the mock server refuses unhandled requests
    const fetchSpy = vi.spyOn(window, 'fetch');
    const onPick = vi.fn();
    const { getByTestId } = renderApp(<EmojiPicker onPick={onPick} />, { user: agent });
    await waitFor(() => expect(getByTestId('emoji-picker').querySelector('em-emoji-picker')).not.toBeNull(), {
      timeout: 10_000,
    });
    const urls = fetchSpy.mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));
    expect(urls.filter((url) => /emoji/.test(url))).toEqual([]);
    fetchSpy.mockRestore();
  });
});
