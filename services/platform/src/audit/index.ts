export * from './audit-changes.js';
export * from './audit-trail.js';
