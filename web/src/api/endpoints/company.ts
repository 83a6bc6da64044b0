import type {
  ChatPage,
  QueueView,
  QuickMessageView,
  Schedule,
  ScheduleBody,
  SyncTagsSchema,
  Tag,
  TagBody,
  UserResponse,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../base-api';
import type { Announcement, Connection, PlanFlags, RecordsPage, Setting, Ticket } from '../types';

/** Company-wide lists the workspace and the layout read. */
export const companyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listQueues: build.query<QueueView[], void>({ query: () => '/queue', providesTags: ['Queues'] }),
    listUsers: build.query<UserResponse[], void>({ query: () => '/users/list', providesTags: ['Users'] }),
    listConnections: build.query<Connection[], void>({
      query: () => ({ url: '/whatsapp', params: { session: 0 } }),
      providesTags: ['Connections'],
    }),
    listTags: build.query<Tag[], void>({ query: () => '/tags/list', providesTags: ['Tags'] }),
    /**
     * A tag made from a ticket's tag editor: never a kanban lane. Named apart from the tags page's `createTag`:
     * RTK Query keeps the first endpoint injected under a name, so one name would send whichever body loaded first.
     */
    createCompanyTag: build.mutation<Tag, Pick<TagBody, 'name'> & { color: NonNullable<TagBody['color']> }>({
      query: (body) => ({ url: '/tags', method: 'POST', body: { ...body, kanban: 0 } }),
      invalidatesTags: ['Tags'],
    }),
    syncTicketTags: build.mutation<Ticket, { ticketId: number } & Pick<z.input<typeof SyncTagsSchema>, 'tags'>>({
      query: (body) => ({ url: '/tags/sync', method: 'POST', body }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: 'Ticket', id: ticketId }, 'TicketList'],
    }),
    listQuickMessages: build.query<QuickMessageView[], { companyId: number; userId: number }>({
      query: (params) => ({ url: '/quick-messages/list', params }),
      providesTags: ['QuickMessages'],
    }),
    listSettings: build.query<Setting[], void>({ query: () => '/settings', providesTags: ['Settings'] }),
    listAnnouncements: build.query<RecordsPage<Announcement>, void>({
      query: () => ({ url: '/announcements', params: { pageNumber: 1 } }),
      providesTags: ['Announcements'],
    }),
    listChats: build.query<ChatPage, void>({
      query: () => ({ url: '/chats', params: { pageNumber: 1 } }),
      providesTags: ['Chats'],
    }),
    /** `ticketId` is the spec's client's; the server ignores it (the schedule opens its own ticket). */
    createSchedule: build.mutation<Schedule, ScheduleBody & { ticketId?: number }>({
      query: (body) => ({ url: '/schedules', method: 'POST', body }),
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
      query: (companyId) => `/companies/listPlan/${companyId}`,
    }),
  }),
});

export const { useGetCompanyPlanQuery } = planApi;
