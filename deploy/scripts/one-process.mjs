// Every deployable in one process: `make dev` (from the sources) and the one-machine shape (built, deploy/one-machine).
// The services start first, each on its own port on 127.0.0.1, then the gateway, which calls them there; they talk
// over the in-process bus (held until every consumer is attached: it keeps nothing for a late subscriber) unless
// KAFKA_BROKERS is set. `stop` shuts them down together (`shutdownGracefully`): the gateway's HTTP first, then the
// services', then every consumer and job, then the outbox relays, then the rest.
import { shutdownGracefully, startServiceApp } from '@cs/platform/bootstrap';
import { InProcessEventBus } from '@cs/platform/events';

/**
 * `services`: `{ name, definition, portKey, port, urlKey }` in start order (deployables.mjs with their definitions);
 * `gateway`: `{ definition, portKey, port }`; `env`: the environment every app reads. The ports come from the
 * environment's `<portKey>` when set.
 */
export async function startApps({ services, gateway, env }) {
  const releaseBus = env.KAFKA_BROKERS ? () => undefined : InProcessEventBus.shared().holdUntilSubscribed();
  const running = [];
  try {
    const serviceUrls = {};
    for (const service of services) {
      const port = Number(env[service.portKey] ?? service.port);
      const app = await startServiceApp(service.definition, {
        ...env,
        HOST: '127.0.0.1',
        [service.portKey]: String(port),
      });
      running.push({ name: service.name, app });
      serviceUrls[service.urlKey] = app.url;
    }
    const gatewayPort = Number(env[gateway.portKey] ?? gateway.port);
    const gatewayApp = await startServiceApp(gateway.definition, {
      ...env,
      ...serviceUrls,
      [gateway.portKey]: String(gatewayPort),
    });
    running.push({ name: 'gateway', app: gatewayApp });
    releaseBus();
    return {
      apps: running,
      gateway: gatewayApp,
      /** A graceful shutdown of every app (`ShutdownOptions`); `before`: steps of the process's own to go first. */
      stop: (options, before = []) =>
        shutdownGracefully([...before, ...[...running].reverse().map(({ app }) => app.shutdown)], options),
    };
  } catch (error) {
    releaseBus();
    for (const { app } of running.reverse()) await app.close().catch(() => undefined);
    throw error;
  }
}
