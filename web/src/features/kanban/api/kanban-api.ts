import type { KanbanQuery, Tag, TagKanbanSchema } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import type { Ticket } from '../../../api/types';

/** A lane: a tag with `kanban` 1 (`TagSchema`). */
export type KanbanTag = Tag;

/** `GET /ticket/kanban`'s filters the board sets (`KanbanQuerySchema`'s parsed form). */
export type KanbanTicketsArgs = Pick<KanbanQuery, 'queueIds' | 'pageNumber'> &
  Partial<Pick<KanbanQuery, 'pageSize' | 'showAll'>>;

/**
 * The kanban's calls (spec §7): lanes, open tickets page by page (`pageSize` and `showAll` are ours: the spec's
 * client sends neither and gets 40 a page), and the move of a ticket between lanes.
 */
export const kanbanApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKanbanLanes: build.query<KanbanTag[], void>({
      query: () => request('GET /tags/kanban'),
      transformResponse: (body: z.infer<typeof TagKanbanSchema>) => body.lista,
      providesTags: ['Tags'],
    }),
    getKanbanTickets: build.query<RouteResponse<'GET /ticket/kanban'>, KanbanTicketsArgs>({
      query: ({ queueIds, pageNumber, pageSize, showAll }) =>
        request('GET /ticket/kanban', {
          query: {
            queueIds: JSON.stringify(queueIds),
            pageNumber,
            ...(pageSize ? { pageSize } : {}),
            ...(showAll ? { showAll: 'true' } : {}),
          },
        }),
      keepUnusedDataFor: 0,
    }),
    removeKanbanTags: build.mutation<RouteResponse<'DELETE /ticket-tags/{ticketId}'>, number>({
      query: (ticketId) => request('DELETE /ticket-tags/{ticketId}', { params: { ticketId } }),
    }),
    addKanbanTag: build.mutation<
      RouteResponse<'PUT /ticket-tags/{ticketId}/{tagId}'>,
      { ticketId: number; tagId: number }
    >({
      query: ({ ticketId, tagId }) => request('PUT /ticket-tags/{ticketId}/{tagId}', { params: { ticketId, tagId } }),
    }),
  }),
});

export const {
  useGetKanbanLanesQuery,
  useLazyGetKanbanTicketsQuery,
  useRemoveKanbanTagsMutation,
  useAddKanbanTagMutation,
} = kanbanApi;

export type { Ticket };
