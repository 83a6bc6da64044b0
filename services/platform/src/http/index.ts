export * from './zod.pipe.js';
export * from './request-context.middleware.js';
