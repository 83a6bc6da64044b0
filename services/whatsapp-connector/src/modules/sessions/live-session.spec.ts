import { serial } from './live-session.js';

describe('serial', () => {
  it('runs the work of one session one at a time, in the order it was queued', async () => {
    const live = { queue: Promise.resolve() as Promise<unknown> };
    const log: string[] = [];
    const step = (name: string, ms: number) => async (): Promise<string> => {
      log.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([serial(live, step('a', 20)), serial(live, step('b', 1))]);
    expect(results).toEqual(['a', 'b']);
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
