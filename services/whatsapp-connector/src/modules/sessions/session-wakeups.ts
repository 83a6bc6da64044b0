import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { PgListener } from '@cs/platform/database';
import type { ProviderSession } from '../../providers/provider.port.js';
import type { OwnedSessions } from './owned-sessions.js';
import type { SessionCommandRunner } from './session-command-runner.js';

/** The channels the connector's triggers notify (migration `1764050000000-session-wakeups`), payload = connection id. */
export const wakeupChannels = (schema: string): { inbox: string; commands: string } => ({
  inbox: `${schema}_simulator_inbox`,
  commands: `${schema}_session_commands`,
});

/**
 * The one listening connection of this process (not one per session): a command recorded for a session here wakes
 * the command runner for that connection, something written to a simulated session's inbox wakes that session.
 * Notifications for sessions another process owns are ignored. When the connection comes back after it was lost,
 * every session here and the command runner look once (what was notified meanwhile is gone); the slow polls
 * (`SIMULATOR_POLL_MS`, `CONNECTOR_COMMAND_POLL_MS`) remain the safety net.
 */
export class SessionWakeups {
  private readonly listener: PgListener;
  private readonly channels: { inbox: string; commands: string };

  constructor(
    private readonly owned: OwnedSessions,
    private readonly commands: SessionCommandRunner,
    dataSource: DataSource,
    logger: Logger,
  ) {
    const schema = (dataSource.options as { schema?: string }).schema ?? 'public';
    this.channels = wakeupChannels(schema);
    this.listener = new PgListener({
      dataSource,
      channels: [this.channels.inbox, this.channels.commands],
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
  }
}
