/**
 * Local fakes of the external parties of the automation features, speaking their real HTTP shapes: Google's
 * OAuth token endpoint and Dialogflow ES (`detectIntent`), OpenAI (Chat Completions, transcriptions), Azure's
 * speech REST TTS, Typebot's chat API and n8n/webhook receivers. Each records what it was sent. The tests script
 * them; `make dev` runs them with the demo's answers (dev.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
  readonly json: unknown;
}

export type Route = (request: Recorded, response: ServerResponse) => void | Promise<void>;

export class FakeServer {
  readonly requests: Recorded[] = [];
  private server!: Server;
  private readonly routes: Array<{ method: string; pattern: RegExp; handle: Route }> = [];

  on(method: string, pattern: RegExp, handle: Route): this {
    this.routes.unshift({ method, pattern, handle });
    return this;
  }

  /** Listens on 127.0.0.1:`port` (0: a free port). */
  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const json = parseJson(body);
        const recorded: Recorded = {
          method: request.method ?? 'GET',
          path: request.url ?? '/',
          headers: request.headers,
          body,
          json,
        };
        this.requests.push(recorded);
        const route = this.routes.find(
          (candidate) =>
            candidate.method === recorded.method && candidate.pattern.test(recorded.path.split('?')[0] ?? ''),
        );
        if (!route) {
          sendJson(response, 404, { error: 'not found' });
          return;
        }
        Promise.resolve(route.handle(recorded, response)).catch(() =>
          sendJson(response, 500, { error: 'fake failed' }),
        );
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const parseJson = (body: Buffer): unknown => {
  try {
    return body.length > 0 ? JSON.parse(body.toString('utf8')) : null;
  } catch {
    return null;
  }
};

export const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

// --- Google / Dialogflow ES -----------------------------------------------------------------------------------

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

/**
 * A service-account key as Google's console downloads it (its `token_uri` is never used by the service);
 * `forged`: signed with a key Google does not know.
 */
export const serviceAccountJson = (
  email = 'dialogflow@loja-exemplo-123.iam.gserviceaccount.com',
  forged = false,
): string =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'loja-exemplo-123',
    private_key_id: 'a1b2c3',
    private_key: (forged ? stranger.privateKey : privateKey).export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: email,
    client_id: '1234567890',
    token_uri: 'http://169.254.169.254/token',
  });

/**
 * Google's token endpoint (JWT bearer grant, the assertion's RS256 signature checked with the account's public
 * key) and Dialogflow's `detectIntent`, answering from `intents`: the text's intent (display name, fulfilment
 * text) or the fallback intent with `fallback`.
 */
export function dialogflowFake(
  intents: Record<string, { intent: string; text: string }>,
  fallback = 'Não entendi.',
): FakeServer {
  const fake = new FakeServer();
  fake.on('POST', /^\/token$/, (request, response) => {
    const form = new URLSearchParams(request.body.toString('utf8'));
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    const valid =
      form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
      header !== undefined &&
      signature !== undefined &&
      createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, signature, 'base64url');
    if (!valid) {
      sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      return;
    }
    sendJson(response, 200, { access_token: 'ya29.fake-access-token', expires_in: 3599, token_type: 'Bearer' });
  });
  fake.on('POST', /^\/v2\/projects\/[^/]+\/agent\/sessions\/[^/]+:detectIntent$/, (request, response) => {
    if (request.headers.authorization !== 'Bearer ya29.fake-access-token') {
      sendJson(response, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      return;
    }
    const query = (request.json as { queryInput: { text: { text: string; languageCode: string } } }).queryInput.text;
    const match = intents[query.text.toLowerCase()] ?? { intent: 'Default Fallback Intent', text: fallback };
    sendJson(response, 200, {
      responseId: 'resp-1',
      queryResult: {
        queryText: query.text,
        languageCode: query.languageCode,
        fulfillmentText: match.text,
        fulfillmentMessages: [{ text: { text: [match.text] } }],
        parameters: {},
        allRequiredParamsPresent: true,
        intent: { name: `projects/x/agent/intents/${match.intent}`, displayName: match.intent },
        intentDetectionConfidence: 1,
      },
    });
  });
  return fake;
}

// --- OpenAI ---------------------------------------------------------------------------------------------------

export interface ChatRequest {
  readonly model: string;
  readonly messages: Array<{ role: string; content: string }>;
  readonly max_tokens?: number;
  readonly temperature?: number;
  readonly stream?: boolean;
}

/** The pieces a streamed answer arrives in: a word with the space before it, as OpenAI's tokens mostly do. */
export const streamPieces = (text: string): string[] => text.match(/\s*\S+/g) ?? [text];

/**
 * OpenAI's streamed Chat Completions answer (`stream: true`) as the API writes it: `text/event-stream`, one
 * `chat.completion.chunk` per `data:` line (the first with the role and an empty content, one per piece, the last
 * with `finish_reason`), each with an `obfuscation` pad, then `data: [DONE]`. `pace(i)` is awaited before piece
 * `i` is written, so a test can watch the answer arrive piece by piece; when it rejects, the connection drops there.
 */
async function streamCompletion(
  response: ServerResponse,
  model: string,
  text: string,
  pace: (index: number) => Promise<void>,
): Promise<void> {
  const id = `chatcmpl-${Math.random().toString(36).slice(2, 14)}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model: `${model}-2024-07-18`,
      service_tier: 'default',
      system_fingerprint: 'fp_560af6e559',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      obfuscation: Math.random()
        .toString(36)
        .slice(2, 2 + Math.floor(Math.random() * 8)),
    })}\n\n`;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, must-revalidate',
    'openai-processing-ms': '182',
    'x-request-id': `req_${id.slice(9)}`,
  });
  response.write(chunk({ role: 'assistant', content: '', refusal: null }, null));
  for (const [index, piece] of streamPieces(text).entries()) {
    try {
      await pace(index);
    } catch {
      // a pace that fails drops the connection midway, as a provider that crashes does
      response.destroy();
      return;
    }
    if (response.destroyed) return;
    response.write(chunk({ content: piece }, null));
  }
  response.write(chunk({}, 'stop'));
  response.end('data: [DONE]\n\n');
}

/**
 * OpenAI's Chat Completions (`POST /v1/chat/completions`, streamed when the request says `stream: true`) and
 * transcriptions (`POST /v1/audio/transcriptions`), answering with `answer(request)`: a text, or `{ status, error }`
 * as OpenAI reports quota and server errors. Any OpenAI-compatible server (a self-hosted model) speaks the same.
 */
export function openAiFake(
  answer: (request: ChatRequest) => string | { status: number; error: { message: string; type: string; code: string } },
  transcript = 'transcrição do áudio',
): FakeServer & { pace: (index: number) => Promise<void>; abandoned: number } {
  const fake = Object.assign(new FakeServer(), {
    pace: (_index: number): Promise<void> => Promise.resolve(),
    /** Streamed answers whose caller went away before the end. */
    abandoned: 0,
  });
  fake.on('POST', /^\/v1\/chat\/completions$/, (request, response) => {
    if (!request.headers.authorization?.startsWith('Bearer sk-')) {
      sendJson(response, 401, {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
      });
      return;
    }
    const chat = request.json as ChatRequest;
    const result = answer(chat);
    if (typeof result !== 'string') {
      sendJson(response, result.status, { error: result.error });
      return;
    }
    if (chat.stream === true) {
      response.on('close', () => {
        if (!response.writableEnded) fake.abandoned += 1;
      });
      return streamCompletion(response, chat.model, result, (index) => fake.pace(index));
    }
    sendJson(response, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: chat.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: result, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: 20,
        completion_tokens: 10,
        total_tokens: 30,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_fake0001',
    });
  });
  fake.on('POST', /^\/v1\/audio\/transcriptions$/, (request, response) => {
    const multipart = request.body.toString('latin1');
    if (!multipart.includes('name="file"') || !multipart.includes('name="model"')) {
      sendJson(response, 400, { error: { message: 'file required', type: 'invalid_request_error', code: null } });
      return;
    }
    sendJson(response, 200, { text: transcript });
  });
  return fake;
}

/** Azure Speech REST TTS (`POST /{region}/cognitiveservices/v1` here): SSML in, the requested audio out. */
export function azureTtsFake(): FakeServer {
  const fake = new FakeServer();
  fake.on('POST', /^\/[a-z0-9]+\/cognitiveservices\/v1$/, (request, response) => {
    if (!request.headers['ocp-apim-subscription-key'] || request.headers['content-type'] !== 'application/ssml+xml') {
      response.writeHead(401);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'audio/mpeg' });
    response.end(Buffer.from('ID3\u0004fake-mp3-audio'));
  });
  return fake;
}

/** A static file server (media a bot sends by URL, inbound media files). */
export function fileFake(files: Record<string, { type: string; body: Buffer }>): FakeServer {
  const fake = new FakeServer();
  fake.on('GET', /^\/files\/.+$/, (request, response) => {
    const file = files[request.path.slice('/files/'.length)];
    if (!file) return sendJson(response, 404, {});
    response.writeHead(200, { 'content-type': file.type });
    response.end(file.body);
  });
  return fake;
}

// --- Typebot ---------------------------------------------------------------------------------------------------

export interface TypebotTurn {
  readonly messages: unknown[];
  readonly input?: unknown;
}

/**
 * A turn's text bubbles in the format the client asked for: Typebot answers markdown only when the request says
 * `textBubbleContentFormat: 'markdown'`, rich text (Slate nodes, one paragraph per line) otherwise.
 */
function inFormat(turn: TypebotTurn, request: Recorded): TypebotTurn {
  if ((request.json as { textBubbleContentFormat?: string } | null)?.textBubbleContentFormat === 'markdown') {
    return turn;
  }
  const richText = (markdown: string) =>
    markdown.split('\n').map((line) => ({ type: 'p', children: [{ text: line.replace(/\*\*(.+?)\*\*/g, '$1') }] }));
  return {
    ...turn,
    messages: turn.messages.map((message) => {
      const content = (message as { content?: { type?: string; markdown?: string } }).content;
      return content?.type === 'markdown' && typeof content.markdown === 'string'
        ? { ...(message as object), content: { type: 'richText', richText: richText(content.markdown) } }
        : message;
    }),
  };
}

/**
 * Typebot's chat API (v1): `startChat` opens a session and answers the flow's first turn; `continueChat` answers
 * the next turn from `reply(text, sessionId)`; an unknown session answers 404 as Typebot does. Text bubbles come
 * in the format the request asks for (`textBubbleContentFormat`).
 */
export function typebotFake(
  start: TypebotTurn,
  reply: (text: string) => TypebotTurn,
): FakeServer & { sessions: Set<string> } {
  const fake = new FakeServer() as FakeServer & { sessions: Set<string> };
  fake.sessions = new Set();
  let next = 1;
  fake.on('POST', /^\/api\/v1\/typebots\/[\w-]+\/startChat$/, (request, response) => {
    const sessionId = `sess-${next++}`;
    fake.sessions.add(sessionId);
    sendJson(response, 200, {
      sessionId,
      resultId: `res-${sessionId}`,
      typebot: { id: 'tb1', version: '6', theme: {}, settings: {}, publishedAt: '2026-11-02T13:05:11.000Z' },
      ...inFormat(start, request),
    });
  });
  fake.on('POST', /^\/api\/v1\/sessions\/[\w-]+\/continueChat$/, (request, response) => {
    const sessionId = request.path.split('/')[4] ?? '';
    if (!fake.sessions.has(sessionId)) {
      sendJson(response, 404, { message: 'Session not found.', code: 'NOT_FOUND' });
      return;
    }
    const message = (request.json as { message?: { text?: string } }).message;
    sendJson(response, 200, inFormat(reply(message?.text ?? ''), request));
  });
  return fake;
}

export const markdownBubble = (markdown: string) => ({
  id: `b-${Math.random().toString(36).slice(2, 8)}`,
  type: 'text',
  content: { type: 'markdown', markdown },
});

/** An n8n / webhook receiver answering `answer(body)` (JSON) or an empty 200. */
export function webhookFake(answer: (body: unknown) => unknown = () => null): FakeServer {
  const fake = new FakeServer();
  fake.on('POST', /^\/webhook\/.+$/, (request, response) => {
    const body = answer(request.json);
    if (body === null) {
      response.writeHead(200);
      response.end();
      return;
    }
    sendJson(response, 200, body);
  });
  return fake;
}
