import type {
  CampaignBodyInput,
  CampaignPage,
  CampaignResponse,
  CampaignSettingEntry,
  CampaignSettingWireEntry,
  SaveCampaignSettingsInput,
} from '@cs/proto/http';
import { parseCampaignSettingEntry } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
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
    getCampaignsPage: build.infiniteQuery<RouteResponse<'GET /campaigns'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /campaigns', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Campaigns'],
    }),
    getCampaign: build.query<RouteResponse<'GET /campaigns/{id}'>, number>({
      query: (id) => request('GET /campaigns/{id}', { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Campaigns', id }],
    }),
    createCampaign: build.mutation<RouteResponse<'POST /campaigns'>, CampaignBody>({
      query: (body) => request('POST /campaigns', { body }),
      invalidatesTags: ['Campaigns'],
    }),
    updateCampaign: build.mutation<RouteResponse<'PUT /campaigns/{id}'>, CampaignBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /campaigns/{id}', { params: { id }, body }),
      invalidatesTags: ['Campaigns'],
    }),
    deleteCampaign: build.mutation<RouteResponse<'DELETE /campaigns/{id}'>, number>({
      query: (id) => request('DELETE /campaigns/{id}', { params: { id } }),
      invalidatesTags: ['Campaigns'],
    }),
    cancelCampaign: build.mutation<RouteResponse<'POST /campaigns/{id}/cancel'>, number>({
      query: (id) => request('POST /campaigns/{id}/cancel', { params: { id } }),
      invalidatesTags: ['Campaigns'],
    }),
    restartCampaign: build.mutation<RouteResponse<'POST /campaigns/{id}/restart'>, number>({
      query: (id) => request('POST /campaigns/{id}/restart', { params: { id } }),
      invalidatesTags: ['Campaigns'],
    }),
    uploadCampaignMedia: build.mutation<RouteResponse<'POST /campaigns/{id}/media-upload'>, { id: number; file: File }>(
      {
        query: ({ id, file }) => {
          const form = new FormData();
          form.append('file', file, file.name);
          return request('POST /campaigns/{id}/media-upload', { params: { id }, body: form });
        },
        invalidatesTags: ['Campaigns'],
      },
    ),
    deleteCampaignMedia: build.mutation<RouteResponse<'DELETE /campaigns/{id}/media-upload'>, number>({
      query: (id) => request('DELETE /campaigns/{id}/media-upload', { params: { id } }),
      invalidatesTags: ['Campaigns'],
    }),
    /** The dialog's choices: every contact list (contacts service) and every file list. */
    listCampaignContactLists: build.query<RouteResponse<'GET /contact-lists/list'>, void>({
      query: () => request('GET /contact-lists/list'),
      providesTags: ['Campaigns'],
    }),
    listCampaignFileLists: build.query<RouteResponse<'GET /files/list'>, void>({
      query: () => request('GET /files/list'),
      providesTags: ['Campaigns'],
    }),
    /** The wire's values are JSON text (the established clients' format); the page reads them parsed. */
    getCampaignSettings: build.query<CampaignSettingEntry[], void>({
      query: () => request('GET /campaign-settings'),
      transformResponse: (entries: CampaignSettingWireEntry[]) => entries.map(parseCampaignSettingEntry),
      providesTags: ['CampaignSettings'],
    }),
    saveCampaignSettings: build.mutation<CampaignSettingEntry[], SaveCampaignSettingsInput['settings']>({
      query: (settings) => request('POST /campaign-settings', { body: { settings } }),
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
