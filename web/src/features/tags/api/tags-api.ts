import type { MessageResponse, Tag, TagBody as ProtoTagBody, TagPageSchema } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** A tag (`TagSchema`): a kanban lane when `kanban` is 1, with how many tickets carry it. */
export type TagRecord = Tag;
export type TagsPage = z.infer<typeof TagPageSchema>;
/** `POST /tags`, `PUT /tags/{id}` (`TagBodySchema`). */
export type TagBody = ProtoTagBody;

/** `/tags` (spec §7): the paged list `{tags, hasMore}` and CRUD. Kept live by the `Tags` tag (socket). */
export const tagsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTagsPage: build.infiniteQuery<TagsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/tags/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Tags'],
    }),
    createTag: build.mutation<TagRecord, TagBody>({
      query: (body) => ({ url: '/tags', method: 'POST', body }),
      invalidatesTags: ['Tags'],
    }),
    updateTag: build.mutation<TagRecord, TagBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/tags/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Tags'],
    }),
    deleteTag: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/tags/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Tags', 'TicketList'],
    }),
  }),
});

export const { useGetTagsPageInfiniteQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation } =
  tagsApi;
