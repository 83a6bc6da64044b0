import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render';
import { isNearBottom, ScrollArea } from './page';

function layout(el: HTMLElement, { scrollHeight, clientHeight, scrollTop }: Record<string, number>) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(el, 'scrollTop', { configurable: true, writable: true, value: scrollTop });
}

describe('list pages', () => {
  afterEach(() => vi.restoreAllMocks());

  it('load the next page within 100 px of the bottom', () => {
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 501 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 499 })).toBe(false);
  });

  it('ask for more when scrolled down, and only while there is more and nothing is loading', () => {
    const onLoadMore = vi.fn();
    renderApp(
      <ScrollArea loading={false} hasMore onLoadMore={onLoadMore} testId="area">
        <p>rows</p>
      </ScrollArea>,
    );
    const area = screen.getByTestId('area');
    layout(area, { scrollHeight: 2000, clientHeight: 500, scrollTop: 0 });
    fireEvent.scroll(area);
    expect(onLoadMore).not.toHaveBeenCalled();
    layout(area, { scrollHeight: 2000, clientHeight: 500, scrollTop: 1450 });
    fireEvent.scroll(area);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('keep loading while the first pages do not fill the screen (nothing to scroll yet)', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const onLoadMore = vi.fn();
    renderApp(
      <ScrollArea loading={false} hasMore onLoadMore={onLoadMore}>
        <p>rows</p>
      </ScrollArea>,
    );
    expect(onLoadMore).toHaveBeenCalled();
    const done = vi.fn();
    renderApp(
      <ScrollArea loading={false} hasMore={false} onLoadMore={done}>
        <p>rows</p>
      </ScrollArea>,
    );
    expect(done).not.toHaveBeenCalled();
  });
});
