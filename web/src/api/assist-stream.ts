import type { AssistKind, AssistStreamEvent } from '@cs/proto/http';
import { env } from '../lib/env';
import { tokenStore } from './session';

/** A failed assist call, shaped as RTK Query's errors (`status`, `data: {error, message}`) for `toastError`. */
export class AssistFailure extends Error {
  constructor(
    readonly status: number | 'FETCH_ERROR',
    readonly data: { error: string; message?: string },
  ) {
    super(data.error);
    this.name = 'AssistFailure';
  }
}

/**
 * Reads a `text/event-stream` body into its events (`event:` and one `data:` line of JSON each, blocks split by a
 * blank line), as they arrive.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AssistStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const parsed: unknown = JSON.parse(data);
      yield { event, data: parsed } as AssistStreamEvent;
    }
  }
}

/**
 * `POST /ai-assist/tickets/{ticketId}/{kind}`: calls `onText` with the whole text so far each time a piece arrives
 * and resolves with the final text. A refusal (plan, ticket, not configured, the endpoint) or a failure midway
 * rejects with an `AssistFailure`. `refresh` renews the session (`refreshSession`) when the first answer is 403.
 */
export async function streamAssist(
  ticketId: number,
  kind: AssistKind,
  onText: (text: string) => void,
  options: { signal?: AbortSignal; refresh?: () => Promise<boolean> } = {},
): Promise<string> {
  const call = async (): Promise<Response> => {
    const token = tokenStore.get();
    try {
      return await fetch(`${env.VITE_API_URL}/ai-assist/tickets/${ticketId}/${kind}`, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        signal: options.signal ?? null,
      });
    } catch {
      throw new AssistFailure('FETCH_ERROR', { error: 'ERR_AI_ASSIST_FAILED' });
    }
  };
  let response = await call();
  // the spec's rule for every call: a 403 refreshes the access token once and retries
  if (response.status === 403 && options.refresh && (await options.refresh())) response = await call();
  if (!response.ok || !response.body) {
    const data = (await response.json().catch(() => ({ error: 'ERR_AI_ASSIST_FAILED' }))) as AssistFailure['data'];
    throw new AssistFailure(response.status, data);
  }
  let text = '';
  for await (const event of sseEvents(response.body)) {
    if (event.event === 'delta') {
      text += event.data.text;
      onText(text);
    } else if (event.event === 'done') {
      return event.data.text;
    } else {
      throw new AssistFailure(502, event.data);
    }
  }
  return text;
}
