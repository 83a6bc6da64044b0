/**
 * Test support for the gateway's integration tests: identity and the gateway as real apps (in this process, or
 * as child processes where the behaviour needs several gateways) on the run's PostgreSQL and Kafka, and helpers
 * that talk to them as the spec's clients do.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startServiceApp, type RunningApp } from '@cs/platform/bootstrap';
import { runMigrations } from '@cs/platform/database';
import {
  accessTokenKeys,
  type AccessTokenKeyPair,
  serviceTestEnv,
  sharedResource,
  testRun,
} from '@cs/platform/testing';
import { gatewayService } from '../../src/app.js';
import type { GatewayEnvSchema } from '../../src/config/env.js';
import { identityService } from '../../../services/identity/src/app.js';
import type { IdentityEnvSchema } from '../../../services/identity/src/config/env.js';
import { createIdentityDataSource } from '../../../services/identity/src/database/data-source.js';
import { ticketsService } from '../../../services/tickets/src/app.js';
import { createTicketsDataSource } from '../../../services/tickets/src/database/data-source.js';

/** A fresh ES256 pair as identity and the gateway hold it (the gateway's tests import it from here). */
export { accessTokenKeys } from '@cs/platform/testing';

export const unique = (): string => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A distinct client address per call (through `X-Forwarded-For`, trusted from loopback) keeps IP throttling per test. */
/** A mobile number of São Paulo no company has yet (a phone gets one trial), as its 11 digits. */
export const uniquePhone = (): string => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
export const randomIp = (): string => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

export interface UpstreamCall {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
}

/**
 * Stands in for services that are not part of this issue (tickets, contacts, ...): answers 200 with what it
 * received, so tests see what the gateway forwarded; `handler` can answer specific calls (tickets' GET
 * /tickets/{id} for joinChatBox) once their body is read, `early` before it is (a refusal of an unread body).
 */
export class Upstream {
  readonly calls: UpstreamCall[] = [];
  private server: http.Server | undefined;
  url = '';

  constructor(
    private readonly handler?: (call: UpstreamCall, response: ServerResponse) => boolean,
    private readonly early?: (request: IncomingMessage, response: ServerResponse) => boolean,
  ) {}

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      if (this.early?.(request, response)) return;
      request.resume();
      request.on('end', () => {
        const call = { method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers };
        this.calls.push(call);
        if (this.handler?.(call, response)) return;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ upstream: true, method: call.method, path: call.path }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export async function migrateIdentity(databaseUrl: string = testRun().databaseUrl): Promise<void> {
  const dataSource = createIdentityDataSource({ DATABASE_URL: databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
}

export interface Stack {
  readonly gatewayUrl: string;
  readonly identityUrl: string;
  readonly keys: AccessTokenKeyPair;
  readonly topicPrefix: string;
  readonly upstream: Upstream;
  readonly identity: RunningApp<typeof IdentityEnvSchema>;
  readonly gateway: RunningApp<typeof GatewayEnvSchema>;
  close(): Promise<void>;
}

/** Identity and one gateway in this process; the other services' URLs point at an `Upstream`. */
/** The tickets service in this process (its schema migrated first), for stacks that need real tickets. */
export async function startTickets(): Promise<RunningApp<typeof ticketsService.envSchema>> {
  const dataSource = createTicketsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  return startServiceApp(
    ticketsService,
    serviceTestEnv({
      TICKETS_PORT: '0',
      KAFKA_TOPIC_PREFIX: testRun().topicPrefix,
      PUBLIC_URL: 'http://gateway.test',
      MEDIA_DIR: `.data/test-media/tickets-${randomBytes(4).toString('hex')}`,
    }),
    { port: 0 },
  );
}

export async function startStack(
  options: {
    gatewayEnv?: Record<string, string>;
    identityEnv?: Record<string, string>;
    databaseUrl?: string;
    topicPrefix?: string;
    /** Answers calls to the other services before their body is read (`Upstream`'s `early`). */
    upstreamEarly?: (request: IncomingMessage, response: ServerResponse) => boolean;
  } = {},
): Promise<Stack> {
  const databaseUrl = options.databaseUrl ?? testRun().databaseUrl;
  // every test file has topics of its own already (services/platform/test/setup/isolation.ts)
  const topicPrefix = options.topicPrefix ?? testRun().topicPrefix;
  const kafka = { KAFKA_TOPIC_PREFIX: topicPrefix };
  await migrateIdentity(databaseUrl);
  const keys = accessTokenKeys();
  const upstream = await new Upstream(undefined, options.upstreamEarly).start();
  const identity = await startServiceApp(
    identityService,
    serviceTestEnv({
      IDENTITY_PORT: '0',
      DATABASE_URL: databaseUrl,
      ...kafka,
      AUTH_ACCESS_PRIVATE_KEY: keys.privateKey,
      MEDIA_DIR: `.data/test-media/${unique()}`,
      ...options.identityEnv,
    }),
    { port: 0 },
  );
  const gateway = await startServiceApp(
    gatewayService,
    serviceTestEnv({
      GATEWAY_PORT: '0',
      ...kafka,
      AUTH_ACCESS_PUBLIC_KEY: keys.publicKey,
      IDENTITY_URL: identity.url,
      TICKETS_URL: upstream.url,
      CONTACTS_URL: upstream.url,
      WHATSAPP_CONNECTOR_URL: upstream.url,
      CAMPAIGNS_URL: upstream.url,
      BILLING_URL: upstream.url,
      // the tests play the ingress on loopback: their X-Forwarded-For is each simulated client's address
      TRUST_PROXY: 'loopback',
      ...options.gatewayEnv,
    }),
    { port: 0 },
  );
  return {
    gatewayUrl: gateway.url,
    identityUrl: identity.url,
    keys,
    topicPrefix,
    upstream,
    identity,
    gateway,
    close: async () => {
      await gateway.close();
      await identity.close();
      await upstream.close();
      // the run's test files share identity's tables: a file's deliberate bad logins and its signups (all from
      // 127.0.0.1 where the file trusts no forwarded address) must not throttle the next file's
      const forget = new pg.Client({ connectionString: databaseUrl });
      await forget.connect();
      await forget
        .query('DELETE FROM identity.login_failures; DELETE FROM identity.signup_attempts')
        .finally(() => forget.end());
    },
  };
}

const shared = sharedResource(
  () => startStack(),
  (stack) => stack.close(),
);

/**
 * The default stack (`startStack()`) the case files of the gateway's and identity's `shared-stack.e2e-spec.ts` share
 * (`sharedResource`: started by the first case that asks for it); these cases need no settings of their own from it.
 */
export const sharedStack = (): Promise<Stack> => shared.get();

/** Closes the shared stack, when one was started. */
export const stopSharedStack = (): Promise<void> => shared.stop();

export interface ApiResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export interface CallOptions {
  readonly token?: string | undefined;
  readonly body?: unknown;
  readonly cookie?: string | undefined;
  readonly headers?: Record<string, string>;
}

/** A call as the spec's clients make it (JSON, `Authorization: Bearer`, the refresh cookie when given). */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': randomIp(), ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.cookie) headers['cookie'] = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** The `jrt=<value>` pair of a response's Set-Cookie (for the next refresh), or undefined. */
export function refreshCookieOf(response: ApiResponse<unknown>): string | undefined {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('jrt='));
  const pair = header?.split(';')[0];
  return pair && pair !== 'jrt=' ? pair : undefined;
}

export async function withDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testRun().databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export type Flags = Partial<
  Record<
    | 'useCampaigns'
    | 'useSchedules'
    | 'useInternalChat'
    | 'useExternalApi'
    | 'useKanban'
    | 'useOpenAi'
    | 'useIntegrations',
    boolean
  >
>;

const FLAG_COLUMNS = {
  useCampaigns: 'use_campaigns',
  useSchedules: 'use_schedules',
  useInternalChat: 'use_internal_chat',
  useExternalApi: 'use_external_api',
  useKanban: 'use_kanban',
  useOpenAi: 'use_open_ai',
  useIntegrations: 'use_integrations',
} as const;

/** A plan of the platform (what a super user creates in the Plans tab), with the given flags. */
export async function createPlan(flags: Flags = {}, users = 10): Promise<number> {
  return withDb(async (client) => {
    const columns = Object.entries(flags).map(([flag]) => FLAG_COLUMNS[flag as keyof typeof FLAG_COLUMNS]);
    const values = Object.values(flags);
    const result = await client.query<{ id: number }>(
      `INSERT INTO identity.plans (name, users, connections, queues, value${columns.map((c) => `, ${c}`).join('')})
       VALUES ($1, $2, 3, 3, 99${values.map((_, i) => `, $${i + 3}`).join('')}) RETURNING id`,
      [`Plano ${unique()}`, users, ...values],
    );
    return result.rows[0]?.id ?? 0;
  });
}

export interface Tenant {
  readonly companyId: number;
  readonly phone: string;
  readonly email: string;
  readonly password: string;
  readonly name: string;
}

/** A company through the public signup (its first admin has the signup's e-mail and password). */
export async function signUp(base: string, planId: number): Promise<Tenant> {
  const id = unique();
  const tenant = {
    name: `Empresa ${id}`,
    email: `admin-${id}@teste.com.br`,
    password: 'segredo123',
    phone: uniquePhone(),
  };
  const response = await call<{ id: number }>(base, 'POST', '/companies/cadastro', { body: { ...tenant, planId } });
  if (response.status !== 200) throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...tenant, companyId: response.body.id };
}

export interface Session {
  readonly token: string;
  readonly cookie: string;
  readonly user: { id: number; companyId: number; profile: string; company: Record<string, unknown> } & Record<
    string,
    unknown
  >;
}

export async function logIn(base: string, email: string, password: string): Promise<Session> {
  const response = await call<{ token: string; user: Session['user'] }>(base, 'POST', '/auth/login', {
    body: { email, password },
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  const cookie = refreshCookieOf(response);
  if (!cookie) throw new Error('login set no refresh cookie');
  return { token: response.body.token, cookie, user: response.body.user };
}

/** Makes a user a super user (the platform's seed does this for its own; tests need one per run). */
export async function makeSuper(email: string): Promise<void> {
  await withDb((client) =>
    client.query('UPDATE identity.users SET super = true WHERE lower(email) = lower($1)', [email]),
  );
}
