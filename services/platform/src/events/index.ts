export * from './event-bus.js';
export * from './event-context.js';
export * from './event-publisher.js';
export * from './event-server.js';
export * from './events.module.js';
export * from './in-process-bus.js';
export * from './kafka-bus.js';
export * from './outbox-relay.js';
export { EventPattern, Payload, Ctx } from '@nestjs/microservices';
