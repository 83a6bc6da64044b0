import { Writable } from 'node:stream';
import { createLogger } from './logger.js';
import { runWithContext } from './request-context.js';

function capture(): { stream: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe(createLogger.name, () => {
  it('writes JSON lines with the service and the current request and correlation ids', () => {
    const out = capture();
    const logger = createLogger({ service: 'tickets', destination: out.stream });
    runWithContext({ requestId: 'req-1', correlationId: 'corr-1', companyId: 42 }, () => logger.info('hello'));
    expect(out.lines()[0]).toMatchObject({
      service: 'tickets',
      requestId: 'req-1',
      correlationId: 'corr-1',
      companyId: 42,
      msg: 'hello',
      level: 'info',
    });
  });

  it('never writes secrets, message bodies or phone numbers, at any depth', () => {
    const out = capture();
    const logger = createLogger({ service: 'tickets', destination: out.stream });
    logger.info(
      {
        headers: { authorization: 'Bearer eyJhbGciOi', cookie: 'jrt=abc' },
        user: { email: 'a@b.c', password: 'hunter22' },
        message: { body: 'meu CPF é 123.456.789-09', contact: { number: '5511999998888' } },
        items: [{ token: 'tok-1' }],
      },
      'sending',
    );
    const line = JSON.stringify(out.lines()[0]);
    for (const secret of ['eyJhbGciOi', 'jrt=abc', 'hunter22', '123.456.789-09', '5511999998888', 'tok-1']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('a@b.c');
  });
});
