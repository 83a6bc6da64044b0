export * from './sigv4.js';
export * from './object-store.js';
export * from './local-object-store.js';
export * from './s3-object-store.js';
export * from './media-storage.js';
export * from './serve-stored-object.js';
export * from './media-files.js';
export * from './media-route.controller.js';
