import { baseApi } from '../base-api';
import type {
  Announcement,
  Connection,
  InternalChat,
  PlanFlags,
  QueueRef,
  QuickMessage,
  RecordsPage,
  Setting,
  Tag,
  UserSummary,
} from '../types';

/** Company-wide lists the workspace and the layout read. */
export const companyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listQueues: build.query<QueueRef[], void>({ query: () => '/queue', providesTags: ['Queues'] }),
    listUsers: build.query<UserSummary[], void>({ query: () => '/users/list', providesTags: ['Users'] }),
    listConnections: build.query<Connection[], void>({
      query: () => ({ url: '/whatsapp', params: { session: 0 } }),
      providesTags: ['Connections'],
    }),
    listTags: build.query<Tag[], void>({ query: () => '/tags/list', providesTags: ['Tags'] }),
    createTag: build.mutation<Tag, { name: string; color: string }>({
      query: (body) => ({ url: '/tags', method: 'POST', body: { ...body, kanban: 0 } }),
      invalidatesTags: ['Tags'],
    }),
    syncTicketTags: build.mutation<void, { ticketId: number; tags: Tag[] }>({
      query: (body) => ({ url: '/tags/sync', method: 'POST', body }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: 'Ticket', id: ticketId }, 'TicketList'],
    }),
    listQuickMessages: build.query<QuickMessage[], { companyId: number; userId: number }>({
      query: (params) => ({ url: '/quick-messages/list', params }),
      providesTags: ['QuickMessages'],
    }),
    listSettings: build.query<Setting[], void>({ query: () => '/settings', providesTags: ['Settings'] }),
    listAnnouncements: build.query<RecordsPage<Announcement>, void>({
      query: () => ({ url: '/announcements', params: { pageNumber: 1 } }),
      providesTags: ['Announcements'],
    }),
    listChats: build.query<RecordsPage<InternalChat>, void>({
      query: () => ({ url: '/chats', params: { pageNumber: 1 } }),
      providesTags: ['Chats'],
    }),
    createSchedule: build.mutation<unknown, { body: string; contactId: number; sendAt: string; ticketId?: number }>({
      query: (body) => ({ url: '/schedules', method: 'POST', body }),
    }),
  }),
});

export const {
  useListQueuesQuery,
  useListUsersQuery,
  useListConnectionsQuery,
  useListTagsQuery,
  useCreateTagMutation: useCreateCompanyTagMutation,
  useSyncTicketTagsMutation,
  useListQuickMessagesQuery,
  useListSettingsQuery,
  useListAnnouncementsQuery,
  useListChatsQuery,
  useCreateScheduleMutation,
} = companyApi;

export const planApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCompanyPlan: build.query<PlanFlags & { plan?: PlanFlags }, number>({
      query: (companyId) => `/companies/listPlan/${companyId}`,
    }),
  }),
});

export const { useGetCompanyPlanQuery } = planApi;
