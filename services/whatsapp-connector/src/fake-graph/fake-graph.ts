import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly body: Buffer;
  /** The JSON body, when there was one. */
  readonly json: unknown;
  /** A multipart upload: its text fields and its file. */
  readonly form: { fields: Record<string, string>; file: { name: string; type: string; data: Buffer } | null } | null;
}

interface MediaFile {
  readonly data: Buffer;
  readonly mimeType: string;
}

type Failure = { readonly status: number; readonly body: unknown };

/** A message template as Meta's `message_templates` lists it. */
export interface FakeTemplate {
  readonly id: string;
  readonly name: string;
  readonly language: string;
  status: string;
  readonly category: string;
  readonly components: ReadonlyArray<{
    readonly type: string;
    readonly format?: string;
    readonly text?: string;
    readonly buttons?: ReadonlyArray<{ readonly type: string; readonly text?: string; readonly url?: string }>;
  }>;
}

/**
 * Meta's answer to `GET /{waba-id}/message_templates` as recorded (`message-templates.json`: two approved utility
 * templates, one pending marketing one), as fresh objects the fake may change (a status webhook's effect).
 */
export function recordedTemplates(): FakeTemplate[] {
  const recorded = JSON.parse(readFileSync(new URL('./message-templates.json', import.meta.url), 'utf8')) as {
    data: FakeTemplate[];
  };
  return recorded.data.map((template) => ({ ...template }));
}

/**
 * An approved template with an IMAGE header and a URL button whose address takes a suffix (after a quick reply, so
 * at index 1), in Meta's listing shape: what a media template send is checked against.
 */
export function mediaTemplate(): FakeTemplate {
  return {
    id: '1544863302871205',
    name: 'entrega_agendada',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Olá {{1}}, sua entrega está agendada.' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Falar com atendente' },
          { type: 'URL', text: 'Acompanhar', url: 'https://loja.example.com/pedidos/{{1}}' },
        ],
      },
    ],
  };
}

const variables = (text: string | undefined): number => {
  let highest = 0;
  for (const match of (text ?? '').matchAll(/\{\{(\d+)\}\}/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
};

/**
 * A local stand-in for graph.facebook.com: answers the calls the Cloud API provider makes with Meta's response
 * shapes (and Meta's error envelope), checks the bearer token, and records every request for assertions. The tests
 * and `make dev` (deploy/scripts/dev.mjs) run this same fake; `GET /_fake/sent` answers the message payloads it
 * received (no token needed), for a demo to see what Meta would have been sent.
 */
export class FakeGraph {
  readonly requests: RecordedRequest[] = [];
  /** Files Meta holds for received messages (`GET /{media-id}` and the download URL). */
  readonly media = new Map<string, MediaFile>();
  /** Files uploaded by the provider (`POST /{phone-number-id}/media`). */
  readonly uploads = new Map<string, MediaFile & { fileName: string }>();
  displayPhoneNumber = '+55 11 4003-1234';
  /** The business account's message templates (`GET /{waba-id}/message_templates`, checked on template sends). */
  templates: FakeTemplate[] = [];
  businessAccountId = '102290129340398';
  /** Templates per page of `message_templates` (Meta's `limit`, unless the request asks for fewer). */
  templatePageSize = 100;
  private readonly failures: Array<{ match: (request: RecordedRequest) => boolean; failure: Failure }> = [];
  private server: Server | undefined;
  private sent = 0;
  url = '';

  constructor(
    readonly version: string,
    readonly phoneNumberId: string,
    public validToken: string,
  ) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next request `match` accepts is answered with this Graph error instead. */
  failNext(match: (request: RecordedRequest) => boolean, status: number, error: Record<string, unknown>): void {
    this.failures.push({
      match,
      failure: { status, body: { error: { type: 'OAuthException', fbtrace_id: 'AqZ3fakeTrace', ...error } } },
    });
  }

  /** Requests to one path (without the version), e.g. `/${phoneNumberId}/messages`. */
  to(path: string, method?: string): RecordedRequest[] {
    return this.requests.filter(
      (request) => request.path === `/${this.version}${path}` && (method === undefined || request.method === method),
    );
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', this.url);
    const contentType = request.headers['content-type'];
    let json: unknown = undefined;
    let form: RecordedRequest['form'] = null;
    if (contentType?.startsWith('application/json')) json = JSON.parse(body.toString('utf8'));
    if (contentType?.startsWith('multipart/form-data')) {
      const data = await new Response(body, { headers: { 'content-type': contentType } }).formData();
      const fields: Record<string, string> = {};
      let file: NonNullable<RecordedRequest['form']>['file'] = null;
      for (const [key, value] of data.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else file = { name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) };
      }
      form = { fields, file };
    }
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: request.headers.authorization,
      contentType,
      body,
      json,
      form,
    };
    this.requests.push(recorded);

    const reply = (status: number, body: unknown, type = 'application/json'): void => {
      response.writeHead(status, { 'content-type': type });
      response.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/_fake/sent') {
      reply(
        200,
        this.requests
          .filter((entry) => entry.method === 'POST' && entry.path.endsWith('/messages'))
          .map((entry) => entry.json),
      );
      return;
    }
    if (recorded.authorization !== `Bearer ${this.validToken}`) {
      reply(401, {
        error: {
          message: 'Error validating access token: Session has expired on Friday, 20-Nov-26 10:00:00 PST.',
          type: 'OAuthException',
          code: 190,
          error_subcode: 463,
          fbtrace_id: 'A0rTuQeQ3s5x0fakeTrace',
        },
      });
      return;
    }
    const failure = this.failures.findIndex((candidate) => candidate.match(recorded));
    if (failure >= 0) {
      const answer = this.failures.splice(failure, 1)[0]?.failure ?? { status: 500, body: {} };
      reply(answer.status, answer.body);
      return;
    }

    const version = `/${this.version}`;
    const path = url.pathname.startsWith(version) ? url.pathname.slice(version.length) : url.pathname;
    if (request.method === 'GET' && path === `/${this.phoneNumberId}`) {
      reply(200, {
        verified_name: 'Loja Demo',
        display_phone_number: this.displayPhoneNumber,
        id: this.phoneNumberId,
        quality_rating: 'GREEN',
        platform_type: 'CLOUD_API',
        throughput: { level: 'STANDARD' },
      });
      return;
    }
    if (request.method === 'GET' && path === `/${this.businessAccountId}/message_templates`) {
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), this.templatePageSize);
      const after = url.searchParams.get('after');
      const start = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) : 0;
      const data = this.templates.slice(start, start + limit);
      const cursor = (index: number): string => Buffer.from(String(index)).toString('base64url');
      const more = start + limit < this.templates.length;
      reply(200, {
        data,
        paging: {
          cursors: { before: cursor(start), after: cursor(start + data.length) },
          ...(more ? { next: `${this.url}${url.pathname}?limit=${limit}&after=${cursor(start + data.length)}` } : {}),
        },
      });
      return;
    }
    if (request.method === 'POST' && path === `/${this.phoneNumberId}/messages`) {
      const payload = json as { status?: string; to?: string; type?: string; template?: TemplatePayload };
      if (payload.status === 'read') {
        reply(200, { success: true });
        return;
      }
      const refusal = payload.type === 'template' ? this.templateRefusal(payload.template) : null;
      if (refusal) {
        reply(400, { error: { type: 'OAuthException', fbtrace_id: 'AtemplateTrace', ...refusal } });
        return;
      }
      this.sent += 1;
      const id = `wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEkZBS0VHUkFQSE1TRzAwMD${this.sent}AA==`;
      reply(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: payload.to, wa_id: payload.to }],
        messages: [{ id }],
      });
      return;
    }
    if (request.method === 'POST' && path === `/${this.phoneNumberId}/media`) {
      const file = form?.file;
      if (!file || form?.fields['messaging_product'] !== 'whatsapp') {
        reply(400, {
          error: { message: '(#100) The parameter messaging_product is required.', type: 'OAuthException', code: 100 },
        });
        return;
      }
      const id = String(1_300_000_000_000_000 + this.uploads.size + 1);
      this.uploads.set(id, { data: file.data, mimeType: form.fields['type'] ?? file.type, fileName: file.name });
      reply(200, { id });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/whatsapp_business/attachments/') {
      const file = this.media.get(url.searchParams.get('mid') ?? '');
      if (!file) {
        reply(404, Buffer.from('Not Found'), 'text/plain');
        return;
      }
      reply(200, file.data, file.mimeType);
      return;
    }
    if (request.method === 'GET' && /^\/\d+$/.test(path)) {
      const mediaId = path.slice(1);
      const file = this.media.get(mediaId);
      if (!file) {
        reply(400, {
          error: {
            message: `Unsupported get request. Object with ID '${mediaId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            type: 'GraphMethodException',
            code: 100,
            error_subcode: 33,
            fbtrace_id: 'AfakeTrace33',
          },
        });
        return;
      }
      reply(200, {
        messaging_product: 'whatsapp',
        url: `${this.url}/whatsapp_business/attachments/?mid=${mediaId}&ext=1763712000&hash=ATtfakeHash`,
        mime_type: file.mimeType,
        sha256: 'fake-sha256',
        file_size: file.data.length,
        id: mediaId,
      });
      return;
    }
    reply(400, { error: { message: `Unknown path components: ${path}`, type: 'OAuthException', code: 2500 } });
  }

  /** Meta's answer to a template it would not send: unknown name/language, not approved, wrong number of values. */
  private templateRefusal(template: TemplatePayload | undefined): Record<string, unknown> | null {
    const found = this.templates.find(
      (candidate) => candidate.name === template?.name && candidate.language === template?.language?.code,
    );
    if (!found) {
      return {
        message: '(#132001) Template name does not exist in the translation',
        code: 132001,
        error_data: { messaging_product: 'whatsapp', details: `template name (${template?.name}) does not exist` },
      };
    }
    if (found.status === 'PAUSED') return { message: '(#132015) Template is Paused', code: 132015 };
    if (found.status !== 'APPROVED') return { message: '(#132016) Template is disabled', code: 132016 };
    const header = found.components.find((component) => component.type === 'HEADER');
    const format = header?.format?.toUpperCase() ?? 'TEXT';
    const sent = (type: string) => template?.components?.filter((component) => component.type === type) ?? [];
    const mismatch = (part: string, given: number, expected: number): Record<string, unknown> => ({
      message: '(#132000) Number of parameters does not match the expected number of params',
      code: 132000,
      error_data: {
        messaging_product: 'whatsapp',
        details: `${part}: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
      },
    });
    if (format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT') {
      const parameters = sent('header')[0]?.parameters ?? [];
      if (parameters.length !== 1) return mismatch('header', parameters.length, 1);
      const refusal = this.mediaRefusal(parameters[0] as MediaParameter, format.toLowerCase());
      if (refusal) return refusal;
    } else {
      const expected = variables(header?.text);
      const given = sent('header')[0]?.parameters?.length ?? 0;
      if (expected !== given) return mismatch('header', given, expected);
    }
    const expectedBody = variables(found.components.find((component) => component.type === 'BODY')?.text);
    const givenBody = sent('body')[0]?.parameters?.length ?? 0;
    if (expectedBody !== givenBody) return mismatch('body', givenBody, expectedBody);
    const buttons = found.components.find((component) => component.type === 'BUTTONS')?.buttons ?? [];
    const dynamic = buttons.flatMap((button, index) =>
      button.type === 'URL' && variables(button.url) > 0 ? [String(index)] : [],
    );
    for (const component of sent('button')) {
      if (component.sub_type !== 'url' || !dynamic.includes(String(component.index))) {
        return {
          message: '(#131009) Parameter value is not valid',
          code: 131009,
          error_data: {
            messaging_product: 'whatsapp',
            details: `button at index ${String(component.index)} does not take a url parameter`,
          },
        };
      }
    }
    for (const index of dynamic) {
      const parameters = sent('button').find((component) => String(component.index) === index)?.parameters ?? [];
      const text = (parameters[0] as { type?: string; text?: unknown } | undefined)?.text;
      if (parameters.length !== 1 || typeof text !== 'string' || text === '') {
        return mismatch(`button at index ${index}`, parameters.length, 1);
      }
    }
    return null;
  }

  /** Meta's answer to a media header parameter it would not send: another kind than the template's, no file. */
  private mediaRefusal(parameter: MediaParameter | undefined, kind: string): Record<string, unknown> | null {
    const media = parameter?.[kind] as { link?: unknown; id?: unknown } | undefined;
    if (parameter?.type !== kind || !media) {
      return {
        message: '(#132012) Parameter format does not match format in the created template',
        code: 132012,
        error_data: {
          messaging_product: 'whatsapp',
          details: `header: Format mismatch, expected ${kind.toUpperCase()}, received ${String(parameter?.type).toUpperCase()}`,
        },
      };
    }
    const link = typeof media.link === 'string' ? media.link : null;
    const id = typeof media.id === 'string' ? media.id : null;
    if ((link && /^https?:\/\//i.test(link)) || (id && this.uploads.has(id))) return null;
    return {
      message: '(#100) Invalid parameter',
      code: 100,
      error_data: {
        messaging_product: 'whatsapp',
        details: id ? `Invalid media id: ${id}` : `header: a ${kind} takes a link (http/https) or an uploaded media id`,
      },
    };
  }
}

type MediaParameter = { readonly type?: string } & Record<string, unknown>;

interface TemplatePayload {
  readonly name?: string;
  readonly language?: { readonly code?: string };
  readonly components?: ReadonlyArray<{
    readonly type?: string;
    readonly sub_type?: string;
    readonly index?: unknown;
    readonly parameters?: readonly unknown[];
  }>;
}
