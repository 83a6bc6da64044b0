import type { Help } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';

/** A help video (`HelpSchema`). */
export type HelpRecord = Help;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Helps'] });

/** `GET /helps/list`: the platform's help videos (written by super users, read by everyone). */
export const helpsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listHelps: build.query<RouteResponse<'GET /helps/list'>, void>({
      query: () => request('GET /helps/list'),
      providesTags: ['Helps'],
    }),
  }),
});

export const { useListHelpsQuery } = helpsApi;
