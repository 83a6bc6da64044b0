import type {
  Company,
  CompanyPageSchema,
  CompanyRequestSchema,
  CompanyResponse,
  CompanySchedulesRequestSchema,
  Help,
  HelpPageSchema,
  HelpRequest,
  MessageResponse,
  Plan,
  PlanPageSchema,
  PlanRequest,
  PlatformSetting,
  Setting,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
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
    listPlatformSettings: build.query<PlatformSetting[], void>({
      query: () => '/platform-settings',
      providesTags: ['PlatformSettings'],
    }),
    updatePlatformSetting: build.mutation<PlatformSetting, { key: string; value: string }>({
      query: ({ key, value }) => ({
        url: `/platform-settings/${encodeURIComponent(key)}`,
        method: 'PUT',
        body: { value },
      }),
      invalidatesTags: ['PlatformSettings'],
    }),
    updateSetting: build.mutation<Setting, Setting>({
      query: ({ key, value }) => ({ url: `/settings/${encodeURIComponent(key)}`, method: 'PUT', body: { value } }),
      invalidatesTags: ['Settings'],
    }),
    getCompany: build.query<CompanyRecord, number>({
      query: (id) => `/companies/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Company', id }],
    }),
    updateCompanySchedules: build.mutation<Company, { id: number } & z.infer<typeof CompanySchedulesRequestSchema>>({
      query: ({ id, schedules }) => ({ url: `/companies/${id}/schedules`, method: 'PUT', body: { schedules } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Company', id }],
    }),
    getCompaniesPage: build.infiniteQuery<CompaniesPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/companies', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Companies'],
    }),
    saveCompany: build.mutation<Company, CompanyBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? { url: `/companies/${id}`, method: 'PUT', body } : { url: '/companies', method: 'POST', body },
      invalidatesTags: ['Companies', 'Company'],
    }),
    extendDueDate: build.mutation<Company, number>({
      query: (id) => ({ url: `/companies/${id}/extend-due-date`, method: 'POST' }),
      invalidatesTags: ['Companies', 'Company'],
    }),
    deleteCompany: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/companies/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Companies'],
    }),
    getPlansPage: build.infiniteQuery<PlansPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/plans', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Plans'],
    }),
    savePlan: build.mutation<Plan, PlanBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? { url: `/plans/${id}`, method: 'PUT', body } : { url: '/plans', method: 'POST', body },
      invalidatesTags: ['Plans'],
    }),
    deletePlan: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/plans/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Plans'],
    }),
    getHelpsPage: build.infiniteQuery<HelpsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/helps', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Helps'],
    }),
    saveHelp: build.mutation<HelpRow, HelpBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? { url: `/helps/${id}`, method: 'PUT', body } : { url: '/helps', method: 'POST', body },
      invalidatesTags: ['Helps'],
    }),
    deleteHelp: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/helps/${id}`, method: 'DELETE' }),
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
