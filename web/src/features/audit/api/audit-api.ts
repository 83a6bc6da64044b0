import type { AuditActor, AuditLogPage, CompanyResponse } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';

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
    getAuditLog: build.infiniteQuery<AuditLogPage, AuditFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/audit-logs', params: queryOf(queryArg, pageParam) }),
      providesTags: ['AuditLog'],
    }),
    getAuditActors: build.query<AuditActor[], number | undefined>({
      query: (companyId) => ({ url: '/audit-logs/actors', params: companyId ? { companyId: String(companyId) } : {} }),
      providesTags: ['AuditLog'],
    }),
    /** Super users: every company, for the company filter. */
    getAuditCompanies: build.query<CompanyResponse[], void>({
      query: () => '/companies/list',
    }),
  }),
});

export const { useGetAuditLogInfiniteQuery, useGetAuditActorsQuery, useGetAuditCompaniesQuery } = auditApi;
