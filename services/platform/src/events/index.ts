export * from './event-bus.js';
export * from './event-publisher.js';
export * from './in-process-bus.js';
export * from './outbox-relay.js';
export * from './stream-positions.js';
export * from './stream-gaps.js';
