export * from './assert.js';
export * from './envelope.js';
export * from './ids.js';
export * from './pagination.js';
export * from './partial-update.js';
