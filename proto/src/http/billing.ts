import { z } from 'zod';
import { pageOf } from './common.js';

/**
 * The billing service's public routes: invoices, the Pix checkout (`POST /subscription`) and the payment
 * provider's webhooks. Request schemas the service validates with, and the answers it gives.
 */

// --- invoices -------------------------------------------------------------------------------------------------

/**
 * `GET /invoices`, `GET /invoices/company`, `GET /invoices/all`: searchParam on the detail (or the id; super users:
 * also company name); `pageNumber` pages the first two.
 */
export const InvoiceListQuerySchema = z.object({
  searchParam: z.string().max(100).optional().default(''),
  pageNumber: z.coerce.number<string | number>().int().min(1).max(100_000).optional().default(1),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

/** An invoice as the Financeiro page reads it (value in reais, due date YYYY-MM-DD, status open | paid). */
export const InvoiceSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  detail: z.string(),
  value: z.number(),
  /** YYYY-MM-DD */
  dueDate: z.string(),
  status: z.enum(['open', 'paid']),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Super users' list (`GET /invoices`) only. */
  companyName: z.string().optional(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoicePageSchema = pageOf('invoices', InvoiceSchema);
export type InvoicePage = z.infer<typeof InvoicePageSchema>;
/** `GET /invoices/all`: every invoice of the company as a bare list, oldest first (the established clients). */
export const InvoiceListSchema = z.array(InvoiceSchema);

// --- checkout -------------------------------------------------------------------------------------------------

/**
 * `POST /subscription`: the spec's subscription payload. Only `invoiceId` decides anything: the amount comes from
 * the invoice, never from `price`/`plan`; the address and card fields are accepted and dropped (never stored or
 * logged).
 */
export const SubscriptionRequestSchema = z.object({
  invoiceId: z.coerce.number<string | number>().int().positive().max(2_147_483_647),
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  address2: z.string().max(300).optional(),
  city: z.string().max(200).optional(),
  state: z.string().max(200).optional(),
  zipcode: z.string().max(20).optional(),
  country: z.string().max(100).optional(),
  useAddressForPaymentDetails: z.boolean().optional(),
  price: z.unknown().optional(),
  users: z.unknown().optional(),
  connections: z.unknown().optional(),
  plan: z.unknown().optional(),
});
export type SubscriptionRequest = z.infer<typeof SubscriptionRequestSchema>;

/** The Pix charge the checkout shows: `qrcode.qrcode` is the copy-and-paste BR Code, `valor.original` the amount. */
export const PixChargeSchema = z.object({
  invoiceId: z.number().int(),
  /** Our transaction id at the provider (26 to 35 letters and digits). */
  txid: z.string(),
  /** The provider's status: ATIVA, CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR, REMOVIDA_PELO_PSP. */
  status: z.string(),
  /** `criacao`: ISO date-time; `expiracao`: seconds the charge lives. */
  calendario: z.object({ criacao: z.string(), expiracao: z.number().int() }),
  /** Reais as "199.90". */
  valor: z.object({ original: z.string() }),
  qrcode: z.object({ qrcode: z.string() }),
  pixCopiaECola: z.string(),
  expiresAt: z.string(),
});
export type PixCharge = z.infer<typeof PixChargeSchema>;

// --- the provider's webhooks ----------------------------------------------------------------------------------

/**
 * The query of the registered webhook URL (`…/subscription/webhook?hmac=<secret>&ignorar=`; Efí appends `/pix`).
 * A malformed `hmac` reads as none, so it gets the same 403 as a missing one.
 */
export const PixWebhookQuerySchema = z.object({
  hmac: z.string().optional().catch(undefined),
  ignorar: z.string().optional().catch(undefined),
});
export type PixWebhookQuery = z.infer<typeof PixWebhookQuerySchema>;

/**
 * One Pix received, as Efí (Gerencianet) notifies it. Only a hint: the service re-reads the charge from the
 * provider by `txid` before marking anything paid. A Pix to the key without a charge has no `txid`.
 */
export const PixReceivedSchema = z.object({
  /** The Pix end-to-end id (the idempotency key of a payment). */
  endToEndId: z.string().min(1).max(64),
  txid: z.string().min(1).max(35).optional(),
  /** Reais as "199.90". */
  valor: z.string().optional(),
  /** The receiving Pix key. */
  chave: z.string().optional(),
  /** ISO date-time of the payment. */
  horario: z.string().optional(),
  infoPagador: z.string().optional(),
});
export type PixReceived = z.infer<typeof PixReceivedSchema>;

/**
 * `POST /subscription/webhook[/pix]`: Efí's notification, `{pix: [{endToEndId, txid, chave, valor, horario,
 * infoPagador?}]}`, or its registration test `{evento: "teste_webhook", data_criacao}`. Unknown fields are kept
 * out of the way (not strict), as the provider may add some.
 */
export const PixNotificationSchema = z.object({
  evento: z.string().optional(),
  data_criacao: z.string().optional(),
  pix: z.array(PixReceivedSchema).max(100).optional(),
});
export type PixNotification = z.infer<typeof PixNotificationSchema>;

/** What the webhooks answer (also to an unreadable or unknown notification, so the provider does not retry). */
export const WebhookAckSchema = z.object({ ok: z.literal(true) });
export type WebhookAck = z.infer<typeof WebhookAckSchema>;
