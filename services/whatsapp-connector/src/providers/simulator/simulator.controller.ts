import { randomBytes } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { OutboundContent } from '@cs/proto/events';
import {
  type MessageResponse,
  SimulatedCallSchema,
  SimulatedEditSchema,
  type SimulatedMessage,
  SimulatedMessageSchema,
  type SimulatedMessages,
  SimulatedMessagesSchema,
  type SimulatedNetworkMessages,
  SimulatedNetworkMessagesSchema,
  SimulatedReactionSchema,
  SimulatedReceiptSchema,
  SimulatedRevokeSchema,
  type SimulatorAccepted,
  type SimulatorAcceptedMany,
  type SimulatorInboxPayload,
  type SimulatorLogEntry,
  type SimulatorSentMessage,
  type SimulatorSentQuery,
  SimulatorSentQuerySchema,
} from '@cs/proto/http';
import { mapRows, preparedStatement, runPrepared, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam } from '@cs/platform/tenancy';

type InboxKind = 'message' | 'receipt' | 'edit' | 'revoke' | 'reaction' | 'call';

/** Messages the simulated phone network hands to known simulator connections of the company, in their order. */
const QUEUE_SIMULATED =
  preparedStatement(`WITH known AS (SELECT id FROM connections WHERE company_id = $1 AND id = ANY($2::int[]) AND provider = 'simulator')
       INSERT INTO simulator_inbox (company_id, connection_id, message_id, kind, payload)
       SELECT $1, m.connection_id, m.message_id, $6::text, m.payload
         FROM unnest($3::int[], $4::text[], $5::jsonb[]) WITH ORDINALITY AS m(connection_id, message_id, payload, n)
        WHERE m.connection_id IN (SELECT id FROM known)
          AND (SELECT count(*) FROM known) = cardinality($2::int[])
        ORDER BY m.n
       RETURNING message_id`);

/** A simulated WhatsApp message id (`SIM` and 20 hex digits). */
const simulatedMessageId = (): string => `SIM${randomBytes(10).toString('hex').toUpperCase()}`;

/**
 * The simulator's dev API (only when `SIMULATOR_ENABLED`): act as a contact of a simulated connection and see
 * what the agent sent. Every route is scoped to the caller's company (another company's connection is 404).
 */
@Controller('simulator')
export class SimulatorController {
  constructor(private readonly transactions: TransactionHost) {}

  private async connection(companyId: CompanyId, id: number): Promise<void> {
    const rows = await this.transactions.manager.query<unknown[]>(
      `SELECT 1 FROM connections WHERE company_id = $1 AND id = $2 AND provider = 'simulator'`,
      [companyId, id],
    );
    if (rows.length === 0) throw new DomainError('ERR_NO_WAPP_FOUND');
  }

  private async enqueue(
    companyId: CompanyId,
    id: number,
    kind: InboxKind,
    payload: SimulatorInboxPayload,
  ): Promise<SimulatorAccepted> {
    const [messageId] = await this.insert(companyId, id, kind, [payload]);
    return { messageId: messageId as string };
  }

  /** What contacts sent to one connection, in order (`store`). */
  private insert(
    companyId: CompanyId,
    id: number,
    kind: InboxKind,
    payloads: readonly SimulatorInboxPayload[],
  ): Promise<string[]> {
    return this.store(
      companyId,
      kind,
      payloads.map((payload) => ({ connectionId: id, payload })),
    );
  }

  /**
   * Stores what contacts sent, in order, in one statement that also checks every connection named is one of the
   * caller's company's simulated ones (a request used to be a lookup and an insert: two transactions per request on
   * the inbound path). All or nothing: any other connection stores none of them (404).
   */
  private async store(
    companyId: CompanyId,
    kind: InboxKind,
    entries: ReadonlyArray<{ readonly connectionId: number; readonly payload: SimulatorInboxPayload }>,
  ): Promise<string[]> {
    const connections = [...new Set(entries.map((entry) => entry.connectionId))];
    const messageIds = entries.map(simulatedMessageId);
    const rows = await runPrepared<SqlRow>(this.transactions.manager, QUEUE_SIMULATED, [
      companyId,
      connections,
      entries.map((entry) => entry.connectionId),
      messageIds,
      entries.map((entry) => JSON.stringify(entry.payload)),
      kind,
    ]);
    if (rows.length === 0) throw new DomainError('ERR_NO_WAPP_FOUND');
    return messageIds;
  }

  @Post('connections/:id/messages')
  @HttpCode(202)
  message(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Body(new ZodPipe(SimulatedMessageSchema)) body: SimulatedMessage,
  ): Promise<SimulatorAccepted> {
    return this.enqueue(companyId, id, 'message', body);
  }

  /** Several messages in one request: one insert (and one wake-up of the session) for all of them. */
  @Post('connections/:id/messages/batch')
  @HttpCode(202)
  async messages(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Body(new ZodPipe(SimulatedMessagesSchema)) body: SimulatedMessages,
  ): Promise<SimulatorAcceptedMany> {
    const messageIds = await this.insert(companyId, id, 'message', body.messages);
    return { messageIds };
  }

  /**
   * What the simulated phone network hands several of the company's connections at one moment (the load tool's
   * tick): one request and one insert for all of them, in order per connection; each session is woken as for
   * its own batch. All or nothing: a connection that is not one of the company's simulated ones refuses the batch.
   */
  @Post('messages/batch')
  @HttpCode(202)
  async network(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(SimulatedNetworkMessagesSchema)) body: SimulatedNetworkMessages,
  ): Promise<SimulatorAcceptedMany> {
    const messageIds = await this.store(
      companyId,
      'message',
      body.messages.map(({ connectionId, ...payload }) => ({ connectionId, payload })),
    );
    return { messageIds };
  }

  @Post('connections/:id/receipts')
  @HttpCode(202)
  receipts(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Body(new ZodPipe(SimulatedReceiptSchema)) body: SimulatorInboxPayload,
  ): Promise<SimulatorAccepted> {
    return this.enqueue(companyId, id, 'receipt', body);
  }

  @Post('connections/:id/edits')
  @HttpCode(202)
  edits(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Body(new ZodPipe(SimulatedEditSchema)) body: SimulatorInboxPayload,
  ): Promise<SimulatorAccepted> {
    return this.enqueue(companyId, id, 'edit', body);
  }

  @Post('connections/:id/revokes')
  @HttpCode(202)
  revokes(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Body(new ZodPipe(SimulatedRevokeSchema)) body: SimulatorInboxPayload,
  ): Promise<SimulatorAccepted> {
    return this.enqueue(companyId, id, 'revoke', body);
  }

  @Post('connections/:id/reactions')
  @HttpCode(202)
  reactions(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Body(new ZodPipe(SimulatedReactionSchema)) body: SimulatorInboxPayload,
  ): Promise<SimulatorAccepted> {
    return this.enqueue(companyId, id, 'reaction', body);
  }

  @Post('connections/:id/calls')
  @HttpCode(202)
  calls(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Body(new ZodPipe(SimulatedCallSchema)) body: SimulatorInboxPayload,
  ): Promise<SimulatorAccepted> {
    return this.enqueue(companyId, id, 'call', body);
  }

  /** The phone scans the QR shown (or confirms the pairing code); the owner of the session sees it next poll. */
  @Post('connections/:id/scan')
  @HttpCode(202)
  async scan(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
  ): Promise<MessageResponse> {
    await this.connection(companyId, id);
    await this.transactions.manager.query(
      `INSERT INTO simulator_devices (connection_id, company_id, scan_requested) VALUES ($1, $2, true)
       ON CONFLICT (connection_id) DO UPDATE SET scan_requested = true`,
      [id, companyId],
    );
    return { message: 'Scanned.' };
  }

  /** What the agent sent to a chat (a number, or a full jid), in send order. */
  @Get('connections/:id/sent')
  async sent(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Query(new ZodPipe(SimulatorSentQuerySchema)) { chat }: SimulatorSentQuery,
  ): Promise<SimulatorSentMessage[]> {
    await this.connection(companyId, id);
    const jid = chat ? (chat.includes('@') ? chat : `${chat.replace(/\D/g, '')}@s.whatsapp.net`) : null;
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `SELECT message_id, chat_jid, content, quoted_message_id, sent_at, deleted, edited_at FROM simulator_sent
        WHERE company_id = $1 AND connection_id = $2 AND ($3::text IS NULL OR chat_jid = $3) ORDER BY id`,
      [companyId, id, jid],
    );
    return mapRows(rows, (r) => ({
      messageId: r.string('message_id'),
      chatJid: r.string('chat_jid'),
      content: r.json<OutboundContent>('content'),
      quotedMessageId: r.nullable('quoted_message_id', r.string),
      sentAt: r.isoDate('sent_at'),
      deleted: r.boolean('deleted'),
      editedAt: r.nullable('edited_at', r.isoDate),
    }));
  }

  /** The simulator's connection log: which process (and lease epoch) ran the session, and when. */
  @Get('connections/:id/log')
  async log(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
  ): Promise<SimulatorLogEntry[]> {
    await this.connection(companyId, id);
    const rows = await this.transactions.manager.query<SqlRow[]>(
      'SELECT id, owner, epoch, event, detail, at FROM simulator_log WHERE company_id = $1 AND connection_id = $2 ORDER BY id',
      [companyId, id],
    );
    return mapRows(rows, (r) => ({
      id: r.int('id'),
      owner: r.string('owner'),
      epoch: r.int('epoch'),
      event: r.string('event'),
      detail: r.string('detail'),
      at: r.isoDate('at'),
    }));
  }
}
