import { z } from 'zod';
import { BaseEnvSchema, listFromEnv } from '@cs/platform/config';
import { publicKeysProblem } from '../auth/access-keys.js';
import { frameAdapterVersionsProblem } from '../realtime/frame-adapter-versions.js';

const serviceUrl = z.url().optional();

/** A `trust proxy` value that believes `X-Forwarded-For` from anyone. */
export function trustsEveryone(value: string): boolean {
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => ['true', '*', 'all', '0.0.0.0/0', '::/0', '0/0'].includes(entry));
}

export const GatewayEnvSchema = BaseEnvSchema.extend({
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** Browser origins allowed to call the API with credentials (the web client). */
  CORS_ORIGINS: listFromEnv.default(['http://localhost:5173', 'http://127.0.0.1:5173']),
  /** Request body limit for proxied calls (uploads go through multipart). */
  GATEWAY_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .default(25 * 1024 * 1024),
  /**
   * Identity's EC P-256 public key(s) that verify access tokens (ES256): PEM or base64 of the SPKI DER; several
   * separated by commas while keys rotate. The gateway never holds the private key. Any other key type (the
   * Ed25519 keys of before) is refused at boot.
   */
  AUTH_ACCESS_PUBLIC_KEY: z
    .string()
    .min(40)
    .superRefine((value, context) => {
      const problem = publicKeysProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  /**
   * The proxies in front of the gateway whose `X-Forwarded-For` is believed for the client address: comma-separated
   * addresses or CIDRs (or Express's names `loopback`, `linklocal`, `uniquelocal`) of the ingress controller and the
   * web pods. Empty (the default): no forwarded header is believed and the client address is the connection's peer.
   * Login throttling and the signup limit count per client address, so the boot refuses a hop count (it believes
   * whoever connects directly) and values that would believe any client's header (`true`, `*`, `0.0.0.0/0`,
   * `::/0`): a client rotating `X-Forwarded-For` would get a fresh address per request.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .refine((value) => !trustsEveryone(value), {
      message: 'TRUST_PROXY must name the proxies in front of the gateway (addresses or CIDRs), never every address',
    })
    .refine((value) => !/^\s*\d+\s*$/.test(value), {
      message: 'TRUST_PROXY must name the proxies in front of the gateway (addresses or CIDRs), not a hop count',
    })
    .transform((value): string | false => (value.trim() === '' ? false : value)),
  /** Days after its due date a company keeps full access (then only login, invoices, subscription, plans). */
  COMPANY_EXPIRY_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(0),
  /** Comma-separated Kafka brokers for the realtime fan-out; the in-process bus when unset (one-process dev). */
  KAFKA_BROKERS: listFromEnv.optional(),
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  /** This instance's name in its consumer group (`gateway.realtime.<id>`); random when unset. */
  GATEWAY_INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
  /**
   * How broadcasts reach the sockets: `stock` (default), socket.io's in-memory adapter; `frame`, the `FrameAdapter`
   * (ADR 0009), which writes each broadcast's WebSocket frame to ws's socket itself and refuses to start on a ws,
   * engine.io, socket.io or socket.io-adapter version it was not verified against.
   */
  GATEWAY_SOCKET_ADAPTER: z
    .enum(['stock', 'frame'])
    .default('stock')
    .superRefine((value, context) => {
      const problem = value === 'frame' ? frameAdapterVersionsProblem() : undefined;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  IDENTITY_URL: serviceUrl,
  TICKETS_URL: serviceUrl,
  CONTACTS_URL: serviceUrl,
  WHATSAPP_CONNECTOR_URL: serviceUrl,
  CAMPAIGNS_URL: serviceUrl,
  BILLING_URL: serviceUrl,
});
export type GatewayConfig = z.infer<typeof GatewayEnvSchema>;
