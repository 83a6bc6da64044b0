export * from './channels.js';
export * from './events.js';
export * from './ticket-visibility.js';
