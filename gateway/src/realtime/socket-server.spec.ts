import 'reflect-metadata';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { expectEventually } from '@cs/platform/testing';
import type { AccessTokenAuthenticator } from '../auth/access-token.authenticator.js';
import type { CallerIdentity } from '../auth/auth-state.js';
import type { GatewayConfig } from '../config/env.js';
import { SocketServer } from './socket-server.js';

const identityOf = (userId: number): CallerIdentity => ({
  companyId: 7,
  userId,
  sessionId: `session-${userId}`,
  profile: 'user',
  isSuper: false,
  queueIds: [],
  allTicket: 'disable',
  plan: null,
  dueDate: null,
  timezone: 'America/Sao_Paulo',
});

/** The part of a socket.io socket that connecting and disconnecting touch. */
const socketOf = (identity: CallerIdentity, joined: string[] = []) =>
  ({
    data: {
      identity,
      subscriptions: { notification: false, statuses: new Set(), chatBoxes: new Set() },
      managed: new Set(),
    },
    join: (rooms: string | string[]) => joined.push(...[rooms].flat()),
    leave: () => undefined,
    emit: () => true,
  }) as unknown as Parameters<SocketServer['handleConnection']>[0];

describe('SocketServer presence', () => {
  let identity: HttpServer;
  let reports: { userId: string; online: boolean }[];
  let server: SocketServer;

  beforeEach(async () => {
    reports = [];
    identity = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/internal/presence') {
          const { online } = JSON.parse(body) as { online: boolean };
          reports.push({ userId: String(request.headers['x-user-id']), online });
        }
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
    const config = {
      IDENTITY_URL: `http://127.0.0.1:${(identity.address() as AddressInfo).port}`,
      INTERNAL_TOKEN: 'internal-token-for-tests',
    } as GatewayConfig;
    server = new SocketServer(config, { warn: () => undefined } as unknown as Logger, {} as AccessTokenAuthenticator);
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => identity.close(() => resolve()));
  });

  it('reports a user online at their first socket and offline after their last, not for every tab', async () => {
    const ana = identityOf(11);
    const tabs = [socketOf(ana), socketOf(ana), socketOf(ana)];
    for (const tab of tabs) server.handleConnection(tab);
    const bia = socketOf(identityOf(12));
    server.handleConnection(bia);
    await expectEventually(() =>
      expect(reports).toEqual([
        { userId: '11', online: true },
        { userId: '12', online: true },
      ]),
    );

    server.handleDisconnect(tabs[0]!);
    server.handleDisconnect(tabs[1]!);
    // another user leaving after them: once that report is in, one for the closed tabs would be too
    server.handleDisconnect(bia);
    await expectEventually(() => expect(reports.at(-1)).toEqual({ userId: '12', online: false }));
    expect(reports).toHaveLength(3);

    server.handleDisconnect(tabs[2]!);
    await expectEventually(() => expect(reports.at(-1)).toEqual({ userId: '11', online: false }));

    // back with a new tab: online again
    server.handleConnection(socketOf(ana));
    await expectEventually(() => expect(reports.at(-1)).toEqual({ userId: '11', online: true }));
    expect(reports).toHaveLength(5);
  });

  it("puts an admin's socket in the company's admins room at once, and no other profile's", () => {
    const admin: string[] = [];
    server.handleConnection(socketOf({ ...identityOf(21), profile: 'admin' }, admin));
    const agent: string[] = [];
    server.handleConnection(socketOf(identityOf(22), agent));
    expect(admin).toContain('c7|company-7-admins');
    expect(agent.filter((name) => name.includes('admins'))).toEqual([]);
  });
});
