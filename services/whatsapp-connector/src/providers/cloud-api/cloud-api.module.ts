import { type DynamicModule, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import type { CloudApiEnv } from './cloud-api.config.js';
import { CloudApiProvider } from './cloud-api.provider.js';
import { CloudApiWebhookController } from './cloud-api.webhook.controller.js';
import { CloudApiWebhooks } from './cloud-api.webhooks.js';
import { GraphClient } from './graph.client.js';

export interface CloudApiModuleOptions {
  /** The connector's parsed environment (at least the `cloudApiEnvShape` keys). */
  readonly env: CloudApiEnv;
  /**
   * Modules that export `WEBHOOK_SINKS` and `CLOUD_API_MEDIA_STORE` (the connector's core), unless those are
   * global providers.
   */
  readonly imports?: ModuleMetadata['imports'];
  /** Extra providers (tests: fake sinks and media store). */
  readonly providers?: Provider[];
  /** The fetch the Graph client uses (default: the global one). */
  readonly fetch?: typeof fetch;
}

/**
 * The Cloud API provider (`CloudApiProvider`, for the core's `SESSION_PROVIDERS`) and the webhook routes
 * `GET|POST /webhooks/whatsapp/{connectionId}`. The service must be created with `rawBody: true`.
 */
@Module({})
export class CloudApiModule {
  static forRoot(options: CloudApiModuleOptions): DynamicModule {
    return {
      module: CloudApiModule,
      imports: options.imports ?? [],
      controllers: [CloudApiWebhookController],
      providers: [
        ...(options.providers ?? []),
        { provide: GraphClient, useFactory: () => new GraphClient(options.env, options.fetch) },
        {
          provide: CloudApiProvider,
          useFactory: (graph: GraphClient) => new CloudApiProvider(graph),
          inject: [GraphClient],
        },
        CloudApiWebhooks,
      ],
      exports: [CloudApiProvider],
    };
  }
}
