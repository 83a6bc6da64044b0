export * from './channels.js';
export * from './events.js';
