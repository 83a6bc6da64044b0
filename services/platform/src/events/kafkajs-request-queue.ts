// kafkajs's own module (CommonJS): imported, not required, so that Jest's module registry and Node's agree on it
import RequestQueue from 'kafkajs/src/network/requestQueue/index.js';
import { assertVerifiedVersions } from '../config/verified-dependencies.js';
import { KAFKAJS_FIXES, kafkajsVersionOf } from './kafkajs-fixes.js';

/**
 * kafkajs's request queue (ADR 0008) keeps every broker connection on a 1 ms timer forever: `checkPendingRequests`
 * always reschedules itself, and with nothing pending and no throttle the delay it computes is negative, which Node
 * runs as 1 ms (tulios/kafkajs#1556, #1704), so an idle process never idles.
 *
 * The replacement schedules a check only when it can do something: requests are pending (every 10 ms, kafkajs's own
 * interval, or when the broker's throttle ends), or a throttle is in force. A request that cannot be sent at once is pending,
 * and `push` schedules its check; one that completes checks the queue itself (`fulfillRequest`).
 */
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval between checks while requests are pending (`CHECK_PENDING_REQUESTS_INTERVAL`). */
export const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

const PATCHED = Symbol.for('cs.kafkajs.requestQueue.idleFix');

function scheduleCheckPendingRequests(this: RequestQueueInternals): void {
  if (this.throttleCheckTimeoutId) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  let delay: number;
  if (this.pending.length > 0) delay = untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS;
  else if (untilUnthrottled > 0) delay = untilUnthrottled;
  else return; // nothing to send and no throttle to wait out: nothing to check
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, delay);
}

/** kafkajs's `RequestQueue` class (not part of its public API; the version is pinned by the lockfile). */
export function kafkaRequestQueueClass(): { prototype: RequestQueueInternals } {
  return RequestQueue as unknown as { prototype: RequestQueueInternals };
}

/**
 * Installs the fixed scheduling on kafkajs's request queue (once per process; later calls do nothing). Throws, changing
 * nothing, on a kafkajs version the fix was not verified against (`KAFKAJS_FIXES`).
 */
export function fixKafkaRequestQueueIdleLoop(versionOf: (packageName: string) => string = kafkajsVersionOf): void {
  assertVerifiedVersions(KAFKAJS_FIXES, versionOf);
  const prototype = kafkaRequestQueueClass().prototype as RequestQueueInternals & { [PATCHED]?: true };
  if (prototype[PATCHED]) return;
  prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  prototype[PATCHED] = true;
}
