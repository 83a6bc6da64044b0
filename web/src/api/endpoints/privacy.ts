import type { ErasureRequest, ErasureRequestPage } from '@cs/proto/http';
import { baseApi } from '../base-api';

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['ErasureRequests', 'ContactsList'] });

/**
 * LGPD requests about a contact (admins): erasure in every service (`POST /contacts/{id}/erasure`) and the
 * requests with each service's confirmation (`GET /privacy/erasure-requests`). The export is a file download
 * (`/privacy/contact-exports/{id}`, `downloadFromApi`).
 */
export const privacyApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    requestErasure: build.mutation<ErasureRequest, number>({
      query: (id) => ({ url: `/contacts/${id}/erasure`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => ['ErasureRequests', 'ContactsList', 'TicketList', { type: 'Contact', id }],
    }),
    getErasureRequests: build.query<ErasureRequestPage, void>({
      query: () => '/privacy/erasure-requests',
      providesTags: ['ErasureRequests'],
    }),
  }),
});

export const { useRequestErasureMutation, useGetErasureRequestsQuery } = privacyApi;
