export * from './zod.pipe.js';
export * from './request-context.middleware.js';
export * from './address-policy.js';
export * from './safe-http-client.js';
export { hostileRequestInput } from '../validation/hostile-input.interceptor.js';
