import { baseApi } from '../base-api';
import { request, type RouteResponse } from '../routes';

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['ErasureRequests', 'ContactsList'] });

/**
 * LGPD requests about a contact (admins): erasure in every service (`POST /contacts/{id}/erasure`) and the
 * requests with each service's confirmation (`GET /privacy/erasure-requests`); the export is prepared
 * (`POST /privacy/contact-exports`, followed by `GET /privacy/contact-exports/{id}/status` until `ready`), then
 * downloaded as a file (`/privacy/contact-exports/{id}`, `downloadFromApi`).
 */
export const privacyApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    requestErasure: build.mutation<RouteResponse<'POST /contacts/{id}/erasure'>, number>({
      query: (id) => request('POST /contacts/{id}/erasure', { params: { id } }),
      invalidatesTags: (_r, _e, id) => ['ErasureRequests', 'ContactsList', 'TicketList', { type: 'Contact', id }],
    }),
    getErasureRequests: build.query<RouteResponse<'GET /privacy/erasure-requests'>, void>({
      query: () => request('GET /privacy/erasure-requests'),
      providesTags: ['ErasureRequests'],
    }),
    requestContactExport: build.mutation<RouteResponse<'POST /privacy/contact-exports'>, number>({
      query: (contactId) => request('POST /privacy/contact-exports', { body: { contactId } }),
    }),
    getContactExport: build.query<RouteResponse<'GET /privacy/contact-exports/{id}/status'>, string>({
      query: (id) => request('GET /privacy/contact-exports/{id}/status', { params: { id } }),
    }),
  }),
});

export const {
  useRequestErasureMutation,
  useGetErasureRequestsQuery,
  useRequestContactExportMutation,
  useGetContactExportQuery,
} = privacyApi;
