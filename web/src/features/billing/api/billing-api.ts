import type { Invoice, InvoicePage, PixCharge, SubscriptionRequestSchema } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export type { Invoice, InvoicePage, PixCharge };

/** The spec's subscription payload (the server charges the invoice's amount, whatever `price` says). */
export type SubscriptionBody = z.input<typeof SubscriptionRequestSchema>;

/** Billing (spec §7): `GET /invoices/company` paged `{invoices, count, hasMore}`, `POST /subscription` → Pix. */
export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInvoicesPage: build.infiniteQuery<InvoicePage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/invoices/company', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Invoices'],
    }),
    subscribe: build.mutation<PixCharge, SubscriptionBody>({
      query: (body) => ({ url: '/subscription', method: 'POST', body }),
    }),
  }),
});

export const { useGetInvoicesPageInfiniteQuery, useSubscribeMutation } = billingApi;
