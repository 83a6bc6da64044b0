import type { Invoice, InvoicePage, PixCharge, SubscriptionRequestSchema } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import { pagedListOptions, pageParams } from '../../../api/paging';

export type { Invoice, InvoicePage, PixCharge };

/** The spec's subscription payload (the server charges the invoice's amount, whatever `price` says). */
export type SubscriptionBody = z.input<typeof SubscriptionRequestSchema>;

/** Billing (spec §7): `GET /invoices/company` paged `{invoices, count, hasMore}`, `POST /subscription` → Pix. */
export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInvoicesPage: build.infiniteQuery<RouteResponse<'GET /invoices/company'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /invoices/company', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Invoices'],
    }),
    subscribe: build.mutation<RouteResponse<'POST /subscription'>, SubscriptionBody>({
      query: (body) => request('POST /subscription', { body }),
    }),
  }),
});

export const { useGetInvoicesPageInfiniteQuery, useSubscribeMutation } = billingApi;
