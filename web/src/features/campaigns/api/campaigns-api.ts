import type {
  CampaignBodyInput,
  CampaignPage,
  CampaignResponse,
  CampaignSettingEntry,
  CampaignSettingWireEntry,
  ContactListResponse,
  FileListResponse,
  MessageResponse,
  SaveCampaignSettingsInput,
} from '@cs/proto/http';
import { parseCampaignSettingEntry } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export type { CampaignCounts, CampaignSettingEntry, CampaignVariable } from '@cs/proto/http';

/** A campaign as `GET /campaigns/{id}` and the list answer it (`CampaignSchema`). */
export type CampaignRecord = CampaignResponse;

/** `GET /campaigns` (`{records, count, hasMore}`). */
export type CampaignsPage = CampaignPage;

/**
 * The body the dialog sends (`CampaignBodySchema`'s input): empty strings as null, `scheduledAt` as
 * `YYYY-MM-DD HH:mm:ss`.
 */
export type CampaignBody = CampaignBodyInput;

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
    deleteCampaign: build.mutation<MessageResponse, number>({
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
    listCampaignContactLists: build.query<ContactListResponse[], void>({
      query: () => '/contact-lists/list',
      providesTags: ['Campaigns'],
    }),
    listCampaignFileLists: build.query<FileListResponse[], void>({
      query: () => '/files/list',
      providesTags: ['Campaigns'],
    }),
    /** The wire's values are JSON text (the established clients' format); the page reads them parsed. */
    getCampaignSettings: build.query<CampaignSettingEntry[], void>({
      query: () => '/campaign-settings',
      transformResponse: (entries: CampaignSettingWireEntry[]) => entries.map(parseCampaignSettingEntry),
      providesTags: ['CampaignSettings'],
    }),
    saveCampaignSettings: build.mutation<CampaignSettingEntry[], SaveCampaignSettingsInput['settings']>({
      query: (settings) => ({ url: '/campaign-settings', method: 'POST', body: { settings } }),
      transformResponse: (entries: CampaignSettingWireEntry[]) => entries.map(parseCampaignSettingEntry),
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
