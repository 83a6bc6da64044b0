import { File as NodeFile } from 'node:buffer';
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

// jsdom computes the animation a stylesheet gives an element but never runs it: zag's presence would keep a closed
// menu or dialog mounted, waiting for the end of an exit animation that never comes
const noAnimations = document.createElement('style');
noAnimations.textContent = '*, *::before, *::after { animation: none !important; }';
document.head.append(noAnimations);

/**
 * Multipart bodies on Node 24: its fetch (undici 7) makes each file entry of a FormData with the global `File`, which
 * the jsdom environment replaces with jsdom's, while reading it as Node's. Vitest's jsdom environment turns a jsdom
 * FormData into Node's, whose file entries would otherwise be jsdom Files without their bytes (a body shorter than
 * its length), and parsing a multipart body would fail on jsdom's File (vitest-dev/vitest#9135;
 * vitest-dev/vitest#11300 proposes this inside Vitest, after which this class goes). Requests are built, and their form data read, with
 * Node's `File` on the global; it is put back right after. A file entry reaches a handler with its bytes and type,
 * named `blob` (Vitest's conversion keeps no file name).
 */
const swapInNodeFile = (): (() => void) => {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  return () => {
    globalThis.File = jsdomFile;
  };
};
const CompatRequest = globalThis.Request;
class NodeFileRequest extends CompatRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const restore = swapInNodeFile();
    try {
      super(input, init);
    } finally {
      restore();
    }
  }

  override async formData(): Promise<FormData> {
    const restore = swapInNodeFile();
    try {
      return await super.formData();
    } finally {
      restore();
    }
  }
}
globalThis.Request = NodeFileRequest;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  // the toaster is one store per module instance: without this, a file's toasts would fill the next file's queue
  toaster.remove();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
