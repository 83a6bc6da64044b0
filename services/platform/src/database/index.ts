export * from './data-source.js';
export * from './platform-tables.migration.js';
export * from './transaction-host.js';
export * from './database.module.js';
export * from './sql.js';
export * from './pg-listener.js';
export * from './pool-size.js';
export * from './projection-arrival.js';
