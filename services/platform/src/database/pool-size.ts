/**
 * Partitions a Kafka consumer handles at once (`partitionsConsumedConcurrently`), unless a subscription asks for
 * another number: each one may hold a pool connection for its handler's transaction.
 */
export const DEFAULT_CONSUMED_PARTITIONS = 12;

/** Connections left for HTTP requests, timers and the outbox relay's fallback when the consumers are all busy. */
export const POOL_HEADROOM = 6;

/**
 * The default size of a service's pool: every partition consumed at once may hold a connection for its transaction
 * (one consumer group per process), plus the outbox relay (its transactions use its own LISTEN connection, its
 * `flush` and lag gauge the pool) and headroom for HTTP and the service's timers. With 12 partitions and a pool of
 * 10, HTTP requests and the relay queued behind the consumers. `DATABASE_POOL_SIZE` overrides it.
 */
export function defaultPoolSize(options: { consumedPartitions?: number; headroom?: number } = {}): number {
  const partitions = options.consumedPartitions ?? DEFAULT_CONSUMED_PARTITIONS;
  return partitions + 1 + (options.headroom ?? POOL_HEADROOM);
}
