import { baseApi } from '../../../api/base-api';
import type { TicketsPage } from '../../../api/types';
import { countByHour } from '../utils/dashboard';

export interface DashboardCounters {
  supportPending?: number;
  supportHappening?: number;
  supportFinished?: number;
  leads?: number;
  /** Minutes. */
  avgSupportTime?: number | string | null;
  /** Minutes. */
  avgWaitTime?: number | string | null;
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

export interface TicketsOfDay {
  count: number;
  hours: number[];
}

/** Safety cap of the per-hour series: at most this many list pages (40 tickets each) are read for one day. */
export const MAX_DAY_PAGES = 250;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Dashboard'] });

export const dashboardApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /dashboard` (days, date_from, date_to) → `{counters, attendants}`. */
    getDashboard: build.query<DashboardData, Record<string, string>>({
      query: (params) => ({ url: '/dashboard', params }),
      providesTags: ['Dashboard'],
    }),
    /**
     * The tickets created on one day (`GET /tickets?date=YYYY-MM-DD&showAll=true`, every page), counted per hour
     * of their creation for the 24-slot chart, and their total for the "tickets today" card.
     */
    getTicketsOfDay: build.query<TicketsOfDay, string>({
      async queryFn(date, _api, _extra, baseQuery) {
        const created: string[] = [];
        let count = 0;
        for (let page = 1; page <= MAX_DAY_PAGES; page++) {
          const result = await baseQuery({
            url: '/tickets',
            params: { date, showAll: 'true', pageNumber: String(page) },
          });
          if (result.error) return { error: result.error };
          const data = result.data as TicketsPage;
          created.push(...data.tickets.map((ticket) => ticket.createdAt));
          count = data.count ?? created.length;
          if (!data.hasMore) break;
        }
        return { data: { count, hours: countByHour(created) } };
      },
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery, useGetTicketsOfDayQuery } = dashboardApi;
