import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';
import type { Plan, Setting } from '../../../api/types';
import type { ScheduleEntry } from '../../queues/api/queues-api';

export interface CompanyRecord {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  dueDate: string | null;
  recurrence: string | null;
  planId: number | null;
  plan: Plan | null;
  schedules: ScheduleEntry[] | null;
  campaignsEnabled?: boolean;
  createdAt?: string;
}

export interface CompanyBody {
  name: string;
  email: string;
  phone?: string | undefined;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: string;
  campaignsEnabled: boolean;
  password?: string | undefined;
}

export type PlanBody = Omit<Plan, 'id'>;

export interface HelpBody {
  title: string;
  video: string;
  description: string;
}

export interface HelpRow extends HelpBody {
  id: number;
}

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Companies', 'Helps', 'Company'] });

/**
 * The settings page's calls (spec §7): `/settings`, the company's own hours (`/companies/{id}`,
 * `PUT /companies/{id}/schedules`) and, for super users, `/companies`, `/plans` and `/helps`.
 */
export const settingsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    updateSetting: build.mutation<Setting, Setting>({
      query: ({ key, value }) => ({ url: `/settings/${encodeURIComponent(key)}`, method: 'PUT', body: { value } }),
      invalidatesTags: ['Settings'],
    }),
    getCompany: build.query<CompanyRecord, number>({
      query: (id) => `/companies/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Company', id }],
    }),
    updateCompanySchedules: build.mutation<CompanyRecord, { id: number; schedules: ScheduleEntry[] }>({
      query: ({ id, schedules }) => ({ url: `/companies/${id}/schedules`, method: 'PUT', body: { schedules } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Company', id }],
    }),
    getCompaniesPage: build.infiniteQuery<{ companies: CompanyRecord[]; hasMore: boolean }, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/companies', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Companies'],
    }),
    saveCompany: build.mutation<CompanyRecord, CompanyBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? { url: `/companies/${id}`, method: 'PUT', body } : { url: '/companies', method: 'POST', body },
      invalidatesTags: ['Companies', 'Company'],
    }),
    extendDueDate: build.mutation<CompanyRecord, number>({
      query: (id) => ({ url: `/companies/${id}/extend-due-date`, method: 'POST' }),
      invalidatesTags: ['Companies', 'Company'],
    }),
    deleteCompany: build.mutation<void, number>({
      query: (id) => ({ url: `/companies/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Companies'],
    }),
    getPlansPage: build.infiniteQuery<{ plans: Plan[]; hasMore: boolean }, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/plans', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Plans'],
    }),
    savePlan: build.mutation<Plan, PlanBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? { url: `/plans/${id}`, method: 'PUT', body } : { url: '/plans', method: 'POST', body },
      invalidatesTags: ['Plans'],
    }),
    deletePlan: build.mutation<void, number>({
      query: (id) => ({ url: `/plans/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Plans'],
    }),
    getHelpsPage: build.infiniteQuery<{ records: HelpRow[]; hasMore: boolean }, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/helps', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Helps'],
    }),
    saveHelp: build.mutation<HelpRow, HelpBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? { url: `/helps/${id}`, method: 'PUT', body } : { url: '/helps', method: 'POST', body },
      invalidatesTags: ['Helps'],
    }),
    deleteHelp: build.mutation<void, number>({
      query: (id) => ({ url: `/helps/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Helps'],
    }),
  }),
});

export const {
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
