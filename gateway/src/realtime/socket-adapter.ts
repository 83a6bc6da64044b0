import type { Server as HttpServer } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { Server, type ServerOptions } from 'socket.io';
import { FrameAdapter } from './frame-adapter.js';

/** Where the spec's clients open the socket. */
export const SOCKET_PATH = '/socket.io';

/** Which socket.io adapter delivers broadcasts (`GATEWAY_SOCKET_ADAPTER`). */
export type SocketAdapterKind = 'stock' | 'frame';

/**
 * The socket.io adapter of the gateway app: Nest's `IoAdapter`, with the options that depend on the environment
 * (CORS with credentials for the web's origins) added to the gateway's own (`@WebSocketGateway`: path, ping,
 * buffer size), and the server built from the gateway's socket.io (the version of `@cs/proto/realtime`'s typed
 * events; `@nestjs/platform-socket.io` pins its own). Transports (polling and websocket) and perMessageDeflate
 * (off) are socket.io's defaults. Broadcasts go through socket.io's in-memory adapter, or with `frame` through
 * `FrameAdapter` (ADR 0009; the environment's check refused versions it was not verified against). No cluster
 * adapter: every gateway consumes every event from Kafka and delivers it to its own sockets.
 */
export class GatewaySocketAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext | HttpServer,
    private readonly corsOrigins: readonly string[],
    private readonly broadcasts: SocketAdapterKind = 'stock',
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    const serverOptions: Partial<ServerOptions> = {
      ...options,
      cors: { origin: [...this.corsOrigins], credentials: true },
      ...(this.broadcasts === 'frame' ? { adapter: FrameAdapter } : {}),
      // the web bundles socket.io-client; serving its files from socket.io's package folder is not our job (and the
      // bundled gateway has no such folder: deploy/scripts/bundle.mjs)
      serveClient: false,
    };
    const httpServer = this.httpServer as HttpServer | undefined;
    if (port !== 0 || !httpServer) throw new Error('the realtime gateway shares the HTTP server (port 0)');
    return new Server(httpServer, serverOptions);
  }
}
