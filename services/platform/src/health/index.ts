export * from './health-registry.js';
export * from './health.module.js';
