import { baseApi } from '../../../api/base-api';
import type { TicketsPage } from '../../../api/types';

export interface DashboardCounters {
  supportPending?: number;
  supportHappening?: number;
  supportFinished?: number;
  leads?: number;
  /** Minutes. */
  avgSupportTime?: number | string | null;
  /** Minutes. */
  avgWaitTime?: number | string | null;
  /** 24 numbers: the attendances begun in each hour of the day (company time zone) within the period. */
  ticketsPerHour?: number[];
}

export interface Attendant {
  id?: number;
  name: string;
  /** The average 1–3 rating (0: none yet). */
  rating?: number | string | null;
  /** Minutes. */
  avgSupportTime?: number | string | null;
  online?: boolean;
  tickets?: number;
}

export interface DashboardData {
  counters: DashboardCounters;
  attendants: Attendant[];
}

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Dashboard'] });

export const dashboardApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /dashboard` (days, date_from, date_to) → `{counters, attendants}`. */
    getDashboard: build.query<DashboardData, Record<string, string>>({
      query: (params) => ({ url: '/dashboard', params }),
      providesTags: ['Dashboard'],
    }),
    /** How many tickets were created on one day: `GET /tickets?date=YYYY-MM-DD&showAll=true` answers `count`. */
    getTicketsOfDay: build.query<number, string>({
      query: (date) => ({ url: '/tickets', params: { date, showAll: 'true', pageNumber: '1' } }),
      transformResponse: (page: TicketsPage) => page.count ?? page.tickets.length,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery, useGetTicketsOfDayQuery } = dashboardApi;
