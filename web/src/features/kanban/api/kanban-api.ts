import { baseApi } from '../../../api/base-api';
import type { Ticket, TicketsPage } from '../../../api/types';

export interface KanbanTag {
  id: number;
  name: string;
  color: string;
  kanban: number;
}

/**
 * The kanban's calls (spec §7): lanes, open tickets page by page (`pageSize` and `showAll` are ours: the spec's
 * client sends neither and gets 40 a page), and the move of a ticket between lanes.
 */
export const kanbanApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKanbanLanes: build.query<KanbanTag[], void>({
      query: () => '/tags/kanban',
      transformResponse: (body: { lista?: KanbanTag[] }) => body.lista ?? [],
      providesTags: ['Tags'],
    }),
    getKanbanTickets: build.query<
      TicketsPage,
      { queueIds: number[]; pageNumber: number; pageSize?: number; showAll?: boolean }
    >({
      query: ({ queueIds, pageNumber, pageSize, showAll }) => ({
        url: '/ticket/kanban',
        params: {
          queueIds: JSON.stringify(queueIds),
          pageNumber,
          ...(pageSize ? { pageSize } : {}),
          ...(showAll ? { showAll: 'true' } : {}),
        },
      }),
      keepUnusedDataFor: 0,
    }),
    removeKanbanTags: build.mutation<unknown, number>({
      query: (ticketId) => ({ url: `/ticket-tags/${ticketId}`, method: 'DELETE' }),
    }),
    addKanbanTag: build.mutation<unknown, { ticketId: number; tagId: number }>({
      query: ({ ticketId, tagId }) => ({ url: `/ticket-tags/${ticketId}/${tagId}`, method: 'PUT' }),
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
