/**
 * SSRF through `mediaUrl` (issue 13): a send command whose media URL points at loopback, a private address or a
 * name resolving to loopback is refused by the connector's media store (the SSRF-safe client of
 * `@cs/platform/http`) — the listener is never contacted, nothing is uploaded to the Graph API or sent. A URL under
 * tickets' own media base is still fetched (agents' uploads), and an allowed host (tests only) too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutboundContent } from '@cs/proto/events';
import { ConnectorEnvSchema } from '../../src/config/env.js';
import { LocalObjectStore } from '@cs/platform/storage';
import { MediaStoreService } from '../../src/modules/media/media-store.js';
import { CloudApiProvider } from '../../src/providers/cloud-api/cloud-api.provider.js';
import { CloudApiEnvSchema } from '../../src/providers/cloud-api/cloud-api.config.js';
import type { ProviderSession } from '../../src/providers/provider.port.js';
import { FakeGraph } from '../../src/fake-graph/index.js';
import { ACCESS_TOKEN, cloudConnection, PHONE_NUMBER_ID, RecordingSink, sessionContext } from './support/fakes.js';
import { capturingLogger } from './support/logs.js';

const CHAT = '5511987654321@s.whatsapp.net';

let graph: FakeGraph;
let listener: http.Server;
let listenerPort = 0;
const hits: string[] = [];

beforeAll(async () => {
  graph = await new FakeGraph('v23.0', PHONE_NUMBER_ID, ACCESS_TOKEN).start();
  listener = http.createServer((request, response) => {
    hits.push(request.url ?? '/');
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(Buffer.from('\x89PNG\r\n\x1a\nsecret'));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as AddressInfo).port;
});

afterAll(async () => {
  await graph.stop();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

async function sessionWith(env: Record<string, string>): Promise<ProviderSession> {
  const config = ConnectorEnvSchema.parse({
    INTERNAL_TOKEN: 'x'.repeat(32),
    DATABASE_URL: 'postgres://unused',
    MEDIA_DIR: mkdtempSync(join(tmpdir(), 'wa-media-')),
    ...env,
  });
  const logs = capturingLogger();
  const media = new MediaStoreService(config, new LocalObjectStore(config.MEDIA_DIR), logs.logger);
  const provider = CloudApiProvider.fromEnv(
    CloudApiEnvSchema.parse({ WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_GRAPH_VERSION: 'v23.0' }),
  );
  const session = provider.open(sessionContext(cloudConnection(), new RecordingSink(), media, logs.logger));
  await session.start({});
  return session;
}

const image = (url: string): OutboundContent => ({
  kind: 'media',
  mediaType: 'image',
  url,
  mimeType: 'image/png',
  fileName: 'a.png',
  caption: '',
  ptt: false,
});

const send = (session: ProviderSession, url: string) =>
  session.send({ chatJid: CHAT, content: image(url), quotedMessageId: null, idempotencyKey: `cmd-${url.length}` });

describe('mediaUrl through the SSRF-safe client', () => {
  beforeEach(() => {
    hits.length = 0;
    graph.requests.length = 0;
  });

  it.each([
    (port: number) => `http://127.0.0.1:${port}/metrics`,
    (port: number) => `http://localhost:${port}/x.png`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/x.png`,
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://10.0.0.1/x.png',
  ])(
    'refuses a loopback, private or metadata URL (%#): the listener is not contacted, nothing is sent',
    async (url) => {
      const session = await sessionWith({ PUBLIC_URL: 'http://gateway.test' });
      await expect(send(session, url(listenerPort))).rejects.toMatchObject({ code: 'ERR_SENDING_WAPP_MSG' });
      expect(hits).toEqual([]);
      expect(graph.to(`/${PHONE_NUMBER_ID}/media`)).toHaveLength(0);
      expect(graph.to(`/${PHONE_NUMBER_ID}/messages`)).toHaveLength(0);
    },
  );

  it("fetches tickets' own media base directly, only under /media/tickets/", async () => {
    const session = await sessionWith({ PUBLIC_URL: `http://127.0.0.1:${listenerPort}` });
    await send(session, `http://127.0.0.1:${listenerPort}/media/tickets/2/messages/abc-a.png`);
    expect(hits).toEqual(['/media/tickets/2/messages/abc-a.png']);
    expect(graph.to(`/${PHONE_NUMBER_ID}/media`)).toHaveLength(1);
    hits.length = 0;
    await expect(send(session, `http://127.0.0.1:${listenerPort}/media/tickets/../../metrics`)).rejects.toMatchObject({
      code: 'ERR_SENDING_WAPP_MSG',
    });
    expect(hits).toEqual([]);
  });

  it('fetches an allowed host (OUTBOUND_HTTP_ALLOWED_HOSTS: tests and local fakes only)', async () => {
    const session = await sessionWith({
      PUBLIC_URL: 'http://gateway.test',
      OUTBOUND_HTTP_ALLOWED_HOSTS: `127.0.0.1:${listenerPort}`,
    });
    await send(session, `http://127.0.0.1:${listenerPort}/public/a.png`);
    expect(hits).toEqual(['/public/a.png']);
  });
});
