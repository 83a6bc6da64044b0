import { baseApi } from '../base-api';
import { request, type RouteResponse } from '../routes';
import type { CreateTicketInput, ListTicketsQuery, UpdateTicketInput } from '@cs/proto/http';

/** The filters of `GET /tickets` the client sets (`ListTicketsQuerySchema`'s parsed form; the page is added). */
export type TicketListArgs = Pick<ListTicketsQuery, 'queueIds' | 'showAll'> &
  Partial<Pick<ListTicketsQuery, 'status' | 'searchParam' | 'tags' | 'users' | 'withUnreadMessages' | 'serviceLevel'>>;

/** The spec's query string: arrays as JSON, booleans as text, empty values left out. */
export function ticketListParams(args: TicketListArgs, pageNumber: number): Record<string, string> {
  const params: Record<string, string> = { pageNumber: String(pageNumber), showAll: String(args.showAll) };
  params.queueIds = JSON.stringify(args.queueIds);
  if (args.status) params.status = args.status;
  if (args.searchParam) params.searchParam = args.searchParam;
  if (args.tags?.length) params.tags = JSON.stringify(args.tags);
  if (args.users?.length) params.users = JSON.stringify(args.users);
  if (args.withUnreadMessages) params.withUnreadMessages = 'true';
  if (args.serviceLevel) params.serviceLevel = args.serviceLevel;
  return params;
}

/** `PUT /tickets/{id}`: the ticket's id and `UpdateTicketSchema`'s body. */
export type UpdateTicketBody = { id: number } & UpdateTicketInput;

export const ticketsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTickets: build.infiniteQuery<RouteResponse<'GET /tickets'>, TicketListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => request('GET /tickets', { query: ticketListParams(queryArg, pageParam) }),
      providesTags: ['TicketList'],
    }),
    getNotificationTickets: build.query<RouteResponse<'GET /tickets'>, Pick<TicketListArgs, 'queueIds' | 'showAll'>>({
      query: (args) => request('GET /tickets', { query: ticketListParams({ ...args, withUnreadMessages: true }, 1) }),
      providesTags: ['Notifications'],
    }),
    getTicketByUuid: build.query<RouteResponse<'GET /tickets/u/{uuid}'>, string>({
      query: (uuid) => request('GET /tickets/u/{uuid}', { params: { uuid } }),
      providesTags: (ticket) => (ticket ? [{ type: 'Ticket', id: ticket.id }] : ['Ticket']),
    }),
    getTicket: build.query<RouteResponse<'GET /tickets/{id}'>, number>({
      query: (id) => request('GET /tickets/{id}', { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Ticket', id }],
    }),
    createTicket: build.mutation<RouteResponse<'POST /tickets'>, CreateTicketInput>({
      query: (body) => request('POST /tickets', { body }),
      invalidatesTags: ['TicketList', 'Notifications'],
    }),
    updateTicket: build.mutation<RouteResponse<'PUT /tickets/{id}'>, UpdateTicketBody>({
      query: ({ id, ...body }) => request('PUT /tickets/{id}', { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Ticket', id }, 'TicketList', 'Notifications'],
    }),
    deleteTicket: build.mutation<RouteResponse<'DELETE /tickets/{id}'>, number>({
      query: (id) => request('DELETE /tickets/{id}', { params: { id } }),
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
