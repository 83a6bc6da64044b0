import type { ConnectionStatus } from '@cs/proto/events';
import type { ProviderSession, SessionProvider } from '../../providers/provider.port.js';

/** A session this process runs, under the lease epoch it claimed. */
export interface LiveSession {
  readonly connectionId: number;
  readonly companyId: number;
  readonly epoch: number;
  readonly provider: SessionProvider;
  session: ProviderSession;
  /** One thing at a time per session (commands in order, lifecycle changes between them). */
  queue: Promise<unknown>;
  ended: boolean;
  /** When this process claimed it (`performance.now()`). */
  readonly claimedAt: number;
  /** Its last reported status (undefined until the session reports one). */
  status?: ConnectionStatus;
  /** A logout is under way (its DISCONNECTED report must not release the lease before it finishes). */
  closing?: boolean;
  /** Carrying out commands (the poller does not hand it more until it is done). */
  busy?: boolean;
}

/**
 * Runs `work` after what is queued for the session (commands and lifecycle changes never interleave); a failure
 * reaches the caller and does not stop what is queued after it.
 */
export function serial<T>(live: Pick<LiveSession, 'queue'>, work: () => Promise<T>): Promise<T> {
  const next = live.queue.then(work, work);
  live.queue = next.catch(() => undefined);
  return next;
}
