export * from './zoned.js';
