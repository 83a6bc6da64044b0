export * from './domain-error.js';
export * from './all-exceptions.filter.js';
