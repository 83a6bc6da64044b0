import type { Tag, TagBody as ProtoTagBody, TagPageSchema } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** A tag (`TagSchema`): a kanban lane when `kanban` is 1, with how many tickets carry it. */
export type TagRecord = Tag;
export type TagsPage = z.infer<typeof TagPageSchema>;
/** `POST /tags`, `PUT /tags/{id}` (`TagBodySchema`). */
export type TagBody = ProtoTagBody;

/** `/tags` (spec §7): the paged list `{tags, hasMore}` and CRUD. Kept live by the `Tags` tag (socket). */
export const tagsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTagsPage: build.infiniteQuery<RouteResponse<'GET /tags'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /tags', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Tags'],
    }),
    createTag: build.mutation<RouteResponse<'POST /tags'>, TagBody>({
      query: (body) => request('POST /tags', { body }),
      invalidatesTags: ['Tags'],
    }),
    updateTag: build.mutation<RouteResponse<'PUT /tags/{id}'>, TagBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /tags/{id}', { params: { id }, body }),
      invalidatesTags: ['Tags'],
    }),
    deleteTag: build.mutation<RouteResponse<'DELETE /tags/{id}'>, number>({
      query: (id) => request('DELETE /tags/{id}', { params: { id } }),
      invalidatesTags: ['Tags', 'TicketList'],
    }),
  }),
});

export const { useGetTagsPageInfiniteQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation } =
  tagsApi;
