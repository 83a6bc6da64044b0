import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { redact } from './redact.js';
import { currentContext } from './request-context.js';

export type { Logger } from 'pino';

export interface LoggerOptions {
  readonly service: string;
  readonly level?: string;
  /** Where lines go (tests capture them); stdout by default. */
  readonly destination?: pino.DestinationStream;
}

/**
 * A pino JSON logger. Every line carries the service name and the current request/correlation ids; every
 * logged object is redacted (secrets, message bodies, phone numbers) before it is written.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      name: options.service,
      level: options.level ?? 'info',
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      errorKey: 'err',
      mixin: () => {
        const context = currentContext();
        return context
          ? { requestId: context.requestId, correlationId: context.correlationId, companyId: context.companyId }
          : {};
      },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redact(object) as Record<string, unknown>,
      },
    },
    options.destination,
  );
}

/** Routes Nest's own logging (bootstrap, route mapping, exceptions) into the pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: pino.Level, message: unknown, params: unknown[]): void {
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? params.at(-1) : undefined;
    const stack = params.find((param) => typeof param === 'string' && param.includes('\n    at '));
    if (message instanceof Error) {
      this.logger[level]({ err: message, context }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...message, context });
    } else {
      this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
