export * from './fakes.js';
export * from './dev.js';
