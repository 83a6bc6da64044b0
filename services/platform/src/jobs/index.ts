export * from './jobs.js';
