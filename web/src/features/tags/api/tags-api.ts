import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export interface TagRecord {
  id: number;
  name: string;
  color: string;
  kanban: number;
  userId?: number | null;
  ticketsCount?: number;
}

export interface TagsPage {
  tags: TagRecord[];
  count?: number;
  hasMore: boolean;
}

export interface TagBody {
  name: string;
  color: string;
  kanban: number;
}

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
    deleteTag: build.mutation<void, number>({
      query: (id) => ({ url: `/tags/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Tags', 'TicketList'],
    }),
  }),
});

export const { useGetTagsPageInfiniteQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation } =
  tagsApi;
