import { CONNECTION_STATUSES, type ConnectionSnapshot, type ConnectionStatus, PROVIDERS } from '@cs/proto/events';
import { mapRows, type RowReader, type SqlRow } from '@cs/platform/database';
import type { ConnectionResponse } from '@cs/proto/http';
import type { ConnectionConfig } from '../../providers/provider.port.js';

/** A `connections` row as SQL answers it (secrets included: never log it). */
export interface ConnectionRow {
  id: number;
  company_id: number;
  name: string;
  provider: ConnectionSnapshot['provider'];
  status: ConnectionStatus;
  qrcode: string;
  pairing_code: string | null;
  pairing_number: string | null;
  retries: number;
  number: string | null;
  is_default: boolean;
  greeting_message: string;
  complation_message: string;
  out_of_hours_message: string;
  rating_message: string;
  expires_inactive_message: string;
  /** SHA-256 of the external-API token ('' for none); the token itself is never stored. */
  token_sha256: string;
  /** The token was typed before tokens had to be strong: the external API refuses it until rotated. */
  token_weak: boolean;
  /** Its digest was announced on `whatsapp.connection-token.v2` (false only for rows a migration rewrote). */
  token_announced: boolean;
  time_send_queue: number;
  send_id_queue: number | null;
  expires_ticket: number;
  time_use_bot_queues: number;
  max_use_bot_queues: number;
  prompt_id: number | null;
  integration_id: number | null;
  queue_ids: number[];
  cloud_phone_number_id: string | null;
  cloud_access_token: string | null;
  cloud_app_secret: string | null;
  cloud_verify_token: string | null;
  cloud_business_account_id: string | null;
  session_wanted: boolean;
  updated_at: Date;
}

/** A `connections` row (`SELECT *` or `RETURNING *`), every column checked. */
export const readConnectionRow = (r: RowReader): ConnectionRow => ({
  id: r.int('id'),
  company_id: r.int('company_id'),
  name: r.string('name'),
  provider: r.oneOf('provider', PROVIDERS),
  status: r.oneOf('status', CONNECTION_STATUSES),
  qrcode: r.string('qrcode'),
  pairing_code: r.nullable('pairing_code', r.string),
  pairing_number: r.nullable('pairing_number', r.string),
  retries: r.int('retries'),
  number: r.nullable('number', r.string),
  is_default: r.boolean('is_default'),
  greeting_message: r.string('greeting_message'),
  complation_message: r.string('complation_message'),
  out_of_hours_message: r.string('out_of_hours_message'),
  rating_message: r.string('rating_message'),
  expires_inactive_message: r.string('expires_inactive_message'),
  token_sha256: r.string('token_sha256'),
  token_weak: r.boolean('token_weak'),
  token_announced: r.boolean('token_announced'),
  time_send_queue: r.int('time_send_queue'),
  send_id_queue: r.nullable('send_id_queue', r.int),
  expires_ticket: r.int('expires_ticket'),
  time_use_bot_queues: r.int('time_use_bot_queues'),
  max_use_bot_queues: r.int('max_use_bot_queues'),
  prompt_id: r.nullable('prompt_id', r.int),
  integration_id: r.nullable('integration_id', r.int),
  queue_ids: r.intArray('queue_ids'),
  cloud_phone_number_id: r.nullable('cloud_phone_number_id', r.string),
  cloud_access_token: r.nullable('cloud_access_token', r.string),
  cloud_app_secret: r.nullable('cloud_app_secret', r.string),
  cloud_verify_token: r.nullable('cloud_verify_token', r.string),
  cloud_business_account_id: r.nullable('cloud_business_account_id', r.string),
  session_wanted: r.boolean('session_wanted'),
  updated_at: r.date('updated_at'),
});

/** `connections` rows as SQL answers them, checked ({@link readConnectionRow}). */
export const connectionRows = (rows: readonly SqlRow[]): ConnectionRow[] => mapRows(rows, readConnectionRow);

export function toConnectionSnapshot(row: ConnectionRow): ConnectionSnapshot {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    status: row.status,
    qrcode: row.qrcode,
    retries: row.retries,
    isDefault: row.is_default,
    provider: row.provider,
    number: row.number,
    greetingMessage: row.greeting_message,
    complationMessage: row.complation_message,
    outOfHoursMessage: row.out_of_hours_message,
    ratingMessage: row.rating_message,
    timeSendQueue: row.time_send_queue,
    sendIdQueue: row.send_id_queue,
    expiresInactiveMessage: row.expires_inactive_message,
    expiresTicket: row.expires_ticket,
    timeUseBotQueues: row.time_use_bot_queues,
    maxUseBotQueues: row.max_use_bot_queues,
    promptId: row.prompt_id,
    integrationId: row.integration_id,
    queueIds: [...row.queue_ids],
    pairingCode: row.pairing_code,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * A connection as the audit log compares it: what an admin sets (the token's digest under `token`, which the audit
 * log masks, so a new token shows as a change), not the session's state.
 */
export function auditedConnection(row: ConnectionRow): Record<string, unknown> {
  const {
    status: _status,
    qrcode: _qrcode,
    retries: _retries,
    pairingCode: _pairing,
    updatedAt: _updated,
    ...rest
  } = toConnectionSnapshot(row);
  return { ...rest, token: row.token_sha256 };
}

export type { ConnectionResponse };

/**
 * The HTTP answer: the snapshot plus queues, whether there is a token (and a weak one) and (cloud-api) the phone
 * number id and webhook URL. `token`: only from the call that has just set it (it is shown once).
 */
export function toConnectionResponse(
  row: ConnectionRow,
  queues: ReadonlyMap<number, { name: string; color: string }>,
  publicUrl: string,
  token?: string,
): ConnectionResponse {
  return {
    ...toConnectionSnapshot(row),
    queues: row.queue_ids.map((id) => ({ id, name: queues.get(id)?.name ?? '', color: queues.get(id)?.color ?? '' })),
    ...(token ? { token } : {}),
    hasToken: row.token_sha256 !== '',
    tokenWeak: row.token_sha256 !== '' && row.token_weak,
    ...(row.provider === 'cloud-api'
      ? {
          cloudPhoneNumberId: row.cloud_phone_number_id,
          cloudBusinessAccountId: row.cloud_business_account_id,
          webhookUrl: `${publicUrl.replace(/\/$/, '')}/webhooks/whatsapp/${row.id}`,
        }
      : {}),
  };
}

/** What a provider sees of its connection. */
export function toConnectionConfig(row: ConnectionRow, allowGroups: boolean): ConnectionConfig {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    provider: row.provider === 'beta' ? 'baileys' : row.provider,
    allowGroups,
    cloud:
      row.provider === 'cloud-api'
        ? {
            phoneNumberId: row.cloud_phone_number_id ?? '',
            accessToken: row.cloud_access_token ?? '',
            appSecret: row.cloud_app_secret ?? '',
            verifyToken: row.cloud_verify_token ?? '',
            businessAccountId: row.cloud_business_account_id ?? null,
          }
        : null,
  };
}
