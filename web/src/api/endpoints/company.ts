import type { ScheduleBody, SyncTagsSchema, TagBody } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../base-api';
import { request, type RouteResponse } from '../routes';
import type { PlanFlags } from '../types';

/** Company-wide lists the workspace and the layout read. */
export const companyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listQueues: build.query<RouteResponse<'GET /queue'>, void>({
      query: () => request('GET /queue'),
      providesTags: ['Queues'],
    }),
    listUsers: build.query<RouteResponse<'GET /users/list'>, void>({
      query: () => request('GET /users/list'),
      providesTags: ['Users'],
    }),
    listConnections: build.query<RouteResponse<'GET /whatsapp'>, void>({
      query: () => request('GET /whatsapp', { query: { session: '0' } }),
      providesTags: ['Connections'],
    }),
    listTags: build.query<RouteResponse<'GET /tags/list'>, void>({
      query: () => request('GET /tags/list'),
      providesTags: ['Tags'],
    }),
    /**
     * A tag made from a ticket's tag editor: never a kanban lane. Named apart from the tags page's `createTag`:
     * RTK Query keeps the first endpoint injected under a name, so one name would send whichever body loaded first.
     */
    createCompanyTag: build.mutation<
      RouteResponse<'POST /tags'>,
      Pick<TagBody, 'name'> & { color: NonNullable<TagBody['color']> }
    >({
      query: (body) => request('POST /tags', { body: { ...body, kanban: 0 } }),
      invalidatesTags: ['Tags'],
    }),
    syncTicketTags: build.mutation<
      RouteResponse<'POST /tags/sync'>,
      { ticketId: number } & Pick<z.input<typeof SyncTagsSchema>, 'tags'>
    >({
      query: (body) => request('POST /tags/sync', { body }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: 'Ticket', id: ticketId }, 'TicketList'],
    }),
    listQuickMessages: build.query<RouteResponse<'GET /quick-messages/list'>, { companyId: number; userId: number }>({
      query: (params) => request('GET /quick-messages/list', { query: params }),
      providesTags: ['QuickMessages'],
    }),
    listSettings: build.query<RouteResponse<'GET /settings'>, void>({
      query: () => request('GET /settings'),
      providesTags: ['Settings'],
    }),
    listAnnouncements: build.query<RouteResponse<'GET /announcements'>, void>({
      query: () => request('GET /announcements', { query: { pageNumber: 1 } }),
      providesTags: ['Announcements'],
    }),
    listChats: build.query<RouteResponse<'GET /chats'>, void>({
      query: () => request('GET /chats', { query: { pageNumber: 1 } }),
      providesTags: ['Chats'],
    }),
    /** `ticketId` is the spec's client's; the server ignores it (the schedule opens its own ticket). */
    createSchedule: build.mutation<RouteResponse<'POST /schedules'>, ScheduleBody & { ticketId?: number }>({
      query: (body) => request('POST /schedules', { body }),
    }),
  }),
});

export const {
  useListQueuesQuery,
  useListUsersQuery,
  useListConnectionsQuery,
  useListTagsQuery,
  useCreateCompanyTagMutation,
  useSyncTicketTagsMutation,
  useListQuickMessagesQuery,
  useListSettingsQuery,
  useListAnnouncementsQuery,
  useListChatsQuery,
  useCreateScheduleMutation,
} = companyApi;

export const planApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The company with its plan (`CompanyResponse`); an older server answered the flags at the top level. */
    getCompanyPlan: build.query<PlanFlags & { plan?: PlanFlags | null }, number>({
      query: (companyId) => request('GET /companies/listPlan/{id}', { params: { id: companyId } }),
    }),
  }),
});

export const { useGetCompanyPlanQuery } = planApi;
