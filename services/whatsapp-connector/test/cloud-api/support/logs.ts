import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

/** A pino logger whose every line is kept, to assert on what reaches the logs (and what never does). */
export function capturingLogger(): { logger: Logger; text: () => string; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ level: 'debug' }, stream);
  return {
    logger,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
