import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The caller of an HTTP request, as the gateway vouched for it (set by the `IdentityGuard` once verified). */
export interface RequestCaller {
  readonly userId: number;
  readonly companyId: number;
  readonly profile: 'admin' | 'user';
  readonly isSuper: boolean;
  /** The client address the gateway established (`x-client-ip`), when it sent one. */
  readonly clientIp: string | null;
}

/** What follows one unit of work (an HTTP request, an event, a job) through async calls and into logs. */
export interface RequestContext {
  readonly requestId: string;
  readonly correlationId: string;
  readonly companyId?: number;
  readonly userId?: number;
  /** Who called, once the guard verified it (HTTP requests with a signed-in user only). */
  readonly caller?: RequestCaller;
}

const storage = new AsyncLocalStorage<{ -readonly [K in keyof RequestContext]: RequestContext[K] }>();

export const currentContext = (): RequestContext | undefined => storage.getStore();

export function runWithContext<T>(context: Partial<RequestContext>, fn: () => T): T {
  const requestId = context.requestId ?? randomUUID();
  return storage.run({ ...context, requestId, correlationId: context.correlationId ?? requestId }, fn);
}

/** The correlation id of the current unit of work, or a fresh one when there is none. */
export const currentCorrelationId = (): string => storage.getStore()?.correlationId ?? randomUUID();

/**
 * Names the verified caller of the current request (the `IdentityGuard` does, after checking the internal token),
 * for what runs later in the same unit of work (the audit trail). Outside a unit of work it does nothing.
 */
export function attachCaller(caller: RequestCaller): void {
  const store = storage.getStore();
  if (store) store.caller = caller;
}

/** The verified caller of the current request, if any. */
export const currentCaller = (): RequestCaller | undefined => storage.getStore()?.caller;
