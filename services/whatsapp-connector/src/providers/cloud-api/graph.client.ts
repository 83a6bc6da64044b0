import type { CloudApiEnv } from './cloud-api.config.js';

/** An error answer of the Graph API (`{ error: { message, type, code, error_subcode, fbtrace_id } }`), or no answer. */
export class GraphError extends Error {
  constructor(
    /** The HTTP status, 0 when the Graph API could not be reached (network, timeout). */
    readonly status: number,
    /** Meta's error code (190 token, 131047 outside the 24 h window, ...), null when there was none. */
    readonly code: number | null,
    readonly subcode: number | null,
    message: string,
    readonly fbtraceId: string | null = null,
  ) {
    super(message);
    this.name = 'GraphError';
  }

  /** The access token was refused (expired, revoked, malformed) or lacks the permission for this number. */
  get tokenRefused(): boolean {
    return this.status === 401 || this.code === 190 || this.code === 102 || this.code === 10 || this.code === 200;
  }

  /** The request itself was refused (4xx): retrying the same request will not help. */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

export interface PhoneNumberInfo {
  readonly id: string;
  readonly display_phone_number?: string;
  readonly verified_name?: string;
}

export interface SendResponse {
  readonly messaging_product: 'whatsapp';
  readonly contacts?: ReadonlyArray<{ readonly input: string; readonly wa_id: string }>;
  readonly messages: ReadonlyArray<{ readonly id: string; readonly message_status?: string }>;
}

export interface MediaInfo {
  readonly id: string;
  readonly url: string;
  readonly mime_type: string;
  readonly sha256?: string;
  readonly file_size?: number | string;
}

/** A message template as `GET /{waba-id}/message_templates` lists it. */
export interface GraphTemplate {
  readonly id: string;
  readonly name: string;
  readonly language: string;
  readonly status: string;
  readonly category: string;
  readonly components?: ReadonlyArray<Record<string, unknown>>;
}

interface GraphPage<T> {
  readonly data?: readonly T[];
  readonly paging?: { readonly cursors?: { readonly after?: string }; readonly next?: string };
}

/** At most this many pages of 100 templates are read (Meta allows 250 templates per account, 6 000 with translations). */
const MAX_TEMPLATE_PAGES = 60;

type Fetch = typeof fetch;

/**
 * The Graph API calls the Cloud API provider makes, behind one small client (the port that tests answer with a
 * local fake server). The access token travels only in the `Authorization` header and never into an error or a log.
 */
export class GraphClient {
  private readonly base: string;

  constructor(
    private readonly env: CloudApiEnv,
    private readonly fetchImpl: Fetch = fetch,
  ) {
    this.base = `${env.WHATSAPP_GRAPH_URL.replace(/\/+$/, '')}/${env.WHATSAPP_GRAPH_VERSION}`;
  }

  /** `GET /{phone-number-id}`: checks the token and returns the number's display name and phone number. */
  phoneNumber(token: string, phoneNumberId: string): Promise<PhoneNumberInfo> {
    const fields = 'id,display_phone_number,verified_name';
    return this.json<PhoneNumberInfo>(token, 'GET', `/${encodeURIComponent(phoneNumberId)}?fields=${fields}`);
  }

  /** `POST /{phone-number-id}/messages` (sends, and marks as read with `status: read`). */
  messages<T = SendResponse>(token: string, phoneNumberId: string, payload: Record<string, unknown>): Promise<T> {
    return this.json<T>(token, 'POST', `/${encodeURIComponent(phoneNumberId)}/messages`, payload);
  }

  /**
   * `GET /{waba-id}/message_templates`: every template of the WhatsApp Business Account, page after page (the
   * `after` cursor, asked again of our own base URL rather than following the `next` link).
   */
  async messageTemplates(token: string, businessAccountId: string): Promise<GraphTemplate[]> {
    const fields = 'id,name,language,status,category,components';
    const templates: GraphTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_TEMPLATE_PAGES; page++) {
      const cursor = after ? `&after=${encodeURIComponent(after)}` : '';
      const answer = await this.json<GraphPage<GraphTemplate>>(
        token,
        'GET',
        `/${encodeURIComponent(businessAccountId)}/message_templates?fields=${fields}&limit=100${cursor}`,
      );
      templates.push(...(answer.data ?? []));
      after = answer.paging?.cursors?.after;
      if (!answer.paging?.next || !after) break;
    }
    return templates;
  }

  /** `POST /{phone-number-id}/media` (multipart): uploads a file and returns its media id. */
  async uploadMedia(
    token: string,
    phoneNumberId: string,
    file: { readonly data: Buffer; readonly mimeType: string; readonly fileName: string },
  ): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mimeType);
    form.set('file', new Blob([new Uint8Array(file.data)], { type: file.mimeType }), file.fileName);
    const answer = await this.json<{ id?: string }>(token, 'POST', `/${encodeURIComponent(phoneNumberId)}/media`, form);
    if (!answer.id) throw new GraphError(200, null, null, 'the media upload answered without an id');
    return answer.id;
  }

  /** `GET /{media-id}`: a short-lived download URL for a received file. */
  mediaInfo(token: string, mediaId: string): Promise<MediaInfo> {
    return this.json<MediaInfo>(token, 'GET', `/${encodeURIComponent(mediaId)}`);
  }

  /** Downloads a media URL from `mediaInfo` (it needs the same bearer token). */
  async download(token: string, url: string): Promise<{ data: Buffer; mimeType: string | null }> {
    const response = await this.call(token, 'GET', url);
    if (!response.ok) throw await this.errorOf(response);
    return {
      data: Buffer.from(await response.arrayBuffer()),
      mimeType: response.headers.get('content-type'),
    };
  }

  private async json<T>(
    token: string,
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown> | FormData,
  ): Promise<T> {
    const response = await this.call(token, method, `${this.base}${path}`, body);
    if (!response.ok) throw await this.errorOf(response);
    try {
      return (await response.json()) as T;
    } catch {
      throw new GraphError(response.status, null, null, 'the Graph API answered with something other than JSON');
    }
  }

  private async call(
    token: string,
    method: 'GET' | 'POST',
    url: string,
    body?: Record<string, unknown> | FormData,
  ): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    try {
      return await this.fetchImpl(url, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        signal: AbortSignal.timeout(this.env.WHATSAPP_GRAPH_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown failure';
      throw new GraphError(0, null, null, `the Graph API could not be reached (${reason})`);
    }
  }

  private async errorOf(response: Response): Promise<GraphError> {
    let error: { message?: unknown; code?: unknown; error_subcode?: unknown; fbtrace_id?: unknown } | undefined;
    try {
      error = ((await response.json()) as { error?: typeof error }).error;
    } catch {
      error = undefined;
    }
    const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
    return new GraphError(
      response.status,
      number(error?.code),
      number(error?.error_subcode),
      typeof error?.message === 'string' ? error.message : `the Graph API answered ${response.status}`,
      typeof error?.fbtrace_id === 'string' ? error.fbtrace_id : null,
    );
  }
}
