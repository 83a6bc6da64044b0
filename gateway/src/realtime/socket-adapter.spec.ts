import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { ConfigError, loadConfig } from '@cs/platform/config';
import { Adapter } from 'socket.io-adapter';
import type { Server } from 'socket.io';
import { GatewayEnvSchema } from '../config/env.js';
import { FrameAdapter } from './frame-adapter.js';
import { FRAME_ADAPTER, frameAdapterVersionsProblem } from './frame-adapter-versions.js';
import { GatewaySocketAdapter } from './socket-adapter.js';

const publicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .publicKey.export({ format: 'der', type: 'spki' })
  .toString('base64');
const env = (extra: Record<string, string>) => ({
  INTERNAL_TOKEN: 'internal-token-0123456789',
  AUTH_ACCESS_PUBLIC_KEY: publicKey,
  ...extra,
});

describe('GATEWAY_SOCKET_ADAPTER', () => {
  let http: HttpServer;
  let io: Server | undefined;
  beforeEach(() => {
    http = createServer();
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => (io ? void io.close(() => resolve()) : resolve()));
    io = undefined;
  });

  it("is socket.io's own adapter by default", () => {
    expect(loadConfig(GatewayEnvSchema, env({})).GATEWAY_SOCKET_ADAPTER).toBe('stock');
    io = new GatewaySocketAdapter(http, []).createIOServer(0);
    const adapter = io.of('/').adapter;
    expect(adapter).toBeInstanceOf(Adapter);
    expect(adapter).not.toBeInstanceOf(FrameAdapter);
  });

  it('is the frame adapter when asked for, on the versions it was verified against', () => {
    expect(frameAdapterVersionsProblem()).toBeUndefined();
    expect(loadConfig(GatewayEnvSchema, env({ GATEWAY_SOCKET_ADAPTER: 'frame' })).GATEWAY_SOCKET_ADAPTER).toBe('frame');
    io = new GatewaySocketAdapter(http, [], 'frame').createIOServer(0);
    expect(io.of('/').adapter).toBeInstanceOf(FrameAdapter);
  });

  it('refuses the frame adapter on any other version of the packages it reaches into, saying what to do', () => {
    const installed = (name: string) => (name === 'ws' ? '8.21.4' : FRAME_ADAPTER.verified[name]![0]!);
    expect(frameAdapterVersionsProblem(installed)).toBe(
      'GATEWAY_SOCKET_ADAPTER=frame (gateway/src/realtime/frame-adapter.ts) replaces private internals and was not ' +
        'verified against ws 8.21.4 (verified: 8.21.3): use GATEWAY_SOCKET_ADAPTER=stock, or verify it ' +
        '(proto/adr/0009-socket-frame-adapter.md)',
    );
  });

  it('refuses a value it does not know', () => {
    expect(() => loadConfig(GatewayEnvSchema, env({ GATEWAY_SOCKET_ADAPTER: 'redis' }))).toThrow(ConfigError);
  });
});
