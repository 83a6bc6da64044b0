/** A resource the case files of one test file share (`sharedResource`). */
export interface SharedResource<T> {
  /** The resource, started by the first call; every later call answers the same one. */
  get(): Promise<T>;
  /** Stops the resource when it was started (a failed start has nothing to stop); the next `get` starts it again. */
  stop(): Promise<void>;
}

/**
 * An app or stack that the `*.cases.ts` files of one test file share: each case's `beforeAll` awaits `get()`, the test
 * file's `afterAll` calls `stop()` after the last case's. Under Jest every test file loads its modules and starts its
 * apps again; cases that need nothing of their own from the app run through one.
 */
export function sharedResource<T>(start: () => Promise<T>, stop: (resource: T) => Promise<void>): SharedResource<T> {
  let running: Promise<T> | undefined;
  return {
    get: () => (running ??= start()),
    async stop() {
      const started = running;
      running = undefined;
      const resource = await started?.catch(() => undefined);
      if (resource !== undefined) await stop(resource);
    },
  };
}
