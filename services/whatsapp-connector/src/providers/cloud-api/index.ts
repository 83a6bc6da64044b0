import type { MigrationInterface } from 'typeorm';
export { CloudApiEnvSchema, cloudApiEnvShape, type CloudApiEnv } from './cloud-api.config.js';
export { CloudApiModule, type CloudApiModuleOptions } from './cloud-api.module.js';
export { CloudApiProvider, CloudApiSession } from './cloud-api.provider.js';
export { CLOUD_API_MEDIA_STORE } from './cloud-api.webhooks.js';
export { GraphClient, GraphError } from './graph.client.js';

/** The Cloud API keeps nothing of its own in the database (credentials live on the connection record). */
export const cloudApiMigrations: ReadonlyArray<new () => MigrationInterface> = [];
