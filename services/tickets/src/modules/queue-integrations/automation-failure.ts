import OpenAI from 'openai';
import { OutboundRequestError } from '@cs/platform/http';
import { DialogflowError } from './dialogflow.client.js';

/** The longest "last error" kept for a prompt or integration. */
const MAX_LENGTH = 200;
/** Anything that looks like a credential in a provider's message (OpenAI echoes part of a wrong key). */
const CREDENTIALS = /\b(sk-[\w-]+|Bearer\s+\S+|ya29\.[\w.-]+|key=\S+)/gi;

/**
 * The short message an admin sees for a prompt's or integration's failure (the "last error" of the prompts and
 * integrations pages): the provider, what it answered or why nothing was asked; never a key, a token or a body.
 */
export function describeFailure(error: unknown): string {
  let text: string;
  if (error instanceof OpenAI.APIConnectionTimeoutError) text = 'OpenAI: no answer in time';
  else if (error instanceof OpenAI.APIConnectionError) text = 'OpenAI: unreachable';
  else if (error instanceof OpenAI.APIError) {
    text = `OpenAI answered ${error.status ?? 'an error'}${error.code ? ` (${error.code})` : ''}`;
  } else if (error instanceof OutboundRequestError) {
    text =
      error.code === 'ERR_OUTBOUND_TIMEOUT'
        ? `no answer in time (${error.message})`
        : error.code === 'ERR_OUTBOUND_ADDRESS' || error.code === 'ERR_OUTBOUND_URL'
          ? `address refused: ${error.message}`
          : error.message;
  } else if (error instanceof DialogflowError) text = `Dialogflow: ${error.message}`;
  else if (error instanceof Error && error.message === 'unreadable stored secret') {
    text = 'the stored key cannot be read: enter it again';
  } else if (error instanceof Error) text = error.message;
  else text = 'unknown failure';
  const clean = text.replace(CREDENTIALS, '***').replace(/\s+/g, ' ').trim();
  return clean.length > MAX_LENGTH ? `${clean.slice(0, MAX_LENGTH - 1)}…` : clean;
}
