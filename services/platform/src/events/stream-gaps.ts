import { Injectable } from '@nestjs/common';
import type { StreamGap } from './stream-positions.js';

/**
 * Where a deployable hears that its `latest` subscription skipped events (`SubscribeOptions.onGap`): the gateway
 * tells its sockets to fetch again what they show. Listeners must not throw.
 */
@Injectable()
export class EventStreamGaps {
  private readonly listeners = new Set<(gap: StreamGap) => void>();

  /** Calls `listener` for every gap from now on; returns the function that stops it. */
  listen(listener: (gap: StreamGap) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  report(gap: StreamGap): void {
    for (const listener of this.listeners) listener(gap);
  }
}
