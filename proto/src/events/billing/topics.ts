import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';

export const PaymentCompleted = defineEvent(
  'billing.payment.completed',
  z.object({
    invoiceId: IdSchema,
    /** The invoice's due date (YYYY-MM-DD) that this payment settles. */
    invoiceDueDate: z.iso.date(),
    /** The amount the provider confirmed, in reais ("199.90"). */
    value: z.string().regex(/^\d+\.\d{2}$/),
    provider: z.string().min(1),
    /** Our transaction id of the charge (the provider's `txid`). */
    txid: z.string().min(1),
    /** The Pix end-to-end id of the payment. */
    endToEndId: z.string().min(1),
    paidAt: z.iso.datetime({ offset: true }),
  }),
  { description: "An invoice was paid (confirmed with the provider): identity extends the company's due date." },
);

export const BillingPaymentTopic = defineTopic({
  name: 'billing.payment.v1',
  owner: 'billing',
  aggregate: 'payment',
  key: 'companyId',
  description: 'Confirmed payments of invoices, for the due-date extension of the paying company.',
  events: [PaymentCompleted],
});

export const billingTopics = [BillingPaymentTopic] as const;
