import type { AssistSettingsRequest, AssistSettingsResponse } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['AssistSettings'] });

/** `/ai-assist/settings` (admins, plan useOpenAi): the company's endpoint for agents' AI help, key masked. */
export const assistSettingsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getAssistSettings: build.query<AssistSettingsResponse, void>({
      query: () => '/ai-assist/settings',
      providesTags: ['AssistSettings'],
    }),
    saveAssistSettings: build.mutation<AssistSettingsResponse, AssistSettingsRequest>({
      query: (body) => ({ url: '/ai-assist/settings', method: 'PUT', body }),
      invalidatesTags: ['AssistSettings'],
    }),
    removeAssistSettings: build.mutation<AssistSettingsResponse, void>({
      query: () => ({ url: '/ai-assist/settings', method: 'DELETE' }),
      invalidatesTags: ['AssistSettings'],
    }),
  }),
});

export const { useGetAssistSettingsQuery, useSaveAssistSettingsMutation, useRemoveAssistSettingsMutation } =
  assistSettingsApi;
