import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flushCompileCache, getCompileCacheDir } from 'node:module';
import { type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, redactConfig } from '../config/env.js';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter.js';
import type { EventServer } from '../events/event-server.js';
import { EventServerFactory, EventsModule } from '../events/events.module.js';
import { HealthRegistry } from '../health/health-registry.js';
import { ShutdownRegistry } from '../health/shutdown-registry.js';
import { requestContextMiddleware } from '../http/request-context.middleware.js';
import { createLogger, NestPinoLogger } from '../logging/logger.js';
import { HostileInputInterceptor } from '../validation/hostile-input.interceptor.js';
import { startTelemetry, stopTelemetry } from '../telemetry/telemetry.js';
import { type AppShutdown, httpDrain, runShutdownPhase, shutdownGracefully } from './graceful-shutdown.js';
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
  /**
   * Closes the connections of the app's own that its HTTP server's close would wait for (the gateway's sockets:
   * their clients reconnect to another gateway), when it stops taking HTTP.
   */
  readonly closeConnections?: (app: NestExpressApplication) => Promise<void>;
}

export interface CreatedApp<S extends z.ZodObject> {
  readonly app: NestExpressApplication;
  readonly config: z.infer<S>;
  readonly logger: Logger;
}

export interface RunningApp<S extends z.ZodObject> extends CreatedApp<S> {
  readonly url: string;
  /** The steps of a graceful shutdown (`shutdownGracefully`; `runService` runs them on SIGTERM). */
  readonly shutdown: AppShutdown;
  /**
   * Closes the app at once (Nest's shutdown hooks), without the graceful steps: the requests in flight are answered on
   * connections that then close, so no keep-alive connection holds the close after its last answer.
   */
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
    const consumers: EventServer = app.get(EventServerFactory).create();
    app.connectMicroservice({ strategy: consumers }, { inheritAppConfig: true });
    // a graceful shutdown: the consumers finish the messages they hold, commit their offsets and leave their groups
    app.get(ShutdownRegistry).register('work', 'event consumers', () => consumers.close());
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
  const { app, config, logger } = created;
  await app.startAllMicroservices();
  const host = (config as { HOST?: string }).HOST ?? '127.0.0.1';
  await app.listen(options.port ?? definition.port(config), host);
  const server: Server = app.getHttpServer();
  // keep-alive longer than any client's idle reuse (the gateway's agent, fetch/undici: 4 s), see http-timeouts.ts
  applyServerTimeouts(server);
  const address = server.address() as AddressInfo;
  const url = `http://${host}:${address.port}`;
  const registry = app.get(ShutdownRegistry);
  const shutdown: AppShutdown = {
    ...httpDrain(server, app.get(HealthRegistry), () => definition.closeConnections?.(app) ?? Promise.resolve()),
    run: (phase, deadline) => runShutdownPhase(registry, phase, deadline, logger),
    close: () => app.close(),
  };
  const close = async (): Promise<void> => {
    shutdown.drain();
    await app.close();
  };
  return { ...created, url, shutdown, close };
}

/** The graceful shutdown's settings of a deployable's config (`BaseEnvSchema`), in milliseconds. */
export function shutdownSettings(config: unknown): { timeoutMs: number; drainMs: number } {
  const typed = config as { SHUTDOWN_TIMEOUT_SECONDS?: number; SHUTDOWN_DRAIN_SECONDS?: number };
  return {
    timeoutMs: (typed.SHUTDOWN_TIMEOUT_SECONDS ?? 25) * 1_000,
    drainMs: (typed.SHUTDOWN_DRAIN_SECONDS ?? 0) * 1_000,
  };
}

/**
 * The `main.ts` of a deployable: boot from `process.env`; on SIGTERM (or SIGINT) shut down gracefully
 * (`shutdownGracefully`) and exit 0, or exit 1 when `SHUTDOWN_TIMEOUT_SECONDS` pass first, naming the step that
 * did not end (what it held is left to the next owner: uncommitted messages come again, the outbox keeps its rows).
 */
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
  const { logger } = running;
  logger.info({ url: running.url }, `${definition.name} listening`);
  // with NODE_COMPILE_CACHE set, the code compiled to start is kept for the next start of the same build: Node writes
  // it by itself only when a process ends without process.exit, which a deployable never does
  if (getCompileCacheDir()) flushCompileCache();
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    const { timeoutMs, drainMs } = shutdownSettings(running.config);
    const started = Date.now();
    let step = 'drain';
    logger.info({ signal, timeoutMs, drainMs }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ step, timeoutMs }, 'shutdown deadline passed; exiting with work unfinished');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    void shutdownGracefully([running.shutdown], {
      deadline: started + timeoutMs,
      drainMs,
      onStep: (next) => {
        step = next;
        logger.info({ step: next, elapsedMs: Date.now() - started }, 'shutdown step');
      },
    })
      .then(() => stopTelemetry())
      .then(() => {
        logger.info({ elapsedMs: Date.now() - started }, 'shut down');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error, step }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
