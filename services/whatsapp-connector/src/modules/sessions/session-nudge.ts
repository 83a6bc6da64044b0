import { Injectable } from '@nestjs/common';

/**
 * Lets a use-case that just made a session wanted (a new connection, `/whatsappsession`) ask the connector processes
 * to reconcile now rather than at their next heartbeat (the session manager announces it to all of them).
 * Dependency-free, so connections need not depend on sessions.
 */
@Injectable()
export class SessionNudge {
  private listener: (() => void) | undefined;

  register(listener: () => void): void {
    this.listener = listener;
  }

  nudge(): void {
    this.listener?.();
  }
}
