import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import '../i18n';
import { toaster } from '../components/toaster';
import { server } from './server';

// the machine is shared and busy: give findBy*/waitFor room beyond the lists' 500 ms debounce
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Chakra and the virtualiser read
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
// eslint-disable-next-line @typescript-eslint/unbound-method -- polyfilling, not calling
Element.prototype.scrollTo ??= function scrollTo() {};
// eslint-disable-next-line @typescript-eslint/unbound-method -- polyfilling, not calling
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// eslint-disable-next-line @typescript-eslint/unbound-method -- polyfilling, not calling
URL.createObjectURL ??= () => 'blob:test';
// eslint-disable-next-line @typescript-eslint/unbound-method -- polyfilling, not calling
URL.revokeObjectURL ??= () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // the toaster is one store per module instance: without this, a file's toasts would fill the next file's queue
  toaster.remove();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
