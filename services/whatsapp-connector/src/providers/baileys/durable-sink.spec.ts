import { install } from '@sinonjs/fake-timers';
import pino from 'pino';
import type { SessionSink } from '../provider.port.js';
import { durableSink } from './durable-sink.js';

const logger = pino({ level: 'silent' });
const status = { status: 'CONNECTED', qrcode: '' } as const;

function flakySink(failures: number): { sink: SessionSink; calls: () => number } {
  let calls = 0;
  const fail = async (): Promise<void> => {
    calls += 1;
    if (calls <= failures) throw new Error(`outbox down (${calls})`);
  };
  return {
    sink: {
      status: fail,
      inbound: async () => {
        await fail();
        return true;
      },
      inboundMany: async (events) => {
        await fail();
        return events.map(() => true);
      },
      ack: fail,
      contact: fail,
    },
    calls: () => calls,
  };
}

describe('durableSink', () => {
  it('retries a failing call until the core takes it', async () => {
    const { sink, calls } = flakySink(3);
    await expect(durableSink(sink, logger, { baseDelayMs: 1 }).inbound({} as never)).resolves.toBe(true);
    expect(calls()).toBe(4);
  });

  it('gives the event up after the last attempt, with the last error', async () => {
    const { sink, calls } = flakySink(10);
    await expect(durableSink(sink, logger, { attempts: 3, baseDelayMs: 1 }).status(status)).rejects.toThrow(
      'outbox down (3)',
    );
    expect(calls()).toBe(3);
  });

  it('waits 0.2 s, 0.4 s, 0.8 s, 1.6 s between the five default attempts', async () => {
    const clock = install();
    try {
      const { sink, calls } = flakySink(10);
      const outcome = durableSink(sink, logger)
        .ack({ chatJid: 'x@s.whatsapp.net', messageId: 'M1', ack: 3 })
        .catch((error: unknown) => error);
      for (const [delay, expected] of [
        [199, 1],
        [1, 2],
        [399, 2],
        [1, 3],
        [800, 4],
        [1_600, 5],
      ] as const) {
        await clock.tickAsync(delay);
        expect(calls()).toBe(expected);
      }
      expect(await outcome).toBeInstanceOf(Error);
    } finally {
      clock.uninstall();
    }
  });
});
