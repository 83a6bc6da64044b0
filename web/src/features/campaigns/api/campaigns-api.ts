import type { CampaignStatus } from '@cs/proto/events';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export interface CampaignCounts {
  valid: number;
  delivered: number;
  failed: number;
  confirmationRequested: number;
  confirmed: number;
}

export interface CampaignRecord {
  id: number;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  message1?: string | null;
  message2?: string | null;
  message3?: string | null;
  message4?: string | null;
  message5?: string | null;
  confirmationMessage1?: string | null;
  confirmationMessage2?: string | null;
  confirmationMessage3?: string | null;
  confirmationMessage4?: string | null;
  confirmationMessage5?: string | null;
  counts: CampaignCounts;
  contactList?: { id: number; name: string } | null;
  whatsapp?: { id: number; name: string } | null;
}

export interface CampaignsPage {
  records: CampaignRecord[];
  count: number;
  hasMore: boolean;
}

/** The body the dialog sends: empty strings as null, `scheduledAt` as `YYYY-MM-DD HH:mm:ss`. */
export type CampaignBody = Record<string, string | number | boolean | null>;

export interface CampaignSettingEntry {
  key: string;
  value: unknown;
}

export interface CampaignVariable {
  key: string;
  value: string;
}

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Campaigns', 'CampaignSettings'] });

/** `/campaigns` and `/campaign-settings` (spec §7). Kept live by `company-{id}-campaign`. */
export const campaignsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getCampaignsPage: build.infiniteQuery<CampaignsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/campaigns/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Campaigns'],
    }),
    getCampaign: build.query<CampaignRecord, number>({
      query: (id) => `/campaigns/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Campaigns', id }],
    }),
    createCampaign: build.mutation<CampaignRecord, CampaignBody>({
      query: (body) => ({ url: '/campaigns', method: 'POST', body }),
      invalidatesTags: ['Campaigns'],
    }),
    updateCampaign: build.mutation<CampaignRecord, CampaignBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/campaigns/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Campaigns'],
    }),
    deleteCampaign: build.mutation<void, number>({
      query: (id) => ({ url: `/campaigns/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Campaigns'],
    }),
    cancelCampaign: build.mutation<void, number>({
      query: (id) => ({ url: `/campaigns/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['Campaigns'],
    }),
    restartCampaign: build.mutation<void, number>({
      query: (id) => ({ url: `/campaigns/${id}/restart`, method: 'POST' }),
      invalidatesTags: ['Campaigns'],
    }),
    uploadCampaignMedia: build.mutation<CampaignRecord, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: `/campaigns/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['Campaigns'],
    }),
    deleteCampaignMedia: build.mutation<CampaignRecord, number>({
      query: (id) => ({ url: `/campaigns/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['Campaigns'],
    }),
    /** The dialog's choices: every contact list (contacts service) and every file list. */
    listCampaignContactLists: build.query<Array<{ id: number; name: string }>, void>({
      query: () => '/contact-lists/list',
      providesTags: ['Campaigns'],
    }),
    listCampaignFileLists: build.query<Array<{ id: number; name: string }>, void>({
      query: () => '/files/list',
      providesTags: ['Campaigns'],
    }),
    getCampaignSettings: build.query<CampaignSettingEntry[], void>({
      query: () => '/campaign-settings',
      providesTags: ['CampaignSettings'],
    }),
    saveCampaignSettings: build.mutation<CampaignSettingEntry[], Record<string, unknown>>({
      query: (settings) => ({ url: '/campaign-settings', method: 'POST', body: { settings } }),
      invalidatesTags: ['CampaignSettings'],
    }),
  }),
});

export const {
  useGetCampaignsPageInfiniteQuery,
  useGetCampaignQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useCancelCampaignMutation,
  useRestartCampaignMutation,
  useUploadCampaignMediaMutation,
  useDeleteCampaignMediaMutation,
  useListCampaignContactListsQuery,
  useListCampaignFileListsQuery,
  useGetCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
} = campaignsApi;
