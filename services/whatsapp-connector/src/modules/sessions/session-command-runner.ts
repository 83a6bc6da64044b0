import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { assertUnreachable } from '@cs/proto/common';
import { ContactsExported, MessageSent, NumberChecked } from '@cs/proto/events';
import type { SqlRow, TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';
import { connectionRows } from '../connections/connection.row.js';
import { LeaseLostError } from '../../providers/provider.port.js';
import { emitFailure } from './command-failures.js';
import { byConnection, waitsForSession } from './command-batches.js';
import { serial, type LiveSession } from './live-session.js';
import type { OwnedSessions } from './owned-sessions.js';
import { type CommandRow, commandPayload, SessionCommands } from './session-commands.js';
import type { SinkFactory } from './session-sink.js';

/** Pending commands read per look. */
const PENDING_LIMIT = 200;

/**
 * Carries out the commands recorded in `session_commands` for the sessions this process owns: start / new QR /
 * logout from the HTTP routes, sends, deletes, read marks, number checks, contact exports and profile pictures from
 * Kafka. Commands of one connection run in order, one at a time, between its lifecycle changes; a send waits (stays
 * pending) while its session is not connected yet; a command that fails for good is recorded with its result event.
 */
export class SessionCommandRunner {
  private polling = false;
  /** Connections woken (a command recorded for them, see `SessionWakeups`) and not looked at yet. */
  private readonly woken = new Set<number>();
  /** Every session here is to be looked at (the fallback poll, or the listener's reconnect) once the poll ends. */
  private sweepPending = false;
  /** Woken while busy with earlier commands: looked at again as soon as they are done. */
  private readonly wokenWhileBusy = new Set<number>();
  private scheduled = false;

  constructor(
    private readonly owned: OwnedSessions,
    private readonly logger: Logger,
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly sinks: SinkFactory,
  ) {}

  /** A command was recorded for this connection (a NOTIFY), or its session got ready: look at its commands now. */
  wake(connectionId: number): void {
    if (!this.owned.get(connectionId)) return;
    this.woken.add(connectionId);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.polling) return; // the poll under way schedules again when it ends
      if (this.sweepPending) void this.poll();
      else if (this.woken.size > 0) void this.poll([...this.woken]);
    });
  }

  /**
   * Carries out the pending commands of the sessions this process owns (of `only` when given: the woken ones), in
   * order per connection.
   */
  async poll(only?: readonly number[]): Promise<void> {
    if (this.owned.stopping || this.owned.size === 0) return;
    if (this.polling) {
      if (only) for (const connectionId of only) this.woken.add(connectionId);
      else this.sweepPending = true;
      return;
    }
    this.polling = true;
    if (only) for (const connectionId of only) this.woken.delete(connectionId);
    else {
      this.sweepPending = false;
      this.woken.clear();
    }
    try {
      // sessions still busy with earlier commands are left out: they are looked at again when they are done
      const idle: number[] = [];
      for (const connectionId of only ?? this.owned.connectionIds) {
        const live = this.owned.get(connectionId);
        if (!live) continue;
        if (live.busy) this.wokenWhileBusy.add(connectionId);
        else idle.push(connectionId);
      }
      const commands = await SessionCommands.pending(this.transactions.dataSource.manager, idle, PENDING_LIMIT);
      for (const [connectionId, list] of byConnection(commands)) {
        const live = this.owned.get(connectionId);
        if (!live || live.busy) continue;
        live.busy = true;
        // a full page may have left later commands of this connection behind: look again once these are done
        if (commands.length >= PENDING_LIMIT) this.wokenWhileBusy.add(connectionId);
        // one slow session (a Baileys send waiting on the network) never holds up the others
        void serial(live, async () => {
          for (const command of list) {
            if (live.ended) return;
            const done = await this.execute(live, command);
            if (!done) return; // not ready: keep this and the later ones for the next round, in order
          }
        }).finally(() => {
          live.busy = false;
          if (this.wokenWhileBusy.delete(connectionId)) this.wake(connectionId);
        });
      }
    } catch (error) {
      this.logger.error({ err: error }, 'command poll failed');
    } finally {
      this.polling = false;
      if (this.sweepPending || this.woken.size > 0) this.schedule();
    }
  }

  /** Carries out one command; false when the session is not ready for it yet (it stays pending). */
  private async execute(live: LiveSession, command: CommandRow): Promise<boolean> {
    try {
      switch (command.kind) {
        case 'start':
        case 'new-qr':
          await this.restart(live, command);
          return true;
        case 'logout':
          await this.logout(live, command);
          return true;
        default:
          return await this.owned.fenced(live, async (manager) => {
            const locked = await SessionCommands.lock(manager, command.id);
            if (!locked) return true;
            await this.carryOut(live, manager, locked);
            return true;
          });
      }
    } catch (error) {
      if (waitsForSession(error, command.kind)) return false;
      if (error instanceof LeaseLostError) {
        await this.owned.endLocally(live, 'lease lost');
        return false;
      }
      this.logger.error({ err: error, commandId: command.command_id, kind: command.kind }, 'command failed');
      await this.fail(live, command, error).catch((failure: unknown) =>
        this.logger.error({ err: failure }, 'recording a failed command failed'),
      );
      return true;
    }
  }

  private async carryOut(live: LiveSession, manager: EntityManager, command: CommandRow): Promise<void> {
    const payload = commandPayload(command);
    if (!payload) throw new Error(`the ${command.kind} command's payload does not read as its schema`);
    const companyId = command.company_id;
    const connectionId = command.connection_id;
    switch (payload.kind) {
      case 'send': {
        const { chatJid, content, quotedMessageId, clientMessageId } = payload.data;
        const result = await live.session.send({
          chatJid,
          content,
          quotedMessageId,
          idempotencyKey: `cmd-${command.command_id}`,
        });
        await SessionCommands.finish(manager, command.id, 'done', result);
        await this.events.emit(MessageSent, {
          companyId,
          key: `${connectionId}:${chatJid}`,
          ...causation(command),
          data: {
            commandId: command.command_id,
            clientMessageId,
            connectionId,
            chatJid,
            messageId: result.messageId,
            timestamp: result.timestamp.toISOString(),
          },
        });
        return;
      }
      case 'delete':
        await live.session.deleteForEveryone(payload.data.chatJid, payload.data.messageId);
        await SessionCommands.finish(manager, command.id, 'done', null);
        return;
      case 'edit':
        await live.session.editText(payload.data.chatJid, payload.data.messageId, payload.data.body);
        await SessionCommands.finish(manager, command.id, 'done', null);
        return;
      case 'mark-read':
        await live.session.markRead(payload.data.chatJid, payload.data.messageIds);
        await SessionCommands.finish(manager, command.id, 'done', null);
        return;
      case 'check-numbers': {
        const results = await live.session.checkNumbers(payload.data.numbers);
        await SessionCommands.finish(manager, command.id, 'done', results);
        await this.events.emit(NumberChecked, {
          companyId,
          key: `${connectionId}:${command.command_id}`,
          ...causation(command),
          data: { commandId: command.command_id, connectionId, results, error: null },
        });
        return;
      }
      case 'export-contacts': {
        const contacts = await live.session.listContacts();
        const sink = this.sinks.create({ id: connectionId, companyId } as never, async () => undefined);
        for (const contact of contacts) await sink.contact(contact);
        await SessionCommands.finish(manager, command.id, 'done', { count: contacts.length });
        await this.events.emit(ContactsExported, {
          companyId,
          key: `${connectionId}:${command.command_id}`,
          ...causation(command),
          data: { commandId: command.command_id, connectionId, count: contacts.length, error: null },
        });
        return;
      }
      case 'profile-picture': {
        const { jid } = payload.data;
        const url = await live.session.profilePicture(jid);
        await SessionCommands.finish(manager, command.id, 'done', { url });
        const sink = this.sinks.create({ id: connectionId, companyId } as never, async () => undefined);
        const number = /^(\d+)@s\.whatsapp\.net$/.exec(jid)?.[1] ?? null;
        await sink.contact({
          contact: { jid, number, lid: jid.endsWith('@lid') ? jid : null, pushName: null },
          isGroup: jid.endsWith('@g.us'),
          name: null,
          profilePicUrl: url,
        });
        return;
      }
      default:
        assertUnreachable(payload);
    }
  }

  /** Records a command that failed for good, with its result event (number checks fail fast when not ready). */
  private async fail(live: LiveSession, command: CommandRow, error: unknown): Promise<void> {
    await this.owned.fenced(live, async (manager) => {
      const locked = await SessionCommands.lock(manager, command.id);
      if (!locked) return;
      await SessionCommands.finish(manager, command.id, 'failed', { error: String(error) });
      const connectionId = command.connection_id;
      if (command.kind === 'check-numbers') {
        await this.events.emit(NumberChecked, {
          companyId: command.company_id,
          key: `${connectionId}:${command.command_id}`,
          ...causation(command),
          data: { commandId: command.command_id, connectionId, results: [], error: 'ERR_WAPP_CHECK_CONTACT' },
        });
      } else if (command.kind === 'export-contacts') {
        await this.events.emit(ContactsExported, {
          companyId: command.company_id,
          key: `${connectionId}:${command.command_id}`,
          ...causation(command),
          data: { commandId: command.command_id, connectionId, count: 0, error: 'ERR_WAPP_NOT_INITIALIZED' },
        });
      } else {
        await emitFailure(
          this.events,
          locked,
          command.kind === 'delete'
            ? 'ERR_DELETE_WAPP_MSG'
            : command.kind === 'edit'
              ? 'ERR_EDIT_WAPP_MSG'
              : 'ERR_SENDING_WAPP_MSG',
        );
      }
    });
  }

  /** Start / new QR: the session is stopped and opened again from its row (new QR: its credentials wiped first). */
  private async restart(live: LiveSession, command: CommandRow): Promise<void> {
    const [row] = connectionRows(
      await this.transactions.dataSource.query<SqlRow[]>('SELECT * FROM connections WHERE id = $1', [
        live.connectionId,
      ]),
    );
    await this.owned.fenced(live, (manager) =>
      SessionCommands.finish(manager, command.id, 'done', { owner: this.owned.processId }),
    );
    if (!row) return;
    await live.session.stop().catch(() => undefined);
    if (command.kind === 'new-qr') {
      await this.owned.fenced(live, (manager) => live.provider.wipe(live.connectionId, manager));
    }
    await this.owned.open(live, row);
  }

  private async logout(live: LiveSession, command: CommandRow): Promise<void> {
    live.closing = true;
    await live.session.logout().catch((error: unknown) => this.logger.warn({ err: error }, 'logout failed'));
    await this.owned
      .fenced(live, async (manager) => {
        await live.provider.wipe(live.connectionId, manager);
        await SessionCommands.finish(manager, command.id, 'done', { owner: this.owned.processId });
      })
      .catch(() => undefined);
    await this.owned.endAndRelease(live, 'logout');
  }
}

function causation(command: CommandRow): { causationId?: string } {
  return command.causation_id ? { causationId: command.causation_id } : {};
}
