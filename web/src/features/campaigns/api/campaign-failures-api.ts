import type { CampaignFailures } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';

/** `GET /campaigns/{id}/failures`: the report's failed contacts and why (e.g. Meta refused the template). */
export const campaignFailuresApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCampaignFailures: build.query<CampaignFailures, { id: number; failed: number }>({
      // `failed` (the live count) is part of the key: a new failure reads the list again
      query: ({ id }) => `/campaigns/${id}/failures`,
    }),
  }),
});

export const { useGetCampaignFailuresQuery } = campaignFailuresApi;
