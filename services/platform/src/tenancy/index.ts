export * from './identity.js';
export * from './identity.decorators.js';
export * from './identity.guard.js';
export * from './plan-flag.guard.js';
