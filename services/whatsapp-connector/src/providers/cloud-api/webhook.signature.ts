import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex>` of HMAC-SHA256(appSecret, raw body), as Meta sends it in `X-Hub-Signature-256`. */
export function signatureOf(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Whether `header` signs exactly these bytes with the app secret (constant-time; malformed or missing: false). */
export function signatureMatches(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header || !appSecret) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1].toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
