import { SECRET_MASK } from '../prompts/tickets-secrets.js';

/** The fields of a Google service-account key (Dialogflow's credentials) the integration uses. */
export interface ServiceAccount {
  readonly client_email: string;
  readonly private_key: string;
  readonly [key: string]: unknown;
}

export function parseServiceAccount(json: string): ServiceAccount | null {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    if (typeof value['client_email'] !== 'string' || typeof value['private_key'] !== 'string') return null;
    return value as ServiceAccount;
  } catch {
    return null;
  }
}

/** The service-account JSON as clients see it: its private key masked. */
export function maskServiceAccount(json: string): string {
  const account = parseServiceAccount(json);
  if (!account) return json ? SECRET_MASK : '';
  return JSON.stringify({ ...account, private_key: SECRET_MASK }, null, 2);
}

/**
 * A service-account JSON the client sent back while editing: a masked private key is replaced by the stored one
 * (`null` when the JSON is not a service-account key).
 */
export function mergeServiceAccount(sent: string, stored: string | null): string | null {
  const account = parseServiceAccount(sent);
  if (!account) return null;
  if (account.private_key !== SECRET_MASK) return JSON.stringify(account);
  const previous = stored ? parseServiceAccount(stored) : null;
  if (!previous || previous.client_email !== account.client_email) return null;
  return JSON.stringify({ ...account, private_key: previous.private_key });
}
