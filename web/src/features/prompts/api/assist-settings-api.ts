import type { AssistSettingsRequest } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['AssistSettings'] });

/** `/ai-assist/settings` (admins, plan useOpenAi): the company's endpoint for agents' AI help, key masked. */
export const assistSettingsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getAssistSettings: build.query<RouteResponse<'GET /ai-assist/settings'>, void>({
      query: () => request('GET /ai-assist/settings'),
      providesTags: ['AssistSettings'],
    }),
    saveAssistSettings: build.mutation<RouteResponse<'PUT /ai-assist/settings'>, AssistSettingsRequest>({
      query: (body) => request('PUT /ai-assist/settings', { body }),
      invalidatesTags: ['AssistSettings'],
    }),
    removeAssistSettings: build.mutation<RouteResponse<'DELETE /ai-assist/settings'>, void>({
      query: () => request('DELETE /ai-assist/settings'),
      invalidatesTags: ['AssistSettings'],
    }),
  }),
});

export const { useGetAssistSettingsQuery, useSaveAssistSettingsMutation, useRemoveAssistSettingsMutation } =
  assistSettingsApi;
