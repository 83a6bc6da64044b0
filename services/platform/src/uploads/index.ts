export * from './sniff.js';
export * from './upload-limits.js';
export * from './safe-file-headers.js';
export * from './limited-files.interceptor.js';
export * from './unread-body.js';
export * from './sniffing-storage.js';
