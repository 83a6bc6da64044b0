import type { Logger } from 'pino';
import type { SessionSink } from '../provider.port.js';

export interface DurableSinkOptions {
  /** Tries per call before the event is given up (the error then reaches the caller, which logs it). */
  readonly attempts?: number;
  /** First pause between tries; doubles after each failed one. */
  readonly baseDelayMs?: number;
}

/**
 * The core's sink, each call retried. WhatsApp acknowledged a message before Baileys handed it to us, so a failing
 * sink (the core's outbox: a database blip) is retried a few times, 0.2 s, 0.4 s, 0.8 s, 1.6 s apart, before the
 * event is given up.
 */
export function durableSink(sink: SessionSink, logger: Logger, options: DurableSinkOptions = {}): SessionSink {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 200;
  const durably = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= attempts) throw error;
        logger.warn({ err: error, attempt }, `sink.${what} failed; retrying`);
        await new Promise((resolve) => setTimeout(resolve, baseDelayMs * 2 ** (attempt - 1)));
      }
    }
  };
  return {
    status: (update) => durably('status', () => sink.status(update)),
    inbound: (event) => durably('inbound', () => sink.inbound(event)),
    inboundMany: (events) => durably('inboundMany', () => sink.inboundMany(events)),
    ack: (update) => durably('ack', () => sink.ack(update)),
    contact: (update) => durably('contact', () => sink.contact(update)),
  };
}
