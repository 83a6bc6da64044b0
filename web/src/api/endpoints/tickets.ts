import { baseApi } from '../base-api';
import type { CreateTicketInput, ListTicketsQuery, MessageResponse, UpdateTicketInput } from '@cs/proto/http';
import type { Ticket, TicketsPage } from '../types';

/** The filters of `GET /tickets` the client sets (`ListTicketsQuerySchema`'s parsed form; the page is added). */
export type TicketListArgs = Pick<ListTicketsQuery, 'queueIds' | 'showAll'> &
  Partial<Pick<ListTicketsQuery, 'status' | 'searchParam' | 'tags' | 'users' | 'withUnreadMessages'>>;

/** The spec's query string: arrays as JSON, booleans as text, empty values left out. */
export function ticketListParams(args: TicketListArgs, pageNumber: number): Record<string, string> {
  const params: Record<string, string> = { pageNumber: String(pageNumber), showAll: String(args.showAll) };
  params.queueIds = JSON.stringify(args.queueIds);
  if (args.status) params.status = args.status;
  if (args.searchParam) params.searchParam = args.searchParam;
  if (args.tags?.length) params.tags = JSON.stringify(args.tags);
  if (args.users?.length) params.users = JSON.stringify(args.users);
  if (args.withUnreadMessages) params.withUnreadMessages = 'true';
  return params;
}

/** `PUT /tickets/{id}`: the ticket's id and `UpdateTicketSchema`'s body. */
export type UpdateTicketBody = { id: number } & UpdateTicketInput;

export const ticketsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTickets: build.infiniteQuery<TicketsPage, TicketListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({ url: '/tickets', params: ticketListParams(queryArg, pageParam) }),
      providesTags: ['TicketList'],
    }),
    getNotificationTickets: build.query<TicketsPage, Pick<TicketListArgs, 'queueIds' | 'showAll'>>({
      query: (args) => ({ url: '/tickets', params: ticketListParams({ ...args, withUnreadMessages: true }, 1) }),
      providesTags: ['Notifications'],
    }),
    getTicketByUuid: build.query<Ticket, string>({
      query: (uuid) => `/tickets/u/${uuid}`,
      providesTags: (ticket) => (ticket ? [{ type: 'Ticket', id: ticket.id }] : ['Ticket']),
    }),
    getTicket: build.query<Ticket, number>({
      query: (id) => `/tickets/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Ticket', id }],
    }),
    createTicket: build.mutation<Ticket, CreateTicketInput>({
      query: (body) => ({ url: '/tickets', method: 'POST', body }),
      invalidatesTags: ['TicketList', 'Notifications'],
    }),
    updateTicket: build.mutation<Ticket, UpdateTicketBody>({
      query: ({ id, ...body }) => ({ url: `/tickets/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Ticket', id }, 'TicketList', 'Notifications'],
    }),
    deleteTicket: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/tickets/${id}`, method: 'DELETE' }),
      invalidatesTags: ['TicketList', 'Notifications'],
    }),
  }),
});

export const {
  useGetTicketsInfiniteQuery,
  useGetNotificationTicketsQuery,
  useGetTicketByUuidQuery,
  useCreateTicketMutation,
  useUpdateTicketMutation,
  useDeleteTicketMutation,
} = ticketsApi;
