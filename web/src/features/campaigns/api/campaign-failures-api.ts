import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';

/** `GET /campaigns/{id}/failures`: the report's failed contacts and why (e.g. Meta refused the template). */
export const campaignFailuresApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCampaignFailures: build.query<RouteResponse<'GET /campaigns/{id}/failures'>, { id: number; failed: number }>({
      // `failed` (the live count) is part of the key: a new failure reads the list again
      query: ({ id }) => request('GET /campaigns/{id}/failures', { params: { id } }),
    }),
  }),
});

export const { useGetCampaignFailuresQuery } = campaignFailuresApi;
