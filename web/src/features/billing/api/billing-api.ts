import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export interface Invoice {
  id: number;
  companyId: number;
  detail: string;
  value: number;
  /** YYYY-MM-DD */
  dueDate: string;
  status: 'open' | 'paid';
  paidAt: string | null;
}

export interface InvoicesPage {
  invoices: Invoice[];
  count: number;
  hasMore: boolean;
}

/** The spec's subscription payload (the server charges the invoice's amount, whatever `price` says). */
export interface SubscriptionBody {
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  useAddressForPaymentDetails: boolean;
  plan: string;
  price: number;
  users: number;
  connections: number;
  invoiceId: number;
}

/** The Pix charge the checkout shows: `qrcode.qrcode` is the copy-and-paste code. */
export interface PixCharge {
  invoiceId: number;
  txid: string;
  valor: { original: string };
  qrcode: { qrcode: string };
  expiresAt: string;
}

/** Billing (spec §7): `GET /invoices/all` paged `{invoices, count, hasMore}`, `POST /subscription` → Pix. */
export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInvoicesPage: build.infiniteQuery<InvoicesPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/invoices/all', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Invoices'],
    }),
    subscribe: build.mutation<PixCharge, SubscriptionBody>({
      query: (body) => ({ url: '/subscription', method: 'POST', body }),
    }),
  }),
});

export const { useGetInvoicesPageInfiniteQuery, useSubscribeMutation } = billingApi;
