import { baseApi } from '../base-api';
import type { Ticket, TicketStatus, TicketsPage } from '../types';

export interface TicketListArgs {
  status?: TicketStatus;
  searchParam?: string;
  tags?: number[];
  users?: number[];
  queueIds: number[];
  showAll: boolean;
  withUnreadMessages?: boolean;
}

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

export interface UpdateTicketBody {
  id: number;
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
}

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
    getNotificationTickets: build.query<TicketsPage, { queueIds: number[]; showAll: boolean }>({
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
    createTicket: build.mutation<
      Ticket,
      { contactId: number; queueId: number | null; whatsappId: number | null; userId: number; status: 'open' }
    >({
      query: (body) => ({ url: '/tickets', method: 'POST', body }),
      invalidatesTags: ['TicketList', 'Notifications'],
    }),
    updateTicket: build.mutation<Ticket, UpdateTicketBody>({
      query: ({ id, ...body }) => ({ url: `/tickets/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Ticket', id }, 'TicketList', 'Notifications'],
    }),
    deleteTicket: build.mutation<void, number>({
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
