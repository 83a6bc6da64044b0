import { sharedResource } from './shared-resource.js';

describe('sharedResource', () => {
  it('starts once for every case that asks, and stops what it started', async () => {
    const started: number[] = [];
    const stopped: number[] = [];
    const shared = sharedResource(
      async () => {
        started.push(started.length + 1);
        return started.length;
      },
      async (resource) => {
        stopped.push(resource);
      },
    );
    expect(await Promise.all([shared.get(), shared.get()])).toEqual([1, 1]);
    await shared.stop();
    expect({ started, stopped }).toEqual({ started: [1], stopped: [1] });
    expect(await shared.get()).toBe(2);
  });

  it('has nothing to stop when it was never started or its start failed', async () => {
    const stopped: unknown[] = [];
    const shared = sharedResource(
      () => Promise.reject(new Error('no broker')),
      async (resource) => {
        stopped.push(resource);
      },
    );
    await shared.stop();
    await expect(shared.get()).rejects.toThrow('no broker');
    await shared.stop();
    expect(stopped).toEqual([]);
  });
});
