export * from './health-registry.js';
export * from './health.module.js';
export * from './shutdown-registry.js';
