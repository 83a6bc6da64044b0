import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests (header-based, payload hash in `x-amz-content-sha256`), with node:crypto
 * only. https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
export interface SigV4Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  readonly service?: string;
}

export interface SigV4Request {
  readonly method: string;
  /** The path as sent, already encoded with `encodeS3Path` (S3 encodes once, unlike other services). */
  readonly path: string;
  /** Decoded query parameters. */
  readonly query?: Readonly<Record<string, string>>;
  /** Headers to sign; must include `host`. Names in any case. */
  readonly headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body, or `UNSIGNED-PAYLOAD`. */
  readonly payloadHash: string;
  /** `YYYYMMDDTHHMMSSZ` */
  readonly amzDate: string;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but `A-Za-z0-9-._~` percent-encoded, upper-case hex. */
export const awsEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** An object key as a URI path: every segment encoded, slashes kept. */
export const encodeS3Path = (key: string): string => key.split('/').map(awsEncode).join('/');

/** `Date` → `YYYYMMDDTHHMMSSZ`. */
export const amzDateOf = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface SigV4Signature {
  readonly authorization: string;
  readonly signature: string;
  readonly signedHeaders: string;
  readonly canonicalRequest: string;
}

export function signV4(request: SigV4Request, credentials: SigV4Credentials): SigV4Signature {
  const service = credentials.service ?? 's3';
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const query = Object.entries(request.query ?? {})
    .map(([name, value]) => [awsEncode(name), awsEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.path || '/',
    query,
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const day = request.amzDate.slice(0, 8);
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', request.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
    signature,
    signedHeaders,
    canonicalRequest,
  };
}
