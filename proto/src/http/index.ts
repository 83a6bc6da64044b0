export * from './identity.js';
export * from './catalogue.js';
export * from './chats.js';
export * from './automation.js';
export * from './common.js';
export * from './tickets.js';
export * from './contacts.js';
