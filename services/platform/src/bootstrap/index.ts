export * from './platform.module.js';
export * from './service-app.js';
export * from './http-timeouts.js';
export * from './graceful-shutdown.js';
