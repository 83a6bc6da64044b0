import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { EventStreamGaps, type StreamGap } from '@cs/platform/events';
import { LOGGER } from '@cs/platform/logging';
import { SocketServer } from './socket-server.js';

/** Gaps reported within this window (several partitions of one fetch, one broker event) make one `resync`. */
export const RESYNC_COALESCE_MS = 250;

/**
 * The fallback when the gateway's event stream could not resume where it was (see `StreamPositions`): events meant
 * for any socket may be lost, so every socket of this gateway is told to `resync`, which the web client answers as
 * it answers a reconnect (it fetches again what it shows).
 */
@Injectable()
export class RealtimeResync implements OnModuleInit, OnModuleDestroy {
  private stop: (() => void) | undefined;
  private pending: NodeJS.Timeout | undefined;
  /** Gaps since the gateway started (a metric's source and the tests' evidence). */
  gaps = 0;

  constructor(
    private readonly streamGaps: EventStreamGaps,
    private readonly sockets: SocketServer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.stop = this.streamGaps.listen((gap) => this.onGap(gap));
  }

  onModuleDestroy(): void {
    this.stop?.();
    clearTimeout(this.pending);
  }

  private onGap(gap: StreamGap): void {
    this.gaps += 1;
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.logger.warn({ gap }, 'realtime events may have been missed: every socket is told to resync');
      this.sockets.resyncAll();
    }, RESYNC_COALESCE_MS);
  }
}
