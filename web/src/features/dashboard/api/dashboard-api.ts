import type {
  Dashboard,
  DashboardAttendant,
  DashboardCounters as ProtoDashboardCounters,
  DashboardQuery,
  TicketPage,
} from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';

/** `counters` of `GET /dashboard` (`DashboardCountersSchema`): times in minutes, `ticketsPerHour` 24 slots. */
export type DashboardCounters = ProtoDashboardCounters;
/** An attendant of `GET /dashboard`: `rating` is the average 1–3 rating (0: none yet), times in minutes. */
export type Attendant = DashboardAttendant;
export type DashboardData = Dashboard;
/** The query string of `GET /dashboard` (`DashboardQuerySchema`): `days`, or `date_from`/`date_to`. */
export type DashboardArgs = Partial<Record<keyof DashboardQuery, string>>;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Dashboard'] });

export const dashboardApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /dashboard` (days, date_from, date_to) → `{counters, attendants}`. */
    getDashboard: build.query<RouteResponse<'GET /dashboard'>, DashboardArgs>({
      query: (params) => request('GET /dashboard', { query: params }),
      providesTags: ['Dashboard'],
    }),
    /** How many tickets were created on one day: `GET /tickets?date=YYYY-MM-DD&showAll=true` answers `count`. */
    getTicketsOfDay: build.query<number, string>({
      query: (date) => request('GET /tickets', { query: { date, showAll: 'true', pageNumber: '1' } }),
      transformResponse: (page: TicketPage) => page.count,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery, useGetTicketsOfDayQuery } = dashboardApi;
