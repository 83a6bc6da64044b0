export * from './logger.js';
export * from './redact.js';
export * from './request-context.js';
export * from './logging.module.js';
