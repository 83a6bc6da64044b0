import type { AddressInfo } from 'node:net';
import { type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, redactConfig } from '../config/env.js';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter.js';
import { EventServerFactory, EventsModule } from '../events/events.module.js';
import { requestContextMiddleware } from '../http/request-context.middleware.js';
import { createLogger, NestPinoLogger } from '../logging/logger.js';
import { HostileInputInterceptor } from '../validation/hostile-input.interceptor.js';
import { startTelemetry, stopTelemetry } from '../telemetry/telemetry.js';
import { applyServerTimeouts } from './http-timeouts.js';

export interface ServiceDefinition<S extends z.ZodObject> {
  /** The deployable's name (logs, producer name, Kafka client id). */
  readonly name: string;
  readonly envSchema: S;
  /** The root module for a parsed config. */
  readonly rootModule: (config: z.infer<S>, logger: Logger) => DynamicModule;
  readonly port: (config: z.infer<S>) => number;
  /** JSON/urlencoded body limit; `false` leaves bodies unparsed (the gateway streams them). */
  readonly bodyLimit?: string | false;
  /** Keep the unparsed bytes of JSON/urlencoded bodies on `request.rawBody` (signed webhooks). */
  readonly rawBody?: boolean;
  /** Keep request/correlation ids from incoming headers (services behind the gateway), or always mint them. */
  readonly trustIncomingIds?: boolean;
  /** Adjusts the app before it starts (extra middleware, socket adapters). */
  readonly configure?: (app: NestExpressApplication, config: z.infer<S>, logger: Logger) => void | Promise<void>;
}

export interface CreatedApp<S extends z.ZodObject> {
  readonly app: NestExpressApplication;
  readonly config: z.infer<S>;
  readonly logger: Logger;
}

export interface RunningApp<S extends z.ZodObject> extends CreatedApp<S> {
  readonly url: string;
  close(): Promise<void>;
}

/** Builds a deployable's Nest app from an explicit environment (several can share one process). */
export async function createServiceApp<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
  env: Record<string, string | undefined>,
  options: { logger?: Logger } = {},
): Promise<CreatedApp<S>> {
  const config = loadConfig(definition.envSchema, env);
  const typed = config as { LOG_LEVEL?: string; OTEL_EXPORTER_OTLP_ENDPOINT?: string };
  const logger = options.logger ?? createLogger({ service: definition.name, level: typed.LOG_LEVEL ?? 'info' });
  startTelemetry({ serviceName: definition.name, otlpEndpoint: typed.OTEL_EXPORTER_OTLP_ENDPOINT });
  logger.debug({ config: redactConfig(definition.envSchema, config as Record<string, unknown>) }, 'configuration');

  const rootModule = definition.rootModule(config, logger);
  // Case-sensitive routing, set before Express builds its router: the gateway's plan gates and access rules are
  // keyed on the catalogue's exact paths, so `/ticket/Kanban` must not reach the `/ticket/kanban` handler.
  const server = express();
  server.set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(rootModule, new ExpressAdapter(server), {
    logger: new NestPinoLogger(logger.child({ component: 'nest' })),
    bodyParser: false,
    rawBody: definition.rawBody ?? false,
    abortOnError: false,
  });
  app.disable('x-powered-by');
  app.use(requestContextMiddleware(logger, { trustIncomingIds: definition.trustIncomingIds ?? true }));
  if (definition.bodyLimit !== false) {
    const limit = definition.bodyLimit ?? '1mb';
    app.useBodyParser('json', { limit });
    app.useBodyParser('urlencoded', { limit, extended: true });
  }
  app.useGlobalFilters(new AllExceptionsFilter(logger));
  app.useGlobalInterceptors(new HostileInputInterceptor());
  await definition.configure?.(app, config, logger);
  if (importsModule(rootModule, EventsModule)) {
    app.connectMicroservice({ strategy: app.get(EventServerFactory).create() }, { inheritAppConfig: true });
  }
  return { app, config, logger };
}

/** Whether a module tree imports a given module (the event consumer is attached only where events are). */
function importsModule(module: DynamicModule, wanted: Type): boolean {
  if (module.module === wanted) return true;
  return (module.imports ?? []).some(
    (imported) =>
      typeof imported === 'object' && imported !== null && 'module' in imported && importsModule(imported, wanted),
  );
}

/** Creates, starts consumers, and listens. Port 0 picks a free port (tests). */
export async function startServiceApp<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
  env: Record<string, string | undefined>,
  options: { logger?: Logger; port?: number } = {},
): Promise<RunningApp<S>> {
  const created = await createServiceApp(definition, env, options);
  const { app, config } = created;
  await app.startAllMicroservices();
  const host = (config as { HOST?: string }).HOST ?? '127.0.0.1';
  await app.listen(options.port ?? definition.port(config), host);
  // keep-alive longer than any client's idle reuse (the gateway's agent, fetch/undici: 4 s), see http-timeouts.ts
  applyServerTimeouts(app.getHttpServer());
  const address = app.getHttpServer().address() as AddressInfo;
  const url = `http://${host}:${address.port}`;
  return { ...created, url, close: () => app.close() };
}

/** The `main.ts` of a deployable: boot from `process.env`, stop cleanly on SIGTERM/SIGINT. */
export async function runService<S extends z.ZodObject>(definition: ServiceDefinition<S>): Promise<void> {
  let running: RunningApp<S>;
  try {
    running = await startServiceApp(definition, process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${definition.name}: ${error.message}\n`);
      process.exit(78);
    }
    process.stderr.write(`${definition.name}: failed to start: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }
  running.logger.info({ url: running.url }, `${definition.name} listening`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    void running
      .close()
      .then(() => stopTelemetry())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        running.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
