import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { PgListener } from '@cs/platform/database';
import type { ProviderSession } from '../../providers/provider.port.js';
import type { OwnedSessions } from './owned-sessions.js';
import type { SessionCommandRunner } from './session-command-runner.js';

/**
 * The channels the connector notifies: its triggers (migrations `1764050000000-session-wakeups`,
 * `1765200000000-session-ownership-wakeups`) and `Leases.release` of a hand-over. Payload: the connection id, or
 * `members` (a process joined, stopped or left).
 */
export const wakeupChannels = (schema: string): { inbox: string; commands: string; ownership: string } => ({
  inbox: `${schema}_simulator_inbox`,
  commands: `${schema}_session_commands`,
  ownership: `${schema}_session_ownership`,
});

/**
 * The one listening connection of this process (not one per session): a command recorded for a session here wakes
 * the command runner for that connection, something written to a simulated session's inbox wakes that session.
 * Notifications for sessions another process owns are ignored. An ownership change (a lease handed over, a process
 * joining, stopping or leaving) runs an ownership pass at once. When the connection comes back after it was lost,
 * every session here, the command runner and an ownership pass look once (what was notified meanwhile is gone); the
 * slow polls (`SIMULATOR_POLL_MS`, `CONNECTOR_COMMAND_POLL_MS`, the heartbeat) remain the safety net.
 */
export class SessionWakeups {
  private readonly listener: PgListener;
  private readonly channels: { inbox: string; commands: string; ownership: string };

  constructor(
    private readonly owned: OwnedSessions,
    private readonly commands: SessionCommandRunner,
    dataSource: DataSource,
    logger: Logger,
    private readonly ownershipChanged: () => void,
  ) {
    const schema = (dataSource.options as { schema?: string }).schema ?? 'public';
    this.channels = wakeupChannels(schema);
    this.listener = new PgListener({
      dataSource,
      channels: [this.channels.inbox, this.channels.commands, this.channels.ownership],
      applicationName: `${schema}-session-wakeups`,
      logger,
      onNotification: (channel, payload) => this.notified(channel, payload),
      onReconnect: () => this.sweep(),
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  private notified(channel: string, payload: string): void {
    if (channel === this.channels.ownership) {
      this.ownershipChanged();
      return;
    }
    const connectionId = Number(payload);
    if (!Number.isInteger(connectionId)) return;
    if (channel === this.channels.commands) this.commands.wake(connectionId);
    else if (channel === this.channels.inbox) this.wakeSession(connectionId);
  }

  private wakeSession(connectionId: number): void {
    // a session being claimed has no provider session yet (its start looks at the inbox anyway)
    const session: ProviderSession | undefined = this.owned.get(connectionId)?.session;
    session?.wake?.();
  }

  private sweep(): void {
    for (const connectionId of this.owned.connectionIds) this.wakeSession(connectionId);
    void this.commands.poll();
    this.ownershipChanged();
  }
}
