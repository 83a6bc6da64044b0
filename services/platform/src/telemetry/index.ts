export * from './instrumentation.js';
export * from './telemetry.js';
