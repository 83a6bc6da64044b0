import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What follows one unit of work (an HTTP request, an event, a job) through async calls and into logs. */
export interface RequestContext {
  readonly requestId: string;
  readonly correlationId: string;
  readonly companyId?: number;
  readonly userId?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const currentContext = (): RequestContext | undefined => storage.getStore();

export function runWithContext<T>(context: Partial<RequestContext>, fn: () => T): T {
  const requestId = context.requestId ?? randomUUID();
  return storage.run({ ...context, requestId, correlationId: context.correlationId ?? requestId }, fn);
}

/** The correlation id of the current unit of work, or a fresh one when there is none. */
export const currentCorrelationId = (): string => storage.getStore()?.correlationId ?? randomUUID();
