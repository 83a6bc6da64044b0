import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CallMissed,
  ContactUpserted,
  MessageAck,
  MessageEdited,
  MessageReceived,
  MessageRevoked,
  ReactionReceived,
} from '@cs/proto/events';
import {
  GroupCommit,
  mapRows,
  preparedStatement,
  returningRows,
  runPrepared,
  type SqlRow,
  TransactionHost,
} from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { connectionRows } from '../connections/connection.row.js';
import { ConnectionEvents } from '../connections/connection-events.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import type {
  AckUpdate,
  ConnectionConfig,
  ContactUpdate,
  InboundEvent,
  SessionSink,
  SessionStatusUpdate,
} from '../../providers/provider.port.js';

const DEFINITIONS = {
  'whatsapp.message.received': MessageReceived,
  'whatsapp.message.edited': MessageEdited,
  'whatsapp.message.revoked': MessageRevoked,
  'whatsapp.message.reacted': ReactionReceived,
  'whatsapp.call.missed': CallMissed,
} as const;

/** The inbound events' dedupe keys not seen before on the connection (each recorded once). */
const DEDUPE_INBOUND = preparedStatement(`INSERT INTO inbound_messages (connection_id, message_id, company_id)
               SELECT $1, key, $3 FROM unnest($2::text[]) AS key
               ON CONFLICT DO NOTHING RETURNING message_id`);

/** The dedupe key of an inbound event: one per WhatsApp message, edit, revoke and call. */
function dedupeKey(event: InboundEvent): string {
  switch (event.type) {
    case 'whatsapp.message.received':
      return event.data.messageId;
    case 'whatsapp.message.reacted':
      return `reaction:${event.data.messageId}`;
    case 'whatsapp.message.edited':
      return `edit:${event.data.messageId}:${event.data.editedAt}`;
    case 'whatsapp.message.revoked':
      return `revoke:${event.data.messageId}`;
    case 'whatsapp.call.missed':
      return `call:${event.data.callId}`;
  }
}

/** Called once a status was committed (the session manager stops and releases sessions that ended). */
export type StatusListener = (connectionId: number, update: SessionStatusUpdate) => void;

/**
 * Builds the `SessionSink` of a session: every report is one transaction that checks the lease (`fence`), records
 * what it must (status, dedupe row) and writes its event to the outbox, so it is durable when the promise resolves.
 */
@Injectable()
export class SinkFactory {
  /**
   * The sessions' reports of this process (inbound messages, acks, contacts, and the simulator's delivered batches),
   * committed in groups: ten sessions reporting at the same moment pay one transaction, not ten (`GroupCommit`).
   */
  readonly reports: GroupCommit;

  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly connectionEvents: ConnectionEvents,
    private readonly projections: ProjectionsRepository,
  ) {
    this.reports = new GroupCommit(transactions);
  }

  create(
    connection: ConnectionConfig,
    fence: (manager: EntityManager) => Promise<void>,
    onStatus: StatusListener = () => undefined,
  ): SessionSink {
    const { id: connectionId, companyId } = connection;
    const run = <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> =>
      this.transactions.run(async (manager) => {
        await fence(manager);
        return work(manager);
      });
    /** A report: fenced like `run`, committed with the other sessions' reports of the moment (it may run twice). */
    const report = <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> =>
      this.reports.run(async (manager) => {
        await fence(manager);
        return work(manager);
      });

    /** Dedupes the events (a redelivered one is not published again) and publishes the new ones, in order. */
    const inboundMany = (events: readonly InboundEvent[]): Promise<boolean[]> =>
      events.length === 0
        ? Promise.resolve([])
        : report(async (manager) => {
            const keys = events.map(dedupeKey);
            const inserted = await runPrepared<SqlRow>(manager, DEDUPE_INBOUND, [connectionId, keys, companyId]);
            const fresh = new Set(mapRows(inserted, (r) => r.string('message_id')));
            // a key repeated in the list is new only the first time
            const isNew = keys.map((key) => fresh.delete(key));
            const groupsAllowed = events.some((event, index) => isNew[index] && event.data.isGroup)
              ? await this.projections.groupsAllowed(companyId)
              : true;
            const publish = events.flatMap((event, index) =>
              isNew[index] && (groupsAllowed || !event.data.isGroup)
                ? [
                    {
                      definition: DEFINITIONS[event.type],
                      input: { companyId, key: `${connectionId}:${event.data.chatJid}`, data: event.data },
                    },
                  ]
                : [],
            );
            await this.events.emitAll(publish);
            return isNew;
          });

    return {
      status: async (update) => {
        await run(async (manager) => {
          const ended = update.status === 'TIMEOUT' || update.status === 'DISCONNECTED';
          const rows = await returningRows<SqlRow>(
            manager,
            `UPDATE connections SET status = $3::text,
                qrcode = CASE WHEN $3::text = 'qrcode' THEN coalesce($4::text, qrcode) ELSE '' END,
                pairing_code = CASE WHEN $3::text = 'PAIRING' THEN coalesce($5::text, pairing_code) ELSE NULL END,
                number = coalesce($6::text, number),
                retries = coalesce($7::int, CASE WHEN $3::text = 'CONNECTED' THEN 0 ELSE retries END),
                session_wanted = CASE WHEN $8::boolean THEN false ELSE session_wanted END,
                updated_at = now()
              WHERE company_id = $1 AND id = $2 RETURNING *`,
            [
              companyId,
              connectionId,
              update.status,
              update.qrcode ?? null,
              update.pairingCode ?? null,
              update.number ?? null,
              update.retries ?? null,
              ended,
            ],
          );
          const [row] = connectionRows(rows);
          if (row) await this.connectionEvents.changed(row, 'session');
        });
        onStatus(connectionId, update);
      },

      inbound: async (event) => (await inboundMany([event]))[0] ?? false,
      inboundMany: (events) => inboundMany(events),

      ack: async (update: AckUpdate) => {
        await report(async () => {
          await this.events.emit(MessageAck, {
            companyId,
            key: `${connectionId}:${update.chatJid}`,
            data: { connectionId, chatJid: update.chatJid, messageId: update.messageId, ack: update.ack },
          });
        });
      },

      contact: async (update: ContactUpdate) => {
        await report(async () => {
          await this.events.emit(ContactUpserted, {
            companyId,
            key: `${connectionId}:${update.contact.jid}`,
            data: { connectionId, ...update },
          });
        });
      },
    };
  }
}
