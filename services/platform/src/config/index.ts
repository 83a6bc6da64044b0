export * from './env.js';
export * from './config.module.js';
export * from './verified-dependencies.js';
