import type { Envelope, EventData, EventDefinition } from '@cs/proto/common';
import { eventByType } from '@cs/proto/events';
import { currentCorrelationId } from '../logging/request-context.js';
import { injectTraceContext } from '../telemetry/instrumentation.js';
import { preparedStatement, runPrepared } from '../database/prepared.js';
import type { TransactionHost } from '../database/transaction-host.js';
import { newEventId } from './event-ids.js';
import { localOutboxRelay } from './outbox-relay.js';

/**
 * The events of one `emitAll`, in their order (the outbox's ids, hence the relay's order, follow it): one statement
 * text whatever their number, prepared once per connection. The envelopes go as one JSON array, their texts joined:
 * no escaping of each one into an array literal here, and no parsing of one there.
 */
const OUTBOX_INSERT = preparedStatement(`INSERT INTO outbox
    (event_id, topic, message_key, type, company_id, correlation_id, payload, headers)
  SELECT e.event_id, e.topic, e.message_key, e.type, e.company_id, e.correlation_id, p.payload, $8::jsonb
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[])
         WITH ORDINALITY AS e(event_id, topic, message_key, type, company_id, correlation_id, n)
    JOIN json_array_elements($7::json) WITH ORDINALITY AS p(payload, n) USING (n)
   ORDER BY e.n`);
const OUTBOX_INSERT_QUIET = preparedStatement(
  `${OUTBOX_INSERT.text} RETURNING set_config('cs.outbox_quiet', 'on', true)`,
);

export interface EmitInput<D extends EventDefinition> {
  readonly companyId: number;
  /** The aggregate id (ticket id, ...) or composite key; one key's events stay ordered. */
  readonly key: string | number;
  readonly data: EventData<D>;
  /** The event this one is a consequence of. */
  readonly causationId?: string;
  /**
   * The unit of work it belongs to, when it is not the current one (a batch handler emitting for each of its
   * events: their own correlation ids); the current context's by default.
   */
  readonly correlationId?: string;
}

/**
 * Writes events to the service's outbox, in the current transaction. The relay publishes them after commit,
 * so an event exists if and only if the change it describes was committed. Each envelope is validated
 * against its proto schema here: a producer bug fails the write, not a consumer later.
 */
export class EventPublisher {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly producer: string,
  ) {}

  async emit<D extends EventDefinition>(definition: D, input: EmitInput<D>): Promise<Envelope> {
    const [envelope] = await this.emitAll([{ definition, input }]);
    return envelope as Envelope;
  }

  async emitAll(
    events: ReadonlyArray<{ definition: EventDefinition; input: EmitInput<EventDefinition> }>,
  ): Promise<Envelope[]> {
    if (!this.transactions.inTransaction) {
      throw new Error(
        'events must be emitted inside a transaction (TransactionHost.run), with the change they describe',
      );
    }
    if (events.length === 0) return [];
    const correlationId = currentCorrelationId();
    const headers = injectTraceContext({});
    const rows: Array<{ envelope: Envelope; topic: string; key: string }> = [];
    for (const { definition, input } of events) {
      const registered = eventByType(definition.type);
      if (!registered) throw new Error(`event type ${definition.type} is not in the topic registry`);
      const envelope = definition.schema.parse({
        id: newEventId(),
        type: definition.type,
        schemaVersion: definition.schemaVersion,
        occurredAt: new Date().toISOString(),
        companyId: input.companyId,
        producer: this.producer,
        correlationId: input.correlationId ?? correlationId,
        ...(input.causationId ? { causationId: input.causationId } : {}),
        data: input.data,
      });
      rows.push({ envelope, topic: registered.topic.name, key: String(input.key) });
    }
    // With the schema's relay in this process, the insert sets `cs.outbox_quiet` (its RETURNING runs before the
    // statement's NOTIFY trigger): no cluster-wide notification lock at commit, and this process wakes its relay
    // once the transaction committed. Without one (OUTBOX_RELAY=off), the trigger notifies the relays elsewhere.
    const relay = localOutboxRelay(this.transactions.dataSource);
    await runPrepared(this.transactions.manager, relay ? OUTBOX_INSERT_QUIET : OUTBOX_INSERT, [
      rows.map((row) => row.envelope.id),
      rows.map((row) => row.topic),
      rows.map((row) => row.key),
      rows.map((row) => row.envelope.type),
      rows.map((row) => row.envelope.companyId),
      rows.map((row) => row.envelope.correlationId),
      `[${rows.map((row) => JSON.stringify(row.envelope)).join(',')}]`,
      JSON.stringify({ ...headers }),
    ]);
    if (relay) this.transactions.afterCommit(() => relay.committed());
    return rows.map((row) => row.envelope);
  }
}
