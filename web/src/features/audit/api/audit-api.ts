import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';

/** The page's filters as `GET /audit-logs` takes them (dates as ISO instants). */
export interface AuditFilters {
  readonly companyId?: number | undefined;
  readonly userId?: number | undefined;
  readonly action?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['AuditLog'] });

const queryOf = (filters: AuditFilters, cursor: string | null): Record<string, string> => {
  const params: Record<string, string> = { limit: '50' };
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params[key] = String(value);
  if (cursor) params.cursor = cursor;
  return params;
};

/** `/audit-logs` (admins: their company; super users: every company), newest first, in keyset pages. */
export const auditApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.infiniteQuery<RouteResponse<'GET /audit-logs'>, AuditFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => request('GET /audit-logs', { query: queryOf(queryArg, pageParam) }),
      providesTags: ['AuditLog'],
    }),
    getAuditActors: build.query<RouteResponse<'GET /audit-logs/actors'>, number | undefined>({
      query: (companyId) =>
        request('GET /audit-logs/actors', { query: companyId ? { companyId: String(companyId) } : {} }),
      providesTags: ['AuditLog'],
    }),
    /** Super users: every company, for the company filter. */
    getAuditCompanies: build.query<RouteResponse<'GET /companies/list'>, void>({
      query: () => request('GET /companies/list'),
    }),
  }),
});

export const { useGetAuditLogInfiniteQuery, useGetAuditActorsQuery, useGetAuditCompaniesQuery } = auditApi;
