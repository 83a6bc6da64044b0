import { SliceCoalescer } from './slice-coalescer.js';

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('SliceCoalescer', () => {
  it('hands the slices submitted in the same turn over in one call, in submission order', async () => {
    const calls: number[][] = [];
    const coalescer = new SliceCoalescer<number>(async (items) => {
      calls.push([...items]);
    }, 100);
    await Promise.all([coalescer.submit([1, 2]), coalescer.submit([10]), coalescer.submit([20, 21])]);
    expect(calls).toEqual([[1, 2, 10, 20, 21]]);
  });

  it('never puts more than the limit in one call, but always at least one whole slice', async () => {
    const calls: number[][] = [];
    const coalescer = new SliceCoalescer<number>(async (items) => {
      calls.push([...items]);
    }, 3);
    await Promise.all([
      coalescer.submit([1, 2]),
      coalescer.submit([3]),
      coalescer.submit([4, 5, 6, 7]),
      coalescer.submit([8]),
    ]);
    expect(calls).toEqual([[1, 2, 3], [4, 5, 6, 7], [8]]);
  });

  it('resolves a slice only once the call that carried it has finished, and rejects every slice of a failed call', async () => {
    let finish: (() => void) | undefined;
    let fail = false;
    const coalescer = new SliceCoalescer<number>(
      (items) =>
        fail
          ? Promise.reject(new Error(`failed ${items.join(',')}`))
          : new Promise<void>((resolve) => {
              finish = resolve;
            }),
      10,
    );
    let done = false;
    const first = coalescer.submit([1]).then(() => {
      done = true;
    });
    await turn();
    await turn();
    expect(done).toBe(false);
    finish?.();
    await first;
    expect(done).toBe(true);

    fail = true;
    const results = await Promise.allSettled([coalescer.submit([2]), coalescer.submit([3])]);
    expect(results.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : 'ok'))).toEqual([
      'failed 2,3',
      'failed 2,3',
    ]);
  });

  it('starts a later turn’s slices while an earlier call is still running (partitions keep their concurrency)', async () => {
    const started: number[][] = [];
    const release: Array<() => void> = [];
    const coalescer = new SliceCoalescer<number>((items) => {
      started.push([...items]);
      return new Promise<void>((resolve) => release.push(resolve));
    }, 10);
    const first = coalescer.submit([1]);
    await turn();
    const second = coalescer.submit([2]);
    await turn();
    expect(started).toEqual([[1], [2]]);
    release.forEach((resolve) => resolve());
    await Promise.all([first, second]);
  });
});
