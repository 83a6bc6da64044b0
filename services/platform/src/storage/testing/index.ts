export * from './fake-s3.js';
