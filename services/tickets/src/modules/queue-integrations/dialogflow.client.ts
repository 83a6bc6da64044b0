import { createSign } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import type { TicketsConfig } from '../../config/env.js';
import type { ServiceAccount } from './service-account.js';

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow';
/** A Google Cloud project id: it becomes part of the request path. */
export const PROJECT_ID_PATTERN = /^[a-z][a-z0-9-]{4,61}[a-z0-9]$/;

export interface DetectIntentResult {
  readonly fulfillmentText: string;
  readonly intent: string;
  readonly endInteraction: boolean;
}

export class DialogflowError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DialogflowError';
  }
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/**
 * Dialogflow ES through its REST API: an OAuth access token from the service account (JWT bearer grant, RS256
 * signed with node:crypto) and `detectIntent` on the project's agent. Both are Google's fixed hosts (the key's
 * own `token_uri` is ignored, so a tenant cannot point us elsewhere); tokens are cached per account until a minute
 * before they expire.
 */
@Injectable()
export class DialogflowClient {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(@Inject(APP_CONFIG) private readonly config: TicketsConfig) {}

  async detectIntent(
    account: ServiceAccount,
    projectId: string,
    sessionId: string,
    text: string,
    languageCode: string,
  ): Promise<DetectIntentResult> {
    if (!PROJECT_ID_PATTERN.test(projectId)) throw new DialogflowError('invalid project id');
    const token = await this.accessToken(account);
    const url = `${this.config.TICKETS_DIALOGFLOW_BASE_URL.replace(/\/$/, '')}/v2/projects/${encodeURIComponent(projectId)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ queryInput: { text: { text: text.slice(0, 256), languageCode } } }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new DialogflowError(`detectIntent answered ${response.status}`, response.status);
    const body = (await response.json()) as {
      queryResult?: {
        fulfillmentText?: string;
        fulfillmentMessages?: Array<{ text?: { text?: string[] } }>;
        intent?: { displayName?: string; endInteraction?: boolean };
      };
    };
    const result = body.queryResult ?? {};
    const fromMessages = (result.fulfillmentMessages ?? [])
      .flatMap((message) => message.text?.text ?? [])
      .filter((line) => line.length > 0)
      .join('\n');
    return {
      fulfillmentText: result.fulfillmentText || fromMessages,
      intent: result.intent?.displayName ?? '',
      endInteraction: result.intent?.endInteraction === true,
    };
  }

  private async accessToken(account: ServiceAccount): Promise<string> {
    const cached = this.tokens.get(account.client_email);
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = base64url(
      JSON.stringify({
        iss: account.client_email,
        scope: SCOPE,
        aud: this.config.TICKETS_GOOGLE_TOKEN_URL,
        iat: now,
        exp: now + 3600,
      }),
    );
    let signature: string;
    try {
      signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key, 'base64url');
    } catch {
      throw new DialogflowError('unreadable private key');
    }
    const response = await fetch(this.config.TICKETS_GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${header}.${claims}.${signature}`,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new DialogflowError(`token endpoint answered ${response.status}`, response.status);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new DialogflowError('no access token');
    this.tokens.set(account.client_email, {
      token: body.access_token,
      expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000,
    });
    return body.access_token;
  }
}
