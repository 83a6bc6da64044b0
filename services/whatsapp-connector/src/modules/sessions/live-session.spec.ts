import { serial } from './live-session.js';

describe('serial', () => {
  it('runs the work of one session one at a time, in the order it was queued', async () => {
    const live = { queue: Promise.resolve() as Promise<unknown> };
    const log: string[] = [];
    let finishA!: () => void;
    const aBusy = new Promise<void>((resolve) => (finishA = resolve));
    const a = serial(live, async () => {
      log.push('a start');
      await aBusy;
      log.push('a end');
      return 'a';
    });
    const b = serial(live, async () => {
      log.push('b start');
      log.push('b end');
      return 'b';
    });
    // every callback already queued has run: work that did not wait for a's has started by now
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a start']);
    finishA();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('hands a failure to its caller and still runs what was queued after it', async () => {
    const live = { queue: Promise.resolve() as Promise<unknown> };
    const failed = serial(live, async () => {
      throw new Error('send failed');
    });
    const next = serial(live, async () => 'next');
    await expect(failed).rejects.toThrow('send failed');
    await expect(next).resolves.toBe('next');
  });
});
