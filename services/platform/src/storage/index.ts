export * from './sigv4.js';
export * from './s3-object-store.js';
