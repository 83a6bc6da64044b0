import type { ReportFigure, ReportGroup, ReportPeriod, ServiceLevelBody } from '@cs/proto/http';
import type { ServiceLevelSocketEvent } from '@cs/proto/realtime';
import { baseApi } from '../base-api';
import { request, type RouteQuery, type RouteResponse } from '../routes';

/** The report's filters (`GET /reports`): whole days in the company's time zone. */
export interface ReportArgs {
  readonly from: string;
  readonly to: string;
  readonly groupBy: ReportGroup;
  readonly period: ReportPeriod;
  /** Durations counted in business hours only. */
  readonly businessHours?: boolean | undefined;
}

/** The tickets behind one figure of a row (`GET /reports/tickets`). */
export interface ReportTicketsArgs {
  readonly from: string;
  readonly to: string;
  readonly groupBy: ReportGroup;
  readonly key?: number | undefined;
  readonly figure: ReportFigure;
  readonly businessHours?: boolean | undefined;
}

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Report', 'ServiceLevel'] });

const params = (args: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(args)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );

/** Reports and service levels (issue 55, admins). */
export const reportsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getReport: build.query<RouteResponse<'GET /reports'>, ReportArgs>({
      query: (args) => request('GET /reports', { query: params(args) as RouteQuery<'GET /reports'> }),
      providesTags: ['Report'],
    }),
    getReportTickets: build.infiniteQuery<RouteResponse<'GET /reports/tickets'>, ReportTicketsArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, page) => (last.hasMore ? page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) =>
        request('GET /reports/tickets', {
          query: params({ ...queryArg, pageNumber: pageParam }) as RouteQuery<'GET /reports/tickets'>,
        }),
      providesTags: ['Report'],
    }),
    getServiceLevels: build.query<RouteResponse<'GET /service-levels'>, void>({
      query: () => request('GET /service-levels'),
      providesTags: ['ServiceLevel'],
    }),
    /** The open tickets of the caller's lists near or past a target; kept live by `company-{id}-serviceLevel`. */
    getAtRisk: build.query<RouteResponse<'GET /service-levels/at-risk'>, void>({
      query: () => request('GET /service-levels/at-risk'),
      providesTags: ['ServiceLevel'],
    }),
    setServiceLevel: build.mutation<RouteResponse<'PUT /service-levels/{id}'>, { queueId: number } & ServiceLevelBody>({
      query: ({ queueId, ...body }) => request('PUT /service-levels/{id}', { params: { id: queueId }, body }),
      invalidatesTags: ['ServiceLevel', 'Report'],
    }),
  }),
});

export const {
  useGetReportQuery,
  useGetReportTicketsInfiniteQuery,
  useGetAtRiskQuery,
  useGetServiceLevelsQuery,
  useSetServiceLevelMutation,
} = reportsApi;

/** A live service-level change: the ticket enters, moves within or leaves the at-risk list (`ok`). */
export const serviceLevelChanged = (event: ServiceLevelSocketEvent) =>
  reportsApi.util.updateQueryData('getAtRisk', undefined, (draft) => {
    const level = event.serviceLevel;
    const index = draft.findIndex((entry) => entry.ticketId === level.ticketId);
    if (index >= 0) draft.splice(index, 1);
    if (level.state !== 'ok') draft.unshift(level);
  });
