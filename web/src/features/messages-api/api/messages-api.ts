import type { ExternalSendRequest } from '@cs/proto/http';

/** The media the spec's media tab accepts: image, video, audio, pdf, doc, docx. */
export const ACCEPTED_MEDIA =
  'image/*,video/*,audio/*,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A failed call, carrying the answer as RTK Query errors do (`status`, `data`) for the common error handler. */
export class ExternalApiError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`external API answered ${status}`);
    this.name = 'ExternalApiError';
  }
}

/**
 * Calls the external API (`POST /api/messages/send`, `ExternalSendRequestSchema`) as an outside system would: the
 * connection's token as bearer (not the session's), JSON for text, multipart (`number`, `body`, `medias`) for a file.
 */
export async function sendExternalMessage(
  url: string,
  input: { token: string } & Pick<ExternalSendRequest, 'number' | 'body'>,
  file: File | null,
): Promise<void> {
  const headers: Record<string, string> = { authorization: `Bearer ${input.token.trim()}` };
  let body: BodyInit;
  if (file) {
    const form = new FormData();
    form.append('number', input.number);
    form.append('body', input.body);
    form.append('medias', file, file.name);
    body = form;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ number: input.number, body: input.body });
  }
  const response = await fetch(url, { method: 'POST', headers, body });
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => ({}));
    throw new ExternalApiError(response.status, data);
  }
}
