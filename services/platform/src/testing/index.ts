export * from './events.js';
export * from './helpers.js';
export * from './kafka.js';
export * from './postgres.js';
export * from './repo.js';
export * from './fault-proxy.js';
export * from './statement-log.js';
export * from './consumers.js';
