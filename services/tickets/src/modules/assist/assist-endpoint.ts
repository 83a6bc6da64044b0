import { Inject, Injectable } from '@nestjs/common';
import OpenAI, { APIConnectionError, APIError } from 'openai';
import { APP_CONFIG } from '@cs/platform/config';
import { OutboundRequestError, parseAllowedHosts, SafeHttpClient } from '@cs/platform/http';
import type { TicketsConfig } from '../../config/env.js';

export interface AssistEndpointSettings {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
}

/** Why the company's endpoint failed, in words safe to show and log: a status or a code, never a key or a body. */
export class AssistEndpointError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AssistEndpointError';
  }
}

const SAFE_CODE = /^[\w.-]{1,60}$/;

export function describeFailure(error: unknown): string {
  if (error instanceof AssistEndpointError) return error.message;
  if (error instanceof APIConnectionError || error instanceof OutboundRequestError) {
    const cause = error instanceof OutboundRequestError ? error : (error as { cause?: unknown }).cause;
    if (cause instanceof OutboundRequestError) {
      if (cause.code === 'ERR_OUTBOUND_ADDRESS') return 'o endereço do endpoint não é permitido';
      if (cause.code === 'ERR_OUTBOUND_TIMEOUT') return 'o endpoint não terminou a resposta a tempo';
      if (cause.code === 'ERR_OUTBOUND_TOO_LARGE') return 'a resposta do endpoint é grande demais';
      if (cause.code === 'ERR_OUTBOUND_URL') return 'o endereço do endpoint é inválido';
    }
    return 'o endpoint não pôde ser alcançado';
  }
  if (error instanceof APIError) {
    const code = typeof error.code === 'string' && SAFE_CODE.test(error.code) ? ` (${error.code})` : '';
    return error.status ? `o endpoint respondeu ${error.status}${code}` : `o endpoint falhou${code}`;
  }
  return 'o endpoint falhou';
}

/**
 * The company's OpenAI-compatible endpoint, called with OpenAI's client over the platform's SSRF-safe client (its
 * `asFetch`): the company's base URL is checked after DNS resolution and on every redirect, the answer is bounded
 * in time and size while it streams. Answers are streamed (`stream: true`) and read piece by piece.
 */
@Injectable()
export class AssistEndpoint {
  private readonly http: SafeHttpClient;

  constructor(@Inject(APP_CONFIG) private readonly config: TicketsConfig) {
    this.http = new SafeHttpClient({
      allowedHosts: parseAllowedHosts(config.OUTBOUND_HTTP_ALLOWED_HOSTS),
      timeoutMs: config.TICKETS_AI_ASSIST_TIMEOUT_MS,
      maxBytes: 2 * 1024 * 1024,
      userAgent: 'cs-tickets-assist',
    });
  }

  /** The syntactic SSRF check of a base URL (throws `OutboundRequestError`). */
  check(baseUrl: string): void {
    this.http.check(baseUrl);
  }

  /**
   * Starts a streamed completion; resolves once the endpoint has accepted it (a refusal throws here, before any
   * text) with the text pieces as they arrive.
   */
  async stream(
    settings: AssistEndpointSettings,
    messages: Array<{ role: 'system' | 'user'; content: string }>,
    maxTokens: number,
    signal: AbortSignal,
  ): Promise<AsyncIterable<string>> {
    const client = new OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseUrl,
      fetch: this.http.asFetch(),
      maxRetries: 0,
      timeout: this.config.TICKETS_AI_ASSIST_TIMEOUT_MS,
    });
    const stream = await client.chat.completions.create(
      { model: settings.model, messages, max_tokens: maxTokens, temperature: 0.3, stream: true },
      { signal },
    );
    return (async function* pieces() {
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    })();
  }
}
