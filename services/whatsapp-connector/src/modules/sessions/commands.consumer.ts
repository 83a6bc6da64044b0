import { Controller } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ContactsExported,
  NumberChecked,
  type TypedEvent,
  WhatsappContactCommandsTopic,
  WhatsappMessageCommandsTopic,
} from '@cs/proto/events';
import { mapRows, returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { InBatches, OnTopic } from '@cs/platform/events/transport';
import { COMMAND_COLUMNS, commandKindOf, commandRows, SessionCommands } from './session-commands.js';
import { emitFailure } from './command-failures.js';

type MessageCommand = TypedEvent<typeof WhatsappMessageCommandsTopic>;
type ContactCommand = TypedEvent<typeof WhatsappContactCommandsTopic>;

/**
 * Kafka commands, consumed by whichever process Kafka hands the partition to: each is recorded once in
 * `session_commands` (by `commandId`, in the transaction of the consumer's inbox row) for the process that owns
 * the session to carry out. A command for a connection with no session to run it is answered at once.
 */
@Controller()
export class CommandsConsumer {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  @OnTopic(WhatsappMessageCommandsTopic)
  @InBatches()
  async onMessageCommand(event: MessageCommand): Promise<void> {
    const kind = commandKindOf(event.type);
    const { data } = event;
    await this.transactions.run(async (manager) => {
      const recorded = await SessionCommands.enqueue(manager, {
        commandId: data.commandId,
        companyId: event.companyId,
        connectionId: data.connectionId,
        kind,
        payload: data,
        causationId: event.id,
      });
      if (!recorded) return; // the same command again: already recorded (and carried out, or about to be)
      if (await this.sessionWanted(manager, event.companyId, data.connectionId)) return;
      // no session will ever run it (unknown connection, logged out): it fails now rather than waiting forever
      const [row] = commandRows(
        await returningRows<SqlRow>(
          manager,
          `UPDATE session_commands SET status = 'failed', done_at = now(), outcome = '"no session"'
            WHERE command_id = $1 RETURNING ${COMMAND_COLUMNS}`,
          [data.commandId],
        ),
      );
      if (row) await emitFailure(this.events, row, 'ERR_WAPP_NOT_INITIALIZED');
    });
  }

  @OnTopic(WhatsappContactCommandsTopic)
  @InBatches()
  async onContactCommand(event: ContactCommand): Promise<void> {
    const { data } = event;
    await this.transactions.run(async (manager) => {
      const connectionId = await this.connectedConnection(manager, event.companyId, data.connectionId);
      const kind = commandKindOf(event.type);
      if (connectionId === null) {
        if (event.type === 'whatsapp.number.check') {
          await this.events.emit(NumberChecked, {
            companyId: event.companyId,
            key: `0:${data.commandId}`,
            causationId: event.id,
            data: { commandId: data.commandId, connectionId: null, results: [], error: 'ERR_WAPP_CHECK_CONTACT' },
          });
        } else if (event.type === 'whatsapp.contacts.export') {
          // answered on the asked (or default) connection; a company without any connection cannot be answered
          const answerOn = data.connectionId ?? (await this.defaultConnection(manager, event.companyId));
          if (answerOn === null) return;
          await this.events.emit(ContactsExported, {
            companyId: event.companyId,
            key: `${answerOn}:${data.commandId}`,
            causationId: event.id,
            data: {
              commandId: data.commandId,
              connectionId: answerOn,
              count: 0,
              error: data.connectionId === null ? 'ERR_NO_DEF_WAPP_FOUND' : 'ERR_WAPP_NOT_INITIALIZED',
            },
          });
        }
        return;
      }
      await SessionCommands.enqueue(manager, {
        commandId: data.commandId,
        companyId: event.companyId,
        connectionId,
        kind,
        payload: data,
        causationId: event.id,
      });
    });
  }

  private async defaultConnection(manager: EntityManager, companyId: number): Promise<number | null> {
    const rows = await manager.query<SqlRow[]>(
      'SELECT id FROM connections WHERE company_id = $1 ORDER BY is_default DESC, id LIMIT 1',
      [companyId],
    );
    return mapRows(rows, (r) => r.int('id'))[0] ?? null;
  }

  private async sessionWanted(manager: EntityManager, companyId: number, connectionId: number): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      'SELECT 1 FROM connections WHERE company_id = $1 AND id = $2 AND session_wanted',
      [companyId, connectionId],
    );
    return rows.length > 0;
  }

  /** The connection to ask through: the given one, else the company's default, else any; only when CONNECTED. */
  private async connectedConnection(
    manager: EntityManager,
    companyId: number,
    connectionId: number | null,
  ): Promise<number | null> {
    const rows = await manager.query<SqlRow[]>(
      `SELECT id FROM connections WHERE company_id = $1 AND status = 'CONNECTED' AND ($2::int IS NULL OR id = $2)
        ORDER BY is_default DESC, id LIMIT 1`,
      [companyId, connectionId],
    );
    return mapRows(rows, (r) => r.int('id'))[0] ?? null;
  }
}
