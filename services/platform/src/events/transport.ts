// `@cs/platform/events/transport`: what carries events between processes (the Kafka bus and kafkajs's fixes, the
// consumers' transport for Nest with its decorators and context, the module wiring them). Apart from
// `@cs/platform/events` (publishing, the bus's port, the outbox), so a module that only publishes, and its unit spec,
// loads neither kafkajs nor Nest's microservices.
export * from './event-context.js';
export * from './event-server.js';
export * from './events.module.js';
export * from './kafka-bus.js';
export * from './on-topic.js';
export * from './kafkajs-fixes.js';
export * from './kafkajs-offset-commits.js';
export * from './kafkajs-request-queue.js';
