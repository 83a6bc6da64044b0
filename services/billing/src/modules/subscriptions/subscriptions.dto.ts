import { z } from 'zod';

/**
 * The spec's subscription payload. Only `invoiceId` decides anything: the amount comes from the invoice, never
 * from `price`/`plan`; the address and card fields are accepted and dropped (never stored or logged).
 */
export const SubscriptionBodySchema = z.object({
  invoiceId: z.coerce.number().int().positive().max(2_147_483_647),
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
export type SubscriptionBody = z.infer<typeof SubscriptionBodySchema>;

/** What the checkout shows: `qrcode.qrcode` (copy and paste), `valor.original` and the expiry. */
export interface PixChargeResponse {
  readonly invoiceId: number;
  readonly txid: string;
  readonly status: string;
  readonly calendario: { readonly criacao: string; readonly expiracao: number };
  readonly valor: { readonly original: string };
  readonly qrcode: { readonly qrcode: string };
  readonly pixCopiaECola: string;
  readonly expiresAt: string;
}
