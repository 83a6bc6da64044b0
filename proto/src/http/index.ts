export * from './identity.js';
export * from './catalogue.js';
