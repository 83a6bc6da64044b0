import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import type { TicketsConfig } from '../../config/env.js';

const VERSION = 'v1';

/** What a stored secret looks like to clients: a mask and its last four characters. */
export const SECRET_MASK = '********';
export const maskSecret = (value: string | null): string =>
  value ? `${SECRET_MASK}${value.length > 8 ? value.slice(-4) : ''}` : '';
/** Whether a client sent back the masked value (or nothing): the stored secret stays. */
export const keepsSecret = (sent: string | undefined): boolean => sent === undefined || sent.startsWith(SECRET_MASK);

/**
 * AES-256-GCM for the credentials tenants store (OpenAI keys, Azure speech keys, Dialogflow service accounts):
 * `v1:<iv>:<tag>:<ciphertext>` in base64url. The key is TICKETS_SECRETS_KEY (or derived from INTERNAL_TOKEN).
 */
@Injectable()
export class SecretBox {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: TicketsConfig) {
    const material = config.TICKETS_SECRETS_KEY ?? `tickets-secrets:${config.INTERNAL_TOKEN}`;
    this.key = createHash('sha256').update(material).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('unreadable stored secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
