import type {
  CompanyPageSchema,
  CompanyRequestSchema,
  CompanyResponse,
  CompanySchedulesRequestSchema,
  Help,
  HelpPageSchema,
  HelpRequest,
  PlanPageSchema,
  PlanRequest,
  Setting,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** A company as `/companies` and `/companies/{id}` answer it (`CompanyResponseSchema`). */
export type CompanyRecord = CompanyResponse;
/** `POST /companies`, `PUT /companies/{id}` (`CompanyRequestSchema`; the password only on create). */
export type CompanyBody = z.input<typeof CompanyRequestSchema>;
/** `POST /plans`, `PUT /plans/{id}` (`PlanRequestSchema`). */
export type PlanBody = PlanRequest;
/** `POST /helps`, `PUT /helps/{id}` (`HelpRequestSchema`). */
export type HelpBody = HelpRequest;
/** A help video (`HelpSchema`). */
export type HelpRow = Help;
export type CompaniesPage = z.infer<typeof CompanyPageSchema>;
export type PlansPage = z.infer<typeof PlanPageSchema>;
export type HelpsPage = z.infer<typeof HelpPageSchema>;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Companies', 'Helps', 'Company', 'PlatformSettings'] });

/**
 * The settings page's calls (spec §7): `/settings`, the company's own hours (`/companies/{id}`,
 * `PUT /companies/{id}/schedules`) and, for super users, `/companies`, `/plans` and `/helps`.
 */
export const settingsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listPlatformSettings: build.query<RouteResponse<'GET /platform-settings'>, void>({
      query: () => request('GET /platform-settings'),
      providesTags: ['PlatformSettings'],
    }),
    updatePlatformSetting: build.mutation<
      RouteResponse<'PUT /platform-settings/{key}'>,
      { key: string; value: string }
    >({
      query: ({ key, value }) => request('PUT /platform-settings/{key}', { params: { key }, body: { value } }),
      invalidatesTags: ['PlatformSettings'],
    }),
    updateSetting: build.mutation<RouteResponse<'PUT /settings/{key}'>, Setting>({
      query: ({ key, value }) => request('PUT /settings/{key}', { params: { key }, body: { value } }),
      invalidatesTags: ['Settings'],
    }),
    getCompany: build.query<RouteResponse<'GET /companies/{id}'>, number>({
      query: (id) => request('GET /companies/{id}', { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Company', id }],
    }),
    updateCompanySchedules: build.mutation<
      RouteResponse<'PUT /companies/{id}/schedules'>,
      { id: number } & z.infer<typeof CompanySchedulesRequestSchema>
    >({
      query: ({ id, schedules }) => request('PUT /companies/{id}/schedules', { params: { id }, body: { schedules } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Company', id }],
    }),
    getCompaniesPage: build.infiniteQuery<RouteResponse<'GET /companies'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /companies', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Companies'],
    }),
    saveCompany: build.mutation<RouteResponse<'PUT /companies/{id}'>, CompanyBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? request('PUT /companies/{id}', { params: { id }, body }) : request('POST /companies', { body }),
      invalidatesTags: ['Companies', 'Company'],
    }),
    extendDueDate: build.mutation<RouteResponse<'POST /companies/{id}/extend-due-date'>, number>({
      query: (id) => request('POST /companies/{id}/extend-due-date', { params: { id } }),
      invalidatesTags: ['Companies', 'Company'],
    }),
    deleteCompany: build.mutation<RouteResponse<'DELETE /companies/{id}'>, number>({
      query: (id) => request('DELETE /companies/{id}', { params: { id } }),
      invalidatesTags: ['Companies'],
    }),
    getPlansPage: build.infiniteQuery<RouteResponse<'GET /plans'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /plans', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Plans'],
    }),
    savePlan: build.mutation<RouteResponse<'PUT /plans/{id}'>, PlanBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? request('PUT /plans/{id}', { params: { id }, body }) : request('POST /plans', { body }),
      invalidatesTags: ['Plans'],
    }),
    deletePlan: build.mutation<RouteResponse<'DELETE /plans/{id}'>, number>({
      query: (id) => request('DELETE /plans/{id}', { params: { id } }),
      invalidatesTags: ['Plans'],
    }),
    getHelpsPage: build.infiniteQuery<RouteResponse<'GET /helps'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /helps', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Helps'],
    }),
    saveHelp: build.mutation<RouteResponse<'PUT /helps/{id}'>, HelpBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? request('PUT /helps/{id}', { params: { id }, body }) : request('POST /helps', { body }),
      invalidatesTags: ['Helps'],
    }),
    deleteHelp: build.mutation<RouteResponse<'DELETE /helps/{id}'>, number>({
      query: (id) => request('DELETE /helps/{id}', { params: { id } }),
      invalidatesTags: ['Helps'],
    }),
  }),
});

export const {
  useListPlatformSettingsQuery,
  useUpdatePlatformSettingMutation,
  useUpdateSettingMutation,
  useGetCompanyQuery,
  useUpdateCompanySchedulesMutation,
  useGetCompaniesPageInfiniteQuery,
  useSaveCompanyMutation,
  useExtendDueDateMutation,
  useDeleteCompanyMutation,
  useGetPlansPageInfiniteQuery,
  useSavePlanMutation,
  useDeletePlanMutation,
  useGetHelpsPageInfiniteQuery,
  useSaveHelpMutation,
  useDeleteHelpMutation,
} = settingsApi;
