import type { Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { HealthRegistry } from '../health/health-registry.js';
import type { ShutdownPhase, ShutdownRegistry } from '../health/shutdown-registry.js';

/** What a running app does in each step of a graceful shutdown (`shutdownGracefully`). */
export interface AppShutdown {
  /** Readiness fails from now on; responses from now on close their connection. Requests are still served. */
  drain(): void;
  /**
   * Stops taking HTTP: the deployable's own connections close first (the gateway's sockets), then the listener;
   * resolves once the requests in flight have been answered and their connections closed, or at `until` (`Date.now()`
   * scale), when the connections still open are closed unanswered.
   */
  closeHttp(until: number): Promise<void>;
  /** Runs one phase of the modules' steps (`ShutdownRegistry`); failures are logged, never thrown. */
  run(phase: ShutdownPhase, deadline: number): Promise<void>;
  /** Closes the rest (Nest's shutdown hooks: the bus, the pool). */
  close(): Promise<void>;
}

export interface ShutdownOptions {
  /** When the whole shutdown must be over (`Date.now()` scale). */
  readonly deadline: number;
  /** How long the apps keep answering, not ready, before they close their listeners (load balancers catching up). */
  readonly drainMs?: number;
  /** Told each step as it starts (the deadline's message names the step that did not end). */
  readonly onStep?: (step: string) => void;
}

/**
 * A graceful shutdown of the apps of one process, in the order given for HTTP (the gateway before the services it
 * calls, so its requests in flight still reach them): every app stops being ready; after `drainMs` each closes its
 * listener and answers what it holds, for half the time left at most (a client that holds a request open, such as
 * one still sending a body that was refused, is cut then); then every app's consumers and jobs finish their work,
 * commit and leave their groups, in the other half; then the outbox relays publish what that work wrote; then each
 * app closes the rest.
 */
export async function shutdownGracefully(apps: readonly AppShutdown[], options: ShutdownOptions): Promise<void> {
  const step = options.onStep ?? (() => undefined);
  step('drain');
  for (const app of apps) app.drain();
  const drainMs = Math.min(options.drainMs ?? 0, options.deadline - Date.now());
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  step('http');
  const httpUntil = Date.now() + Math.max(0, options.deadline - Date.now()) / 2;
  for (const app of apps) await app.closeHttp(httpUntil);
  step('work');
  await Promise.all(apps.map((app) => app.run('work', options.deadline)));
  step('publish');
  await Promise.all(apps.map((app) => app.run('publish', options.deadline)));
  step('close');
  for (const app of apps) await app.close();
}

/**
 * The HTTP side of an app's graceful shutdown on its server: once draining, each response closes its connection
 * (`Connection: close`, set on those in flight whose headers are not out yet), and a keep-alive connection that falls
 * idle is closed at once, so the listener's close ends as soon as the last request in flight is answered, or at the
 * bound `closeHttp` is given, when every connection still open is closed.
 */
export function httpDrain(
  server: Server,
  health: HealthRegistry,
  closeOwnConnections: () => Promise<void>,
): Pick<AppShutdown, 'drain' | 'closeHttp'> {
  const inFlight = new Set<ServerResponse>();
  const closeWhenDraining = (response: ServerResponse): void => {
    if (health.draining && !response.headersSent) response.setHeader('connection', 'close');
  };
  server.on('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    closeWhenDraining(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (health.draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    drain: () => {
      health.drain();
      for (const response of inFlight) closeWhenDraining(response);
    },
    closeHttp: async (until) => {
      await closeOwnConnections();
      // closes the idle keep-alive connections at once (Node's close does) and resolves (with an error when it was
      // already closed) once the last connection has ended
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const cut = setTimeout(() => server.closeAllConnections(), Math.max(0, until - Date.now()));
      try {
        await closed;
      } finally {
        clearTimeout(cut);
      }
    },
  };
}

/** Runs a phase of the registry, logging each failed step. */
export async function runShutdownPhase(
  registry: ShutdownRegistry,
  phase: ShutdownPhase,
  deadline: number,
  logger: Logger,
): Promise<void> {
  for (const failure of await registry.run(phase, deadline)) {
    logger.error({ err: failure.error, phase, step: failure.name }, 'shutdown step failed');
  }
}
